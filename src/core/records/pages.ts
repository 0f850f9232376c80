/**
 * The walk over the pages of a list. Page URLs are built here (the server's next_rest_url
 * drops filters), pages are fetched a few at a time and handed on in order, and a walk
 * over every record is exact: duplicates are dropped and, where the server's order is
 * unstable (venues and organizers sort by post date with no tie-breaker), the records the
 * pages skipped are found through the WordPress core route and read one by one.
 */
import { CalendarError } from '../errors.js';
import { EDITOR_STATUSES, EVERY_EVENT, MAX_PER_PAGE, type Resource } from '../../spec/resources.js';
import { errorFromResponse, type ApiClient, type ApiResponse, type UndecodedAnswer } from '../http/client.js';
import type { Query } from '../http/url.js';
import { cutListPage, RawRecord } from './raw-list.js';

/**
 * Pages fetched at once once the first page has told how many there are: as many as the
 * client keeps connections. A site 20 ms away answered a 5,000-event walk in about 0.8 of the
 * time with 8 as with 5; 12 or 16 were faster still against the sandbox, but ask more of a
 * real site's PHP workers than one list should.
 */
export const PAGES_IN_FLIGHT = 8;
/** Records read one by one at once, where a walk looks for those the pages skipped. */
const RECORDS_IN_FLIGHT = 10;

export interface WalkOptions {
  all: boolean;
  /** The walk covers every record: records the pages skipped are looked for another way. */
  complete?: boolean;
  limit?: number;
  /** Pages in flight after the first one (default PAGES_IN_FLIGHT). */
  parallel?: number;
  /** Records are handed on as RawRecord where the page allows, for a writer of compact JSON. */
  raw?: boolean;
  /**
   * The caller has all it needs (it keeps some of the records it is handed, and has enough):
   * no further page is asked for. Such a walk asks for a page only once the one before is handed on.
   */
  enough?: () => boolean;
}

interface ListBody {
  total?: number;
  total_pages?: number;
  [key: string]: unknown;
}

interface Page {
  records: unknown[];
  pastEnd?: boolean;
  total?: number;
  totalPages?: number;
  /** The query as the server applied it, defaults filled in (its `rest_url`). */
  restUrl?: string;
}

export interface WalkResult {
  total: number | undefined;
  written: number;
  /** The first page's `rest_url`: shows the date window the server used. */
  restUrl?: string;
  /** Records the pages held twice (dropped). */
  duplicates: number;
  /** Records the total promised that no page held and that could not be found another way. */
  unlisted: number;
  /** Records found through the core route after the pages missed them. */
  recovered: number;
  /** The first page asked for was past the last one. */
  pastEnd?: { page: number; totalPages?: number };
}

/** A page asked for: what its headers say, and the page once decoded. */
interface PageAnswer {
  /** The page count the answer's headers give (X-TEC-TotalPages), before its body is read. */
  totalPages?: number;
  read(): Page;
}

/** One page of a list; a page past the end (404 on posts, empty on terms) is an empty page. */
async function fetchPage(client: ApiClient, resource: Resource, query: Query, raw = false): Promise<Page> {
  return (await requestPage(client, resource, query, raw)).read();
}

/**
 * Requests a page; the answer is decoded when read: the walk holds the pages that wait their
 * turn as bytes (see ApiClient.callUndecoded), which keeps its memory flat.
 */
async function requestPage(client: ApiClient, resource: Resource, query: Query, raw: boolean): Promise<PageAnswer> {
  let answer: UndecodedAnswer<ListBody>;
  try {
    answer = await client.callUndecoded<ListBody>('GET', resource.path, { query });
  } catch (err) {
    return { read: pastEndOr(err) };
  }
  const read = (): Page => {
    const bytes = raw ? answer.successBytes() : undefined;
    const cut = bytes === undefined ? undefined : cutListPage(bytes, resource.listKey);
    if (cut) return pageOf(cut.records, cut.rest, answer.headers);
    let res: ApiResponse<ListBody>;
    try {
      res = answer.read();
    } catch (err) {
      return pastEndOr(err)();
    }
    const { body, headers } = res;
    return pageOf(Array.isArray(body?.[resource.listKey]) ? (body[resource.listKey] as unknown[]) : [], body, headers);
  };
  return { totalPages: numberOr(undefined, answer.headers['x-tec-totalpages']), read };
}

function pageOf(records: unknown[], body: ListBody | undefined, headers: Record<string, string>): Page {
  return {
    records,
    total: numberOr(body?.total, headers['x-tec-total']),
    totalPages: numberOr(body?.total_pages, headers['x-tec-totalpages']),
    restUrl: typeof body?.rest_url === 'string' ? body.rest_url : undefined,
  };
}

