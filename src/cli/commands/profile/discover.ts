/**
 * Finds a site's REST root the way WordPress advertises it: the `Link: <…>; rel="https://api.w.org/"`
 * header (or `<link>` tag) of any page or response, falling back to `<url>/wp-json/` and then
 * `<url>/?rest_route=/`. The REST index then names the events namespace and the timezone.
 */
import { DEFAULT_NAMESPACE, TEC_NAMESPACE } from '../../../spec/resources.js';
import {
  Agent,
  buildUrl,
  CalendarError,
  clientOpened,
  EXIT,
  networkError,
  type OutputStream,
  parseRestRoot,
  readCa,
  request,
  type RestRoot,
  UsageError,
  USER_AGENT,
} from '../../../core/index.js';

export interface Discovery {
  /** The REST root as it will be stored: `https://site/wp-json` or `https://site/?rest_route=/`. */
  restRoot: string;
  namespace: string;
  /** `tec` when the index lists tec/v1 (the routes that update a field alone), else `tribe`. */
  api: 'tec' | 'tribe';
  timezone?: string;
  siteName?: string;
  /** The root asked for, when it redirected to `restRoot`. */
  redirectedFrom?: string;
  /** The index lists a translation plugin's namespace (translationPluginIn). */
  translations: boolean;
}

/**
 * Whether a REST index shows a translation plugin: WPML (`wpml/...`) and Polylang (`pll/v1`)
 * register namespaces of their own. The Events Calendar itself never reads `i18n_language`
 * (on a site without such a plugin the parameter changes nothing), so without one `--lang`
 * may have no effect.
 */
