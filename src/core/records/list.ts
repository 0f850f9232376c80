/**
 * Lists: the query a list sends, from filters named as the API names them (`starts_after`,
 * `venue`), linked filters given by name or slug resolved to IDs, and the walk over the pages.
 */
import { NotFoundError, UsageError } from '../errors.js';
import type { ApiClient } from '../http/client.js';
import type { Query } from '../http/url.js';
import { EVERY_EVENT, namesLinkedRecords, resources, type Field, type LinkRelation, type Resource } from '../../spec/resources.js';
import { coerceValue, queryValue, refuseUnknownKeys, splitListText } from '../values.js';
import type { Messages } from '../context.js';
import type { ZoneSource } from './dates.js';
import { walkPages, type WalkResult } from './pages.js';
import { option } from '../words.js';

type Json = Record<string, unknown>;

/** List filters naming linked records, which take IDs, slugs or names like writes do. */
export function linkedFilters(resource: Resource): Field[] {
  return resource.listParams.filter(namesLinkedRecords);
}

/** Events taking place on a day (`on`) or at any time in a range `FROM..TO` (`during`), whenever they start. */
export interface OverlapFilters {
  on?: string;
  during?: string;
}

/** The query of a list from its filters (API names, values as text or typed), checked before any request. */
export function listQueryOf(resource: Resource, filters: Json, overlap: OverlapFilters = {}): Query {
  refuseUnknownKeys(
    filters,
    resource.listParams.map((field) => field.name),
    `filters of ${resource.name}`,
  );
  const query: Query = {};
  const linked = new Set(linkedFilters(resource).map((f) => f.name));
  for (const field of resource.listParams) {
    if (filters[field.name] === undefined) continue;
    // Linked filters are checked as references here and become IDs once resolved on the site.
    if (linked.has(field.name) && splitListText(String(filters[field.name])).some((item) => item === '')) {
      throw new UsageError(`${option(field.name)}: empty item in the list`);
    }
    const check = linked.has(field.name) ? { ...field, type: 'refs' as const, many: true } : field;
    query[field.name] = queryValue(coerceValue(check, filters[field.name]));
  }
  if (resource.isEvent) Object.assign(query, overlapFilters(resource, filters, overlap));
  if ((query.geoloc_lat === undefined) !== (query.geoloc_lng === undefined)) {
    throw new UsageError(`${option('geoloc_lat')} and ${option('geoloc_lng')} go together`);
  }
  // With `include` the server throws away start_date/end_date and puts its default window
  // back, so included past or far events vanish; any starts_/ends_ filter lifts the window.
  if (resource.isEvent && query.include !== undefined && !resource.listParams.some((p) => p.liftsWindow && query[p.name] !== undefined)) {
    query.starts_after = EVERY_EVENT.start_date;
  }
  return query;
}

/**
 * `on DAY` and `during FROM..TO` as the filters that find events overlapping the range:
 * ending after its start and starting before its end (an event from 10 to 14 March is on the
 * 12th). The times make strict dates apply (records/filter-times.ts).
 */
function overlapFilters(resource: Resource, filters: Json, { on, during }: OverlapFilters): Query {
  if (on === undefined && during === undefined) return {};
  if (on !== undefined && during !== undefined) throw new UsageError(`${option('on')} and ${option('during')} go alone: give one of them`);
  const flag = option(on !== undefined ? 'on' : 'during');
  const dateFilters = resource.listParams.filter((p) => p.type === 'date' && filters[p.name] !== undefined);
  if (dateFilters.length) throw new UsageError(`${flag} cannot be combined with ${option(dateFilters[0].name)}`);
  const [rawFrom, rawTo] = on !== undefined ? [on, on] : splitRange(during!);
  const dateField = { name: 'start_date', type: 'date' } as Field;
  const from = String(coerceValue(dateField, rawFrom, flag)).slice(0, 10);
  const to = String(coerceValue(dateField, rawTo, flag)).slice(0, 10);
  if (to < from) throw new UsageError(`${option('during')}: the end ${to} is before the start ${from}`, `Give the range as FROM..TO, e.g. ${to}..${from}.`);
  return { ends_after: `${from} 00:00:00`, starts_before: `${to} 23:59:59` };
}

