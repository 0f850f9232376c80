/**
 * Replays a recorded differential run (test/fixtures/differential/seed-*.json[.gz]: a real site's
 * answers to ~600 generated requests) against an in-process sandbox, in order, each request
 * at the instant the real site got it, and compares the answers.
 *
 * Record IDs and slugs are mapped from the real site's to the sandbox's as the answers reveal
 * them; a request counts as identical when its answer passes the rules of
 * differential-compare.ts (those of the fidelity tool in shared/tools/fidelity, reduced).
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { compareHeaders, compareValues, isObject, listSortKey, type Translation } from './differential-compare.js';

interface Sent {
  method: string;
  path: string;
  content_type?: string;
  body?: string;
  auth: 'admin' | 'anon' | 'badpw';
  headers?: Record<string, string>;
}

export interface Exchange {
  n: number;
  request: string;
  capture?: string;
  sent: Sent;
  at?: number;
  status: number;
  headers?: Record<string, string>;
  json?: unknown;
}

export interface ReplayResult {
  identical: number;
  total: number;
  /** Request number and what differed, for the requests that are not identical. */
  mismatches: { n: number; request: string; problems: string[] }[];
}

export const USER = 'admin';
export const PASSWORD = 'sand-pass-123';
const POST_KEYS = new Set(['venue', 'organizer', 'venues', 'organizers', 'include', 'post_parent', 'event', 'post', 'id']);
const TERM_KEYS = new Set(['categories', 'tags', 'tribe_events_cat', 'parent', 'exclude']);
/** Record routes of both families: tribe/events/v1 and tec/v1 by resource, WordPress core by post type or taxonomy. */
const RECORD_PATH = /\/(events|venues|organizers|categories|tags|tribe_events|tribe_venue|tribe_organizer|tribe_events_cat)\/(\d+)/;
const TERM_ROUTES = new Set(['categories', 'tags', 'tribe_events_cat']);
/** A recording as the fidelity tool writes it; `.json.gz` ones are kept compressed in the repository. */
export function readRecording(path: string): { timezone: string; origin: string; exchanges: Exchange[] } {
  const raw = readFileSync(path);
  const text = path.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  return JSON.parse(text) as { timezone: string; origin: string; exchanges: Exchange[] };
}

class IdMap {
  posts = new Map<number, number>();
  terms = new Map<number, number>();
  slugs = new Map<string, string>();
  /** The way back, kept as IDs are learnt (a later pairing of the same real ID wins, as in `posts` and `terms`). */
  private back = { posts: new Map<number, number>(), terms: new Map<number, number>() };

  learn(real: unknown, sandbox: unknown, space: 'posts' | 'terms'): void {
    if (!isObject(real) || !isObject(sandbox)) return;
    if (typeof real.id === 'number' && typeof sandbox.id === 'number') {
      this[space].set(real.id, sandbox.id);
      this.back[space].set(sandbox.id, real.id);
    }
    if (typeof real.slug === 'string' && typeof sandbox.slug === 'string' && real.slug) this.slugs.set(real.slug, sandbox.slug);
    if (space !== 'posts') return;
    this.learn(real.venue, sandbox.venue, 'posts');
    const pairs = (key: string) =>
      Array.isArray(real[key]) && Array.isArray(sandbox[key]) ? (real[key] as unknown[]).map((item, index) => [item, (sandbox[key] as unknown[])[index]]) : [];
    for (const [r, s] of [...pairs('organizer'), ...pairs('organizers'), ...pairs('venues')]) this.learn(r, s, 'posts');
    for (const key of ['categories', 'tags']) this.learnTerms(real[key], sandbox[key]);
  }

  /** An event's terms may be listed in another order: paired by name, not by position. */
  private learnTerms(real: unknown, sandbox: unknown): void {
    if (!Array.isArray(real) || !Array.isArray(sandbox)) return;
    for (const term of real) {
      if (!isObject(term)) continue;
      const match = sandbox.find((candidate) => isObject(candidate) && candidate.name === term.name);
      if (match && !this.terms.has(term.id as number)) this.learn(term, match, 'terms');
    }
  }

  id(value: number, space: 'posts' | 'terms'): number {
    return this[space].get(value) ?? value;
  }

  /** The way back: sandbox IDs and origin as the real site's. */
  translation(sandboxOrigin: string, realOrigin: string): Translation {
    const { posts, terms } = this.back;
    return {
      origin: (text) => (text.includes(sandboxOrigin) ? text.split(sandboxOrigin).join(realOrigin) : text),
      post: (id) => posts.get(id) ?? id,
      term: (id) => terms.get(id) ?? id,
    };
  }

  /** A parameter value with the real site's IDs replaced by the sandbox's. */
  value(key: string, value: unknown, termRoute: boolean): unknown {
    const base = key.replace(/\[.*$/, '');
    const space = TERM_KEYS.has(base) || (termRoute && (base === 'include' || base === 'exclude')) ? 'terms' : POST_KEYS.has(base) ? 'posts' : null;
    if (!space) return value;
    if (typeof value === 'number') return this.id(value, space);
    if (typeof value === 'string') return value.replace(/\d+/g, (digits) => String(this.id(Number(digits), space)));
    if (Array.isArray(value)) return value.map((item) => this.value(base, item, termRoute));
    if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'id' ? this.value(base, v, termRoute) : v]));
    return value;
  }
}

