/**
 * The namespace's routes. Order of checks, as on WordPress: route, then parameters
 * (400), then permission (401), then the handler.
 */
import { resources, wpRoute, type ResourceName } from '../../spec/resources.js';
import type { RequestContext, SiteResponse } from '../common/context.js';
import { namespaceIndex, openApiDocument, routeMethods } from './doc.js';
import { SiteError, forbidden, invalidParam, noRoute, type ParamProblems } from '../common/errors.js';
import { listEvents } from '../events/list.js';
import { checkEventWrite, createEvent, createNamedTerms, updateEvent } from '../events/write.js';
import { checkWritableFields, trash } from '../common/post-fields.js';
import { createLinked, deleteLinked, readableLinked, updateLinked } from '../linked/write.js';
import { listLinked } from '../linked/list.js';
import { isLinkedResource, isTaxonomy, POST_TYPE, type LinkedResource } from '../store/kinds.js';
import type { Params } from '../common/params.js';
import { eventJson } from '../events/json.js';
import { unslashDeep } from '../../wordpress/slashes.js';
import { linkedJson } from '../linked/json.js';
import { termJson } from '../terms/json.js';
import type { EventRecord, PostRecord, Taxonomy, TermRecord } from '../store/store.js';
import { checkTermWrite, createTerm, updateTerm } from '../terms/write.js';
import { listTerms } from '../terms/list.js';

/** A request to the plugin's namespace, once routed. */
export interface SiteRequest {
  method: string;
  /** Path below the namespace, without leading or trailing slashes. */
  route: string;
  params: Params;
  /** A body that could not be read (bad JSON): reported once the route and method match, as WordPress does. */
  bodyError?: SiteError;
}

type Target =
  | { kind: 'root' }
  | { kind: 'doc' }
  | { kind: 'collection'; resource: ResourceName }
  | { kind: 'item'; resource: ResourceName; id?: number; slug?: string };

/**
 * The slug a by-slug path names, as WordPress looks it up (the route is already decoded once):
 * text outside ASCII percent-encoded, escapes in lower case, so that `東京` and `%e6%9d%b1%e4%ba%ac`
 * both find the post whose slug is the latter.
 */
function lookupSlug(segment: string): string {
  return segment.replace(/[^\x00-\x7f]+/g, (chars) => encodeURIComponent(chars)).replace(/%[0-9A-F]{2}/g, (code) => code.toLowerCase());
}

export function matchRoute(route: string): Target | null {
  const segments = route.split('/').filter(Boolean);
  if (segments.length === 0) return { kind: 'root' };
  if (segments.length === 1 && segments[0] === 'doc') return { kind: 'doc' };
  const resource = segments[0] as ResourceName;
  if (!Object.hasOwn(resources, resource)) return null;
  if (segments.length === 1) return { kind: 'collection', resource };
  if (segments.length === 2 && /^\d+$/.test(segments[1])) return { kind: 'item', resource, id: Number(segments[1]) };
  if (segments.length === 3 && segments[1] === 'by-slug' && resources[resource].isPost) return { kind: 'item', resource, slug: lookupSlug(segments[2]) };
  return null;
}

/**
 * `Allow`: the methods the current user may use on the route. The write methods' permission
 * checks need a post, so an ID that names no post at all (of any type) allows only GET.
 */
export function allowHeader(ctx: RequestContext, route: string): string | undefined {
  const target = matchRoute(route);
  if (!target) return undefined;
  if (!ctx.user) return 'GET';
  const postRoute = target.kind === 'item' && resources[target.resource].isPost;
  if (postRoute && target.id && !ctx.store.post(target.id)) return 'GET';
  return routeMethods(target).join(', ');
}

function requireUser(ctx: RequestContext): void {
  if (!ctx.user) throw forbidden();
}

const isWrite = (method: string) => method === 'POST' || method === 'PUT' || method === 'PATCH';

export function handleNamespace(ctx: RequestContext, request: SiteRequest, problems: ParamProblems): SiteResponse {
  const target = matchRoute(request.route);
  const method = request.method;
  if (!target || !routeMethods(target).includes(method)) throw noRoute();
  if (request.bodyError) throw request.bodyError;
  const params = request.params;
  switch (target.kind) {
    case 'root':
      problems.throwIfAny();
      return { status: 200, body: namespaceIndex(ctx) };
    case 'doc':
      problems.throwIfAny();
      return { status: 200, body: openApiDocument(ctx) };
    case 'collection':
      return collection(ctx, target.resource, method, params, problems);
    case 'item':
      return item(ctx, target.resource, target, method, params, problems);
  }
}

function collection(ctx: RequestContext, resource: ResourceName, method: string, params: Params, problems: ParamProblems): SiteResponse {
  if (method === 'GET') {
    const page = isTaxonomy(resource)
      ? listTerms(ctx, resource, params, problems)
      : isLinkedResource(resource)
        ? listLinked(ctx, resource, params, problems)
        : listEvents(ctx, params, problems);
    return { status: 200, body: page.body, headers: { 'X-TEC-Total': String(page.total), 'X-TEC-TotalPages': String(page.totalPages) } };
  }
  if (isLinkedResource(resource)) {
    mergeProblems(problems, checkWritableFields(ctx, resource, params, true));
    requireUser(ctx);
    return { status: 201, body: linkedJson(ctx, resource, createLinked(ctx, resource, unslashDeep(params))) };
  }
  if (!isTaxonomy(resource)) {
    mergeProblems(problems, checkEventWrite(ctx, params, true));
    requireUser(ctx);
    return { status: 201, body: eventJson(ctx, createEvent(ctx, unslashDeep(params))) };
  }
  mergeProblems(problems, checkWritableFields(ctx, resource, params, true));
  checkTermWrite(resource, params);
  requireUser(ctx);
  const term = createTerm(ctx, resource, params);
  return {
    status: 201,
    body: termJson(ctx, term, { links: true, admin: true }),
    headers: { Location: `${ctx.site.baseUrl}/wp-json/wp/v2/${wpRoute(resources[resource])}/${term.id}` },
  };
}

