import type { Language } from './i18n.js';
import type { Store } from '../store/store.js';
import { utcMsToUtcString, utcMsToZoned } from '../../base/time.js';

export interface Site {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  baseUrl: string;
  namespace: string;
  timezone: string;
  /** Serves the plugin's newer API, `tec/v1` (6.15 and later); off: an older site. */
  tecV1: boolean;
}

export interface User {
  id: number;
  login: string;
}

/** Everything a handler needs to answer one request. */
export interface RequestContext {
  store: Store;
  site: Site;
  now: Date;
  language: Language | undefined;
  user: User | null;
}

/** What a handler answers. */
export interface SiteResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export function restBase(site: Site): string {
  return `${site.baseUrl}/wp-json/${site.namespace}`;
}

/** `127.0.0.1` for `http://127.0.0.1:8787`: the prefix of `global_id`. */
export function siteHost(site: Site): string {
  let host = hosts.get(site.baseUrl);
  if (host === undefined) {
    if (hosts.size > 100) hosts.clear();
    hosts.set(site.baseUrl, (host = new URL(site.baseUrl).hostname));
  }
  return host;
}

/** Hosts already read, by base URL (one or two a process): every record's global ID names its site's. */
const hosts = new Map<string, string>();

export function nowUtcWall(ctx: RequestContext): string {
  return utcMsToUtcString(ctx.now.getTime());
}

export function nowLocalWall(ctx: RequestContext): string {
  return utcMsToZoned(ctx.now.getTime(), ctx.site.timezone);
}
