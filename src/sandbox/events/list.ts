/**
 * `GET /events`: the date window, every filter, paging and the `*_rest_url` links,
 * with the real server's quirks (default window, `include` re-applying it, hidden and
 * end-before-start events never listed).
 */
import { dayEdge } from '../../wordpress/dates.js';
import { restBase, type RequestContext } from '../common/context.js';
import type { ParsedDate } from '../common/dates.js';
import { SiteError, type ParamProblems } from '../common/errors.js';
import { asList, readListParams, type Params } from '../common/params.js';
import { eventJson } from './json.js';
import { searchMatcher } from '../common/search.js';
import { encodeJson, EncodedJson } from '../common/json-text.js';
import type { EventRecord } from '../store/store.js';
import { addDays, addMonths, convertWallClock, utcMsToUtcString } from '../../base/time.js';
import { pageLinks, paging, type Page, type QueryPair } from '../common/paging.js';
import { EDITOR_STATUSES, resources } from '../../spec/resources.js';

export interface DefaultWindow {
  /** As the server computes them before widening (shown in `rest_url` with `include`). */
  rawStart: string;
  rawEnd: string;
  /** The window actually applied. */
  start: string;
  end: string;
}

/**
 * The default window: from 00:00 of the site-local day of "yesterday 23:59 UTC" to the
 * end of the day 24 months ahead. In strict mode both ends are read as UTC and converted.
 */
export function defaultWindow(now: Date, zone: string, strict: boolean): DefaultWindow {
  const utcNow = utcMsToUtcString(now.getTime());
  const rawStart = convertWallClock(`${addDays(utcNow.slice(0, 10), -1)} 23:59:00`, 'UTC', zone);
  const rawEnd = addMonths(utcNow, 24);
  if (strict) return { rawStart, rawEnd, start: convertWallClock(rawStart, 'UTC', zone), end: convertWallClock(rawEnd, 'UTC', zone) };
  return { rawStart, rawEnd, start: dayEdge(rawStart, 'start'), end: dayEdge(rawEnd, 'end') };
}

/** A list date filter as the server applies it: whole days unless strict, UTC-read when strict. */
export function filterDate(parsed: ParsedDate, zone: string, strict: boolean, edge: 'start' | 'end'): string {
  if (strict) return convertWallClock(parsed.utcWall ?? parsed.relativeToUtc ?? parsed.wall, 'UTC', zone);
  // A relative text (`today`, `+1 month`) is read against the UTC clock here too: PHP runs in UTC under WordPress
  // (measured on 6.17.1 at 00:27 UTC, 19:27 in the site's New York: `start_date=tomorrow` is the 28th).
  return dayEdge(parsed.utcWall ?? parsed.relativeToUtc ?? parsed.wall, edge);
}

/** Distinct filter sets whose matches are kept at once. */
const MATCHES_KEPT = 64;

/** An event as lists show it, encoded once and kept until the next write (it holds its venue, organizers and terms). */
function listedJson(ctx: RequestContext, event: EventRecord, blank: boolean): EncodedJson {
  const text = ctx.store.memo('events:listed', `${event.id} ${blank} ${ctx.language ?? ''}`, () => encodeJson(eventJson(ctx, event, { blank })));
  return new EncodedJson(text);
}

const RANGE_PARAMS = resources.events.listParams.filter((p) => p.liftsWindow).map((p) => p.name);

const listedStart = (event: EventRecord) => event.fields.listedStart ?? event.fields.start;

function sortedEvents(ctx: RequestContext): EventRecord[] {
  return ctx.store.derived('events:byStart', () =>
    [...ctx.store.events()].sort((a, b) => {
      const [first, second] = [listedStart(a), listedStart(b)];
      return first < second ? -1 : first > second ? 1 : a.id - b.id;
    }),
  );
}

