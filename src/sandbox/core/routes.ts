/**
 * WordPress core's routes for the calendar's post types, as a real site answers them
 * (recordings-2, wp_tribe_*.http): `GET /wp/v2/{tribe_events|tribe_venue|tribe_organizer}`,
 * `GET .../{id}`, updates of `.../{id}` (core/write.ts) and `DELETE .../{id}` (with `force=true` the
 * only permanent delete).
 * The events collection leaves out events that have ended (src/wordpress/read-routes.ts), but
 * keeps drafts and events hidden from listings.
 */
import { nowLocalWall, type RequestContext, type SiteResponse } from '../common/context.js';
import { CORE_POST_TYPES, corePostJson, type CorePostType } from './json.js';
import { postTexts } from '../common/revisions.js';
import { SiteError, noRoute } from '../common/errors.js';
import { searchMatcher } from '../common/search.js';
import { applyFieldsParam, fieldsParamKeys } from './fields-param.js';
import { trash } from '../common/post-fields.js';
import { asList, parseBoolean, type Params } from '../common/params.js';
import type { EventFields, PostRecord } from '../store/store.js';
import { sortWithUnstableTies } from '../common/tie-order.js';
import { CORE_TAXONOMIES, handleCoreTerms } from './terms.js';
import { updateCorePost } from './write.js';
import { unlinkTrashed } from '../linked/write.js';
import { CORE_LISTS_ENDED_EVENTS } from '../../wordpress/read-routes.js';

export interface CoreTarget {
  /** The route's name: a post type's (`tribe_events`) or a taxonomy's (`tags`). */
  wpType: CorePostType;
  id?: number;
  /** Set for a taxonomy's route (core/terms.ts answers those). */
  taxonomy?: boolean;
}

const STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'trash'];
const ORDERBY = ['author', 'date', 'id', 'include', 'modified', 'parent', 'relevance', 'slug', 'include_slugs', 'title'];
const DEFAULT_PER_PAGE = 10;
const MAX_PER_PAGE = 100;
const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** `/wp/v2/tribe_events`, `/wp/v2/tribe_events/12`, `/wp/v2/tags/4`...; null for any other path. */
export function matchCoreRoute(restPath: string): CoreTarget | null {
  const match = /^\/wp\/v2\/([a-z_]+)(?:\/(\d+))?\/?$/.exec(restPath);
  if (!match) return null;
  const id = match[2] ? { id: Number(match[2]) } : {};
  if (Object.hasOwn(CORE_TAXONOMIES, match[1])) return { wpType: match[1], taxonomy: true, ...id };
  if (!Object.hasOwn(CORE_POST_TYPES, match[1])) return null;
  return { wpType: match[1] as CorePostType, ...id };
}

/** The methods WordPress announces in `Allow` (the sandbox serves updates of a post's own columns and DELETE). */
export function coreAllow(ctx: RequestContext, target: CoreTarget): string[] {
  if (!ctx.user) return ['GET'];
  return target.id === undefined ? ['GET', 'POST'] : ALL_METHODS;
}

function invalid(param: string, code: string, message: string, status = 400): SiteError {
  return new SiteError(400, 'rest_invalid_param', `Invalid parameter(s): ${param}`, {
    params: { [param]: message },
    details: { [param]: { code, message, data: status === 400 ? null : { status } } },
  });
}

function boundedInteger(params: Params, name: string, fallback: number, max?: number): number {
  if (params[name] === undefined) return fallback;
  const value = Number(params[name]);
  const range = max === undefined ? `${name} must be greater than or equal to 1` : `${name} must be between 1 (inclusive) and ${max} (inclusive)`;
  if (!Number.isInteger(value) || value < 1 || (max !== undefined && value > max)) throw invalid(name, 'rest_out_of_bounds', range);
  return value;
}

function requestedStatuses(ctx: RequestContext, params: Params): Set<string> {
  const asked = params.status === undefined ? ['publish'] : asList(params.status);
  for (const status of asked) {
    if (status !== 'any' && !STATUSES.includes(status)) throw invalid('status', 'rest_not_in_enum', `status[0] is not one of ${STATUSES.join(', ')}, any.`);
    if (status !== 'publish' && !ctx.user) throw invalid('status', 'rest_forbidden_status', 'Status is forbidden.', 401);
  }
  return new Set(asked.includes('any') ? STATUSES.filter((status) => status !== 'trash') : asked);
}