/** A page past the end, or the error rethrown. */
function pastEndOr(err: unknown): () => Page {
  if (err instanceof CalendarError && err.status === 404 && /archive-page-not-found$/.test(err.code ?? '')) return () => ({ records: [], pastEnd: true });
  throw err;
}

/**
 * Fetches one page, or every page with `all`, handing each record to `onRecord` in order.
 * With `all`, the first page tells how many pages there are; the rest are fetched a few
 * at a time and written in order, so at most `parallel` pages are held in memory.
 * Page URLs are built here: the server's next_rest_url drops filters.
 */
export async function walkPages(
  client: ApiClient,
  resource: Resource,
  query: Query,
  walk: WalkOptions,
  onRecord: (record: unknown) => Promise<void> | void,
): Promise<WalkResult> {
  const perPage = query.per_page !== undefined ? Number(query.per_page) : walk.all ? MAX_PER_PAGE : undefined;
  const firstPage = query.page !== undefined ? Number(query.page) : 1;
  const pageQuery = (page: number): Query => ({ ...query, page: walk.all || query.page !== undefined ? page : undefined, per_page: perPage });
  let written = 0;
  let duplicates = 0;
  const seen = new Set<number>();
  const limitReached = () => (walk.limit !== undefined && written >= walk.limit) || walk.enough?.() === true;
  const emit = async (records: unknown[]) => {
    for (const record of records) {
      if (limitReached()) return;
      const id = record instanceof RawRecord ? record.id : (record as { id?: unknown })?.id;
      if (typeof id === 'number') {
        if (seen.has(id)) {
          duplicates++;
          continue;
        }
        seen.add(id);
      }
      // Awaited only when it must be: a list's writer returns a promise only to wait for its output.
      const pending = onRecord(record);
      if (pending) await pending;
      written++;
    }
  };

  const raw = walk.raw === true;
  const ahead = walk.enough === undefined;
  const parallel = ahead ? Math.max(1, walk.parallel ?? PAGES_IN_FLIGHT) : 1;
  const inFlight: Array<Promise<PageAnswer>> = [];
  let nextToFetch = firstPage + 1;
  let lastPage = firstPage;
  const pagesFor = (totalPages: number, size: number) =>
    walk.limit === undefined ? totalPages : Math.min(totalPages, firstPage - 1 + Math.ceil(walk.limit / Math.max(1, size)));
  const refill = () => {
    while (inFlight.length < parallel && nextToFetch <= lastPage && !limitReached()) {
      const pending = requestPage(client, resource, pageQuery(nextToFetch++), raw);
      pending.catch(() => undefined); // awaited in order below; avoids an unhandled rejection meanwhile
      inFlight.push(pending);
    }
  };
  const settled = async () => {
    // Let pages still in flight settle so that no request outlives the command.
    await Promise.allSettled(inFlight);
  };

  const firstAnswer = await requestPage(client, resource, pageQuery(firstPage), raw);
  // The headers say how many pages there are: the next ones are asked for while the first is read.
  if (ahead && walk.all && perPage !== undefined && firstAnswer.totalPages !== undefined) {
    lastPage = pagesFor(firstAnswer.totalPages, perPage);
    refill();
  }
  const first = firstAnswer.read();
  const { total, restUrl } = first;
  const result = (): WalkResult => ({ total, written, restUrl, duplicates, unlisted: 0, recovered: 0 });
  await emit(first.records);
  if (first.pastEnd && firstPage > 1) {
    await settled();
    // The 404 does not say how many pages there are; the first page does.
    const { totalPages } = await fetchPage(client, resource, pageQuery(1)).catch(() => ({ totalPages: undefined }));
    return { ...result(), pastEnd: { page: firstPage, totalPages } };
  }
  if (!walk.all || first.records.length === 0 || limitReached()) {
    await settled();
    return result();
  }

  const size = perPage ?? first.records.length;
  if (first.totalPages === undefined) {
    // No paging metadata: walk page after page until one comes back empty.
    for (let page = firstPage + 1; !limitReached(); page++) {
      const next = await fetchPage(client, resource, pageQuery(page), raw);
      if (next.records.length === 0) break;
      await emit(next.records);
    }
    return result();
  }

  // The body's count is the one that holds; a page asked for past it answers empty.
  lastPage = pagesFor(first.totalPages, size);
  refill();
  while (inFlight.length > 0 && !limitReached()) {
    const page = (await inFlight.shift()!).read();
    if (page.records.length === 0) break; // the list shrank while we walked it
    if (ahead) refill();
    await emit(page.records);
    if (!ahead) refill();
  }
  await settled();
  const walked = result();
  if (limitReached() || total === undefined || written >= total || firstPage !== 1) return walked;
  const missing = walk.complete ? await completeFromCoreRoute(client, resource, query.status, seen, (record) => emit([record]), query.search) : undefined;
  const recovered = missing?.recovered ?? 0;
  return { ...walked, written, recovered, unlisted: Math.max(0, total - written) };
}

