/**
 * Builds request URLs from a REST root. Two root forms exist on real sites:
 * pretty (`https://site/wp-json`, possibly under a language segment `https://site/fr/wp-json`)
 * and plain (`https://site/?rest_route=/` or `https://site/index.php?rest_route=`).
 */
import { UsageError } from '../errors.js';
import { option } from '../words.js';

export type Query = Record<string, string | number | boolean | undefined>;

export interface RestRoot {
  /** The root as the user gave it, normalised (no trailing slash on pretty roots). */
  root: string;
  plain: boolean;
}

export function parseRestRoot(input: string): RestRoot {
  const url = new URL(input.trim());
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`not an http(s) URL: ${input}`);
  url.hash = '';
  if (url.searchParams.has('rest_route')) {
    url.searchParams.delete('rest_route');
    const rest = url.searchParams.toString();
    return { root: `${url.origin}${url.pathname}?${rest ? `${rest}&` : ''}rest_route=`, plain: true };
  }
  url.search = '';
  return { root: url.toString().replace(/\/+$/, ''), plain: false };
}

/**
 * The REST root a --base-url names: a site's address alone (`https://example.org`, what
 * `profile add` takes) means the root WordPress puts at /wp-json; any other path is the root.
 */
export function restRootOfBaseUrl(input: string): string {
  const url = new URL(input.trim());
  if ((url.pathname === '/' || url.pathname === '') && !url.searchParams.has('rest_route')) url.pathname = '/wp-json';
  return url.toString();
}

/** Encodes like PHP's rawurlencode, keeping commas readable in list values. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/%2C/gi, ',');
}

/** Web servers refuse longer request lines (431 or 414) before WordPress sees them. */
export const MAX_URL_LENGTH = 8000;

export function buildUrl(root: RestRoot, route: string, query: Query = {}): string {
  const path = `/${route.replace(/^\/+/, '')}`.replace(/\/+$/, '') || '/';
  const pairs = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ({ name: k, text: `${encode(k)}=${encode(String(v))}` }));
  const search = pairs.map((p) => p.text).join('&');
  const url = root.plain
    ? `${root.root}${encode(path).replace(/%2F/gi, '/')}${search ? `&${search}` : ''}`
    : `${root.root}${path}${search ? `?${search}` : ''}`;
  if (url.length > MAX_URL_LENGTH) {
    const longest = pairs.reduce<(typeof pairs)[number] | undefined>((a, b) => (!a || b.text.length > a.text.length ? b : a), undefined);
    const culprit = longest && longest.text.length > path.length ? option(longest.name) : 'the path';
    throw new UsageError(
      `${culprit} makes the request URL ${url.length} characters long; servers refuse URLs over ${MAX_URL_LENGTH}`,
      `Shorten ${culprit}; nothing was sent.`,
    );
  }
  return url;
}

/** A route under the namespace: `tribe/events/v1` + `events/12` -> `/tribe/events/v1/events/12`. */
export function namespaceRoute(namespace: string, path: string): string {
  const ns = namespace.replace(/^\/+|\/+$/g, '');
  const rest = path.replace(/^\/+/, '');
  return rest ? `/${ns}/${rest}` : `/${ns}`;
}
