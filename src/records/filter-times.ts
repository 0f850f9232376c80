/**
 * Date filters that carry a time. Without `strict_dates` the server compares whole days,
 * so `--starts-after "2027-01-10 14:00"` would keep events from the morning. A filter
 * with a time therefore turns strict dates on, and every date filter goes as a UTC
 * instant (strict dates read a plain value as UTC): times without an offset are read in
 * the profile's zone, else the site's; a date alone covers its whole day.
 */
import type { Query } from '../http/url.js';
import type { Resource } from '../resources.js';
import { hasOffset } from '../values.js';
import { zonedToUtcMs } from '../time.js';

const ENDS_OF_RANGE = new Set(['end_date', 'starts_before', 'ends_before']);

const hasTime = (value: string) => /\d{2}:\d{2}/.test(value);

function toUtcInstant(value: string, field: string, zone: string): string {
  let ms: number;
  if (hasOffset(value)) ms = Date.parse(value);
  else if (hasTime(value)) ms = zonedToUtcMs(value.replace('T', ' '), zone);
  else ms = zonedToUtcMs(`${value} ${ENDS_OF_RANGE.has(field) ? '23:59:59' : '00:00:00'}`, zone);
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The date filters of `query` that carry a time. */
export function timedFilters(resource: Resource, query: Query): string[] {
  return resource.listParams.filter((p) => p.type === 'date' && typeof query[p.name] === 'string' && hasTime(query[p.name] as string)).map((p) => p.name);
}

/**
 * Rewrites the date filters so that their times count. Returns a warning when the user
 * turned strict dates off, so that the times are dropped by the server.
 */
export async function applyFilterTimes(resource: Resource, query: Query, zone: () => Promise<string>): Promise<string | undefined> {
  const timed = timedFilters(resource, query);
  if (timed.length === 0) return undefined;
  const strict = query.strict_dates;
  if (strict === 'false' || strict === false) {
    return `with --no-strict-dates the server reads ${timed.map((f) => `--${f.replace(/_/g, '-')}`).join(', ')} as whole days; the time is not applied`;
  }
  const siteZone = await zone();
  for (const param of resource.listParams) {
    const value = query[param.name];
    if (param.type === 'date' && typeof value === 'string') query[param.name] = toUtcInstant(value, param.name, siteZone);
  }
  query.strict_dates = 'true';
  return undefined;
}