/**
 * The records of a post type that the pages skipped: their IDs from the WordPress core
 * route (ordered by ID, so stable), each then read through the namespace's own route.
 * Undefined when the site does not answer the core route.
 *
 * With a `search`, the core route is asked for the same words: it looks for each in the
 * title, description and excerpt, as the plugin's search does among other fields, so what
 * it finds the filtered list also holds. A record the plugin matched by another field alone
 * (a venue's city) stays out of reach, and the walk says how many are missing.
 */
async function completeFromCoreRoute(
  client: ApiClient,
  resource: Resource,
  status: Query[string],
  seen: Set<number>,
  emit: (record: unknown) => Promise<void>,
  search?: Query[string],
): Promise<{ recovered: number } | undefined> {
  const items = await coreRouteItems(client, resource, status, 'id', search);
  if (items === undefined) return undefined;
  const ids = items.map((item) => item.id).filter((id): id is number => typeof id === 'number' && !seen.has(id));
  // Read a few at a time, handed on in ID order.
  let recovered = 0;
  for (let at = 0; at < ids.length; at += RECORDS_IN_FLIGHT) {
    const batch = ids.slice(at, at + RECORDS_IN_FLIGHT).map((id) => client.send('GET', `${resource.path}/${id}`));
    for (const res of await Promise.all(batch)) {
      if (res.status !== 200 || res.text !== undefined) continue;
      await emit(res.body);
      recovered++;
    }
  }
  return { recovered };
}

const CORE_MAX_PER_PAGE = 100;

/**
 * Every item of a post type's WordPress core route with the given `_fields` (matching
 * `search` when given), ordered by ID
 * (so no page skips or repeats one). The first page tells how many there are; the rest are
 * fetched PAGES_IN_FLIGHT at a time and kept in order. Undefined when the site does not
 * answer that route.
 */
async function coreRouteItems(
  client: ApiClient,
  resource: Resource,
  status: Query[string],
  fields: string,
  search?: Query[string],
  context?: 'edit',
): Promise<Array<Record<string, unknown>> | undefined> {
  if (!resource.isPost) return undefined;
  let asked = context;
  const fetchCorePage = async (page: number): Promise<{ items: Array<Record<string, unknown>>; pages: number } | undefined> => {
    const query: Query = { orderby: 'id', order: 'asc', _fields: fields, per_page: CORE_MAX_PER_PAGE, page };
    if (status !== undefined) query.status = status;
    if (search !== undefined) query.search = search;
    if (asked !== undefined) query.context = asked;
    const res = await client.send<Array<Record<string, unknown>>>('GET', `/wp/v2/${resource.wpType}`, { query, fromRoot: true });
    // A user who may not edit the records is refused `context=edit`: the list as shown serves.
    if (page === 1 && asked !== undefined && (res.status === 401 || res.status === 403)) {
      asked = undefined;
      return fetchCorePage(1);
    }
    if (res.status !== 200 || !Array.isArray(res.body)) {
      // Past the last page: the list shrank while it was read. Any other failure after the
      // first page would leave the list short without saying so.
      if (page === 1 || /invalid_page_number$/.test((res.body as { code?: string } | undefined)?.code ?? '')) return undefined;
      throw errorFromResponse(res);
    }
    return { items: res.body.filter((item) => item !== null && typeof item === 'object'), pages: Number(res.headers['x-wp-totalpages'] ?? '1') };
  };
  const first = await fetchCorePage(1);
  if (first === undefined) return undefined;
  const items = [...first.items];
  if (first.items.length < CORE_MAX_PER_PAGE) return items;
  const inFlight: Array<ReturnType<typeof fetchCorePage>> = [];
  let nextToFetch = 2;
  const refill = () => {
    while (inFlight.length < PAGES_IN_FLIGHT && nextToFetch <= first.pages) {
      const pending = fetchCorePage(nextToFetch++);
      pending.catch(() => undefined); // awaited in order below
      inFlight.push(pending);
    }
  };
  refill();
  while (inFlight.length > 0) {
    const page = await inFlight.shift()!;
    if (page === undefined) break;
    items.push(...page.items);
    if (page.items.length < CORE_MAX_PER_PAGE) break;
    refill();
  }
  await Promise.allSettled(inFlight);
  return items;
}

