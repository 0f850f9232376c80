/**
 * The plugin's newer API, `tec/v1`: its namespace index, the collections (`GET` a page, `POST` a
 * new record) and `GET` (with `context=edit`), `PATCH` and `PUT` (the answer in edit context with
 * `?context=edit`) of one event, venue or organizer. Every request needs the acknowledgement
 * header (src/wordpress/write-routes.ts), checked before anything else, with the real site's
 * 400 answers. A sandbox started without tec/v1 answers these paths as an older site does:
 * no route.
 */
import type { RequestContext, SiteResponse } from '../common/context.js';
import { SiteError, noRoute } from '../common/errors.js';
import type { Params } from '../common/params.js';
import { unslashDeep } from '../../wordpress/slashes.js';
import { POST_TYPE, type PostResource } from '../store/kinds.js';
import { TEC_ACK_TEXT } from '../../wordpress/write-routes.js';
import { tecJson } from './json.js';
import { createTecPost, patchPost } from './write.js';
import { checkTecBody } from './validate.js';
import { listTec } from './list.js';

export const TEC_NAMESPACE = 'tec/v1';

type Json = Record<string, unknown>;

export interface TecTarget {
  /** null: the namespace index. */
  resource: PostResource | null;
  id?: number;
}

/** `/tec/v1` (the namespace index), `/tec/v1/events/12`...; null for any other path. */
export function matchTecRoute(restPath: string): TecTarget | null {
  if (restPath === `/${TEC_NAMESPACE}`) return { resource: null };
  const match = /^\/tec\/v1\/(events|venues|organizers)(?:\/(\d+))?\/?$/.exec(restPath);
  if (!match) return null;
  return { resource: match[1] as PostResource, ...(match[2] ? { id: Number(match[2]) } : {}) };
}

/** The header's text, compared as the plugin does: trimmed, any case. */
function checkAcknowledgement(header: string | undefined): void {
  const missing = (message: string) => new SiteError(400, 'missing_experimental_endpoint_acknowledgement', message);
  if (!header) throw missing('Experimental endpoint requires acknowledgement header.');
  if (header.trim().toLowerCase() !== TEC_ACK_TEXT.toLowerCase()) throw missing('Experimental endpoint requires appropriate acknowledgement header.');
}

const WRITE_METHODS = ['PUT', 'PATCH', 'DELETE'];

/** The collections and their records, as the namespace index lists them (args left out). */
const RESOURCES = ['events', 'organizers', 'venues'];

/** `GET /tec/v1`: the namespace's index, which needs no acknowledgement (how a client finds the API). */
function namespaceIndex(ctx: RequestContext): Json {
  const root = `${ctx.site.baseUrl}/wp-json`;
  const route = (path: string, methods: string[][], linked: boolean) => ({
    namespace: TEC_NAMESPACE,
    methods: methods.flat(),
    endpoints: methods.map((group) => ({ methods: group, args: {} })),
    ...(linked ? { _links: { self: [{ href: `${root}${path}` }] } } : {}),
  });
  const routes: Json = { [`/${TEC_NAMESPACE}`]: route(`/${TEC_NAMESPACE}`, [['GET']], true) };
  for (const name of RESOURCES) {
    routes[`/${TEC_NAMESPACE}/${name}`] = route(`/${TEC_NAMESPACE}/${name}`, [['GET'], ['POST']], true);
    routes[`/${TEC_NAMESPACE}/${name}/(?P<id>\\d+)`] = route('', [['GET'], ['PUT', 'PATCH'], ['DELETE']], false);
  }
  routes[`/${TEC_NAMESPACE}/docs`] = route(`/${TEC_NAMESPACE}/docs`, [['GET']], true);
  return { namespace: TEC_NAMESPACE, routes, _links: { up: [{ href: `${root}/` }] } };
}

/**
 * The methods `Allow` names: those whose permission check passes for this request (WordPress
 * asks each one). Reading needs a post of the route's type that the user may see; writing, a
 * user and a post of any type. ID 0 passes every check (and is then not found).
 */
function tecAllow(ctx: RequestContext, target: TecTarget): string[] {
  if (target.id === undefined) return ctx.user ? ['GET', 'POST'] : ['GET'];
  if (target.id === 0) return ctx.user ? ['GET', ...WRITE_METHODS] : ['GET'];
  const typed = ctx.store.postOfType(target.id, POST_TYPE[target.resource!]);
  const readable = typed !== undefined && (typed.status === 'publish' || ctx.user !== null);
  const writable = ctx.user !== null && ctx.store.post(target.id) !== undefined;
  return [...(readable ? ['GET'] : []), ...(writable ? WRITE_METHODS : [])];
}

/** The plugin's own answer when the ID names no record it can read or update (no WordPress error shape). */
const entityError = (action: 'read' | 'updated'): SiteResponse => ({ status: 404, body: { error: `The entity could not be ${action}.` } });

const notAllowed = (ctx: RequestContext) => new SiteError(ctx.user ? 403 : 401, 'rest_forbidden', 'Sorry, you are not allowed to do that.');

export function handleTec(
  ctx: RequestContext,
  method: string,
  target: TecTarget,
  request: { params: Params; bodyError?: Error | null },
  acknowledgement: string | undefined,
  headers: Record<string, string>,
): SiteResponse {
  const { params } = request;
  if (request.bodyError && target.resource === null) throw request.bodyError;
  if (target.resource === null) {
    if (method !== 'GET') throw noRoute();
    headers.Allow = 'GET';
    return { status: 200, body: namespaceIndex(ctx) };
  }
  const allow = tecAllow(ctx, target);
  if (allow.length) headers.Allow = allow.join(', ');
  // A body that is not JSON is refused once the route is known: the answer names its methods.
  if (request.bodyError) throw request.bodyError;
  checkAcknowledgement(acknowledgement);
  const { context: _context, ...rawBody } = params;
  // Like the older routes, tec/v1 hands its values to WordPress unslashed: a backslash is lost.
  const body = unslashDeep(rawBody) as Params;
  const edit = params.context === 'edit';
  if (target.id === undefined) {
    if (method === 'GET') return listTec(ctx, target.resource, params);
    if (method !== 'POST') throw noRoute();
    checkTecBody(target.resource, body);
    if (!ctx.user) throw notAllowed(ctx);
    const created = createTecPost(ctx, target.resource, body);
    if (!created) return { status: 500, body: { error: 'Failed to create entity.' } };
    return { status: 201, body: tecJson(ctx, created, edit) };
  }
  if (method === 'GET') {
    if (target.id === 0 && allow.includes('GET')) return entityError('read');
    if (!allow.includes('GET')) throw notAllowed(ctx);
    return { status: 200, body: tecJson(ctx, ctx.store.postOfType(target.id, POST_TYPE[target.resource])!, edit) };
  }
  if (method !== 'PATCH' && method !== 'PUT') throw noRoute();
  checkTecBody(target.resource, body);
  if (!allow.includes(method)) throw notAllowed(ctx);
  const post = ctx.store.postOfType(target.id, POST_TYPE[target.resource]);
  if (!post) return entityError('updated');
  patchPost(ctx, target.resource, post, body);
  return { status: 200, body: tecJson(ctx, post, edit) };
}