/** Events by the start the plugin's lists sort by, soonest first; other posts tie. */
function byEventStart(a: PostRecord, b: PostRecord): number {
  if (a.type !== 'event' || b.type !== 'event') return 0;
  const start = (post: PostRecord) => (post.fields as EventFields).listedStart ?? (post.fields as EventFields).start;
  const [sa, sb] = [start(a), start(b)];
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

function orderedPosts(posts: PostRecord[], params: Params, include: number[], offset: number, size: number): PostRecord[] {
  const orderby = params.orderby === undefined ? 'date' : String(params.orderby);
  if (!ORDERBY.includes(orderby)) throw invalid('orderby', 'rest_not_in_enum', `orderby is not one of ${ORDERBY.join(', ')}.`);
  const order = params.order === undefined ? 'desc' : String(params.order);
  if (order !== 'asc' && order !== 'desc') throw invalid('order', 'rest_not_in_enum', 'order is not one of asc, desc.');
  const compare: Partial<Record<string, (a: PostRecord, b: PostRecord) => number>> = {
    id: (a, b) => a.id - b.id,
    title: (a, b) => postTexts(a).title.localeCompare(postTexts(b).title),
    slug: (a, b) => a.slug.localeCompare(b.slug),
    modified: (a, b) => a.modifiedUtc.localeCompare(b.modifiedUtc),
    include: (a, b) => include.indexOf(a.id) - include.indexOf(b.id),
  };
  const byKey = compare[orderby];
  // Like the plugin's own venue list, `date` has no tie-breaker in the database (see common/tie-order.ts),
  // but for events the plugin's query adds the start date, ascending: events created or updated in
  // the same second come soonest first (recordings-2, wp_tribe_events_list*.http).
  if (!byKey)
    sortWithUnstableTies(
      posts,
      (post) => post.date,
      (post) => post.id,
      offset,
      size,
      byEventStart,
    );
  else posts.sort(byKey);
  if (order === 'asc' && !byKey) posts.reverse();
  if (order === 'desc' && byKey && orderby !== 'include') posts.reverse();
  return posts;
}

function pageLinkHeader(ctx: RequestContext, wpType: CorePostType, params: Params, page: number, totalPages: number): string | undefined {
  const query = (target: number) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (key === 'page') continue;
      if (key === 'status') asList(value).forEach((status, index) => search.append(`status[${index}]`, status));
      else search.append(key, Array.isArray(value) ? value.join(',') : String(value));
    }
    search.set('page', String(target));
    return `${ctx.site.baseUrl}/wp-json/wp/v2/${wpType}?${search.toString()}`;
  };
  const links: string[] = [];
  if (page > 1) links.push(`<${query(page - 1)}>; rel="prev"`);
  if (page < totalPages) links.push(`<${query(page + 1)}>; rel="next"`);
  return links.length ? links.join(', ') : undefined;
}

/** Ordered query results kept between writes (each can hold every record of a type). */
const CORE_LISTS_KEPT = 16;

function listCore(ctx: RequestContext, wpType: CorePostType, params: Params, allow: string[]): SiteResponse {
  const page = boundedInteger(params, 'page', 1);
  const perPage = boundedInteger(params, 'per_page', DEFAULT_PER_PAGE, MAX_PER_PAGE);
  const statuses = requestedStatuses(ctx, params);
  const edit = params.context === 'edit';
  if (edit && !ctx.user) throw new SiteError(401, 'rest_forbidden_context', 'Sorry, you are not allowed to edit posts in this post type.');
  const include = asList(params.include).map(Number);
  const exclude = new Set(asList(params.exclude).map(Number));
  const slugs = asList(params.slug);
  const matches = typeof params.search === 'string' && params.search ? searchMatcher(params.search) : null;
  const nowLocal = nowLocalWall(ctx);
  const matching = () =>
    ctx.store.postsOfType(CORE_POST_TYPES[wpType]).filter((post) => {
      if (!statuses.has(post.status)) return false;
      if (!CORE_LISTS_ENDED_EVENTS && post.type === 'event' && (post.fields as EventFields).end < nowLocal) return false;
      if (include.length && !include.includes(post.id)) return false;
      if (exclude.has(post.id) || (slugs.length && !slugs.includes(post.slug))) return false;
      if (matches) {
        const texts = postTexts(post);
        if (!matches(`${texts.title}\n${texts.content}\n${texts.excerpt}`.toLowerCase())) return false;
      }
      return true;
    });
  // Ordered by a key, a query's matches are the same from page to page until the next write:
  // a walk over thousands of records filters and sorts them once, not once a page. (`date`, the
  // default, orders ties by where the page falls, as MySQL does: it is worked out per page.)
  const byKey = params.orderby !== undefined && String(params.orderby) !== 'date';
  const queryKey = () =>
    JSON.stringify([wpType, [...statuses], include, [...exclude], slugs, params.search ?? null, params.orderby, params.order ?? null, nowLocal]);
  const found = byKey ? ctx.store.memo('core-list', queryKey(), () => orderedPosts(matching(), params, include, 0, 0), CORE_LISTS_KEPT) : matching();
  const totalPages = Math.ceil(found.length / perPage);
  if (found.length && page > totalPages)
    throw new SiteError(400, 'rest_post_invalid_page_number', 'The page number requested is larger than the number of pages available.');
  const offset = (page - 1) * perPage;
  const shown = (byKey ? found : orderedPosts(found, params, include, offset, perPage)).slice(offset, offset + perPage);
  const only = fieldsParamKeys(params._fields);
  const body = shown.map((post) => corePostJson(ctx, post, wpType, { edit, allow: ctx.user ? ALL_METHODS : ['GET'], only }));
  const headers: Record<string, string> = { 'X-WP-Total': String(found.length), 'X-WP-TotalPages': String(totalPages), Allow: allow.join(', ') };
  const link = pageLinkHeader(ctx, wpType, params, page, totalPages);
  if (link) headers.Link = link;
  return { status: 200, body: applyFieldsParam(body, params._fields), headers };
}

