/**
 * The HTTP side: URL forms (`/wp-json/...`, `?rest_route=`), method tunnelling, auth,
 * headers and JSON encoding. `respond` is the single place every request enters after
 * being counted, so a fault-injection layer can wrap it later.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { allowHeader, handleNamespace, matchRoute } from '../namespace/routes.js';
import { authenticate, type Credentials } from './auth.js';
import { handleCore, matchCoreRoute } from '../core/routes.js';
import { handleTec, matchTecRoute } from '../tec/routes.js';
import { TEC_ACK_HEADER } from '../../wordpress/write-routes.js';
import type { RequestContext, Site, SiteResponse, User } from '../common/context.js';
import { namespaceIndex, restIndex } from '../namespace/doc.js';
import { SiteError, noRoute, ParamProblems } from '../common/errors.js';
import { requestedLanguage } from '../common/i18n.js';
import { feedRequest, renderFeed } from '../feed/ical.js';
import { isPage, renderPage } from '../feed/pages.js';
import type { Params } from '../common/params.js';
import { encodeJson } from '../common/json-text.js';
import { parseBody, parseForm, readBody } from './request.js';
import { applyFieldsParam } from '../core/fields-param.js';
import type { Store } from '../store/store.js';

export interface Engine {
  site: Site;
  credentials: Credentials;
  now: () => Date;
  /** Runs `work` with a current store; `write` requests are serialised and persisted. */
  withStore<T>(write: boolean, work: (store: Store) => T): Promise<T>;
}

interface Parsed {
  method: string;
  /** Below `/wp-json`: `/` for the index, `/ns/...` for the API; null for a front-end page. */
  restPath: string | null;
  query: Params;
}

function parseUrl(request: IncomingMessage): Parsed {
  const url = new URL(request.url ?? '/', 'http://sandbox.invalid');
  const query = parseForm(url.search.slice(1));
  let restPath: string | null = null;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (path === '/wp-json' || path.startsWith('/wp-json/')) restPath = decodeURIComponent(path.slice('/wp-json'.length)) || '/';
  else if ((path === '/' || path === '/index.php') && typeof query.rest_route === 'string') restPath = query.rest_route.replace(/\/+$/, '') || '/';
  delete query.rest_route;
  let method = (request.method ?? 'GET').toUpperCase();
  const override = (typeof query._method === 'string' && query._method) || request.headers['x-http-method-override'];
  if (method === 'POST' && typeof override === 'string' && override) method = override.toUpperCase();
  delete query._method;
  return { method, restPath, query };
}

