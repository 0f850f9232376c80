/**
 * The pieces of undici the client uses, imported from undici's own files rather than its
 * index: loading the index (fetch, WebSocket, caches, mocks) costs more than the request.
 */
import Agent from 'undici/lib/dispatcher/agent.js';
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js';
import dispatcherRequest from 'undici/lib/api/api-request.js';
import dispatcherConnect from 'undici/lib/api/api-connect.js';
import DispatcherBase from 'undici/lib/dispatcher/dispatcher.js';
import type { Dispatcher } from 'undici';

export { Agent, EnvHttpProxyAgent };

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

/** A whole answer: status, headers and the body's bytes. */
export interface WholeResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

/** What one request may be stopped by besides the agent's own timeouts. */
export interface Limits {
  /** Milliseconds for the answer's head, and between two pieces of its body. */
  timeoutMs?: number;
  /** Stops the request where it is (its error is the abort's reason). */
  stop?: AbortSignal;
}

/**
 * One request with its body read whole, through the dispatcher's `dispatch` and a
 * handler that keeps the chunks. `request()` wraps every answer in a readable stream, which
 * cost about 0.1 ms of CPU a request: a third of undici's work for a small JSON answer.
 * Errors (connection, timeouts, an abort) reject as they do with `request()`.
 */
export function requestWhole(
  dispatcher: Dispatcher,
  url: string,
  options: { method: Dispatcher.HttpMethod; headers: Record<string, string>; body?: string },
  limits: Limits = {},
): Promise<WholeResponse> {
  const parsed = new URL(url);
  const { stop } = limits;
  return new Promise((resolve, reject) => {
    if (stop?.aborted) return reject(stop.reason);
    let statusCode = 0;
    let headers: WholeResponse['headers'] = {};
    let chunks: Buffer[] = [];
    let controller: Dispatcher.DispatchController | undefined;
    const onStop = () => {
      controller?.abort(stop!.reason);
      reject(stop!.reason);
    };
    const settle = () => stop?.removeEventListener('abort', onStop);
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(started) {
        controller = started;
        if (stop?.aborted) started.abort(stop.reason);
      },
      onResponseStart(_controller, status, responseHeaders) {
        // Called again after an informational (1xx) answer: only the last one's body counts.
        statusCode = status;
        headers = responseHeaders as WholeResponse['headers'];
        chunks = [];
      },
      onResponseData(_controller, chunk) {
        chunks.push(chunk);
      },
      onResponseEnd() {
        settle();
        resolve({ statusCode, headers, bytes: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks) });
      },
      onResponseError(_controller, error) {
        settle();
        reject(error);
      },
    };
    stop?.addEventListener('abort', onStop, { once: true });
    const timeouts = limits.timeoutMs === undefined ? {} : { headersTimeout: limits.timeoutMs, bodyTimeout: limits.timeoutMs };
    dispatcher.dispatch(
      { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}`, method: options.method, headers: options.headers, body: options.body, ...timeouts },
      handler,
    );
  });
}