function rewrite(sent: Sent, ids: IdMap): { path: string; body?: string } {
  const url = new URL(sent.path, 'http://replay.invalid');
  const route = url.searchParams.get('rest_route') ?? url.pathname;
  const termRoute = /\/(categories|tags|tribe_events_cat)\b/.test(route);
  const mapPath = (path: string) =>
    path
      .replace(RECORD_PATH, (_, resource: string, id: string) => `/${resource}/${ids.id(Number(id), TERM_ROUTES.has(resource) ? 'terms' : 'posts')}`)
      .replace(
        /\/by-slug\/([^/?]+)/,
        (_, slug: string) => `/by-slug/${encodeURIComponent(ids.slugs.get(decodeURIComponent(slug)) ?? decodeURIComponent(slug))}`,
      );
  const search = new URLSearchParams();
  for (const [key, value] of url.searchParams) search.append(key, key === 'rest_route' ? mapPath(value) : String(ids.value(key, value, termRoute)));
  const query = search.toString() ? `?${search.toString()}` : '';
  let body = sent.body;
  if (body !== undefined && sent.content_type === 'application/json') {
    try {
      const parsed = JSON.parse(body) as unknown;
      if (isObject(parsed)) body = JSON.stringify(Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, ids.value(key, value, termRoute)])));
    } catch {
      // malformed on purpose: sent as recorded
    }
  } else if (body !== undefined && sent.content_type === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams();
    for (const [key, value] of new URLSearchParams(body))
      form.append(key, /\[(organizer|venue)\]$/.test(key) ? value : String(ids.value(key, value, termRoute)));
    body = form.toString();
  }
  return { path: `${mapPath(url.pathname)}${query}`, body };
}

function keySet(value: unknown): string {
  return isObject(value) ? Object.keys(value).sort().join(',') : Array.isArray(value) ? 'array' : typeof value;
}

function compare(exchange: Exchange, status: number, body: unknown, headers: Headers, to: Translation): string[] {
  if (status !== exchange.status) return [`status: real ${exchange.status}, sandbox ${status}`];
  const real = exchange.json;
  const problems: string[] = [];
  compareHeaders(exchange.headers, headers, to, problems);
  if (isObject(real) && isObject(body) && (typeof real.code === 'string' || typeof body.code === 'string')) {
    if (real.code !== body.code) return [`code: real ${String(real.code)}, sandbox ${String(body.code)}`];
  }
  if (!(isObject(real) || Array.isArray(real)) || !(isObject(body) || Array.isArray(body))) {
    if (keySet(real) !== keySet(body)) problems.push('body type');
    return problems;
  }
  // The namespace root describes every route: compared by its key set only.
  if (isObject(real) && 'routes' in real && 'namespace' in real) {
    if (keySet(real) !== keySet(body)) problems.push(`keys: real ${keySet(real)}; sandbox ${keySet(body)}`);
    return problems;
  }
  compareValues(real, body, '$', to, problems);
  return problems;
}

/** `afterEach` runs once each answer has been compared, with the sandbox as it now is. */
export async function replay(recordingPath: string, options: { afterEach?: (sandbox: Sandbox) => void } = {}): Promise<ReplayResult> {
  const { timezone, origin, exchanges } = readRecording(recordingPath);
  let clock = (exchanges[0].at ?? 0) * 1000;
  const sandbox: Sandbox = await startSandbox({ port: 0, user: USER, password: PASSWORD, timezone, quiet: true, now: () => new Date(clock) });
  const ids = new IdMap();
  const result: ReplayResult = { identical: 0, total: exchanges.length, mismatches: [] };
  try {
    for (const exchange of exchanges) {
      if (exchange.at) clock = exchange.at * 1000;
      const { path, body } = rewrite(exchange.sent, ids);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(exchange.sent.headers ?? {})) headers[name.toLowerCase()] = value;
      if (exchange.sent.content_type) headers['content-type'] = exchange.sent.content_type;
      if (exchange.sent.auth !== 'anon')
        headers.authorization = `Basic ${Buffer.from(`${USER}:${exchange.sent.auth === 'badpw' ? 'wrong-password' : PASSWORD}`).toString('base64')}`;
      // Answered in this process: the HTTP layer's own tests are elsewhere, and a replay sends thousands of requests.
      const response = await sandbox.answer({ method: exchange.sent.method, path, headers, body });
      const text = response.text;
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON
      }
      const space = exchange.capture && /^[CT]/.test(exchange.capture) ? 'terms' : 'posts';
      if (response.status < 300) ids.learn(exchange.json, parsed, space);
      const sent = new URL(exchange.sent.path, 'http://replay.invalid');
      const route = sent.searchParams.get('rest_route') ?? sent.pathname;
      const translation = { ...ids.translation(sandbox.url, origin), sortKey: listSortKey(route, sent.searchParams) };
      const problems = compare(exchange, response.status, parsed, new Headers(response.headers), translation);
      if (problems.length) result.mismatches.push({ n: exchange.n, request: exchange.request, problems });
      else result.identical++;
      options.afterEach?.(sandbox);
    }
  } finally {
    await sandbox.close();
  }
  return result;
}