function searchText(ctx: RequestContext): Map<number, string> {
  return ctx.store.derived('events:search', () => {
    const index = new Map<number, string>();
    for (const event of ctx.store.events()) {
      const variants = Object.values(event.variants ?? {}).flatMap((variant) => Object.values(variant ?? {}));
      index.set(event.id, [event.fields.title, event.fields.description, event.fields.excerpt, ...variants].join('\n').toLowerCase());
    }
    return index;
  });
}

/** The categories named and all their children, grandchildren...: a category filter matches them all. */
function withDescendants(ctx: RequestContext, ids: number[]): number[] {
  const found = new Set(ids);
  for (let grew = true; grew; ) {
    grew = false;
    for (const term of ctx.store.terms('categories')) {
      if (term.parent && found.has(term.parent) && !found.has(term.id)) {
        found.add(term.id);
        grew = true;
      }
    }
  }
  return [...found];
}

interface EventFilters {
  statuses: readonly string[];
  /** Wall-clock bounds of the listed start and of the end, inclusive. */
  start: string | null;
  end: string | null;
  ranges: { name: string; value: string }[];
  include?: number[];
  search?: string;
  /** The categories named and their descendants. */
  categories?: number[];
  /** The first tag named. */
  tags?: number[];
  venues?: number[];
  organizers?: number[];
  featured?: boolean;
  parent?: number;
}

/** The events a list shows, in its order: by listed start, or by publication with `include`. */
function matchingEvents(ctx: RequestContext, filters: EventFilters): EventRecord[] {
  const { start, end, ranges, include, categories, tags, venues, organizers, featured, parent } = filters;
  const statuses = new Set(filters.statuses);
  const includeSet = include ? new Set(include) : null;
  const matches = filters.search ? searchMatcher(filters.search) : null;
  const texts = matches ? searchText(ctx) : null;
  const found = sortedEvents(ctx).filter((event) => {
    const f = event.fields;
    if (!statuses.has(event.status) || f.hideFromListings || f.backwards) return false;
    const listed = f.listedStart ?? f.start;
    if (start !== null && listed < start) return false;
    if (end !== null && f.end > end) return false;
    for (const range of ranges) {
      if (range.name === 'starts_before' && !(listed < range.value)) return false;
      if (range.name === 'starts_after' && !(listed > range.value)) return false;
      if (range.name === 'ends_before' && !(f.end < range.value)) return false;
      if (range.name === 'ends_after' && !(f.end > range.value)) return false;
    }
    if (includeSet && !includeSet.has(event.id)) return false;
    if (categories && !f.categories.some((id) => categories.includes(id))) return false;
    if (tags && !f.tags.includes(tags[0])) return false;
    if (venues && (f.venue === null || !venues.includes(f.venue))) return false;
    if (organizers && !f.organizers.some((id) => organizers.includes(id))) return false;
    if (featured !== undefined && f.featured !== featured) return false;
    if (parent !== undefined && f.parent !== parent) return false;
    if (matches && !matches(texts!.get(event.id) ?? '')) return false;
    return true;
  });
  // Named by `include`, events come in order of publication (local post date), then ID.
  if (include) found.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
  return found;
}

