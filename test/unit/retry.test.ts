import { afterEach, describe, expect, test } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient } from '../../src/core/http/client.js';
import { parseRestRoot } from '../../src/core/http/url.js';
import { backoffDelay, retryAfterMs, timer, type BackoffPolicy } from '../../src/core/http/retry.js';
import { CalendarError } from '../../src/core/errors.js';

/** A server that answers with `fail` for the first `failures` requests, then 200. */
interface Flaky {
  url: string;
  hits: Array<{ method: string; at: number }>;
  close(): Promise<void>;
}

type Failure = (req: IncomingMessage, res: ServerResponse) => void;

const servers: Flaky[] = [];

async function flakyServer(failures: number, fail: Failure): Promise<Flaky> {
  const hits: Flaky['hits'] = [];
  const server: Server = createServer((req, res) => {
    hits.push({ method: req.method ?? '', at: Date.now() });
    req.resume();
    req.on('end', () => {
      if (hits.length <= failures) return fail(req, res);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, attempt: hits.length }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const flaky = {
    url: `http://127.0.0.1:${port}/wp-json`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(flaky);
  return flaky;
}

const sink = { write: () => true };

/** The waits the client asked for, in ms: the injected clock answers at once. */
let waits: number[] = [];
const instantClock = (ms: number) => {
  waits.push(ms);
  return Promise.resolve();
};

function client(url: string, retries = 3, timeoutMs = 5_000, sleep: (ms: number) => Promise<void> = instantClock): ApiClient {
  return new ApiClient({ root: parseRestRoot(url), namespace: 'tribe/events/v1', timeoutMs, retries, debug: false, stderr: sink, sleep });
}

const status =
  (code: number, headers: Record<string, string> = {}): Failure =>
  (_req, res) => {
    res.writeHead(code, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify({ code: 'busy', message: 'try later', data: { status: code } }));
  };

const reset: Failure = (req) => req.socket.destroy();

afterEach(async () => {
  waits = [];
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('retries of idempotent requests', () => {
  test('a GET that gets 503 twice is retried and succeeds on the third attempt', async () => {
    const server = await flakyServer(2, status(503));
    const api = client(server.url);
    const res = await api.call<{ attempt: number }>('GET', 'events');
    expect(res.status).toBe(200);
    expect(res.body.attempt).toBe(3);
    expect(server.hits).toHaveLength(3);
    await api.close();
  });

  test('429, 502 and 504 are retried too, and PUT, PATCH and DELETE as well as GET', async () => {
    for (const [code, method] of [
      [429, 'PUT'],
      [502, 'PATCH'],
      [504, 'DELETE'],
    ] as const) {
      const server = await flakyServer(1, status(code));
      const api = client(server.url);
      const res = await api.send(method, 'events/1', { body: method === 'DELETE' ? undefined : { title: 'x' } });
      expect(res.status, `${code} ${method}`).toBe(200);
      expect(server.hits.map((h) => h.method)).toEqual([method, method]);
      await api.close();
    }
  });

  test('a dropped connection is retried', async () => {
    const server = await flakyServer(2, reset);
    const api = client(server.url);
    const res = await api.call('GET', 'venues');
    expect(res.status).toBe(200);
    expect(server.hits).toHaveLength(3);
    await api.close();
  });

  test('the backoff waits go through the injected clock: growing steps, Retry-After honoured', async () => {
    const server = await flakyServer(3, (req, res) => (server.hits.length === 3 ? status(429, { 'retry-after': '7' })(req, res) : status(503)(req, res)));
    const api = client(server.url);
    await api.call('GET', 'events');
    expect(server.hits).toHaveLength(4);
    expect(waits).toHaveLength(3);
    expect(waits[0]).toBeGreaterThanOrEqual(150);
    expect(waits[0]).toBeLessThan(300);
    expect(waits[1]).toBeGreaterThanOrEqual(300);
    expect(waits[1]).toBeLessThan(600);
    expect(waits[2]).toBeGreaterThanOrEqual(7000);
    await api.close();
  });

  test('Retry-After in seconds is honoured before the next attempt (real timer)', async () => {
    const server = await flakyServer(1, status(503, { 'retry-after': '1' }));
    const api = client(server.url, 3, 5_000, timer);
    await api.call('GET', 'events');
    expect(server.hits).toHaveLength(2);
    expect(server.hits[1].at - server.hits[0].at).toBeGreaterThanOrEqual(950);
    await api.close();
  });

  test('after the last retry the error status comes back as an error', async () => {
    const server = await flakyServer(100, status(503, { 'retry-after': '0' }));
    const api = client(server.url, 2);
    const err = await api.call('GET', 'events').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CalendarError);
    expect((err as CalendarError).exitCode).toBe(5);
    expect(server.hits).toHaveLength(3); // the first attempt and two retries
    await api.close();
  });

  test('a POST is retried only when the server says it did not take it: 429, or 503 with a Retry-After', async () => {
    for (const [answer, hits] of [
      [status(429), 2],
      [status(503, { 'retry-after': '0' }), 2],
      [status(503), 1],
      [status(502), 1],
      [status(504), 1],
    ] as const) {
      const server = await flakyServer(1, answer);
      const api = client(server.url);
      await api.send('POST', 'events', { body: { title: 'x' } });
      expect(server.hits).toHaveLength(hits);
      await api.close();
    }
  });

  test('a POST whose connection is reset fails once, as a network error', async () => {
    const server = await flakyServer(1, reset);
    const api = client(server.url);
    const err = await api.send('POST', 'venues', { body: { venue: 'x' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CalendarError);
    expect((err as CalendarError).exitCode).toBe(5);
    expect(server.hits).toHaveLength(1);
    expect(waits).toEqual([]);
    await api.close();
  });

  test('other 4xx are not retried, nor a 500 to a write', async () => {
    for (const [method, code] of [
      ['GET', 400],
      ['GET', 404],
      ['PUT', 500],
      ['DELETE', 500],
    ] as const) {
      const server = await flakyServer(1, status(code));
      const api = client(server.url);
      const res = await api.send(method, 'events/1');
      expect(res.status).toBe(code);
      expect(server.hits).toHaveLength(1);
      await api.close();
    }
  });

  test('a JSON 500 to a read is retried like a 503, and the last one names the request', async () => {
    const jsonError: Failure = (_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'internal_server_error', message: 'The server failed to answer.', data: { status: 500 } }));
    };
    const healed = await flakyServer(2, jsonError);
    const api = client(healed.url);
    expect((await api.call('GET', 'venues')).status).toBe(200);
    expect(healed.hits).toHaveLength(3);
    await api.close();
    const broken = await flakyServer(100, jsonError);
    const gaveUp = client(broken.url, 2);
    const err = await gaveUp.call('GET', 'venues', { query: { page: 2 } }).catch((e: unknown) => e);
    expect(broken.hits).toHaveLength(3);
    expect((err as CalendarError).exitCode).toBe(5);
    // The request named, and the attempts said: the same error can come from any stage of a long run.
    // The seconds depend on the machine's load: the words around them do not.
    expect((err as CalendarError).message.replace(/in \d+\.\d s\)$/, 'in N s)')).toBe(
      `The server failed to answer. [internal_server_error, HTTP 500] (GET ${broken.url}/tribe/events/v1/venues?page=2) (3 attempts in N s)`,
    );
    await gaveUp.close();
  });

  test('--retries 0 sends once', async () => {
    const server = await flakyServer(1, status(503));
    const api = client(server.url, 0);
    const res = await api.send('GET', 'events');
    expect(res.status).toBe(503);
    expect(server.hits).toHaveLength(1);
    await api.close();
  });

  test('a Retry-After beyond the longest wait is not waited for', async () => {
    const server = await flakyServer(2, status(429, { 'retry-after': '3600' }));
    const api = client(server.url);
    const started = Date.now();
    const res = await api.send('GET', 'events');
    expect(res.status).toBe(429);
    expect(server.hits).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1000);
    // The error says how long the server asked to wait, for the caller to decide.
    await expect(api.call('GET', 'events')).rejects.toMatchObject({ status: 429, retryAfter: 3600 });
    await api.close();
  });
});

describe('backoff delays', () => {
  const policy: BackoffPolicy = { baseMs: 100, maxMs: 1000, maxRetryAfterMs: 60_000 };

  test('grow exponentially, with jitter between half and all of the step', () => {
    expect(backoffDelay(1, undefined, policy, () => 0)).toBe(50);
    expect(backoffDelay(1, undefined, policy, () => 0.999)).toBe(99);
    expect(backoffDelay(3, undefined, policy, () => 0)).toBe(200);
    expect(backoffDelay(3, undefined, policy, () => 0.5)).toBe(300);
    expect(backoffDelay(10, undefined, policy, () => 0)).toBe(500); // capped at maxMs
  });

  test('different random draws give different delays', () => {
    const seen = new Set(Array.from({ length: 20 }, () => backoffDelay(4, undefined, policy)));
    expect(seen.size).toBeGreaterThan(1);
  });

  test('Retry-After wins and is never undercut', () => {
    expect(backoffDelay(1, 2000, policy, () => 0)).toBe(2000);
    expect(backoffDelay(1, 2000, policy, () => 0.5)).toBe(2050);
  });

  test('Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(' 0 ')).toBe(0);
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(retryAfterMs('Sun, 22 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });
});
