/**
 * Date input as the real server reads it: a number is a Unix timestamp (`1809165600`, the
 * plugin's own check), anything else goes to PHP's date parser (strtotime.ts), read against
 * the site's local clock.
 */
import { utcMsToUtcString } from '../../base/time.js';
import { phpStrtotime, zonedInstant } from './strtotime.js';

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

const EPOCH = '1970-01-01 00:00:00';

/**
 * Parses `text`; `localNow` is the site's current wall clock, `utcNow` (when given) the UTC one,
 * against which the text is also read. Returns null when unreadable.
 */
export function parseDateInput(text: string, localNow: string, utcNow?: string): ParsedDate | null {
  const input = text.trim();
  if (!input) return null;
  if (/^@?-?\d+$/.test(input) && !/^\d{4}$/.test(input)) {
    const seconds = Number(input.replace('@', ''));
    const wall = utcMsToUtcString(seconds * 1000);
    return { wall, utcWall: wall, epoch: seconds === 0 };
  }
  const local = phpStrtotime(input, localNow);
  if (!local) return null;
  const utcWall = zonedInstant(local);
  if (utcWall !== null) return { wall: local.wall, utcWall, epoch: utcWall === EPOCH };
  // The plugin's validator reads the text against the UTC clock (PHP's zone is UTC there).
  const againstUtc = utcNow === undefined ? undefined : phpStrtotime(input, utcNow)!.wall;
  return { wall: local.wall, utcWall: null, epoch: (againstUtc ?? local.wall) === EPOCH, relativeToUtc: againstUtc };
}
