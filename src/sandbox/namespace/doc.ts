/**
 * Self-description: the namespace index (`GET /{ns}`), the REST index (`GET /wp-json/`)
 * and an OpenAPI 3 document of what this server serves, all built from `src/spec/resources.ts`.
 */
import { DEFAULT_PER_PAGE, LANGUAGES, resources, RESOURCE_NAMES, type Field, type ResourceName } from '../../spec/resources.js';
import { fixedOffsetMinutes, offsetMinutesAt } from '../../base/time.js';
import { restBase, type RequestContext } from '../common/context.js';
import { defaultWindow } from '../events/list.js';
import { TEC_NAMESPACE } from '../tec/routes.js';

type Json = Record<string, unknown>;
type RouteTarget =
  | { kind: 'root' }
  | { kind: 'doc' }
  | { kind: 'collection'; resource: ResourceName }
  | { kind: 'item'; resource: ResourceName; id?: number; slug?: string };

const UPDATE = ['POST', 'PUT', 'PATCH'];

export function routeMethods(target: RouteTarget): string[] {
  if (target.kind === 'root' || target.kind === 'doc') return ['GET'];
  if (target.kind === 'collection') return ['GET', 'POST'];
  return resources[target.resource].isPost ? ['GET', 'DELETE', ...UPDATE] : ['GET', ...UPDATE, 'DELETE'];
}

function schemaType(field: Field): Json {
  switch (field.type) {
    case 'integer':
    case 'positive':
    case 'id':
      return { type: 'integer' };
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'ids':
      return { type: 'array', items: { type: 'integer' } };
    case 'terms':
    case 'list':
      return { type: 'array', items: { type: 'string' } };
    case 'untyped':
      return {};
    default:
      return { type: 'string' };
  }
}

function listDefaults(ctx: RequestContext, resource: ResourceName): Record<string, unknown> {
  const defaults: Record<string, unknown> = { page: 1, per_page: DEFAULT_PER_PAGE };
  const { isEvent, isPost, linkedPost } = resources[resource];
  if (isEvent) {
    const window = defaultWindow(ctx.now, ctx.site.timezone, false);
    Object.assign(defaults, { start_date: window.rawStart, end_date: window.rawEnd, strict_dates: 'false' });
  }
  if (linkedPost) defaults.only_with_upcoming = false;
  if (!isPost) defaults.hide_empty = true;
  return defaults;
}

function args(fields: readonly Field[], defaults: Record<string, unknown> = {}, requiredToo = false): Json {
  const out: Json = {};
  for (const field of fields) {
    out[field.name] = {
      ...(field.name in defaults ? { default: defaults[field.name] } : {}),
      description: field.description,
      ...schemaType(field),
      ...((field.choices ?? field.suggestions) ? { enum: [...(field.choices ?? field.suggestions)!] } : {}),
      required: requiredToo && field.required === true,
    };
  }
  return out;
}

const idArg = { id: { type: 'integer', description: 'the record ID', required: true } };
const slugArg = { slug: { type: 'string', description: 'the record slug', required: true } };
const passwordArg = { password: { type: 'string', description: 'password of a protected event', required: false } };

function endpoint(methods: string[], argMap: Json): Json {
  return { methods, args: argMap };
}

export function namespaceIndex(ctx: RequestContext): Json {
  const ns = ctx.site.namespace;
  const base = restBase(ctx.site);
  const routes: Json = {
    [`/${ns}`]: {
      namespace: ns,
      methods: ['GET'],
      endpoints: [endpoint(['GET'], { namespace: { default: ns, required: false }, context: { default: 'view', required: false } })],
      _links: { self: [{ href: base }] },
    },
    [`/${ns}/doc`]: { namespace: ns, methods: ['GET'], endpoints: [endpoint(['GET'], [] as unknown as Json)], _links: { self: [{ href: `${base}/doc` }] } },
  };
  for (const name of RESOURCE_NAMES) {
    const resource = resources[name];
    const writeArgs = args(resource.fields);
    const extra = resource.isEvent ? passwordArg : {};
    routes[`/${ns}/${resource.path}`] = {
      namespace: ns,
      methods: ['GET', 'POST'],
      endpoints: [endpoint(['GET'], args(resource.listParams, listDefaults(ctx, name))), endpoint(['POST'], args(resource.fields, {}, true))],
      _links: { self: [{ href: `${base}/${resource.path}` }] },
    };
    const itemEndpoints = (keyArg: Json) =>
      resource.isPost
        ? [endpoint(['GET'], { ...keyArg, ...extra }), endpoint(['DELETE'], { ...keyArg, ...extra }), endpoint(UPDATE, { ...keyArg, ...extra, ...writeArgs })]
        : [endpoint(['GET'], keyArg), endpoint(UPDATE, { ...keyArg, ...writeArgs }), endpoint(['DELETE'], keyArg)];
    const methods = routeMethods({ kind: 'item', resource: name });
    routes[`/${ns}/${resource.path}/(?P<id>\\d+)`] = { namespace: ns, methods, endpoints: itemEndpoints(idArg) };
    if (resource.isPost) routes[`/${ns}/${resource.path}/by-slug/(?P<slug>[^/]+)`] = { namespace: ns, methods, endpoints: itemEndpoints(slugArg) };
  }
  return { namespace: ns, routes, _links: { up: [{ href: `${ctx.site.baseUrl}/wp-json/` }] } };
}

