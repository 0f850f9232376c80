/**
 * The plugin's newer API, `tec/v1`, as far as the CLI uses it: its namespace index, `GET` (with
 * `context=edit`), `PATCH` and `PUT` (the answer in edit context with `?context=edit`) of one event,
 * venue or organizer. Every request needs the acknowledgement
 * header (src/wordpress/write-routes.ts), checked before anything else, with the real site's
 * 400 answers. A sandbox started without tec/v1 answers these paths as an older site does:
 * no route.
 */
import type { RequestContext, SiteResponse } from '../common/context.js';
import { SiteError, forbidden, noRoute } from '../common/errors.js';
import type { Params } from '../common/params.js';
import { unslashDeep } from '../../wordpress/slashes.js';
import { POST_TYPE, type PostResource } from '../store/kinds.js';
import { TEC_ACK_TEXT } from '../../wordpress/write-routes.js';
import { tecJson } from './json.js';
import { patchPost } from './write.js';

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

const ALLOW = 'GET, PUT, PATCH, DELETE';

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

export function handleTec(
  ctx: RequestContext,
  method: string,
  target: TecTarget,
  params: Params,
  acknowledgement: string | undefined,
  headers: Record<string, string>,
): SiteResponse {
  if (target.resource === null) {
    if (method !== 'GET') throw noRoute();
    return { status: 200, body: namespaceIndex(ctx) };
  }
  checkAcknowledgement(acknowledgement);
  if (target.id === undefined) throw noRoute();
  headers.Allow = ALLOW;
  const post = ctx.store.postOfType(target.id, POST_TYPE[target.resource]);
  if (method === 'GET') {
    if (!post || (post.status !== 'publish' && !ctx.user))
      throw new SiteError(ctx.user ? 403 : 401, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
    return { status: 200, body: tecJson(ctx, post, params.context === 'edit') };
  }
  if (method !== 'PATCH' && method !== 'PUT') throw noRoute();
  if (!ctx.user) throw forbidden();
  if (!post) throw new SiteError(403, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
  const { context: _context, ...body } = params;
  // Like the older routes, tec/v1 hands its values to WordPress unslashed: a backslash is lost.
  patchPost(ctx, target.resource, post, unslashDeep(body));
  return { status: 200, body: tecJson(ctx, post, params.context === 'edit') };
}