function splitRange(text: string): [string, string] {
  const parts = text.split('..');
  if (parts.length !== 2 || !parts[0].trim() || !parts[1].trim())
    throw new UsageError(`${option('during')}: "${text}" is not a range FROM..TO (e.g. 2027-03-01..2027-03-31)`);
  return [parts[0].trim(), parts[1].trim()];
}

/** Linked filters given by slug or name become IDs; one that names no record exits 3 naming it. */
export async function resolveLinkedFilters(client: ApiClient, resource: Resource, query: Query): Promise<void> {
  const fields = linkedFilters(resource).filter((f) => query[f.name] !== undefined);
  if (fields.length === 0) return;
  const { Resolver } = await import('./resolve.js');
  const resolver = new Resolver(client);
  for (const field of fields) {
    const { ids, unknown } = await resolver.resolveListText(field.relation as LinkRelation, String(query[field.name]));
    if (unknown.length) {
      const meant = await resolver.meantHint(field.relation as LinkRelation, unknown);
      throw new NotFoundError(
        `${option(field.name)}: no ${resources[field.relation as LinkRelation].singular} matches ${unknown.map((u) => `"${u}"`).join(', ')}`,
        meant || undefined,
      );
    }
    query[field.name] = ids.join(',');
  }
}

/** List parameters that do not narrow the set: a walk with only these covers every record. */
export const UNFILTERED_KEYS = new Set(['per_page', 'page', 'status', 'hide_empty', 'order', 'orderby']);

export interface ListWalk {
  /** Every page (else the one the query names, or the first). */
  all: boolean;
  /** Stop after this many records. */
  limit?: number;
  /** Records handed on as RawRecord where the page allows (a writer of compact JSON). */
  raw?: boolean;
  /** Pages in flight after the first (default pages.ts PAGES_IN_FLIGHT). */
  parallel?: number;
  /** The zones of event dates (the profile's, else the site's); one is made when not given. */
  zones?: ZoneSource;
  /** Called once the query is settled, before the first page is asked for (a writer's header). */
  ready?: () => Promise<void>;
  /**
   * The caller shows the total (default true). Without it, a list whose records the client
   * filters (event dates at their exact times) stops once it has the records asked for.
   */
  total?: boolean;
}

/**
 * Walks a list query (linked filters resolved, event date filters at their exact times),
 * handing each record to `onRecord` in order.
 */
export async function walkList(
  access: { client: ApiClient; timezone?: string; messages: Messages },
  resource: Resource,
  query: Query,
  walk: ListWalk,
  onRecord: (record: unknown) => Promise<void> | void,
): Promise<WalkResult> {
  const { client } = access;
  await resolveLinkedFilters(client, resource, query);
  if (resource.isEvent) {
    const [{ applyFilterTimes, walkKept }, { ZoneSource }] = await Promise.all([import('./filter-times.js'), import('./dates.js')]);
    const zones = walk.zones ?? new ZoneSource(client, access.timezone);
    const times = await applyFilterTimes(resource, query, () => (access.timezone ? Promise.resolve(access.timezone) : zones.siteZone()));
    if (times.warning) access.messages.warn(times.warning);
    await walk.ready?.();
    if (times.keep) return walkKept(client, resource, query, walk, times.keep, onRecord);
  } else await walk.ready?.();
  // A venue or organizer search is one filter the core route applies too: records the pages
  // skipped can be looked for there (events have a date window the core route does not).
  const searchable = (key: string) => key === 'search' && !resource.isEvent;
  const complete = walk.all && Object.keys(query).every((key) => UNFILTERED_KEYS.has(key) || searchable(key));
  return walkPages(client, resource, query, { all: walk.all, limit: walk.limit, complete, raw: walk.raw, parallel: walk.parallel }, onRecord);
}
