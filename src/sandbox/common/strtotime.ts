/**
 * PHP's date parser (strtotime, `new DateTime($text)`), which the real server reads every
 * date parameter with: the text is cut into tokens, each the longest one of the formats below
 * that matches where the previous one ended (spaces, commas and dots between them skipped);
 * a word that is no format is read as a time zone abbreviation, and an unknown one, like any
 * text no format matches, makes the whole text unreadable.
 *
 * The tokens set date fields (year, month, day), time fields, a time zone, and relative
 * parts; then, from the current time: fields left unset are taken from it (the time is
 * midnight when a date was given without one), a weekday moves the date to that day, the
 * relative parts are added, and "first/last day of" moves to the month's edge. Overflowing
 * fields carry over (`2026-02-30` is March 2nd, `24:00` the next day's midnight).
 *
 * Not read: ISO week dates, day-of-year formats, `back of`/`front of`, Roman-numeral months,
 * military one-letter zones; these make the text unreadable here where PHP reads them.
 */
import { zonedToUtcMs, utcMsToUtcString, isValidTimeZone } from '../../base/time.js';

export interface PhpDate {
  /** The wall clock the text names, read against the wall clock it was given as "now". */
  wall: string;
  /** The zone the text named (`Z`, `+02:00`, `EST`, `Europe/Paris`): the wall clock is in that zone. */
  zone?: { offsetMinutes: number } | { id: string };
}

const UNSET = null;
type Maybe = number | null;

interface Parsed {
  y: Maybe;
  m: Maybe;
  d: Maybe;
  h: Maybe;
  i: Maybe;
  s: Maybe;
  haveDate: boolean;
  haveTime: boolean;
  zones: number;
  zone?: PhpDate['zone'];
  rel: { y: number; m: number; d: number; h: number; i: number; s: number };
  weekday: number | null;
  /** 0: the next such day after today; 1: today counts; 2: that day of the current week. */
  weekdayBehavior: 0 | 1 | 2;
  firstLast: 'first' | 'last' | null;
  /** `first monday of`: the day is counted from the 1st of the month (`last`: from the next month's). */
  weekdayOfMonth: 'first' | 'last' | null;
  businessDays: number;
}

class Unreadable extends Error {}

const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};
const DAYS: Record<string, number> = {
  sun: 0,
  sunday: 0,
  mon: 1,
  monday: 1,
  tue: 2,
  tuesday: 2,
  wed: 3,
  wednesday: 3,
  thu: 4,
  thursday: 4,
  fri: 5,
  friday: 5,
  sat: 6,
  saturday: 6,
};
/** `next`, `first` ... count forward, `last`/`previous` back; `this` is 0 with today counting. */
const RELATIVE_WORDS: Record<string, number> = {
  first: 1,
  next: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eight: 8,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  last: -1,
  previous: -1,
  this: 0,
};
/** Zone abbreviations and their offsets from UTC, in minutes. */
const ZONE_ABBREVIATIONS: Record<string, number> = {
  utc: 0,
  gmt: 0,
  ut: 0,
  z: 0,
  wet: 0,
  bst: 60,
  cet: 60,
  cest: 120,
  eet: 120,
  eest: 180,
  msk: 180,
  ist: 330,
  jst: 540,
  aest: 600,
  aedt: 660,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
  akst: -540,
  akdt: -480,
  hst: -600,
};

