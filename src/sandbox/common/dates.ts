/**
 * Date input as the real server reads it (a practical subset of PHP's strtotime):
 * `YYYY-MM-DD[ HH:MM[:SS]]`, ISO 8601 with `Z` or an offset, Unix timestamps
 * (`1809165600`, `@1809165600`), and relative words (`now`, `today`, `tomorrow 10am`,
 * `+1 week`, `next monday`, `first day of next month`), month names (`Dec 5, 2026 7pm`) and
 * `dd-mm-yyyy`, read against the site's local clock.
 */
import { addDays, addMonths, formatWallClock, parseWallClock, utcMsToUtcString } from '../../time.js';

export interface ParsedDate {
  /** The wall-clock time as written (offsets ignored), which is what event writes store. */
  wall: string;
  /** The same instant as a UTC wall clock, when the text named an absolute instant. */
  utcWall: string | null;
  /** Parsed to the Unix epoch (`1970-01-01`), which the server's validator treats as a failure. */
  epoch: boolean;
  /** A relative text (`now`, `today 10am`) read against the UTC clock, as strict list filters read it. */
  relativeToUtc?: string;
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const UNITS: Record<string, (wall: string, n: number) => string> = {
  second: (wall, n) => shiftSeconds(wall, n),
  minute: (wall, n) => shiftSeconds(wall, n * 60),
  hour: (wall, n) => shiftSeconds(wall, n * 3600),
  day: (wall, n) => `${addDays(wall.slice(0, 10), n)}${wall.slice(10)}`,
  week: (wall, n) => `${addDays(wall.slice(0, 10), n * 7)}${wall.slice(10)}`,
  fortnight: (wall, n) => `${addDays(wall.slice(0, 10), n * 14)}${wall.slice(10)}`,
  month: (wall, n) => addMonths(wall, n),
  year: (wall, n) => addMonths(wall, n * 12),
};

function shiftSeconds(wall: string, seconds: number): string {
  const parts = parseWallClock(wall)!;
  const ms = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) + seconds * 1000;
  return utcMsToUtcString(ms);
}

function withTime(wall: string, hour: number, minute: number, second = 0): string {
  return formatWallClock({ ...parseWallClock(wall.slice(0, 10))!, hour, minute, second });
}

function isEpochWall(wall: string): boolean {
  return wall === '1970-01-01 00:00:00';
}

/**
 * Parses `text`; `localNow` is the site's current wall clock, `utcNow` (when given) the UTC one,
 * against which relative texts are also read. Returns null when unreadable.
 */
