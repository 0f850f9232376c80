/**
 * The pieces of undici the client uses, imported from undici's own files rather than its
 * index: loading the index (fetch, WebSocket, caches, mocks) costs more than the request.
 */
import Agent from 'undici/lib/dispatcher/agent.js';
import RetryAgent from 'undici/lib/dispatcher/retry-agent.js';
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js';
import dispatcherRequest from 'undici/lib/api/api-request.js';
import dispatcherConnect from 'undici/lib/api/api-connect.js';
import DispatcherBase from 'undici/lib/dispatcher/dispatcher.js';
import type { Dispatcher } from 'undici';

export { Agent, EnvHttpProxyAgent, RetryAgent };

// A proxy tunnels through its client's connect(), which undici's index puts on every
// dispatcher; with the pieces imported one by one it is put there here.
const prototype = (DispatcherBase as unknown as { prototype: Record<string, unknown> }).prototype;
prototype.connect ??= dispatcherConnect;

// Tells the launcher (bin/calendar.js) that this run loaded the HTTP client, so that its code
// cache is written again if it came from a run that did not (see bin/code-cache.js).
(globalThis as Record<symbol, unknown>)[Symbol.for('calendar.httpClientLoaded')] = true;

export type RequestOptions = Omit<Dispatcher.RequestOptions, 'origin' | 'path'>;

/** undici's request(url, options) with the dispatcher given, as its index builds it. */
export function request(dispatcher: Dispatcher, url: string, options: RequestOptions): Promise<Dispatcher.ResponseData> {
  const parsed = new URL(url);
  return dispatcherRequest.call(dispatcher, { ...options, origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` });
}