export function listEvents(ctx: RequestContext, params: Params, problems: ParamProblems): Page {
  const query = readListParams(ctx, 'events', params, problems);
  const editor = ctx.user !== null;
  if ('status' in params) {
    const raw = params.status;
    const exactlyPublish = raw === 'publish' || (Array.isArray(raw) && asList(raw).every((item) => item === 'publish'));
    if (!editor && !exactlyPublish) problems.invalid('status');
    if (editor && raw === '') query.values.delete('status');
  }
  problems.throwIfAny();

  const zone = ctx.site.timezone;
  const strict = query.get<boolean>('strict_dates') === true;
  const defaults = defaultWindow(ctx.now, zone, strict);
  const usesRange = RANGE_PARAMS.some((name) => query.has(name));
  const include = query.get<number[]>('include');
  let start: string | null = null;
  let end: string | null = null;
  let shownStart: string | null = null;
  let shownEnd: string | null = null;
  const startParam = query.get<ParsedDate>('start_date');
  const endParam = query.get<ParsedDate>('end_date');
  if (include) {
    // With `include` the server puts its raw defaults in place of the dates given (or of none).
    if (startParam || !usesRange) start = shownStart = defaults.rawStart;
    if (endParam || !usesRange) end = shownEnd = defaults.rawEnd;
  } else {
    if (startParam) start = filterDate(startParam, zone, strict, 'start');
    else if (!usesRange) start = defaults.start;
    if (endParam) end = filterDate(endParam, zone, strict, 'end');
    else if (!usesRange) end = defaults.end;
    shownStart = start;
    shownEnd = end;
  }
  const ranges = RANGE_PARAMS.filter((name) => query.has(name)).map((name) => ({ name, value: filterDate(query.get<ParsedDate>(name)!, zone, strict, 'end') }));

  const statusList = query.get<string[]>('status');
  const search = query.get<string>('search');
  const named = query.get<number[]>('categories');
  const venues = query.get<number[]>('venue');
  const organizers = query.get<number[]>('organizer');
  const featured = query.get<boolean>('featured');
  const parent = query.get<number>('post_parent');
  // The plugin's query holds one lower bound of the start and one upper bound of the end:
  // `starts_after` replaces `start_date`'s, `ends_before` replaces `end_date`'s (the URL shows both).
  const filters: EventFilters = {
    statuses: statusList ?? (editor ? EDITOR_STATUSES : ['publish']),
    start: query.has('starts_after') ? null : start,
    end: query.has('ends_before') ? null : end,
    ranges,
    include,
    search,
    categories: named ? withDescendants(ctx, named) : undefined,
    // Only the first tag named filters (categories match any named): the real site's query
    // keeps the first term of the post_tag clause, whatever the form of the list.
    tags: query.get<number[]>('tags')?.slice(0, 1),
    venues,
    organizers,
    featured,
    parent,
  };
  // A page walk asks for the same matches page after page: they are kept until the next write.
  const found = ctx.store.memo('events:matches', JSON.stringify(filters), () => matchingEvents(ctx, filters), MATCHES_KEPT);
  const { page, perPage, totalPages, slice } = paging(found, query.get<number>('page'), query.get<number>('per_page'));
  if (page > Math.max(totalPages, 1)) throw new SiteError(404, 'event-archive-page-not-found', 'The requested event archive page does not exist');
  const password = query.get<string>('password');
  const events = slice.map((event) => listedJson(ctx, event, Boolean(event.password) && event.password !== password));

  // The order and encoding of the real `rest_url`: encoded whenever a venue, organizer or
  // featured filter is given, with the venue and organizer lists appended unencoded.
  const shown: QueryPair[] = [];
  if (shownStart !== null) shown.push(['start_date', shownStart]);
  if (shownEnd !== null) shown.push(['end_date', shownEnd]);
  if (search) shown.push(['search', search]);
  if (query.has('geoloc') && query.get('geoloc')) shown.push(['geoloc', '1'], ['geoloc_lat', null], ['geoloc_lng', null]);
  // An empty `status` leaves an empty place in the URL (`&&`), as the real one does.
  shown.push(params.status === '' ? ['', null] : ['status', statusList ? statusList.join(',') : editor ? 'any' : 'publish']);
  if (parent !== undefined) shown.push(['post_parent', String(parent)]);
  if (include) shown.push(['include', include.join(',')]);
  for (const range of ranges) shown.push([range.name, range.value]);
  const rawTail: QueryPair[] = [];
  if (venues) rawTail.push(['venue', venues.join(',')]);
  if (organizers) rawTail.push(['organizer', organizers.join(',')]);
  if (featured) rawTail.push(['featured', '1']);
  const encodeAll = Boolean(venues || organizers || featured !== undefined);
  const links = pageLinks(`${restBase(ctx.site)}/events/`, shown, { page, perPage, totalPages, encodeAll, rawTail });
  return {
    body: { events, rest_url: links.restUrl, ...links.neighbours, total: found.length, total_pages: totalPages },
    total: found.length,
    totalPages,
  };
}
