/**
 * Date filters that carry a time. Without `strict_dates` the server compares whole days,
 * so `--starts-after "2027-01-10 14:00"` would keep events from the morning. A filter
 * with a time therefore turns strict dates on, and every date filter means an instant:
 * times without an offset are read in the profile's zone, else the site's; a date alone
 * covers its whole day.
 *
 * The server compares each event's own clock time (`_EventStartDate`) with the window turned
 * into the site's clock, so an event at 18:00 in Los Angeles (21:00 in the site's New York)
 * falls in a 17:30-18:30 window. The server is therefore asked for a window wider by the
 * widest gap between two zones, and the client keeps exactly the events whose instants
 * (`utc_start_date`, `utc_end_date`) fall inside; paging, --limit and totals count those.
 */
import { dayEdge } from '../../wordpress/dates.js';
import type { ApiClient } from '../http/client.js';
import type { Query } from '../http/url.js';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, type Resource } from '../../spec/resources.js';
import { hasOffset } from '../values.js';
import { zonedToUtcMs } from '../../base/time.js';
import { walkPages, type WalkResult } from './pages.js';

/** Zones run from UTC-12 to UTC+14: an event's clock is at most 26 hours from the site's. */
const WIDEST_ZONE_GAP_MS = 26 * 3_600_000;

type Json = Record<string, unknown>;

const ENDS_OF_RANGE = new Set(['end_date', 'starts_before', 'ends_before']);

const hasTime = (value: string) => /\d{2}:\d{2}/.test(value);

function instantOf(value: string, field: string, zone: string): number {
  if (hasOffset(value)) return Date.parse(value);
  if (hasTime(value)) return zonedToUtcMs(value.replace('T', ' '), zone);
  return zonedToUtcMs(dayEdge(value, ENDS_OF_RANGE.has(field) ? 'end' : 'start'), zone);
}

const utcText = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Each date filter as the server applies it (the store's meta keys and comparisons), on an event's instants. */
const TESTS: Record<string, (start: number, end: number, at: number) => boolean> = {
  start_date: (start, _end, at) => start >= at,
  end_date: (_start, end, at) => end <= at,
  starts_after: (start, _end, at) => start > at,
  starts_before: (start, _end, at) => start < at,
  ends_after: (_start, end, at) => end > at,
  ends_before: (_start, end, at) => end < at,
};

const instantField = (record: Json, field: string) => Date.parse(`${String(record[field] ?? '').replace(' ', 'T')}Z`);

/** The date filters of `query` that carry a time. */
export function timedFilters(resource: Resource, query: Query): string[] {
  return resource.listParams.filter((p) => p.type === 'date' && typeof query[p.name] === 'string' && hasTime(query[p.name] as string)).map((p) => p.name);
}

export interface FilterTimes {
  /** With --no-strict-dates, the times that the server drops. */
  warning?: string;
  /** The events whose instants fall in the window the user gave; the query asks for a wider one. */
  keep?: (record: Json) => boolean;
}

/** Rewrites the date filters so that their times count, and says which events to keep of what the server sends. */
export async function applyFilterTimes(resource: Resource, query: Query, zone: () => Promise<string>): Promise<FilterTimes> {
  const timed = timedFilters(resource, query);
  if (timed.length === 0) return {};
  const strict = query.strict_dates;
  if (strict === 'false' || strict === false) {
    return {
      warning: `with --no-strict-dates the server reads ${timed.map((f) => `--${f.replace(/_/g, '-')}`).join(', ')} as whole days; the time is not applied`,
    };
  }
  const siteZone = await zone();
  const bounds: Array<{ test: (typeof TESTS)[string]; at: number }> = [];
  for (const param of resource.listParams) {
    const value = query[param.name];
    if (param.type !== 'date' || typeof value !== 'string' || !TESTS[param.name]) continue;
    const at = instantOf(value, param.name, siteZone);
    bounds.push({ test: TESTS[param.name], at });
    query[param.name] = utcText(ENDS_OF_RANGE.has(param.name) ? at + WIDEST_ZONE_GAP_MS : at - WIDEST_ZONE_GAP_MS);
  }
  query.strict_dates = 'true';
  const keep = (record: Json) => {
    const start = instantField(record, 'utc_start_date');
    const end = instantField(record, 'utc_end_date');
    return bounds.every(({ test, at }) => test(start, end, at));
  };
  return { keep };
}

/**
 * A list walk that keeps only some of the records the server sends: every page of the query
 * is read, and --page, --per-page and --limit count the records kept, as does the total.
 */
export async function walkKept(
  client: ApiClient,
  resource: Resource,
  query: Query,
  walk: { all: boolean; limit?: number },
  keep: (record: Json) => boolean,
  onRecord: (record: unknown) => Promise<void> | void,
): Promise<WalkResult> {
  const { page: pageAsked, per_page: perPageAsked, ...wanted } = query;
  const perPage = perPageAsked !== undefined ? Number(perPageAsked) : DEFAULT_PER_PAGE;
  const page = pageAsked !== undefined ? Number(pageAsked) : 1;
  const skip = walk.all ? 0 : (page - 1) * perPage;
  const take = walk.limit ?? (walk.all ? Infinity : perPage);
  let kept = 0;
  let written = 0;
  const result = await walkPages(client, resource, { ...wanted, per_page: MAX_PER_PAGE }, { all: true }, async (record) => {
    if (!keep(record as Json)) return;
    kept++;
    if (kept <= skip || written >= take) return;
    written++;
    await onRecord(record);
  });
  const pastEnd = written === 0 && page > 1 ? { page, totalPages: Math.ceil(kept / perPage) } : undefined;
  return { ...result, total: kept, written, pastEnd };
}
