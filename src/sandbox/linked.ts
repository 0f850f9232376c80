/**
 * Venues and organizers: create (with the real server's de-duplication by name), update
 * (venue: image removed, maps switched on, stateprovince dropped), trash, read, list.
 */
import { EDITOR_STATUSES, POST_META, resources } from '../resources.js';
import { nowLocalWall, nowUtcWall, restBase, type RequestContext } from './context.js';
import { ApiError, ParamProblems } from './errors.js';
import { insertedModifiedUtc, isVisibleTo, postMeta, trash } from './fields.js';
import { setVariant, translatableFields } from './i18n.js';
import { asList, readListParams, type Params } from './params.js';
import { pageLinks, pageWindow, paging, type Page } from './paging.js';
import { sortWithUnstableTies } from './tie-order.js';
import { organizerJson, venueJson } from './records.js';
import { slugify, type EventRecord, type LinkedFields, type PostRecord, type PostType } from './store.js';
import { searchMatcher } from './event-list.js';
import { POST_TYPE, storedKey, SWITCHES, type LinkedResource } from './kinds.js';

export type { LinkedResource } from './kinds.js';

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const STATE_FIELDS = ['state', 'province', 'stateprovince'];
const META = new Set(POST_META.map((field) => field.name));

export function linkedJson(ctx: RequestContext, resource: LinkedResource, post: PostRecord, jsonLd = false) {
  return resource === 'venues' ? venueJson(ctx, post, { jsonLd }) : organizerJson(ctx, post, { jsonLd });
}

/** Stores the fields sent; with a language, text goes to that language's variant. */
function applyFields(ctx: RequestContext, resource: LinkedResource, post: PostRecord, params: Params, creating: boolean): void {
  const fields = post.fields as LinkedFields;
  const translated = translatableFields(resource);
  for (const field of resources[resource].fields) {
    const value = params[field.name];
    if (value === undefined || META.has(field.name)) continue;
    if (field.type === 'boolstring') fields[storedKey(field.name)] = TRUE_WORDS.has(String(value).toLowerCase());
    else if (ctx.language && translated.has(field.name)) {
      setVariant(post, ctx.language, field.name, String(value));
      if (creating) fields[field.name] = String(value);
    } else fields[field.name] = String(value);
  }
  // A venue's excerpt is not stored by the real server; an organizer's is.
  if (resource === 'organizers' && typeof params.excerpt === 'string') fields.excerpt = params.excerpt;
}

/** The combined state/province: from what a write sent when it sent any, else from what is stored. */
function stateProvince(fields: LinkedFields, params: Params = {}): string {
  return String(params.stateprovince || params.state || params.province || fields.stateprovince || fields.state || fields.province || '');
}

function sameText(a: unknown, b: unknown): boolean {
  return String(a ?? '').trim().toLowerCase() === String(b ?? '').trim().toLowerCase();
}

/** POST /venues and /organizers, and inline objects in an event write. Returns the old record on a name match. */
export function createLinked(ctx: RequestContext, resource: LinkedResource, params: Params): PostRecord {
  const type = POST_TYPE[resource];
  const nameField = resources[resource].nameField;
  const name = String(params[nameField] ?? '');
  const existing = ctx.store.postsNamed(type as 'venue' | 'organizer', name).find((post) => {
    const fields = post.fields as LinkedFields;
    if (post.status === 'trash') return false;
    if (params.description !== undefined && !sameText(fields.description, params.description)) return false;
    if (params.excerpt !== undefined && !sameText(fields.excerpt, params.excerpt)) return false;
    return true;
  });
  if (existing) {
    // The match overwrites the old record's fields but keeps its stored spelling of the name.
    const { [nameField]: _sentName, ...rest } = params;
    applyFields(ctx, resource, existing, rest, false);
    if (resource === 'venues' && STATE_FIELDS.some((key) => key in params)) (existing.fields as LinkedFields).stateprovince = stateProvince(existing.fields as LinkedFields, params);
    existing.modifiedUtc = nowUtcWall(ctx);
    ctx.store.changed(existing);
    return existing;
  }
  const meta = postMeta(ctx, params);
  const fields: LinkedFields = Object.fromEntries(SWITCHES[resource].map((name) => [storedKey(name), true]));
  const post = ctx.store.addPost({ type, ...meta, modifiedUtc: insertedModifiedUtc(meta), slug: '', fields });
  applyFields(ctx, resource, post, params, true);
  if (resource === 'venues') fields.stateprovince = stateProvince(fields);
  post.slug = ctx.store.uniqueSlug(slugify(name), (slug) => ctx.store.postBySlug(type, slug) !== undefined);
  ctx.store.changed(post);
  return post;
}

export function updateLinked(ctx: RequestContext, resource: LinkedResource, post: PostRecord, params: Params): void {
  const fields = post.fields as LinkedFields;
  // Without `status` an update publishes, as it does for events (the user may publish).
  const meta = postMeta(ctx, params, { status: 'publish', author: post.author, date: post.date, dateUtc: post.dateUtc });
  Object.assign(post, { status: meta.status, author: meta.author, date: meta.date, dateUtc: meta.dateUtc });
  if (post.status !== 'trash' && post.slug.endsWith('__trashed')) post.slug = post.slug.slice(0, -'__trashed'.length);
  fields.image = null;
  if (resource === 'venues') {
    for (const name of SWITCHES[resource]) fields[storedKey(name)] = true;
    const stateSent = STATE_FIELDS.some((key) => key in params);
    applyFields(ctx, resource, post, params, false);
    if (stateSent) fields.stateprovince = stateProvince(fields, params);
    else delete fields.stateprovince;
  } else {
    applyFields(ctx, resource, post, params, false);
  }
  post.modifiedUtc = nowUtcWall(ctx);
  ctx.store.changed(post);
}