/** `GET /wp-json/`: the site index the CLI reads `timezone_string` from. */
export function restIndex(ctx: RequestContext): Json {
  const site = ctx.site;
  return {
    name: 'Calendar Sandbox',
    description: 'A local stand-in for an events calendar site',
    url: site.baseUrl,
    home: site.baseUrl,
    ...siteZone(ctx),
    page_for_posts: 0,
    page_on_front: 0,
    show_on_front: 'posts',
    namespaces: ['oembed/1.0', site.namespace, ...(site.tecV1 ? [TEC_NAMESPACE] : []), 'wp/v2'],
    authentication: { 'application-passwords': { endpoints: { authorization: `${site.baseUrl}/wp-admin/authorize-application.php` } } },
    routes: { '/': { namespace: '', methods: ['GET'], _links: { self: [{ href: `${site.baseUrl}/wp-json/` }] } } },
    site_logo: 0,
    site_icon: 0,
    site_icon_url: '',
    // No real site has this key: it says that this server honours i18n_language (common/i18n.ts),
    // as a site does through a translation plugin, so that a profile added here gets no warning.
    calendar_sandbox: { i18n_languages: [...LANGUAGES] },
    _links: { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] },
  };
}

/**
 * The index's zone, as WordPress gives it (asked of a real site, 2026-11-28): a named zone is its
 * `timezone_string` with `gmt_offset` worked out for now, a number of hours (-5 in a New York
 * winter, 5.75 in Kathmandu); a fixed offset (`UTC+5.5`) has no `timezone_string` and the stored
 * `gmt_offset`, a string ("5.5").
 */
function siteZone(ctx: RequestContext): { gmt_offset: number | string; timezone_string: string } {
  const zone = ctx.site.timezone;
  // `UTC` and `GMT` are named zones too; only `UTC+N` and `UTC-N` are offsets set by hand.
  const fixed = /^UTC[+-]/.test(zone) ? fixedOffsetMinutes(zone) : null;
  if (fixed !== null) return { gmt_offset: String(fixed / 60), timezone_string: '' };
  return { gmt_offset: offsetMinutesAt(ctx.now.getTime(), zone) / 60, timezone_string: zone };
}

function properties(fields: readonly Field[]): Json {
  return Object.fromEntries(fields.map((field) => [field.name, { description: field.description, ...schemaType(field) }]));
}

function parameters(fields: readonly Field[], where: 'query' | 'path'): Json[] {
  return fields.map((field) => ({ name: field.name, in: where, required: where === 'path', description: field.description, schema: schemaType(field) }));
}

/** OpenAPI 3.0 document of the routes this server answers (unlike the real one, with writes). */
export function openApiDocument(ctx: RequestContext): Json {
  const paths: Json = { '/doc': { get: { responses: { 200: { description: 'This document' } } } } };
  const schemas: Json = {};
  const error = { description: 'WordPress error body', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  schemas.Error = { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' }, data: { type: 'object' } } };
  for (const name of RESOURCE_NAMES) {
    const resource = resources[name];
    const schemaName = resource.singular[0].toUpperCase() + resource.singular.slice(1);
    schemas[schemaName] = { type: 'object', properties: { id: { type: 'integer' }, ...properties(resource.fields) } };
    const ref = { $ref: `#/components/schemas/${schemaName}` };
    const one = { description: `The ${resource.singular}`, content: { 'application/json': { schema: ref } } };
    const body = { content: { 'application/json': { schema: { type: 'object', properties: properties(resource.fields) } } } };
    const listSchema = {
      type: 'object',
      properties: { [resource.listKey]: { type: 'array', items: ref }, total: { type: 'integer' }, total_pages: { type: 'integer' } },
    };
    paths[`/${resource.path}`] = {
      get: {
        parameters: parameters(resource.listParams, 'query'),
        responses: { 200: { description: `A page of ${resource.name}`, content: { 'application/json': { schema: listSchema } } }, 400: error },
      },
      post: { requestBody: body, responses: { 201: one, 400: error, 401: error } },
    };
    const item = (key: Field) => {
      const params = parameters([key], 'path');
      return {
        get: { parameters: params, responses: { 200: one, 400: error, 403: error } },
        post: { parameters: params, requestBody: body, responses: { 200: one, 400: error, 401: error } },
        put: { parameters: params, requestBody: body, responses: { 200: one, 400: error, 401: error } },
        patch: { parameters: params, requestBody: body, responses: { 200: one, 400: error, 401: error } },
        delete: { parameters: params, responses: { 200: one, 400: error, 401: error, 410: error } },
      };
    };
    paths[`/${resource.path}/{id}`] = item({ name: 'id', type: 'id', description: 'record ID' });
    if (resource.isPost) paths[`/${resource.path}/by-slug/{slug}`] = item({ name: 'slug', type: 'string', description: 'record slug' });
  }
  return {
    openapi: '3.0.0',
    info: { version: '1.0.0', title: 'Events Calendar REST API (sandbox)', description: 'The routes served by the local sandbox.' },
    components: { schemas },
    servers: [{ url: `${restBase(ctx.site)}/` }],
    paths,
  };
}