// The pieces formats are made of (as PHP's parser names them).
const MONTHTEXT = `(?:${Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;
const DAYTEXT = `(?:${Object.keys(DAYS)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;
const RELTEXT = `(?:${Object.keys(RELATIVE_WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;
const UNIT_WORDS = [
  'msec',
  'millisecond',
  'µsec',
  'microsecond',
  'usec',
  'sec',
  'second',
  'min',
  'minute',
  'hour',
  'day',
  'fortnight',
  'forthnight',
  'month',
  'year',
  'weekday',
];
/** Longest words first: a regular expression takes the first alternative that matches, PHP the longest. */
const UNIT = `(?:${[...UNIT_WORDS.map((word) => `${word}s?`), 'weeks', 'ms', 'µs'].sort((a, b) => b.length - a.length).join('|')}|${DAYTEXT})`;
const MONTH = '(?:1[0-2]|0?[0-9])';
const MONTH_LZ = '(?:0[0-9]|1[0-2])';
const DAY = '(?:3[01]|[0-2]?[0-9])(?:st|nd|rd|th)?';
const DAY_LZ = '(?:0[0-9]|[12][0-9]|3[01])';
const YEAR = '[0-9]{1,4}';
const YEAR4 = '[0-9]{4}';
const HOUR24 = '(?:2[0-4]|[01]?[0-9])';
const HOUR24_LZ = '(?:2[0-4]|[01][0-9])';
const HOUR12 = '(?:1[0-2]|0?[1-9])';
const MINUTE = '[0-5]?[0-9]';
const MINUTE_LZ = '[0-5][0-9]';
const SECOND = '(?:60|[0-5]?[0-9])';
const MERIDIAN = '[ap]\\.?m\\.?(?=[\\t ]|$)';
const ZONE_CORRECTION = `(?:gmt)?[+-]${HOUR24}:?(?:${MINUTE})?`;

interface Format {
  name: string;
  pattern: RegExp;
  apply(match: RegExpExecArray, p: Parsed): void;
}

function haveDate(p: Parsed): void {
  if (p.haveDate) throw new Unreadable('double date');
  p.haveDate = true;
}

function haveTime(p: Parsed): void {
  if (p.haveTime) throw new Unreadable('double time');
  p.haveTime = true;
}

/** Forgets any time read so far: midnight, unless a time follows. */
function unhaveTime(p: Parsed): void {
  p.haveTime = false;
  p.h = p.i = p.s = 0;
}

/** One- and two-digit years are 1970-2069. */
function year(text: string): number {
  const y = Number(text);
  if (text.length >= 4 || y >= 100) return y;
  return y < 70 ? y + 2000 : y + 1900;
}

const num = (text: string | undefined) => Number(text ?? 0);
const monthOf = (text: string) => MONTHS[text.toLowerCase().replace(/\.$/, '')];
const dayOf = (text: string) => Number(text.replace(/\D+$/, ''));

function setTime(p: Parsed, h: number, i: number, s: number): void {
  haveTime(p);
  Object.assign(p, { h, i, s });
}

function setDate(p: Parsed, y: Maybe, m: Maybe, d: Maybe): void {
  haveDate(p);
  if (y !== null) p.y = y;
  if (m !== null) p.m = m;
  if (d !== null) p.d = d;
}

function twelveHour(hour: number, meridian: string): number {
  const pm = meridian.toLowerCase().startsWith('p');
  return (hour % 12) + (pm ? 12 : 0);
}

/** Adds `amount` of `unit` to the relative parts; a weekday unit (`next monday`) sets the weekday. */
function addRelative(p: Parsed, amount: number, unitText: string, behavior: 0 | 1 | 2, keepTime: boolean): void {
  const unit = unitText.toLowerCase().replace(/s$/, '');
  const weekday = DAYS[unitText.toLowerCase()];
  if (weekday !== undefined) {
    if (!keepTime) unhaveTime(p);
    p.rel.d += (amount > 0 ? amount - 1 : amount) * 7;
    p.weekday = weekday;
    p.weekdayBehavior = behavior;
    return;
  }
  if (unit === 'weekday') {
    if (!keepTime) unhaveTime(p);
    p.businessDays += amount;
    return;
  }
  const field: Record<string, [keyof Parsed['rel'], number]> = {
    sec: ['s', 1],
    second: ['s', 1],
    min: ['i', 1],
    minute: ['i', 1],
    hour: ['h', 1],
    day: ['d', 1],
    week: ['d', 7],
    fortnight: ['d', 14],
    forthnight: ['d', 14],
    month: ['m', 1],
    year: ['y', 1],
  };
  const target = field[unit];
  if (target) p.rel[target[0]] += amount * target[1];
  // milli- and microseconds change nothing at one-second resolution
}

function readZone(text: string, p: Parsed): void {
  p.zones++;
  if (p.zones > 2) throw new Unreadable('double zone');
  const lower = text.toLowerCase().replace(/^\(|\)$/g, '');
  let zone: PhpDate['zone'];
  const correction = /^(?:gmt)?([+-])(\d{1,2}):?(\d{2})?$/.exec(lower);
  if (correction) {
    const minutes = Number(correction[2]) * 60 + Number(correction[3] ?? 0);
    zone = { offsetMinutes: correction[1] === '-' ? -minutes : minutes };
  } else if (lower in ZONE_ABBREVIATIONS) {
    zone = { offsetMinutes: ZONE_ABBREVIATIONS[lower] };
  } else if (/^[A-Z][a-z]+(?:[_/-][A-Za-z]+)+$/.test(text) && isValidTimeZone(text)) {
    zone = { id: text };
  } else {
    throw new Unreadable(`unknown zone ${text}`);
  }
  if (p.zones === 1) p.zone = zone; // a second zone is only warned about, and ignored
}

const rx = (source: string) => new RegExp(source, 'iy');

/** The formats, in PHP's order: when two match the same length, the earlier wins. */
const FORMATS: Format[] = [
  {
    name: 'yesterday',
    pattern: rx('yesterday'),
    apply: (_, p) => {
      unhaveTime(p);
      p.rel.d = -1;
    },
  },
  { name: 'now', pattern: rx('now'), apply: () => {} },
  {
    name: 'noon',
    pattern: rx('noon'),
    apply: (_, p) => {
      unhaveTime(p);
      haveTime(p);
      p.h = 12;
    },
  },
  { name: 'midnight | today', pattern: rx('midnight|today'), apply: (_, p) => unhaveTime(p) },
  {
    name: 'tomorrow',
    pattern: rx('tomorrow'),
    apply: (_, p) => {
      unhaveTime(p);
      p.rel.d = 1;
    },
  },
  {
    name: 'timestamp',
    pattern: rx('@(-?[0-9]+)(?:\\.[0-9]{0,6})?'),
    apply: (m, p) => {
      setDate(p, 1970, 1, 1);
      setTime(p, 0, 0, 0);
      p.rel.s += Number(m[1]);
      readZone('utc', p);
    },
  },
  {
    name: 'first/last day of',
    pattern: rx('(first|last) day of'),
    apply: (m, p) => {
      p.firstLast = m[1].toLowerCase() as 'first' | 'last';
    },
  },
  {
    name: 'weekday of',
    pattern: rx(`(${RELTEXT})[ \\t]+(${DAYTEXT})[ \\t]+of`),
    apply: (m, p) => {
      const amount = RELATIVE_WORDS[m[1].toLowerCase()];
      if (p.weekdayOfMonth) throw new Unreadable('double weekday of');
      p.weekdayOfMonth = amount > 0 ? 'first' : 'last';
      addRelative(p, amount, m[2], amount > 0 ? 1 : 0, false);
    },
  },
  {
    name: 'time 12h',
    pattern: rx(`(${HOUR12})(?:[:.](${MINUTE})(?:[:.](${SECOND}))?)?[ \\t]*(${MERIDIAN})`),
    apply: (m, p) => setTime(p, twelveHour(Number(m[1]), m[4]), num(m[2]), num(m[3])),
  },
  {
    name: 'time 24h',
    pattern: rx(`t?(${HOUR24})[:.](${MINUTE})(?:[:.](${SECOND})(?:[.,][0-9]+)?)?`),
    apply: (m, p) => setTime(p, Number(m[1]), Number(m[2]), num(m[3])),
  },
  { name: 'time t24', pattern: rx(`t(${HOUR24})`), apply: (m, p) => setTime(p, Number(m[1]), 0, 0) },
  {
    name: 'gnunocolon',
    pattern: rx(`t?(${HOUR24_LZ})(${MINUTE_LZ})`),
    apply: (m, p) => {
      // Four digits are a time, or the year when a time was read already.
      if (!p.haveTime) setTime(p, Number(m[1]), Number(m[2]), 0);
      else p.y = Number(m[1] + m[2]);
    },
  },
  {
    name: 'iso8601nocolon',
    pattern: rx(`t?(${HOUR24_LZ})(${MINUTE_LZ})(${MINUTE_LZ}|60)`),
    apply: (m, p) => setTime(p, Number(m[1]), Number(m[2]), Number(m[3])),
  },
  {
    name: 'american',
    pattern: rx(`(${MONTH})/(${DAY})(?:/(${YEAR}))?`),
    apply: (m, p) => setDate(p, m[3] === undefined ? UNSET : year(m[3]), Number(m[1]), dayOf(m[2])),
  },
  {
    name: 'iso8601date4 | dateslash',
    pattern: rx(`([+-]?${YEAR4})[-/](${MONTH})[-/](${DAY})/?`),
    apply: (m, p) => setDate(p, Number(m[1]), Number(m[2]), dayOf(m[3])),
  },
  { name: 'iso8601date2', pattern: rx(`([0-9]{2})-(${MONTH_LZ})-(${DAY_LZ})`), apply: (m, p) => setDate(p, year(m[1]), Number(m[2]), Number(m[3])) },
  { name: 'gnudateshorter', pattern: rx(`(${YEAR4})-(${MONTH})`), apply: (m, p) => setDate(p, Number(m[1]), Number(m[2]), 1) },
  { name: 'gnudateshort', pattern: rx(`(${YEAR})-(${MONTH})-(${DAY})`), apply: (m, p) => setDate(p, year(m[1]), Number(m[2]), dayOf(m[3])) },
  {
    name: 'datefull',
    pattern: rx(`(${DAY})[ \\t.-]*(${MONTHTEXT})\\.?[ \\t.-]*(${YEAR})`),
    apply: (m, p) => setDate(p, year(m[3]), monthOf(m[2]), dayOf(m[1])),
  },
  { name: 'pointed date4', pattern: rx(`(${DAY})[.\\t-](${MONTH})[.-](${YEAR4})`), apply: (m, p) => setDate(p, Number(m[3]), Number(m[2]), dayOf(m[1])) },
  { name: 'pointed date2', pattern: rx(`(${DAY})[.\\t](${MONTH})\\.([0-9]{2})`), apply: (m, p) => setDate(p, year(m[3]), Number(m[2]), dayOf(m[1])) },
  { name: 'datenoday', pattern: rx(`(${MONTHTEXT})\\.?[ .\\t-]*(${YEAR4})`), apply: (m, p) => setDate(p, Number(m[2]), monthOf(m[1]), 1) },
  { name: 'datenodayrev', pattern: rx(`(${YEAR4})[ .\\t-]*(${MONTHTEXT})`), apply: (m, p) => setDate(p, Number(m[1]), monthOf(m[2]), 1) },
  {
    name: 'datetextual',
    pattern: rx(`(${MONTHTEXT})\\.?[ .\\t-]*(${DAY})[,.stndrh\\t ]*(${YEAR})`),
    apply: (m, p) => setDate(p, year(m[3]), monthOf(m[1]), dayOf(m[2])),
  },
  { name: 'datenoyear', pattern: rx(`(${MONTHTEXT})\\.?[ .\\t-]*(${DAY})[,.stndrh\\t ]*`), apply: (m, p) => setDate(p, UNSET, monthOf(m[1]), dayOf(m[2])) },
  { name: 'datenoyearrev', pattern: rx(`(${DAY})[ .\\t-]*(${MONTHTEXT})`), apply: (m, p) => setDate(p, UNSET, monthOf(m[2]), dayOf(m[1])) },
  { name: 'datenocolon', pattern: rx(`(${YEAR4})(${MONTH_LZ})(${DAY_LZ})`), apply: (m, p) => setDate(p, Number(m[1]), Number(m[2]), Number(m[3])) },
  {
    name: 'xmlrpc',
    pattern: rx(`(${YEAR4})(${MONTH_LZ})(${DAY_LZ})t(${HOUR24})(${MINUTE_LZ})(${MINUTE_LZ})`),
    apply: (m, p) => {
      setDate(p, Number(m[1]), Number(m[2]), Number(m[3]));
      setTime(p, Number(m[4]), Number(m[5]), Number(m[6]));
    },
  },
  {
    name: 'exif',
    pattern: rx(`(${YEAR4}):(${MONTH_LZ}):(${DAY_LZ}) (${HOUR24_LZ}):(${MINUTE_LZ}):(${MINUTE_LZ})`),
    apply: (m, p) => {
      setDate(p, Number(m[1]), Number(m[2]), Number(m[3]));
      setTime(p, Number(m[4]), Number(m[5]), Number(m[6]));
    },
  },
  { name: 'pgtextshort', pattern: rx(`(${MONTHTEXT})-(${DAY_LZ})-(${YEAR})`), apply: (m, p) => setDate(p, year(m[3]), monthOf(m[1]), Number(m[2])) },
  { name: 'pgtextreverse', pattern: rx(`(${YEAR})-(${MONTHTEXT})-(${DAY_LZ})`), apply: (m, p) => setDate(p, year(m[1]), monthOf(m[2]), Number(m[3])) },
  {
    name: 'ago',
    pattern: rx('ago'),
    apply: (_, p) => {
      for (const key of Object.keys(p.rel) as (keyof Parsed['rel'])[]) p.rel[key] = -p.rel[key];
      if (p.weekday !== null) p.weekday = -p.weekday || -7;
      p.businessDays = -p.businessDays;
    },
  },
  {
    name: 'weekday',
    pattern: rx(DAYTEXT),
    apply: (m, p) => {
      unhaveTime(p);
      p.weekday = DAYS[m[0].toLowerCase()];
      if (p.weekdayBehavior !== 2) p.weekdayBehavior = 1;
    },
  },
  {
    name: 'relative text week',
    pattern: rx(`(${RELTEXT})[ \\t]+week`),
    apply: (m, p) => {
      addRelative(p, RELATIVE_WORDS[m[1].toLowerCase()], 'week', 0, false);
      p.weekdayBehavior = 2;
      if (p.weekday === null) p.weekday = 1; // `next week`: the Monday of that week, `monday next week` too
    },
  },
  {
    name: 'relative text',
    pattern: rx(`(${RELTEXT})[ \\t]+(${UNIT})`),
    apply: (m, p) => {
      const word = m[1].toLowerCase();
      addRelative(p, RELATIVE_WORDS[word], m[2], word === 'this' ? 1 : 0, false);
    },
  },
  { name: 'month', pattern: rx(`(${MONTHTEXT})\\.?`), apply: (m, p) => setDate(p, UNSET, monthOf(m[1]), UNSET) },
  { name: 'zone', pattern: rx(`${ZONE_CORRECTION}|\\(?[a-z]{1,6}\\)?`), apply: (m, p) => readZone(m[0], p) },
  { name: 'zone name', pattern: /[A-Z][a-z]+(?:[_/-][A-Za-z]+)+/y, apply: (m, p) => readZone(m[0], p) },
  {
    name: 'date and 12h time',
    pattern: rx(`(${MONTHTEXT})\\.?[ .\\t-]*(${DAY})[,.stndrh\\t ]*(${HOUR12})[:.](${MINUTE})(?:[:.](${SECOND}))?[ \\t]*(${MERIDIAN})`),
    apply: (m, p) => {
      setDate(p, UNSET, monthOf(m[1]), dayOf(m[2]));
      setTime(p, twelveHour(Number(m[3]), m[6]), num(m[4]), num(m[5]));
    },
  },
  {
    name: 'date and 24h time',
    pattern: rx(`(${MONTHTEXT})\\.?[ .\\t-]*(${DAY})[,.stndrh\\t ]*t?(${HOUR24})[:.](${MINUTE})(?:[:.](${SECOND}))?`),
    apply: (m, p) => {
      setDate(p, UNSET, monthOf(m[1]), dayOf(m[2]));
      setTime(p, Number(m[3]), Number(m[4]), num(m[5]));
    },
  },
  {
    name: 'relative',
    pattern: rx(`([+-]*)[ \\t]*([0-9]{1,13})[ \\t]*(${UNIT}|week)`),
    apply: (m, p) => {
      const negative = (m[1].match(/-/g) ?? []).length % 2 === 1;
      addRelative(p, (negative ? -1 : 1) * Number(m[2]), m[3], 1, true);
    },
  },
];

function scan(text: string): Parsed {
  const p: Parsed = {
    y: UNSET,
    m: UNSET,
    d: UNSET,
    h: UNSET,
    i: UNSET,
    s: UNSET,
    haveDate: false,
    haveTime: false,
    zones: 0,
    rel: { y: 0, m: 0, d: 0, h: 0, i: 0, s: 0 },
    weekday: null,
    weekdayBehavior: 0,
    firstLast: null,
    weekdayOfMonth: null,
    businessDays: 0,
  };
  let at = 0;
  while (at < text.length) {
    if (/[ .,\t\n]/.test(text[at])) {
      at++;
      continue;
    }
    let best: { format: Format; match: RegExpExecArray } | null = null;
    for (const format of FORMATS) {
      format.pattern.lastIndex = at;
      const match = format.pattern.exec(text);
      if (match && match[0].length > 0 && (!best || match[0].length > best.match[0].length)) best = { format, match };
    }
    if (!best) throw new Unreadable(`unexpected character at ${at}`);
    best.format.apply(best.match, p);
    at += best.match[0].length;
  }
  return p;
}

/** Fields as a UTC epoch, overflowing fields carried over (any year, months and days out of range). */
function epochOf(y: number, m: number, d: number, h: number, i: number, s: number): number {
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  date.setUTCHours(h, i, s, 0);
  return date.getTime();
}

function fieldsOf(ms: number): [number, number, number, number, number, number] {
  const date = new Date(ms);
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()];
}

/** Moves the date to the weekday asked for, as `behavior` says which one. */
function toWeekday(fields: number[], p: Parsed): void {
  const weekday = p.weekday!;
  const today = new Date(epochOf(fields[0], fields[1], fields[2], 0, 0, 0)).getUTCDay();
  if (p.weekdayBehavior === 2) {
    let target = weekday;
    if (today === 0 && target !== 0) target -= 7; // "this week" seen from a Sunday is the week ending today
    if (target === 0 && today !== 0) target = 7; // "sunday this week" is the week's last day
    fields[2] += target - today;
    return;
  }
  let difference = weekday - today;
  if ((p.rel.d < 0 && difference < 0) || (p.rel.d >= 0 && difference <= -p.weekdayBehavior)) difference += 7;
  if (weekday >= 0) fields[2] += difference;
  else fields[2] -= 7 - (Math.abs(weekday) - today);
}

function addBusinessDays(ms: number, count: number): number {
  let at = ms;
  const step = Math.sign(count);
  for (let left = Math.abs(count); left > 0; ) {
    at += step * 86_400_000;
    const day = new Date(at).getUTCDay();
    if (day !== 0 && day !== 6) left--;
  }
  return at;
}

/** Reads `text` as PHP does, against `nowWall` (`YYYY-MM-DD HH:MM:SS`); null when PHP would not read it. */
export function phpStrtotime(text: string, nowWall: string): PhpDate | null {
  let p: Parsed;
  try {
    p = scan(text);
  } catch (error) {
    if (error instanceof Unreadable) return null;
    throw error;
  }
  const now = nowWall.match(/\d+/g)!.map(Number);
  if (p.haveDate && !p.haveTime) p.h = p.i = p.s = 0;
  const fields = [p.y ?? now[0], p.m ?? now[1], p.d ?? now[2], p.h ?? now[3], p.i ?? now[4], p.s ?? now[5]];
  if (p.weekdayOfMonth) {
    fields[2] = 1;
    fields[1] += p.rel.m + (p.weekdayOfMonth === 'last' ? 1 : 0);
    p.rel.m = 0;
  }
  const normalise = () => fields.splice(0, 6, ...fieldsOf(epochOf(fields[0], fields[1], fields[2], fields[3], fields[4], fields[5])));
  if (p.weekday !== null) {
    normalise();
    toWeekday(fields, p);
    normalise();
  }
  const normal = [fields[0] + p.rel.y, fields[1] + p.rel.m, fields[2] + p.rel.d, fields[3] + p.rel.h, fields[4] + p.rel.i, fields[5] + p.rel.s];
  // The month's edge replaces the day before days overflow: `last day of feb` on January 31st is February's last.
  if (p.firstLast === 'first') normal[2] = 1;
  if (p.firstLast === 'last') {
    normal[2] = 0;
    normal[1]++;
  }
  let ms = epochOf(normal[0], normal[1], normal[2], normal[3], normal[4], normal[5]);
  if (p.businessDays) ms = addBusinessDays(ms, p.businessDays);
  const wall = utcMsToUtcString(ms);
  return p.zone ? { wall, zone: p.zone } : { wall };
}

/** The instant a parsed date names, as a UTC wall clock, when it named a zone. */
export function zonedInstant(date: PhpDate): string | null {
  if (!date.zone) return null;
  if ('id' in date.zone) return utcMsToUtcString(zonedToUtcMs(date.wall, date.zone.id));
  return utcMsToUtcString(
    epochOf(...(date.wall.match(/\d+/g)!.map(Number) as [number, number, number, number, number, number])) - date.zone.offsetMinutes * 60_000,
  );
}
