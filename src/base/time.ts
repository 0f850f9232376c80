/**
 * Dependency-free timezone helpers built on Intl. Wall-clock strings have the
 * form `YYYY-MM-DD HH:MM:SS` and carry no zone; the zone travels beside them.
 * Zones are IANA names, `UTC`, or the fixed offsets WordPress allows (`UTC+2`, `UTC-5.5`).
 */

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const abbreviationFormatters = new Map<string, Intl.DateTimeFormat>();

const fixedOffsets = new Map<string, number | null>();

/** Minutes east of UTC for `UTC+2` / `UTC-5.5`, or null for any other zone name. */
export function fixedOffsetMinutes(zone: string): number | null {
  if (zone === 'UTC' || zone === 'GMT') return 0;
  let minutes = fixedOffsets.get(zone);
  if (minutes === undefined) {
    const match = /^UTC([+-])(\d{1,2}(?:\.\d+)?)$/.exec(zone);
    minutes = match ? Math.round((match[1] === '-' ? -Number(match[2]) : Number(match[2])) * 60) : null;
    if (fixedOffsets.size < 1000) fixedOffsets.set(zone, minutes);
  }
  return minutes;
}

let canonicalZones: Set<string> | undefined;

export function isValidTimeZone(zone: string): boolean {
  if (!zone) return false;
  if (fixedOffsetMinutes(zone) !== null) return true;
  // ICU's list of canonical names answers in about a millisecond; the first formatter loads
  // ICU's date data (20-30 ms), which a command that prints no date never needs. Aliases
  // (US/Eastern, Asia/Calcutta) are not in the list: a formatter decides for them.
  if (timeZoneNames().has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone's name as the site knows it: `europe/paris` is `Europe/Paris` (Intl reads names in
 * any case, a PHP site's list does not); undefined when it is no zone.
 */
export function canonicalTimeZone(zone: string): string | undefined {
  if (!isValidTimeZone(zone)) return undefined;
  const names = timeZoneNames();
  if (fixedOffsetMinutes(zone) !== null || names.has(zone)) return zone;
  const lower = zone.toLowerCase();
  for (const name of names) if (name.toLowerCase() === lower) return name;
  // An alias (US/Eastern): Intl gives its own spelling back when the case was all that differed.
  const resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  if (resolved.toLowerCase() === lower || zone !== lower) return resolved.toLowerCase() === lower ? resolved : zone;
  // Typed in lower case, a name ICU lists under an older one (asia/kolkata, Asia/Calcutta there):
  // an area's zone is spelt Area/Capitalised_Words; any other alias (us/eastern) becomes ICU's name.
  const titled = lower.replace(/(^|[/_])([a-z])/g, (_match, separator: string, letter: string) => separator + letter.toUpperCase());
  const areas = new Set([...names].map((name) => name.split('/')[0]));
  return titled.includes('/') && areas.has(titled.split('/')[0]) ? titled : resolved;
}

/** Every zone name Intl knows, for a guess at a mistyped one. */
export function timeZoneNames(): Set<string> {
  canonicalZones ??= new Set(Intl.supportedValuesOf('timeZone'));
  return canonicalZones;
}

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

function wallFromUtcFields(date: Date): WallClock {
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
  };
}

/**
 * Wall clocks already computed, by zone and instant: `formatToParts` costs microseconds and the
 * same records' dates are converted again on every read. Emptied when it grows past a bound.
 */
// Keyed by zone, then by the instant's second as a number: a string key built for every lookup cost
// several times the lookup itself.
const wallClockMemo = new Map<string, Map<number, Readonly<WallClock>>>();
let wallClocksKept = 0;
const WALL_CLOCK_MEMO_LIMIT = 50_000;

/** The wall clock in `zone` at the instant `utcMs`. */
export function wallClockAt(utcMs: number, zone: string): Readonly<WallClock> {
  const fixed = fixedOffsetMinutes(zone);
  if (fixed !== null) return wallFromUtcFields(new Date(utcMs + fixed * 60_000));
  // A wall clock shows whole seconds and zones change offset on whole seconds: every
  // instant of one second has the same wall clock (so "now" is not converted per request).
  const second = Math.floor(utcMs / 1000);
  let byInstant = wallClockMemo.get(zone);
  let wall = byInstant?.get(second);
  if (!wall) {
    if (wallClocksKept >= WALL_CLOCK_MEMO_LIMIT) {
      wallClockMemo.clear();
      wallClocksKept = 0;
      byInstant = undefined;
    }
    if (!byInstant) wallClockMemo.set(zone, (byInstant = new Map()));
    wall = Object.freeze(formattedWallClock(second * 1000, zone));
    byInstant.set(second, wall);
    wallClocksKept++;
  }
  return wall;
}

/** `11/28/2026, 19:16:56`, as the en-US formatter writes a wall clock. */
const US_WALL_CLOCK = /^(\d+)\/(\d+)\/(\d+), (\d+):(\d+):(\d+)$/;

function formattedWallClock(utcMs: number, zone: string): WallClock {
  const formatter = formatterFor(zone);
  const date = new Date(utcMs);
  // The formatted text read by position costs half what formatToParts does (its objects).
  const match = US_WALL_CLOCK.exec(formatter.format(date));
  if (match) {
    const [, month, day, year, hour, minute, second] = match;
    return { year: Number(year), month: Number(month), day: Number(day), hour: Number(hour) % 24, minute: Number(minute), second: Number(second) };
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour % 24, minute: parts.minute, second: parts.second };
}

/** Offset of `zone` from UTC at `utcMs`, in minutes east. */
export function offsetMinutesAt(utcMs: number, zone: string): number {
  const fixed = fixedOffsetMinutes(zone);
  if (fixed !== null) return fixed;
  const wall = wallClockAt(utcMs, zone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function formatWallClock(wall: WallClock): string {
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;
}

/** `YYYY-MM-DD HH:MM:SS` (time optional) into its parts, or null. */
export function parseWallClock(text: string): WallClock | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!match) return null;
  const wall = {
    year: Number(match[1]),
    month: Number(match[2]),
    day: Number(match[3]),
    hour: Number(match[4] ?? 0),
    minute: Number(match[5] ?? 0),
    second: Number(match[6] ?? 0),
  };
  const check = new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second));
  if (check.getUTCMonth() !== wall.month - 1 || check.getUTCDate() !== wall.day || wall.hour > 23 || wall.minute > 59 || wall.second > 59) {
    return null;
  }
  return wall;
}

