/** `GET /venues` and `/organizers`: statuses, the event and upcoming-event filters, search, and the database's unstable order of ties. */
import { EDITOR_STATUSES, resources } from '../../spec/resources.js';
import { nowUtcWall, restBase, type RequestContext } from '../common/context.js';
import { SiteError, type ParamProblems } from '../common/errors.js';
import { asList, readListParams, type Params } from '../common/params.js';
import { pageLinks, pageWindow, paging, type Page } from '../common/paging.js';
import { foundBySearch, searchPieces } from '../../wordpress/linked-search.js';
import { sortWithUnstableTies } from '../common/tie-order.js';
import type { EventRecord, LinkedFields, PostRecord, PostType } from '../store/store.js';
import { POST_TYPE, type LinkedResource } from '../store/kinds.js';
import { linkedJson } from './json.js';

/** What the list's search looks into (the plugin's find_like): the name, description and excerpt, and the fields the table marks `searched`. */
const SEARCHED_KEYS: Record<LinkedResource, string[]> = {
  venues: searchedKeys('venues'),
  organizers: searchedKeys('organizers'),
};

function searchedKeys(resource: LinkedResource): string[] {
  const { nameField, fields } = resources[resource];
  return [nameField, 'description', 'excerpt', ...fields.filter((field) => field.searched).map((field) => field.name)];
}

function searchedFields(resource: LinkedResource, post: PostRecord): string[] {
  const fields = post.fields as LinkedFields;
  return SEARCHED_KEYS[resource].map((key) => String(fields[key] ?? ''));
}

/** How many upcoming events the plugin looks at for `only_with_upcoming`: one default page. */
const UPCOMING_PAGE = 10;

/**
 * `only_with_upcoming`: the venues or organizers of the first page of events (by start, hidden
 * ones left out, in the list's statuses) that start after "now" as the plugin writes it: the
 * UTC clock read as site time.
 */
function linkedToUpcoming(ctx: RequestContext, type: PostType, statuses: Set<string>): Set<number> {
  const now = nowUtcWall(ctx);
  const start = (event: EventRecord) => event.fields.listedStart ?? event.fields.start;
  const events = ctx.store
    .events()
    .filter(
      (event) => statuses.has(event.status) && event.status !== 'trash' && !event.fields.hideFromListings && !event.fields.backwards && start(event) >= now,
    )
    .sort((a, b) => (start(a) < start(b) ? -1 : start(a) > start(b) ? 1 : a.id - b.id))
    .slice(0, UPCOMING_PAGE);
  return new Set(events.flatMap((event) => (type === 'venue' ? (event.fields.venue === null ? [] : [event.fields.venue]) : event.fields.organizers)));
}

export function listLinked(ctx: RequestContext, resource: LinkedResource, params: Params, problems: ParamProblems): Page {
  const query = readListParams(ctx, resource, params, problems);
  const editor = ctx.user !== null;
  if (
    'status' in params &&
    !editor &&
    !(params.status === 'publish' || (Array.isArray(params.status) && asList(params.status).every((s) => s === 'publish')))
  ) {
    problems.invalid('status');
  }
  problems.throwIfAny();
  const type = POST_TYPE[resource];
  const statusList = query.get<string[]>('status');
  const statuses = new Set(statusList ?? (editor ? EDITOR_STATUSES : ['publish']));
  const eventId = query.get<number>('event');
  const hasEvents = query.get<boolean>('has_events');
  const upcoming = query.get<boolean>('only_with_upcoming');
  // `has_events` counts events in any status but draft and pending (a trashed one too).
  const linkedToEvents = (post: PostRecord) =>
    ctx.store.events().some((event) => {
      if (event.status === 'draft' || event.status === 'pending') return false;
      return type === 'venue' ? event.fields.venue === post.id : event.fields.organizers.includes(post.id);
    });
  const withUpcoming = upcoming ? linkedToUpcoming(ctx, type, statuses) : null;
  const eventRecord = eventId !== undefined ? ctx.store.event(eventId) : undefined;
  const base = ctx.store.postsOfType(type).filter((post) => {
    if (!statuses.has(post.status)) return false;
    if (eventRecord && !(type === 'venue' ? eventRecord.fields.venue === post.id : eventRecord.fields.organizers.includes(post.id))) return false;
    if (hasEvents !== undefined && linkedToEvents(post) !== hasEvents) return false;
    if (withUpcoming && !withUpcoming.has(post.id)) return false;
    return true;
  });
  // Newest post date first, and nothing to break ties: see common/tie-order.ts.
  const window = pageWindow(query.get<number>('page'), query.get<number>('per_page'));
  sortWithUnstableTies(
    base,
    (post) => post.date,
    (post) => post.id,
    window.offset,
    window.size,
  );
  // The search is run on its own over every record of the type; what it finds is then
  // filtered like the rest. When it finds nothing at all, the page is empty but the total
  // (and the next page's link) are those of the list without the search.
  // Only the ASCII letters, digits and hyphens of the text are looked for (wordpress/linked-search.ts).
  const search = query.get<string>('search');
  const pieces = search ? searchPieces(search) : null;
  const matches = pieces && ((post: PostRecord) => foundBySearch(pieces, searchedFields(resource, post)));
  const searchFoundNothing = matches !== null && !ctx.store.postsOfType(type).some(matches);
  const found = searchFoundNothing ? [] : matches ? base.filter(matches) : base;
  const total = searchFoundNothing ? base.length : found.length;
  const { page, perPage, slice } = paging(found, query.get<number>('page'), query.get<number>('per_page'));
  const totalPages = Math.ceil(total / perPage);
  if (slice.length === 0 && page > 1) {
    throw new SiteError(404, `${type}-archive-page-not-found`, `The requested ${type} archive page does not exist`);
  }
  const shown: [string, string][] = [];
  if (eventId !== undefined) shown.push(['event', String(eventId)]);
  if (hasEvents !== undefined) shown.push(['has_events', String(params.has_events)]);
  shown.push(['status', statusList ? statusList.join(',') : editor ? 'any' : 'publish']);
  const links = pageLinks(`${restBase(ctx.site)}/${resource}/`, shown, { page, perPage, totalPages, encodeAll: false });
  return {
    body: { [resource]: slice.map((post) => linkedJson(ctx, resource, post)), rest_url: links.restUrl, ...links.neighbours, total, total_pages: totalPages },
    total,
    totalPages,
  };
}