function baseHeaders(engine: Engine): Record<string, string> {
  return {
    'X-Robots-Tag': 'noindex',
    Link: `<${engine.site.baseUrl}/wp-json/>; rel="https://api.w.org/"`,
    'X-Content-Type-Options': 'nosniff',
    'Access-Control-Expose-Headers': 'X-WP-Total, X-WP-TotalPages, Link',
    'Access-Control-Allow-Headers': 'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
  };
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  const text = encodeJson(body);
  response.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8', 'Content-Length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

function frontPage(engine: Engine, response: ServerResponse, found: boolean): void {
  const root = `${engine.site.baseUrl}/wp-json/`;
  const html =
    `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>Calendar Sandbox</title>\n<link ` +
    `rel="https://api.w.org/" href="${root}" ` +
    `/>\n</head><body><p>${found ? 'Calendar sandbox. The REST API is at' : 'Not found. The REST API is at'} ` +
    `<a href="${root}">${root}</a>.</p></body></html>\n`;
  response.writeHead(found ? 200 : 404, { 'Content-Type': 'text/html; charset=UTF-8', Link: `<${root}>; rel="https://api.w.org/"` });
  response.end(html);
}

function routeEntry(ctx: RequestContext, route: string): unknown {
  const target = matchRoute(route);
  if (!target) return undefined;
  const ns = `/${ctx.site.namespace}`;
  const segments = route.split('/').filter(Boolean);
  const key =
    target.kind === 'root'
      ? ns
      : target.kind === 'doc'
        ? `${ns}/doc`
        : target.kind === 'collection'
          ? `${ns}/${segments[0]}`
          : target.id !== undefined
            ? `${ns}/${segments[0]}/(?P<id>\\d+)`
            : `${ns}/${segments[0]}/by-slug/(?P<slug>[^/]+)`;
  return (namespaceIndex(ctx).routes as Record<string, unknown>)[key];
}

export async function respond(engine: Engine, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const headers = baseHeaders(engine);
  let parsed: Parsed;
  try {
    parsed = parseUrl(request);
  } catch {
    sendJson(response, 404, noRoute().body(), headers);
    return;
  }
  if (parsed.restPath === null) {
    await readBody(request);
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    const path = pathname.replace(/\/+$/, '') || '/';
    const feed = feedRequest(path, parsed.query);
    // An iCalendar feed, else the page a browser asks for (an event's, the calendar's).
    const render = feed
      ? (ctx: RequestContext) => renderFeed(ctx, feed)
      : isPage(path)
        ? (ctx: RequestContext) => renderPage(ctx, path, parsed.query)
        : undefined;
    if (render && parsed.method === 'GET') {
      const answer = await engine.withStore(false, (store) => render({ store, site: engine.site, now: engine.now(), language: undefined, user: null }));
      response.writeHead(answer.status, { ...answer.headers, 'Content-Length': Buffer.byteLength(answer.body) });
      response.end(answer.body);
      return;
    }
    frontPage(engine, response, pathname === '/');
    return;
  }
  const envelope = '_envelope' in parsed.query;
  delete parsed.query._envelope;
  let status: number;
  let body: unknown;
  const resultHeaders: Record<string, string> = {};
  try {
    let user: User | null = null;
    try {
      user = authenticate(request.headers.authorization, engine.credentials);
    } catch (error) {
      await readBody(request);
      throw error;
    }
    if (user) Object.assign(headers, { Expires: 'Wed, 11 Jan 1984 05:00:00 GMT', 'Cache-Control': 'no-cache, must-revalidate, max-age=0, no-store, private' });
    const rawBody = await readBody(request);
    let bodyParams: Params = {};
    let bodyError: SiteError | undefined;
    try {
      bodyParams = parseBody(request.headers['content-type'], rawBody);
    } catch (error) {
      if (!(error instanceof SiteError)) throw error;
      bodyError = error;
    }
    const params: Params = { ...parsed.query, ...bodyParams };
    const acknowledgement = request.headers[TEC_ACK_HEADER.toLowerCase()];
    const result = await dispatch(engine, parsed, params, user, headers, bodyError, typeof acknowledgement === 'string' ? acknowledgement : undefined);
    status = result.status;
    body = result.body;
    Object.assign(resultHeaders, result.headers ?? {});
    Object.assign(headers, resultHeaders);
  } catch (error) {
    if (!(error instanceof SiteError)) throw error;
    if (error.code === 'rest_no_route') delete headers.Allow;
    status = error.status;
    body = error.body();
  }
  if (envelope) {
    const shown: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(resultHeaders)) shown[name] = /^X-TEC-/.test(name) ? Number(value) : value;
    if (headers.Allow) shown.Allow = headers.Allow;
    sendJson(response, 200, { body, status, headers: shown }, baseHeaders(engine));
  } else sendJson(response, status, body, headers);
}

async function dispatch(
  engine: Engine,
  parsed: Parsed,
  params: Params,
  user: User | null,
  headers: Record<string, string>,
  bodyError?: SiteError,
  acknowledgement?: string,
): Promise<SiteResponse> {
  const ns = `/${engine.site.namespace}`;
  const restPath = parsed.restPath!;
  const write = !['GET', 'HEAD', 'OPTIONS'].includes(parsed.method);
  return engine.withStore(write, (store) => {
    const problems = new ParamProblems();
    const language = requestedLanguage(params.i18n_language, problems);
    const ctx: RequestContext = { store, site: engine.site, now: engine.now(), language, user };
    if (restPath === '/') {
      if (parsed.method !== 'GET') throw noRoute();
      return { status: 200, body: restIndex(ctx) };
    }
    const coreTarget = matchCoreRoute(restPath);
    if (bodyError && coreTarget) throw bodyError;
    if (coreTarget) return handleCore(ctx, parsed.method === 'HEAD' ? 'GET' : parsed.method, coreTarget, params, headers);
    const tecTarget = engine.site.tecV1 ? matchTecRoute(restPath) : null;
    if (tecTarget) return handleTec(ctx, parsed.method === 'HEAD' ? 'GET' : parsed.method, tecTarget, { params, bodyError }, acknowledgement, headers);
    if (restPath !== ns && !restPath.startsWith(`${ns}/`)) throw noRoute();
    const route = restPath.slice(ns.length).replace(/^\/+|\/+$/g, '');
    const allow = allowHeader(ctx, route);
    if (allow) headers.Allow = allow;
    if (parsed.method === 'OPTIONS') {
      const entry = routeEntry(ctx, route);
      if (!entry) throw noRoute();
      return { status: 200, body: entry };
    }
    const answer = handleNamespace(ctx, { method: parsed.method === 'HEAD' ? 'GET' : parsed.method, route, params, bodyError }, problems);
    // WordPress trims every successful answer to `_fields`, whichever route made it.
    return answer.status < 400 ? { ...answer, body: applyFieldsParam(answer.body, params._fields) } : answer;
  });
}