const DAY_MS = 86_400_000;

/**
 * Instant (ms) of a wall-clock string read in `zone`, as the site (PHP) reads it. The offsets in
 * force a day before and a day after are the only candidates: a time that fits one of them is
 * exact. A time the clocks repeat takes the offset in force at the wall clock read as UTC: the
 * earlier instant west of Greenwich (01:30 in New York), the later east of it (02:30 in Zurich or
 * Sydney), as the real site stored them. A time the clocks skip (02:30 on the night they go
 * forward) is read with the offset before the change, so it lands as far after the jump.
 */
export function zonedToUtcMs(wallText: string, zone: string): number {
  const wall = parseWallClock(wallText);
  if (!wall) throw new RangeError(`not a wall-clock time: ${wallText}`);
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const fixed = fixedOffsetMinutes(zone);
  if (fixed !== null) return naive - fixed * 60_000;
  const before = offsetMinutesAt(naive - DAY_MS, zone);
  const after = offsetMinutesAt(naive + DAY_MS, zone);
  const fits = [before, after].map((offset) => naive - offset * 60_000).filter((t) => naive - offsetMinutesAt(t, zone) * 60_000 === t);
  if (fits.length === 2 && fits[0] !== fits[1]) {
    const readAsUtc = naive - offsetMinutesAt(naive, zone) * 60_000;
    if (fits.includes(readAsUtc)) return readAsUtc;
  }
  return fits.length ? Math.min(...fits) : naive - before * 60_000;
}

/** The wall-clock time happens in `zone`: false for a time the clocks skip (02:30 the night they go forward). */
export function wallClockExists(wallText: string, zone: string): boolean {
  const wall = parseWallClock(wallText);
  if (!wall) return true;
  return utcMsToZoned(zonedToUtcMs(wallText, zone), zone) === formatWallClock(wall);
}

/** Wall-clock string in `zone` at instant `utcMs`. */
export function utcMsToZoned(utcMs: number, zone: string): string {
  return formatWallClock(wallClockAt(utcMs, zone));
}

/** Wall-clock string in UTC at instant `utcMs`. */
export function utcMsToUtcString(utcMs: number): string {
  return formatWallClock(wallFromUtcFields(new Date(utcMs)));
}

/** Convert a wall-clock string from one zone to another. */
export function convertWallClock(wallText: string, fromZone: string, toZone: string): string {
  return utcMsToZoned(zonedToUtcMs(wallText, fromZone), toZone);
}

/** `-05:00` style offset of `zone` at `utcMs`. */
export function offsetString(utcMs: number, zone: string): string {
  const minutes = offsetMinutesAt(utcMs, zone);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * Locales whose short zone names are the abbreviations PHP's tz database uses: Intl gives
 * `CET` only in en-GB, `AEDT` in en-AU, `IST` in en-IN, `JST` in ja-JP, `GMT+1` elsewhere.
 */
const ABBREVIATION_LOCALES = ['en-US', 'en-GB', 'en-AU', 'en-IN', 'ja-JP'];

function shortZoneName(utcMs: number, zone: string, locale: string): string {
  const key = `${locale}|${zone}`;
  let formatter = abbreviationFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' });
    abbreviationFormatters.set(key, formatter);
  }
  return formatter.formatToParts(new Date(utcMs)).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** Abbreviations found, by zone and UTC offset: the name changes only when the offset does. */
const abbreviations = new Map<string, string>();

/** Short name of the zone at `utcMs` as PHP gives it: `EST`, `CEST`, `AEDT`, `JST`, or `+07`/`+0530` when the zone has none. */
export function zoneAbbreviation(utcMs: number, zone: string): string {
  if (zone === 'UTC') return 'UTC';
  if (fixedOffsetMinutes(zone) !== null) return zone;
  const key = `${zone}|${offsetMinutesAt(utcMs, zone)}`;
  let name = abbreviations.get(key);
  if (name === undefined) {
    name = lookUpAbbreviation(utcMs, zone);
    abbreviations.set(key, name);
  }
  return name;
}

function lookUpAbbreviation(utcMs: number, zone: string): string {
  for (const locale of ABBREVIATION_LOCALES) {
    const name = shortZoneName(utcMs, zone, locale);
    if (/^[A-Z]{2,5}$/.test(name)) return name;
  }
  const minutes = offsetMinutesAt(utcMs, zone);
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}${abs % 60 ? pad(abs % 60) : ''}`;
}

/** Add whole days to a `YYYY-MM-DD` date. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  const shifted = new Date(Date.UTC(year, month - 1, day + days));
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** Add calendar months to a wall-clock string, clamping the day like PHP does not (it overflows). */
export function addMonths(wallText: string, months: number): string {
  const wall = parseWallClock(wallText);
  if (!wall) throw new RangeError(`not a wall-clock time: ${wallText}`);
  const shifted = new Date(Date.UTC(wall.year, wall.month - 1 + months, wall.day, wall.hour, wall.minute, wall.second));
  return formatWallClock(wallFromUtcFields(shifted));
}