/** Validation problems found by a later check join the earlier ones (such as `i18n_language`). */
function mergeProblems(into: ParamProblems, from: ParamProblems): void {
  into.absorb(from);
  into.throwIfAny();
}

function findPost(ctx: RequestContext, resource: 'events' | LinkedResource, target: { id?: number; slug?: string }): PostRecord {
  const type = POST_TYPE[resource];
  if (target.id !== undefined) {
    const post = ctx.store.postOfType(target.id, type);
    if (!post) throw invalidParam('id');
    return post;
  }
  const post = ctx.store.postBySlug(type, target.slug ?? '');
  if (!post) throw invalidParam('slug');
  return post;
}

/**
 * An event update by slug finds the event by the `slug` parameter, and a `slug` in the body
 * wins over the one in the path (WordPress reads body parameters first): a body slug that
 * names no event answers 200 with the plugin's error object as the data.
 */
function bodySlugTarget(
  ctx: RequestContext,
  target: { id?: number; slug?: string },
  method: string,
  params: Params,
): { id?: number; slug?: string } | SiteResponse {
  if (target.slug === undefined || !isWrite(method) || typeof params.slug !== 'string' || params.slug === target.slug) return target;
  if (ctx.store.postBySlug('event', params.slug)) return { slug: params.slug };
  requireUser(ctx);
  createNamedTerms(ctx, params);
  return { status: 200, body: { errors: { 'event-not-found': ['The requested post ID does not exist or is not an event'] }, error_data: [] } };
}

function item(
  ctx: RequestContext,
  resource: ResourceName,
  target: { id?: number; slug?: string },
  method: string,
  params: Params,
  problems: ParamProblems,
): SiteResponse {
  if (isTaxonomy(resource)) return termItem(ctx, resource, target.id!, method, params, problems);
  if (!isLinkedResource(resource)) {
    const found = bodySlugTarget(ctx, target, method, params);
    if ('status' in found) return found as SiteResponse;
    return eventItem(ctx, findPost(ctx, resource, found) as EventRecord, method, params, problems);
  }
  const post = findPost(ctx, resource, target);
  if (method === 'GET') {
    problems.throwIfAny();
    return { status: 200, body: linkedJson(ctx, resource, readableLinked(ctx, resource, post), true) };
  }
  if (isWrite(method)) {
    mergeProblems(problems, checkWritableFields(ctx, resource, params, false));
    requireUser(ctx);
    updateLinked(ctx, resource, post, unslashDeep(params));
    return { status: 200, body: linkedJson(ctx, resource, post) };
  }
  problems.throwIfAny();
  requireUser(ctx);
  deleteLinked(ctx, resource, post);
  return { status: 200, body: linkedJson(ctx, resource, post) };
}

function eventItem(ctx: RequestContext, event: EventRecord, method: string, params: Params, problems: ParamProblems): SiteResponse {
  if (params.password !== undefined && (typeof params.password !== 'string' || params.password === '')) problems.invalid('password');
  if (method === 'GET') {
    problems.throwIfAny();
    if (event.status !== 'publish' && !ctx.user) throw new SiteError(403, 'event-not-accessible', 'The requested event is not accessible');
    const unlocked = !event.password || params.password === event.password || (ctx.user !== null && params.context === 'edit');
    if (!unlocked) throw new SiteError(403, 'event-password-protected', 'The requested event is not accessible without a password');
    return { status: 200, body: eventJson(ctx, event, { jsonLd: true }) };
  }
  if (isWrite(method)) {
    mergeProblems(problems, checkEventWrite(ctx, params, false));
    requireUser(ctx);
    updateEvent(ctx, event, unslashDeep(params));
    return { status: 200, body: eventJson(ctx, event) };
  }
  problems.throwIfAny();
  requireUser(ctx);
  if (event.status === 'trash') throw new SiteError(410, 'event-is-in-trash', 'The event is already trashed');
  trash(ctx, event);
  return { status: 200, body: eventJson(ctx, event) };
}

function termItem(ctx: RequestContext, taxonomy: Taxonomy, id: number, method: string, params: Params, problems: ParamProblems): SiteResponse {
  const term: TermRecord | undefined = ctx.store.term(id, taxonomy);
  if (!term) throw invalidParam('id');
  if (method === 'GET') {
    problems.throwIfAny();
    return { status: 200, body: termJson(ctx, term, { links: true, admin: ctx.user !== null }) };
  }
  if (isWrite(method)) {
    mergeProblems(problems, checkWritableFields(ctx, taxonomy, params, false));
    checkTermWrite(taxonomy, params);
    requireUser(ctx);
    updateTerm(ctx, term, params);
    return { status: 200, body: termJson(ctx, term, { links: true, admin: true }) };
  }
  problems.throwIfAny();
  requireUser(ctx);
  const body = termJson(ctx, term);
  ctx.store.removeTerm(term.id);
  return { status: 200, body };
}
