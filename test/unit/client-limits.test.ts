/**
 * What bounds a request of the HTTP client: a call's signal, its timeout per request and its
 * deadline for the whole call; closing with `abort`; hooks told of each request, answer and
 * retry; a dispatcher given by the caller; what a timeout after retries says.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterEach, describe, expect, test } from 'vitest';
import { AbortError } from '../../src/core/errors.js';
import { ApiClient, type ClientOptions } from '../../src/core/http/client.js';
import type { RequestEvent } from '../../src/core/http/hooks.js';
import { parseRestRoot } from '../../src/core/http/url.js';

type Answer = (req: IncomingMessage, res: ServerResponse) => void;

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A server that answers each request with `answer(n)` (n from 1), or never when it gives nothing. */
async function server(answer: (n: number) => Answer | undefined) {
  const hits: string[] = [];
  const http = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    req.resume();
    answer(hits.length)?.(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/wp-json`, hits };
}

const json =
  (status: number, body: unknown = {}, headers: Record<string, string> = {}): Answer =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

function client(url: string, options: Partial<ClientOptions> = {}): ApiClient {
  const api = new ApiClient({
    root: parseRestRoot(url),
    namespace: 'tribe/events/v1',
    timeoutMs: 5_000,
    retries: 3,
    debug: false,
    stderr: { write: () => true },
    sleep: async () => undefined,
    ...options,
  });
  closers.push(() => api.close());
  return api;
}

describe('a call bounded by its limits', () => {
  test('a signal aborted while a request waits stops it at once; no request is sent after', async () => {
    const site = await server(() => undefined);
    const api = client(site.url);
    const controller = new AbortController();
    const pending = api.withLimits({ signal: controller.signal }).call('GET', 'events');
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    const error = await pending.catch((err: unknown) => err);
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toMatchObject({ name: 'AbortError', code: 'aborted', exitCode: 130 });
    await expect(api.withLimits({ signal: controller.signal }).call('GET', 'events')).rejects.toBeInstanceOf(AbortError);
    expect(site.hits).toHaveLength(1);
  });

  test('the deadline bounds the whole call, a request waiting for its answer included', async () => {
    const site = await server(() => undefined);
    const api = client(site.url);
    const started = Date.now();
    const error = await api
      .withLimits({ timeoutMs: 5_000, deadlineMs: 400, deadlineAt: Date.now() + 400 })
      .call('GET', 'events')
      .catch((err: unknown) => err);
    const took = Date.now() - started;
    expect(error).toMatchObject({ name: 'AbortError', code: 'deadline', exitCode: 5 });
    expect((error as Error).message).toMatch(/^the deadline of 0\.4 s passed \(1 attempt in 0\.\d s, the last: no answer yet\)$/);
    expect(took).toBeGreaterThanOrEqual(380);
    expect(took).toBeLessThan(1000);
    expect(site.hits).toHaveLength(1);
  });

  test('a timeout after retries says the attempts and the time they took', async () => {
    const site = await server(() => undefined);
    const api = client(site.url, { timeoutMs: 100, retries: 1 });
    // undici's timers tick by the half second: each attempt takes up to a second.
    await expect(api.call('GET', 'events')).rejects.toThrow(/^no answer from http:\/\/127\.0\.0\.1:\d+ within 0\.1 s \(2 attempts in \d\.\d s\)$/);
    expect(site.hits).toHaveLength(2);
  });

  test('a retry whose wait would end past the deadline is not made: the call ends with what the last attempt got', async () => {
    const site = await server(() => json(503, { code: 'busy' }, { 'retry-after': '2' }));
    const api = client(site.url);
    const error = await api
      .withLimits({ deadlineMs: 1_000, deadlineAt: Date.now() + 1_000 })
      .call('GET', 'events')
      .catch((err: unknown) => err);
    expect(error).toMatchObject({ code: 'deadline' });
    expect((error as Error).message).toMatch(/^the deadline of 1 s passed \(1 attempt in 0\.\d s, the last: HTTP 503\)$/);
    expect(site.hits).toHaveLength(1);
  });

  test('close({ abort: true }) stops the requests in flight and sends no other', async () => {
    const site = await server(() => undefined);
    const api = client(site.url);
    const pending = [api.call('GET', 'events'), api.call('GET', 'venues')].map((p) => p.catch((err: unknown) => err));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await api.close({ abort: true });
    for (const error of await Promise.all(pending))
      expect(error).toMatchObject({ name: 'AbortError', message: 'the calendar was closed while the call was in flight' });
    expect(Date.now() - started).toBeLessThan(1000);
    await expect(api.call('GET', 'tags')).rejects.toBeInstanceOf(AbortError);
    expect(site.hits).toHaveLength(2);
  });
});

describe('hooks and the dispatcher', () => {
  test('hooks are told of each request, answer and retry; the debug lines name no credential', async () => {
    const site = await server((n) => (n === 1 ? json(503, { code: 'busy' }) : json(200, { events: [] })));
    const seen: string[] = [];
    const lines: string[] = [];
    const api = client(site.url, {
      username: 'admin',
      password: 'secret pass word',
      debug: true,
      stderr: { write: (chunk) => lines.push(String(chunk)) > 0 },
      hooks: {
        request: (e: RequestEvent) => seen.push(`request ${e.method} ${e.attempt}`),
        response: (e) => seen.push(`response ${e.status} ${e.attempt}`),
        retry: (e) => seen.push(`retry ${e.status} ${e.attempt}`),
      },
    });
    await api.call('GET', 'events');
    expect(seen).toEqual(['request GET 1', 'response 503 1', 'retry 503 1', 'request GET 2', 'response 200 2']);
    expect(lines.join('')).toMatch(/^debug: > GET http:\/\/127\.0\.0\.1:\d+\/wp-json\/tribe\/events\/v1\/events$/m);
    expect(lines.join('')).not.toMatch(/secret|YWRtaW4|authorization/i);
  });

  test("the caller's dispatcher carries the requests, and closing the client leaves it open", async () => {
    const site = await server(() => json(200, { tags: [] }));
    const dispatched: string[] = [];
    const agent = new Agent();
    closers.push(() => agent.close());
    const counting = agent.compose((dispatch) => (options, handler) => {
      dispatched.push(`${options.method} ${options.path}`);
      return dispatch(options, handler);
    });
    const api = client(site.url, { dispatcher: counting });
    await api.call('GET', 'tags');
    await api.close();
    expect(dispatched).toEqual(['GET /wp-json/tribe/events/v1/tags']);
    expect(agent.closed).toBe(false);
    expect(site.hits).toHaveLength(1);
  });
});

test('the abort error is a CalendarError of its own class', () => {
  expect(new AbortError('x')).toMatchObject({ name: 'AbortError', code: 'aborted' });
});
