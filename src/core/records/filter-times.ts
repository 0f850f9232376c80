/**
 * Date filters as instants. Without `strict_dates` the server compares whole days its own way:
 * every `starts_*`/`ends_*` date is moved to the END of its day (so `starts_after=2027-03-01`
 * drops 1 March and `starts_before=2027-04-01` keeps 1 April, measured on a real site,
 * 2026-11-28), and a time is dropped. So every date filter turns strict dates on and means an
 * instant: a time without an offset is read in the profile's zone, else the site's; a date alone
 * means whole days there: `start_date` and `*_after` keep that day and the days after it,
 * `*_before` the days before it, `end_date` that day and the days before it.
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
import { DEFAULT_PER_PAGE, EVERY_EVENT, MAX_PER_PAGE, type Resource } from '../../spec/resources.js';
import { hasOffset } from '../values.js';
import { zonedToUtcMs } from '../../base/time.js';
import { walkPages, type WalkResult } from './pages.js';
import { option } from '../words.js';

/** Zones run from UTC-12 to UTC+14: an event's clock is at most 26 hours from the site's. */
const WIDEST_ZONE_GAP_MS = 26 * 3_600_000;

type Json = Record<string, unknown>;

const ENDS_OF_RANGE = new Set(['end_date', 'starts_before', 'ends_before']);

const hasTime = (value: string) => /\d{2}:\d{2}/.test(value);

/** The bounds that keep every event (EVERY_EVENT): sent as they are, they only lift the server's default window. */
const isEveryEventBound = (value: string) => value === EVERY_EVENT.start_date || value === EVERY_EVENT.end_date;

/** Events are stored to the second: "at or after 00:00:00" is "after 23:59:59 the day before". */
const SECOND_MS = 1000;

/** The instant a filter's value names, for the test of TESTS (`>`/`<` for *_after/*_before, `>=`/`<=` for the window). */
function instantOf(value: string, field: string, zone: string): number {
  if (hasOffset(value)) return Date.parse(value);
  if (hasTime(value)) return zonedToUtcMs(value.replace('T', ' '), zone);
  if (field === 'end_date') return zonedToUtcMs(dayEdge(value, 'end'), zone);
  const dayStart = zonedToUtcMs(dayEdge(value, 'start'), zone);
  return field === 'starts_after' || field === 'ends_after' ? dayStart - SECOND_MS : dayStart;
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
  return dateFilters(resource, query).filter((name) => hasTime(query[name] as string));
}

/** The date filters of `query`, but the bounds that keep every event. */
function dateFilters(resource: Resource, query: Query): string[] {
  return resource.listParams
    .filter((p) => p.type === 'date' && typeof query[p.name] === 'string' && !isEveryEventBound(query[p.name] as string))
    .map((p) => p.name);
}

export interface FilterTimes {
  /** With --no-strict-dates, the times that the server drops. */
  warning?: string;
  /** The events whose instants fall in the window the user gave; the query asks for a wider one. */
  keep?: (record: Json) => boolean;
}

/** Rewrites the date filters so that their times count, and says which events to keep of what the server sends. */
export async function applyFilterTimes(resource: Resource, query: Query, zone: () => Promise<string>): Promise<FilterTimes> {
  const filters = dateFilters(resource, query);
  if (filters.length === 0) return {};
  const strict = query.strict_dates;
  if (strict === 'false' || strict === false) {
    const timed = timedFilters(resource, query);
    if (timed.length === 0) return {};
    return {
      warning: `with ${option('strict_dates', false)} the server reads ${timed.map((f) => option(f)).join(', ')} as whole days; the time is not applied`,
    };
  }
  const siteZone = await zone();
  const bounds: Array<{ test: (typeof TESTS)[string]; at: number }> = [];
  for (const name of filters) {
    if (!TESTS[name]) continue;
    const at = instantOf(query[name] as string, name, siteZone);
    bounds.push({ test: TESTS[name], at });
    query[name] = utcText(ENDS_OF_RANGE.has(name) ? at + WIDEST_ZONE_GAP_MS : at - WIDEST_ZONE_GAP_MS);
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
 * A list walk that keeps only some of the records the server sends: --page, --per-page and
 * --limit count the records kept, as does the total. Counting that total reads every page of
 * the query; a caller that shows none (`total: false`) has the walk stop once the records asked
 * for are handed on, and no total.
 */
export async function walkKept(
  client: ApiClient,
  resource: Resource,
  query: Query,
  walk: { all: boolean; limit?: number; total?: boolean },
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
  const counted = walk.total !== false;
  const enough = counted || take === Infinity ? undefined : () => written >= take;
  const result = await walkPages(client, resource, { ...wanted, per_page: MAX_PER_PAGE }, { all: true, enough }, async (record) => {
    if (!keep(record as Json)) return;
    kept++;
    if (kept <= skip || written >= take) return;
    written++;
    await onRecord(record);
  });
  // Nothing handed on: every page was read, and `kept` counts them all.
  const pastEnd = written === 0 && page > 1 ? { page, totalPages: Math.ceil(kept / perPage) } : undefined;
  return { ...result, total: counted ? kept : undefined, written, pastEnd };
}
