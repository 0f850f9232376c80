/**
 * The pieces of undici the client uses, imported from undici's own files rather than its
 * index: loading the index (fetch, WebSocket, caches, mocks) costs more than the request.
 */
import Agent from 'undici/lib/dispatcher/agent.js';
import RetryAgent from 'undici/lib/dispatcher/retry-agent.js';
import dispatcherRequest from 'undici/lib/api/api-request.js';
import type { Dispatcher } from 'undici';

export { Agent, RetryAgent };

// Tells the launcher (bin/calendar.js) that this run loaded the HTTP client, so that its code
// cache is written again if it came from a run that did not (see bin/code-cache.js).
(globalThis as Record<symbol, unknown>)[Symbol.for('calendar.httpClientLoaded')] = true;

export type RequestOptions = Omit<Dispatcher.RequestOptions, 'origin' | 'path'>;

/** undici's request(url, options) with the dispatcher given, as its index builds it. */
export function request(dispatcher: Dispatcher, url: string, options: RequestOptions): Promise<Dispatcher.ResponseData> {
  const parsed = new URL(url);
  return dispatcherRequest.call(dispatcher, { ...options, origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` });
}
