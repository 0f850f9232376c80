/**
 * A series' rule (an iCalendar RRULE) checked and expanded into its occurrences. The
 * expansion is the one iCalendar import uses (readIcs over ical.js): the rule is written as
 * one VEVENT in the event's own zone, so every occurrence keeps the wall-clock time of the
 * first across daylight-saving changes, as calendar apps do.
 */
import { readIcs } from '../ical/reader.js';
import { IcsSyntaxError } from '../ical/scan.js';
import { UsageError } from '../errors.js';
import { compact, icsTime } from './ics-lines.js';
import { addDays, fixedOffsetMinutes, parseWallClock, utcMsToUtcString, zonedToUtcMs } from '../../base/time.js';
import { option } from '../words.js';

export { DEFAULT_SERIES_CAP } from './cap.js';

/** The first event of a series: its dates give the time of day, the duration and the earliest day. */
export interface SeriesAnchor {
  /** `YYYY-MM-DD HH:MM:SS` wall-clock time in `timezone` (all-day: the date). */
  start: string;
  end: string;
  allDay: boolean;
  /** IANA name (or `UTC`). */
  timezone: string;
}

export interface SeriesOccurrence {
  /** The occurrence's original start, wall clock in the series' zone (`YYYY-MM-DD HH:MM:SS`, all-day `YYYY-MM-DD`). */
  original: string;
  start: string;
  end: string;
}

const FREQUENCIES = ['MINUTELY', 'HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'];
const PARTS = new Set([
  'FREQ',
  'UNTIL',
  'COUNT',
  'INTERVAL',
  'BYMINUTE',
  'BYHOUR',
  'BYDAY',
  'BYMONTHDAY',
  'BYYEARDAY',
  'BYWEEKNO',
  'BYMONTH',
  'BYSETPOS',
  'WKST',
]);

/** The rule's parts, upper-cased, in the order given. */
export type RuleParts = Map<string, string>;

/**
 * `FREQ=WEEKLY;BYDAY=TU;COUNT=8` or `RRULE:FREQ=…` checked part by part (ical.js drops a part
 * it does not know without a word, and would expand the rest). Exit 2 on anything else.
 */
export function parseRule(text: string): { rule: string; parts: RuleParts } {
  const rule = text.trim().replace(/^RRULE:/i, '');
  const bad = (why: string) =>
    new UsageError(`${option('repeat')} ${text.trim() || '""'}: ${why} (a rule is an iCalendar RRULE, e.g. FREQ=WEEKLY;BYDAY=TU;COUNT=8)`);
  const parts: RuleParts = new Map();
  for (const part of rule.split(';')) {
    const match = /^([A-Za-z]+)=(.+)$/.exec(part.trim());
    if (!match) throw bad(part.trim() ? `"${part.trim()}" is not NAME=VALUE` : 'an empty part');
    const name = match[1].toUpperCase();
    if (name === 'BYSECOND') throw bad('BYSECOND is not taken: events start on the minute');
    if (!PARTS.has(name)) throw bad(`unknown part ${name}`);
    if (parts.has(name)) throw bad(`${name} is given twice`);
    parts.set(name, match[2].trim().toUpperCase());
  }
  const freq = parts.get('FREQ');
  if (!freq) throw bad('FREQ is missing');
  if (freq === 'SECONDLY') throw bad('FREQ=SECONDLY is not taken: events start on the minute');
  if (!FREQUENCIES.includes(freq)) throw bad(`FREQ=${freq} is not one of ${FREQUENCIES.join(', ')}`);
  if (parts.has('COUNT') && parts.has('UNTIL')) throw bad('COUNT and UNTIL cannot both be given');
  for (const name of ['COUNT', 'INTERVAL']) {
    const value = parts.get(name);
    if (value !== undefined && !/^[1-9][0-9]{0,5}$/.test(value)) throw bad(`${name} must be a whole number from 1`);
  }
  const until = parts.get('UNTIL');
  if (until !== undefined && !/^\d{8}(T\d{6}Z?)?$/.test(until)) throw bad(`UNTIL=${until} is not a date (YYYYMMDD) or a time (YYYYMMDDTHHMMSSZ)`);
  return { rule: [...parts].map(([name, value]) => `${name}=${value}`).join(';'), parts };
}

export function hasEnd(parts: RuleParts): boolean {
  return parts.has('COUNT') || parts.has('UNTIL');
}

export interface ExpandOptions {
  /** Original starts (as in SeriesOccurrence.original) the series leaves out. */
  excluded?: Iterable<string>;
  /** More than this many is refused (exit 2). */
  cap: number;
}

/**
 * Every occurrence of `rule` from `anchor`, in order. A rule with an end giving more than the cap,
 * one giving none, or one the library cannot expand is refused (exit 2); so is a rule without an
 * end (COUNT or UNTIL), which the caller bounds first (see boundedRule).
 */