/**
 * The ID, slug and name of every venue or organizer (drafts included when signed in) from the
 * core route alone: when only names matter (the names an import must not take), this is a
 * few pages, where the namespace's list, whose order is unstable among records created in the
 * same second, needs every record it skipped read one by one. False when the site does not
 * answer the core route; the caller walks the records instead.
 */
export async function walkEveryName(client: ApiClient, resource: Resource, onEntry: (id: number, slug: unknown, name: unknown) => void): Promise<boolean> {
  const status = client.hasCredentials ? EDITOR_STATUSES.join(',') : undefined;
  // Names as stored (the server compares those), where the user may read them; else as shown.
  const items = await coreRouteItems(client, resource, status, 'id,slug,title', undefined, client.hasCredentials ? 'edit' : undefined);
  if (items === undefined) return false;
  for (const item of items) {
    const title = item.title as { raw?: unknown; rendered?: unknown } | undefined;
    if (typeof item.id === 'number') onEntry(item.id, item.slug, title?.raw ?? title?.rendered);
  }
  return true;
}

function numberOr(value: unknown, header: string | undefined): number | undefined {
  if (typeof value === 'number') return value;
  if (header !== undefined && /^[0-9]+$/.test(header)) return Number(header);
  return undefined;
}

/** The list query that returns every record: past and future events, drafts when signed in, unused terms. */
export function everyRecordQuery(resource: Resource, authenticated: boolean): Query {
  const query: Query = { per_page: MAX_PER_PAGE };
  if (resource.isEvent) Object.assign(query, EVERY_EVENT);
  if (resource.isPost && authenticated) query.status = EDITOR_STATUSES.join(',');
  if (!resource.isPost) query.hide_empty = 'false';
  return query;
}

export function walkEveryRecord(client: ApiClient, resource: Resource, onRecord: (record: Record<string, unknown>) => Promise<void> | void) {
  return walkPages(client, resource, everyRecordQuery(resource, client.hasCredentials), { all: true, complete: true }, (r) =>
    onRecord(r as Record<string, unknown>),
  );
}

/**
 * Every event, those hidden from listings included (or, with `onlyUnlisted`, only those):
 * the events list, then the IDs only the core route knows, each read by ID. Hidden events
 * that have ended are in neither list, so they cannot be found.
 */
export async function walkEveryEvent(
  client: ApiClient,
  resource: Resource,
  onRecord: (record: Record<string, unknown>) => Promise<void> | void,
  options: { onlyUnlisted?: boolean } = {},
): Promise<{ hidden: number; coreRoute: boolean }> {
  const listed = new Set<number>();
  await walkPages(client, resource, everyRecordQuery(resource, client.hasCredentials), { all: true }, (r) => {
    const id = (r as { id?: unknown }).id;
    if (typeof id === 'number') listed.add(id);
    if (!options.onlyUnlisted) return onRecord(r as Record<string, unknown>);
  });
  const status = client.hasCredentials ? EDITOR_STATUSES.join(',') : undefined;
  const found = await completeFromCoreRoute(client, resource, status, listed, async (r) => onRecord(r as Record<string, unknown>));
  return { hidden: found?.recovered ?? 0, coreRoute: found !== undefined };
}

/** The key under which that note is given once a day for a site (see Ui.notice). */
export function unlistedEventsKey(client: ApiClient): string {
  return `unlisted-events ${client.options.siteKey ?? client.options.root.root}`;
}

/** What an export of every event must admit it could not see. */
export function unlistedEventsNote(result: { coreRoute: boolean }): string {
  return result.coreRoute
    ? 'events hidden from listings that have already ended are in no list the API offers, so they are not in this output'
    : 'the site does not answer the WordPress core route, so events hidden from listings are not in this output';
}

/** One line for stderr when a walk could not be made exact; undefined when it was. */
export function walkShortfall(resource: Resource, result: WalkResult): string | undefined {
  if (result.unlisted === 0) return undefined;
  return (
    `${result.unlisted} of the ${result.total} ${resource.name} the server counts could not be listed (its page ` +
    `order is unstable and no other way to find them answered); the output is short by that many`
  );
}

/** The date window a server's `rest_url` shows: `start_date` and `end_date`, raw or encoded. */
export function windowOf(restUrl: string | undefined): { start?: string; end?: string } {
  if (!restUrl) return {};
  const query = restUrl.slice(restUrl.indexOf('?') + 1).replace(/\+/g, ' ');
  const read = (name: string) => {
    const match = new RegExp(`(?:^|&)${name}=([^&]*)`).exec(query);
    if (!match) return undefined;
    try {
      return decodeURIComponent(match[1]);
    } catch {
      return match[1];
    }
  };
  return { start: read('start_date'), end: read('end_date') };
}
