/** The raw request: parameters from -f/-F, a body from --input, the response printed as it came. */
import type { Invocation } from '../runner.js';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { STATUS_CODES } from 'node:http';
import { type Context, type Method, METHODS, UsageError } from '../../../core/index.js';
import { prepare, withSession, type GlobalOptions } from '../../session.js';
import { readAll } from '../resource/refs.js';
import { visibleOn } from '../../output/visible.js';

type Opts = GlobalOptions & { rawField?: string[]; field?: string[]; input?: string; include?: boolean };
type Params = Record<string, unknown>;

export interface ApiRequest {
  method: Method;
  path: string;
  fromRoot: boolean;
  query: Record<string, string>;
  body?: unknown;
}

export function checkMethod(raw: string): Method {
  const method = raw.toUpperCase();
  if (!(METHODS as readonly string[]).includes(method)) throw new UsageError(`"${raw}" is not an HTTP method`, `Use one of: ${METHODS.join(', ')}.`);
  return method as Method;
}

/**
 * A path that starts with a namespace (`/wp/v2/types`, `/tec/v1/events`, `/tribe/events/v1/venues`):
 * one or two words, then a version. gh and WP-CLI read such paths from the REST root.
 */
const NAMESPACED = /^\/?[a-z0-9-]+(\/[a-z0-9-]+)?\/v\d+(\/|$)/i;

/**
 * `/venues` and `events/12` are under the profile's namespace; `/wp-json/...` and a path that
 * starts with a namespace (`/wp/v2/...`) are from the REST root. A `?query` part is kept.
 */
export function splitPath(raw: string): { path: string; fromRoot: boolean; query: Record<string, string> } {
  if (raw.trim() === '' || /\s/.test(raw)) throw new UsageError(`"${raw}" is not a path`, 'Give a path like /events, events/12 or /wp-json/wp/v2/types.');
  if (/^[a-z]+:\/\//i.test(raw))
    throw new UsageError(`"${raw}": give a path, not a full URL`, 'The site comes from the profile; give a path like /events or /wp-json/.');
  const [pathPart, queryPart] = raw.split(/\?(.*)/s, 2);
  const query: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(queryPart ?? '')) query[k] = v;
  if (NAMESPACED.test(pathPart)) return { path: pathPart.startsWith('/') ? pathPart : `/${pathPart}`, fromRoot: true, query };
  const fromRoot = /^\/?wp-json(\/|$)/.test(pathPart);
  const path = fromRoot ? pathPart.replace(/^\/?wp-json/, '') || '/' : pathPart;
  return { path, fromRoot, query };
}

/** `-F` values: numbers, booleans and null are typed; `@file` reads a file, `@-` stdin. */
export async function typedValue(raw: string, ctx: Context): Promise<unknown> {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (raw === 'null') return null;
  if (/^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/.test(raw)) return Number(raw);
  if (raw === '@-') return (await readAll(ctx.stdin)).replace(/\r?\n$/, '');
  if (raw.startsWith('@')) {
    try {
      return readFileSync(resolve(ctx.cwd, raw.slice(1)), 'utf8').replace(/\r?\n$/, '');
    } catch (err) {
      throw new UsageError(`-F: cannot read ${raw.slice(1)}: ${(err as NodeJS.ErrnoException).code ?? 'unreadable'}`);
    }
  }
  return raw;
}

function splitPair(pair: string, flag: string): [string, string] {
  const at = pair.indexOf('=');
  if (at <= 0) throw new UsageError(`${flag} "${pair}" is not key=value`);
  return [pair.slice(0, at), pair.slice(at + 1)];
}

/** Sets `key`, or appends for `key[]`. */
function setParam(params: Params, key: string, value: unknown): void {
  if (key.endsWith('[]')) {
    const name = key.slice(0, -2);
    const list = Array.isArray(params[name]) ? (params[name] as unknown[]) : [];
    params[name] = [...list, value];
  } else {
    params[key] = value;
  }
}

export async function collectParams(raw: string[], typed: string[], ctx: Context): Promise<Params> {
  const params: Params = {};
  for (const pair of raw) setParam(params, ...splitPair(pair, '-f'));
  for (const pair of typed) {
    const [key, value] = splitPair(pair, '-F');
    setParam(params, key, await typedValue(value, ctx));
  }
  return params;
}

function queryValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(queryValue).join(',');
  if (value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export async function buildApiRequest(rawMethod: string, rawPath: string, opts: Opts, ctx: Context): Promise<ApiRequest> {
  const method = checkMethod(rawMethod);
  const { path, fromRoot, query } = splitPath(rawPath);
  const params = await collectParams(opts.rawField ?? [], opts.field ?? [], ctx);
  const inQuery = opts.input !== undefined || ['GET', 'HEAD', 'OPTIONS', 'DELETE'].includes(method);
  let body: unknown;
  if (opts.input !== undefined) body = await readInput(opts.input, ctx);
  else if (!inQuery && Object.keys(params).length > 0) body = params;
  if (inQuery) for (const [k, v] of Object.entries(params)) query[k] = queryValue(v);
  return { method, path, fromRoot, query, body };
}

async function readInput(source: string, ctx: Context): Promise<unknown> {
  let text: string;
  if (source === '-') text = await readAll(ctx.stdin);
  else {
    try {
      text = readFileSync(resolve(ctx.cwd, source), 'utf8');
    } catch (err) {
      throw new UsageError(`--input: cannot read ${source}: ${(err as NodeJS.ErrnoException).code ?? 'unreadable'}`);
    }
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new UsageError(`--input: ${source === '-' ? 'stdin' : source} is not valid JSON (${(err as Error).message.split('\n')[0]})`);
  }
}

export async function runApi(inv: Invocation<Opts>, rawMethod: string, rawPath: string): Promise<void> {
  const ctx = inv.ctx;
  const opts = inv.opts;
  if (opts.format !== undefined && opts.format !== 'json') throw new UsageError('api prints the response body as it came; only --format json applies');
  if (opts.fields !== undefined)
    throw new UsageError('api prints the response body as it came; --fields does not apply', 'Pipe the output to jq to pick fields.');
  const req = await buildApiRequest(rawMethod, rawPath, opts, ctx);
  const prepared = prepare({ ...opts, format: undefined, json: undefined }, ctx);
  prepared.writes = !['GET', 'HEAD', 'OPTIONS'].includes(req.method);
  await withSession(prepared, ctx, async ({ client }) => {
    const res = await client.send(req.method, req.path, { query: req.query, body: req.body, fromRoot: req.fromRoot, verbatim: true });
    const out: string[] = [];
    if (opts.include) {
      out.push(`HTTP/1.1 ${res.status} ${STATUS_CODES[res.status] ?? ''}`.trimEnd());
      for (const [name, value] of Object.entries(res.headers)) out.push(`${name}: ${value}`);
      out.push('');
    }
    if (res.text !== undefined) out.push(res.text.replace(/\n$/, ''));
    else if (res.body !== null && req.method !== 'HEAD') out.push(ctx.stdout.isTTY ? JSON.stringify(res.body, null, 2) : res.raw.replace(/\n$/, ''));
    // A text answer (an HTML page, a plain body) and the headers reach a terminal made visible.
    if (out.length) ctx.stdout.write(visibleOn(ctx.stdout, `${out.join('\n')}\n`));
    if (res.status >= 400) {
      const { errorFromResponse } = await import('../../../core/index.js');
      throw errorFromResponse(res);
    }
  });
}