export async function expandRule(anchor: SeriesAnchor, ruleText: string, options: ExpandOptions): Promise<SeriesOccurrence[]> {
  const { rule, parts } = parseRule(ruleText);
  if (!hasEnd(parts))
    throw new UsageError(`${option('repeat')} ${rule}: the rule has no end (add COUNT=N or UNTIL=YYYYMMDD, or ${option('max')} N for the first N)`);
  if (anchor.timezone !== 'UTC' && fixedOffsetMinutes(anchor.timezone) !== null)
    throw new UsageError(`a series needs a zone with a name, not ${anchor.timezone}`);
  const end = anchor.allDay ? addDays(anchor.end.slice(0, 10), 1) : anchor.end;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//calendar//series//EN',
    'BEGIN:VEVENT',
    'UID:series',
    icsTime('DTSTART', anchor.start, anchor.allDay, anchor.timezone),
    icsTime('DTEND', end, anchor.allDay, anchor.timezone),
    `RRULE:${untilAsInstant(rule, parts, anchor)}`,
    'SUMMARY:series',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  let feed: Awaited<ReturnType<typeof readIcs>>;
  try {
    feed = await readIcs(`${lines.join('\r\n')}\r\n`, {
      timezone: anchor.timezone,
      from: 0,
      until: Number.MAX_SAFE_INTEGER,
      maxOccurrences: options.cap + 1,
      source: option('repeat'),
    });
  } catch (err) {
    if (err instanceof IcsSyntaxError) throw new UsageError(`${option('repeat')} ${rule}: cannot be expanded (${err.problem})`);
    throw err;
  }
  const stopped = feed.warnings.find((warning) => / stopped after | is skipped/.test(warning));
  if (stopped || feed.occurrences.length === 0) throw new UsageError(`${option('repeat')} ${rule}: gives no occurrence from ${anchor.start.slice(0, 10)}`);
  if (feed.occurrences.length > options.cap) {
    throw new UsageError(
      `${option('repeat')} ${rule}: gives more than ${options.cap} occurrences (narrow it with COUNT or UNTIL, or raise the cap with ${option('max')} N)`,
    );
  }
  const wrong = feed.occurrences.find((occurrence) => !fitsRule(occurrence.start, parts));
  if (wrong) throw new UsageError(`${option('repeat')} ${rule}: cannot be expanded here (it gave ${wrong.start.slice(0, 10)}, which the rule does not allow)`);
  const excluded = new Set(options.excluded ?? []);
  return feed.occurrences
    .map((occurrence) => ({ original: occurrence.start, start: occurrence.start, end: occurrence.end }))
    .filter((occurrence) => !excluded.has(occurrence.original));
}

/**
 * UNTIL as a date (`UNTIL=20270107`) means up to the end of that day in the series' zone, as
 * people write it; RFC 5545 wants a UTC time when DTSTART has a zone, and ical.js reads a date
 * there as its first instant.
 */
function untilAsInstant(rule: string, parts: RuleParts, anchor: SeriesAnchor): string {
  const until = parts.get('UNTIL');
  if (until?.length !== 8 || anchor.allDay) return rule;
  const lastSecond = zonedToUtcMs(`${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)} 23:59:59`, anchor.timezone);
  return rule.replace(`UNTIL=${until}`, `UNTIL=${compact(utcMsToUtcString(lastSecond))}Z`);
}

/** A rule without an end given `--max N`: the first N occurrences (COUNT=N), stored so. */
export function boundedRule(ruleText: string, max: number | undefined): string {
  const { rule, parts } = parseRule(ruleText);
  if (hasEnd(parts)) return rule;
  if (max === undefined) return rule;
  return `${rule};COUNT=${max}`;
}

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/**
 * A check of what ical.js gives, not a second expansion: the month, day of the month and
 * weekday of each occurrence must be among those the rule names (ical.js moves a day that
 * does not exist, FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30, to the next month).
 */
function fitsRule(start: string, parts: RuleParts): boolean {
  const wall = parseWallClock(start.length === 10 ? `${start} 00:00:00` : start);
  if (!wall) return false;
  const months = parts.get('BYMONTH');
  if (months && !months.split(',').map(Number).includes(wall.month)) return false;
  const days = parts.get('BYMONTHDAY');
  if (days) {
    const length = new Date(Date.UTC(wall.year, wall.month, 0)).getUTCDate();
    if (
      !days
        .split(',')
        .map(Number)
        .some((day) => day === wall.day || length + day + 1 === wall.day)
    )
      return false;
  }
  const weekdays = parts.get('BYDAY');
  if (weekdays) {
    const weekday = WEEKDAYS[new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay()];
    if (!weekdays.split(',').some((day) => day.slice(-2) === weekday)) return false;
  }
  return true;
}

/** Whether `YYYY-MM-DD` is a day of the calendar (2027-13-01 and 2027-02-30 are not). */
function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/**
 * `--except 2027-01-12,2027-02-09 19:00`: the original starts left out. A date takes every
 * occurrence starting that day, a date and time the one starting then; one that matches no
 * occurrence is refused (a typo would otherwise leave the occurrence in).
 */
export function exceptedStarts(occurrences: SeriesOccurrence[], excepts: string[]): Set<string> {
  const out = new Set<string>();
  for (const text of excepts.map((item) => item.trim()).filter(Boolean)) {
    const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(?::\d{2})?)?$/.exec(text);
    if (!match || !isCalendarDay(match[1]) || (match[2] && !/^([01]\d|2[0-3]):[0-5]\d$/.test(match[2])))
      throw new UsageError(`${option('except')} ${text}: not a date (YYYY-MM-DD) or a date and time (YYYY-MM-DD HH:MM)`);
    const hits = occurrences.filter((o) => o.original.slice(0, 10) === match[1] && (!match[2] || o.original.slice(11, 16) === match[2]));
    if (hits.length === 0) throw new UsageError(`${option('except')} ${text}: the series has no occurrence then`);
    for (const hit of hits) out.add(hit.original);
  }
  return out;
}