export function deleteLinked(ctx: RequestContext, resource: LinkedResource, post: PostRecord): void {
  if (post.status === 'trash') {
    const kind = POST_TYPE[resource];
    throw new ApiError(410, `${kind}-is-in-trash`, `The ${kind} is already trashed`);
  }
  trash(ctx, post);
  // As on the real server: published upcoming events lose the trashed venue, and lose every
  // organizer (not only the trashed one) when an organizer they list is trashed.
  const nowLocal = nowLocalWall(ctx);
  for (const event of ctx.store.events()) {
    if (event.status !== 'publish' || event.fields.end < nowLocal) continue;
    if (resource === 'venues' && event.fields.venue === post.id) event.fields.venue = null;
    if (resource === 'organizers' && event.fields.organizers.includes(post.id)) event.fields.organizers = [];
  }
}

export function readableLinked(ctx: RequestContext, resource: LinkedResource, post: PostRecord): PostRecord {
  if (!isVisibleTo(ctx, post)) {
    const kind = POST_TYPE[resource];
    throw new ApiError(403, `${kind}-not-accessible`, `The requested ${kind} is not accessible`);
  }
  return post;
}

/** What the list's search looks into: the name, description and excerpt, and the fields the table marks `searched`. */
const SEARCHED_KEYS: Record<LinkedResource, string[]> = {
  venues: searchedKeys('venues'),
  organizers: searchedKeys('organizers'),
};

function searchedKeys(resource: LinkedResource): string[] {
  const { nameField, fields } = resources[resource];
  return [nameField, 'description', 'excerpt', ...fields.filter((field) => field.searched).map((field) => field.name)];
}

function searchableText(resource: LinkedResource, post: PostRecord): string {
  const fields = post.fields as LinkedFields;
  return SEARCHED_KEYS[resource].map((key) => String(fields[key] ?? '')).join('\n').toLowerCase();
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
    .filter((event) => statuses.has(event.status) && event.status !== 'trash' && !event.fields.hideFromListings && start(event) >= now)
    .sort((a, b) => (start(a) < start(b) ? -1 : start(a) > start(b) ? 1 : a.id - b.id))
    .slice(0, UPCOMING_PAGE);
  return new Set(events.flatMap((event) => (type === 'venue' ? (event.fields.venue === null ? [] : [event.fields.venue]) : event.fields.organizers)));
}

export function listLinked(ctx: RequestContext, resource: LinkedResource, params: Params, problems: ParamProblems): Page {
  const query = readListParams(ctx, resource, params, problems);
  const editor = ctx.user !== null;
  if ('status' in params && !editor && !(params.status === 'publish' || (Array.isArray(params.status) && asList(params.status).every((s) => s === 'publish')))) {
    problems.invalid('status');
  }
  problems.throwIfAny();
  const type = POST_TYPE[resource];
  const statusList = query.get<string[]>('status');
  const statuses = new Set(statusList ?? (editor ? EDITOR_STATUSES : ['publish']));
  const eventId = query.get<number>('event');
  const hasEvents = query.get<boolean>('has_events');
  const upcoming = query.get<boolean>('only_with_upcoming');
  const linkedToPublished = (post: PostRecord) =>
    ctx.store.events().some((event) => {
      if (event.status !== 'publish' && event.status !== 'private') return false;
      return type === 'venue' ? event.fields.venue === post.id : event.fields.organizers.includes(post.id);
    });
  const withUpcoming = upcoming ? linkedToUpcoming(ctx, type, statuses) : null;
  const eventRecord = eventId !== undefined ? ctx.store.event(eventId) : undefined;
  const base = ctx.store
    .postsOfType(type)
    .filter((post) => {
      if (!statuses.has(post.status)) return false;
      if (eventRecord && !(type === 'venue' ? eventRecord.fields.venue === post.id : eventRecord.fields.organizers.includes(post.id))) return false;
      if (hasEvents !== undefined && linkedToPublished(post) !== hasEvents) return false;
      if (withUpcoming && !withUpcoming.has(post.id)) return false;
      return true;
    });
  // Newest post date first, and nothing to break ties: see tie-order.ts.
  const window = pageWindow(query.get<number>('page'), query.get<number>('per_page'));
  sortWithUnstableTies(base, (post) => post.date, (post) => post.id, window.offset, window.size);
  const search = query.get<string>('search');
  const matches = search ? searchMatcher(search) : null;
  const found = matches ? base.filter((post) => matches(searchableText(resource, post))) : base;
  // A search that matches nothing still reports the unfiltered total, like the real server.
  const total = found.length === 0 && matches ? base.length : found.length;
  const { page, perPage, slice } = paging(found, query.get<number>('page'), query.get<number>('per_page'));
  const totalPages = Math.ceil(total / perPage);
  if (page > Math.max(totalPages, 1)) {
    throw new ApiError(404, `${type}-archive-page-not-found`, `The requested ${type} archive page does not exist`);
  }
  const shown: [string, string][] = [];
  if (eventId !== undefined) shown.push(['event', String(eventId)]);
  if (hasEvents !== undefined) shown.push(['has_events', String(params.has_events)]);
  shown.push(['status', statusList ? statusList.join(',') : editor ? 'any' : 'publish']);
  const links = pageLinks(`${restBase(ctx.site)}/${resource}/`, shown, { page, perPage, totalPages: Math.ceil(found.length / perPage), encodeAll: false });
  return {
    body: { [resource]: slice.map((post) => linkedJson(ctx, resource, post)), rest_url: links.restUrl, ...links.neighbours, total, total_pages: totalPages },
    total,
    totalPages,
  };
}
