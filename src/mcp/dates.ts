/**
 * Relative dates as a person means them, on the site's clock: `today` is the site's today,
 * `next month` the first day of next month (from 28 November: 1 December). They are turned
 * into plain dates here, in the site's zone, before the core sees them; every other form goes
 * to the core as given.
 */
import { utcMsToZoned } from '../base/time.js';

export const RELATIVE_DATES =
  "Relative dates are read on the site's clock, in its zone (site_info gives today there): now; today, tomorrow, yesterday; " +
  'next week / last week (the Monday of that week); this month, next month, last month (the first day of that month); ' +
  '+3d, -2w, +1m (days, weeks, months from today), +3h (hours from now).';

const RELATIVE = /^([+-])(\d{1,4})([hdwm])$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar day with arithmetic in UTC (no clock change can shift it). */
function day(y: number, m: number, d: number): string {
  const date = new Date(Date.UTC(y, m - 1, d));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The plain date or date-time a relative word means in `zone` at `now`; undefined for any other text. */
export function resolveRelativeDate(value: string, zone: string, now: Date = new Date()): string | undefined {
  const word = value.trim().toLowerCase().replace(/\s+/g, ' ');
  const wall = zone === 'UTC' ? now.toISOString().slice(0, 19).replace('T', ' ') : utcMsToZoned(now.getTime(), zone);
  const [y, m, d] = wall.slice(0, 10).split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 Sunday
  const monday = d - ((weekday + 6) % 7);
  const fixed: Record<string, () => string> = {
    now: () => wall,
    today: () => day(y, m, d),
    tomorrow: () => day(y, m, d + 1),
    yesterday: () => day(y, m, d - 1),
    'next week': () => day(y, m, monday + 7),
    'last week': () => day(y, m, monday - 7),
    'this month': () => day(y, m, 1),
    'next month': () => day(y, m + 1, 1),
    'last month': () => day(y, m - 1, 1),
  };
  if (fixed[word]) return fixed[word]();
  const rel = RELATIVE.exec(word);
  if (!rel) return undefined;
  const n = Number(rel[2]) * (rel[1] === '-' ? -1 : 1);
  if (rel[3] === 'h') {
    const later = new Date(now.getTime() + n * 3_600_000);
    return zone === 'UTC' ? later.toISOString().slice(0, 19).replace('T', ' ') : utcMsToZoned(later.getTime(), zone);
  }
  if (rel[3] === 'd') return day(y, m, d + n);
  if (rel[3] === 'w') return day(y, m, d + 7 * n);
  // A month later, on the same day or the last of a shorter month.
  const last = new Date(Date.UTC(y, m - 1 + n + 1, 0)).getUTCDate();
  return day(y, m + n, Math.min(d, last));
}

/** Whether a value may be a relative word (a cheap test before the site's zone is asked). */
export const mayBeRelative = (value: unknown): value is string => typeof value === 'string' && /^\s*[a-z+-]/i.test(value) && !/^\s*\d/.test(value);