/** Answers a core route; `headers` is the response's, so that an error can drop its `Allow` as WordPress does. */
export function handleCore(ctx: RequestContext, method: string, target: CoreTarget, params: Params, headers: Record<string, string>): SiteResponse {
  if (target.taxonomy) return handleCoreTerms(ctx, method, target.wpType, target.id, params, headers);
  const allow = coreAllow(ctx, target);
  headers.Allow = allow.join(', ');
  if (target.id === undefined) {
    if (method !== 'GET') throw noRoute();
    return listCore(ctx, target.wpType, params, allow);
  }
  const post = ctx.store.postOfType(target.id, CORE_POST_TYPES[target.wpType]);
  if (!post) {
    delete headers.Allow; // no permission check passes for a post that is not there
    throw new SiteError(404, 'rest_post_invalid_id', 'Invalid post ID.');
  }
  if (method === 'DELETE') return deleteCore(ctx, post, target.wpType, params, headers);
  if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
    if (!ctx.user) {
      anonymousAllow(post, headers);
      throw new SiteError(401, 'rest_cannot_edit', 'Sorry, you are not allowed to edit this post.');
    }
    updateCorePost(ctx, post, params);
    return { status: 200, body: corePostJson(ctx, post, target.wpType, { edit: true, allow }), headers: { Allow: allow.join(', ') } };
  }
  if (method !== 'GET') throw noRoute();
  const edit = params.context === 'edit';
  if ((post.status !== 'publish' || edit) && !ctx.user) {
    delete headers.Allow;
    throw edit
      ? new SiteError(401, 'rest_forbidden_context', 'Sorry, you are not allowed to edit this post.')
      : new SiteError(401, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
  }
  const result: Record<string, string> = { Allow: allow.join(', ') };
  if (post.type === 'event') result.Link = `<${corePostJson(ctx, post, target.wpType).link}>; rel="alternate"; type=text/html`;
  return {
    status: 200,
    body: applyFieldsParam(corePostJson(ctx, post, target.wpType, { edit, allow, only: fieldsParamKeys(params._fields) }), params._fields),
    headers: result,
  };
}

/** A refused anonymous write still names what the visitor may do: read a published post. */
function anonymousAllow(post: PostRecord, headers: Record<string, string>): void {
  if (post.status === 'publish') headers.Allow = 'GET';
  else delete headers.Allow;
}

function deleteCore(ctx: RequestContext, post: PostRecord, wpType: CorePostType, params: Params, headers: Record<string, string>): SiteResponse {
  if (!ctx.user) {
    anonymousAllow(post, headers);
    throw new SiteError(401, 'rest_cannot_delete', 'Sorry, you are not allowed to delete this post.');
  }
  if (parseBoolean(params.force) === true) {
    const previous = corePostJson(ctx, post, wpType, { edit: true });
    ctx.store.removePost(post.id);
    delete headers.Allow; // the record is gone: nothing is allowed on it any more
    return { status: 200, body: { deleted: true, previous } };
  }
  if (post.status === 'trash') throw new SiteError(410, 'rest_already_trashed', 'The post has already been deleted.');
  trash(ctx, post);
  if (post.type !== 'event') unlinkTrashed(ctx, post);
  return { status: 200, body: corePostJson(ctx, post, wpType, { edit: true, allow: ALL_METHODS }) };
}