export function parseDateInput(text: string, localNow: string, utcNow?: string): ParsedDate | null {
  const input = text.trim();
  if (!input) return null;
  if (/^@?-?\d+$/.test(input) && !/^\d{4}$/.test(input)) {
    const seconds = Number(input.replace('@', ''));
    const wall = utcMsToUtcString(seconds * 1000);
    return { wall, utcWall: wall, epoch: seconds === 0 };
  }
  const iso = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?\s*(Z|[+-]\d{2}:?\d{2})$/i.exec(input);
  if (iso) {
    const wallParts = parseWallClock(`${iso[1]} ${iso[2]}`);
    if (!wallParts) return null;
    const wall = formatWallClock(wallParts);
    const zone = iso[3].toUpperCase();
    let offset = 0;
    if (zone !== 'Z') {
      const digits = zone.replace(':', '');
      offset = (digits[0] === '-' ? -1 : 1) * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
    }
    const utcMs = Date.UTC(wallParts.year, wallParts.month - 1, wallParts.day, wallParts.hour, wallParts.minute, wallParts.second) - offset * 60_000;
    return { wall, utcWall: utcMsToUtcString(utcMs), epoch: utcMs === 0 };
  }
  const plain = parseWallClock(input.replace(/\//g, '-'));
  if (plain) {
    const wall = formatWallClock(plain);
    return { wall, utcWall: null, epoch: isEpochWall(wall) };
  }
  const wall = parseRelative(input.toLowerCase(), localNow);
  if (!wall) return null;
  const relativeToUtc = utcNow === undefined ? undefined : (parseRelative(input.toLowerCase(), utcNow) ?? undefined);
  return { wall, utcWall: null, epoch: false, relativeToUtc };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function parseRelative(input: string, localNow: string): string | null {
  let wall = localNow;
  let rest = input.replace(/\s+/g, ' ').trim();
  let firstDayOf = false;
  const monthDayYear = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(rest); // and mm/dd/yyyy
  if (monthDayYear) {
    const date = `${monthDayYear[3]}-${monthDayYear[1].padStart(2, '0')}-${monthDayYear[2].padStart(2, '0')}`;
    return parseWallClock(date) ? `${date} 00:00:00` : null;
  }
  const dayMonthYear = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(rest); // strtotime reads dd-mm-yyyy
  if (dayMonthYear) return parseWallClock(`${dayMonthYear[3]}-${dayMonthYear[2].padStart(2, '0')}-${dayMonthYear[1].padStart(2, '0')}`) ? `${dayMonthYear[3]}-${dayMonthYear[2].padStart(2, '0')}-${dayMonthYear[1].padStart(2, '0')} 00:00:00` : null;
  while (rest) {
    let match: RegExpExecArray | null;
    if ((match = /^first day of\b ?/.exec(rest))) {
      firstDayOf = true;
      wall = withTime(wall, 0, 0);
    } else if ((match = /^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})\b ?/.exec(rest))) {
      const date = `${match[3]}-${String(MONTHS.indexOf(match[1]) + 1).padStart(2, '0')}-${match[2].padStart(2, '0')}`;
      if (!parseWallClock(date)) return null;
      wall = `${date} 00:00:00`;
    } else if ((match = /^(now)\b ?/.exec(rest))) {
      // the current time, unchanged
    } else if ((match = /^(today|midnight)\b ?/.exec(rest))) {
      wall = withTime(wall, 0, 0);
    } else if ((match = /^(noon)\b ?/.exec(rest))) {
      wall = withTime(wall, 12, 0);
    } else if ((match = /^(tomorrow)\b ?/.exec(rest))) {
      wall = withTime(UNITS.day(wall, 1), 0, 0);
    } else if ((match = /^(yesterday)\b ?/.exec(rest))) {
      wall = withTime(UNITS.day(wall, -1), 0, 0);
    } else if ((match = /^([+-]?\d+) ?(second|sec|minute|min|hour|day|week|fortnight|month|year)s? ?(ago)?\b ?/.exec(rest))) {
      const unit = match[2] === 'sec' ? 'second' : match[2] === 'min' ? 'minute' : match[2];
      const n = Number(match[1]) * (match[3] ? -1 : 1);
      wall = UNITS[unit](wall, n);
    } else if ((match = /^(next|last) (second|minute|hour|day|week|month|year)\b ?/.exec(rest))) {
      wall = UNITS[match[2]](wall, match[1] === 'next' ? 1 : -1);
    } else if ((match = /^(?:(next|last) )?(sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b ?/.exec(rest))) {
      const target = WEEKDAYS.indexOf(match[2]);
      const parts = parseWallClock(wall)!;
      const today = new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay();
      let delta = (target - today + 7) % 7;
      if (match[1] === 'next' && delta === 0) delta = 7;
      if (match[1] === 'last') delta = delta === 0 ? -7 : delta - 7;
      wall = withTime(UNITS.day(wall, delta), 0, 0);
    } else if ((match = /^(\d{1,2})(?::(\d{2}))?(?::(\d{2}))? ?(am|pm)\b ?/.exec(rest))) {
      let hour = Number(match[1]);
      if (hour < 1 || hour > 12) return null;
      if (match[4] === 'pm' && hour !== 12) hour += 12;
      if (match[4] === 'am' && hour === 12) hour = 0;
      wall = withTime(wall, hour, Number(match[2] ?? 0), Number(match[3] ?? 0));
    } else if ((match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\b ?/.exec(rest))) {
      const hour = Number(match[1]);
      const minute = Number(match[2]);
      if (hour > 23 || minute > 59) return null;
      wall = withTime(wall, hour, minute, Number(match[3] ?? 0));
    } else {
      return null;
    }
    rest = rest.slice(match[0].length);
  }
  return firstDayOf ? `${wall.slice(0, 8)}01${wall.slice(10)}` : wall;
}