export function translationPluginIn(namespaces: string[]): boolean {
  return namespaces.some((namespace) => /^(wpml|pll)\//.test(namespace));
}

/**
 * Whether a REST index says its site honours `i18n_language`: a translation plugin's namespace,
 * or the languages `calendar serve` states under a key of its own (no real site has it).
 */
export function translationsIn(index: Record<string, unknown>, namespaces: string[]): boolean {
  const sandbox = index.calendar_sandbox as { i18n_languages?: unknown } | undefined;
  const sandboxLanguages = Array.isArray(sandbox?.i18n_languages) && sandbox.i18n_languages.length > 0;
  return translationPluginIn(namespaces) || sandboxLanguages;
}

export interface DiscoverOptions {
  timeoutMs: number;
  caCertFile?: string;
  /** A namespace the user asked for; it must be among the site's namespaces. */
  namespace?: string;
  debug?: OutputStream;
}

interface Page {
  status: number;
  headers: Record<string, string>;
  text: string;
  url: string;
}

const API_REL = /<([^>]+)>\s*;[^,]*rel\s*=\s*"?https:\/\/api\.w\.org\/"?/i;
const API_LINK_TAG = /<link[^>]+rel=["']https:\/\/api\.w\.org\/["'][^>]*>/i;
const MAX_REDIRECTS = 5;

export function checkSiteUrl(raw: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(raw.trim());
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new UsageError(
      `--url: "${raw}" is not an http(s) URL`,
      'Give the site address (https://example.org) or its REST root (https://example.org/wp-json).',
    );
  }
  url.hash = '';
  return url;
}

/** The stored form of a root, which parseRestRoot reads back to the same thing. */
export function storedRoot(root: RestRoot): string {
  return root.plain ? `${root.root}/` : root.root;
}

/** The REST root a page or response points at, from its Link header or, in HTML, its link tag. */
export function advertisedRoot(page: { headers: Record<string, string>; text?: string }): string | undefined {
  const header = page.headers.link?.match(API_REL)?.[1];
  if (header) return header;
  const tag = page.text?.match(API_LINK_TAG)?.[0].match(/href=["']([^"']+)["']/i)?.[1];
  return tag?.replace(/&amp;/g, '&');
}

/** Candidate REST roots for a URL the user gave, in the order they are tried. */
export function fallbackRoots(url: URL): string[] {
  if (url.searchParams.has('rest_route') || /\/wp-json\/?$/.test(url.pathname)) return [url.toString()];
  const base = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  return [`${base}/wp-json/`, `${base}/?rest_route=/`];
}

/** The events namespace: the one asked for, else the default (`tribe/events/v1`), else any ending in /events/v1. */
export function pickNamespace(namespaces: string[], wanted?: string): string | undefined {
  if (wanted) return namespaces.includes(wanted) ? wanted : undefined;
  const events = namespaces.filter((ns) => /\/events\/v1$/.test(ns));
  return events.find((ns) => ns === DEFAULT_NAMESPACE) ?? events[0];
}

export async function discover(input: string, options: DiscoverOptions): Promise<Discovery> {
  const url = checkSiteUrl(input);
  const ca = options.caCertFile ? readCa(options.caCertFile) : undefined;
  const agent = new Agent({
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connect: { timeout: options.timeoutMs, rejectUnauthorized: true, ...(ca ? { ca } : {}) },
  });
  const get = (target: string) => fetchPage(target, agent, options);
  // As the client does: the launcher's tuning for the time HTTP is spoken (bin/v8-tiers.js).
  const closed = clientOpened(url.protocol === 'https:');
  try {
    const candidates: string[] = [];
    const givenIsRoot = fallbackRoots(url).length === 1;
    if (!givenIsRoot) {
      const home = await get(url.toString()); // a network error here means the site is unreachable
      const advertised = advertisedRoot(home);
      if (advertised) candidates.push(advertised);
    }
    candidates.push(...fallbackRoots(url));
    let reached = givenIsRoot ? 0 : 1;
    let lastNetworkError: CalendarError | undefined;
    for (let i = 0; i < candidates.length; i++) {
      let root: RestRoot;
      try {
        root = parseRestRoot(candidates[i]);
      } catch {
        continue;
      }
      let page: Page;
      try {
        page = await get(buildUrl(root, '/'));
        reached++;
      } catch (err) {
        lastNetworkError = err as CalendarError;
        continue;
      }
      const advertised = advertisedRoot({ headers: page.headers });
      if (advertised && !candidates.includes(advertised)) candidates.splice(i + 1, 0, advertised);
      const index = jsonObject(page.text);
      if (page.status !== 200 || !index || !Array.isArray(index.namespaces)) continue;
      const namespaces = (index.namespaces as unknown[]).filter((n): n is string => typeof n === 'string');
      const namespace = pickNamespace(namespaces, options.namespace);
      if (!namespace) {
        const wanted = options.namespace ?? '.../events/v1';
        throw new CalendarError(
          `not a calendar site: no ${wanted} namespace at ${storedRoot(root)}`,
          EXIT.refused,
          'Is The Events Calendar active, with its REST API switched on?',
        );
      }
      const timezone = typeof index.timezone_string === 'string' && index.timezone_string !== '' ? index.timezone_string : undefined;
      // A root that redirects is stored as where it ends up, so later requests (writes too) go there.
      const requested = buildUrl(root, '/');
      const final = page.url !== requested ? rootOfIndexUrl(page.url) : undefined;
      const restRoot = storedRoot(final ?? root);
      const api = namespaces.includes(TEC_NAMESPACE) ? 'tec' : 'tribe';
      return {
        restRoot,
        namespace,
        timezone,
        api,
        siteName: typeof index.name === 'string' ? index.name : undefined,
        redirectedFrom: final ? storedRoot(root) : undefined,
        translations: translationsIn(index, namespaces),
      };
    }
    if (reached === 0 && lastNetworkError) throw lastNetworkError;
    throw new CalendarError(
      `not a calendar site: no WordPress REST API found at ${url.toString()}`,
      EXIT.refused,
      'Give the site address (https://example.org) or its REST root (https://example.org/wp-json).',
    );
  } finally {
    closed();
    await agent.close().catch(() => undefined);
  }
}

/** The REST root whose index is at `url` (`https://site/wp-json/` or `...?rest_route=/`). */
function rootOfIndexUrl(url: string): RestRoot | undefined {
  try {
    return parseRestRoot(url.replace(/([?&]rest_route=)\/?$/, '$1').replace(/\/+$/, ''));
  } catch {
    return undefined;
  }
}

async function fetchPage(start: string, agent: Agent, options: DiscoverOptions): Promise<Page> {
  let target = start;
  for (let hop = 0; ; hop++) {
    options.debug?.write(`debug: > GET ${target}\n`);
    let res;
    try {
      res = await request(agent, target, { method: 'GET', headers: { accept: 'application/json, text/html;q=0.9', 'user-agent': USER_AGENT } });
    } catch (err) {
      throw networkError(err, target, options.timeoutMs);
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
    let text: string;
    try {
      text = await res.body.text();
    } catch (err) {
      throw networkError(err, target, options.timeoutMs);
    }
    options.debug?.write(`debug: < ${res.statusCode} GET ${target}\n`);
    const location = headers.location;
    if (res.statusCode >= 300 && res.statusCode < 400 && location && hop < MAX_REDIRECTS) {
      target = new URL(location, target).toString();
      continue;
    }
    return { status: res.statusCode, headers, text, url: target };
  }
}

function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
