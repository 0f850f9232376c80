/**
 * How the client comes back from the faults the sandbox injects, one scripted answer at a
 * time: a 429 to a create, a connection lost after a create was stored, a PHP crash page.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient } from '../../src/core/http/client.js';
import { parseRestRoot } from '../../src/core/http/url.js';
import { createRecord } from '../../src/core/bulk/writes.js';
import { resources } from '../../src/spec/resources.js';

type Answer = (request: IncomingMessage, response: ServerResponse) => void;

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
const html =
  (status: number): Answer =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'text/html; charset=UTF-8' });
    response.end('<html><body>critical error</body></html>');
  };
const dropConnection: Answer = (request) => request.socket.destroy();

const servers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of servers.splice(0)) await close();
});

/** A server that plays `script` in order (the last answer repeats) and logs each request. */
async function scripted(script: Answer[]) {
  const log: string[] = [];
  const server = createServer((request, response) => {
    log.push(`${request.method} ${request.url?.replace(/^\/wp-json\/tribe\/events\/v1/, '')}`);
    const answer = script[Math.min(log.length - 1, script.length - 1)];
    request.resume();
    request.on('end', () => answer(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const api = new ApiClient({
    root: parseRestRoot(`http://127.0.0.1:${(server.address() as AddressInfo).port}/wp-json`),
    namespace: 'tribe/events/v1',
    username: 'admin',
    password: 'not-a-real-secret',
    timeoutMs: 5_000,
    retries: 3,
    debug: false,
    stderr: { write: () => true },
  });
  servers.push(() => api.close());
  return { api, log };
}

const noWait = async () => undefined;
const venue = { id: 42, venue: 'Hall', slug: 'hall' };

describe('client recovery', () => {
  it('sends a create again after a 429, once', async () => {
    const { api, log } = await scripted([json(429, { code: 'too_many_requests' }, { 'retry-after': '0' }), json(201, venue)]);
    const { record: created } = await createRecord(api, resources.venues, { venue: 'Hall' }, undefined, { sleep: noWait });
    expect(created.id).toBe(42);
    expect(log).toEqual(['POST /venues', 'POST /venues']);
  });

  it('a create answered 429 every time is sent 1 + retries times, by the one retry policy, then reported', async () => {
    const { api, log } = await scripted([json(429, { code: 'too_many_requests' }, { 'retry-after': '0' })]);
    await expect(createRecord(api, resources.venues, { venue: 'Hall' }, { by: 'slug', slug: 'hall' }, { sleep: noWait })).rejects.toMatchObject({
      status: 429,
    });
    expect(log).toEqual(Array(4).fill('POST /venues'));
  });

  it('after a lost connection, finds the stored record instead of creating it twice', async () => {
    const { api, log } = await scripted([dropConnection, json(200, venue)]);
    const { record: created } = await createRecord(api, resources.venues, { venue: 'Hall' }, { by: 'slug', slug: 'hall' }, { sleep: noWait });
    expect(created.id).toBe(42);
    expect(log).toEqual(['POST /venues', 'GET /venues/by-slug/hall']);
  });

  it('tries a failed lookup again rather than giving up or posting blindly', async () => {
    const { api, log } = await scripted([html(503), json(500, { code: 'internal_server_error' }), json(400, { code: 'rest_invalid_param' }), json(201, venue)]);
    const { record: created } = await createRecord(api, resources.venues, { venue: 'Hall' }, { by: 'slug', slug: 'hall' }, { sleep: noWait });
    expect(created.id).toBe(42);
    expect(log).toEqual(['POST /venues', 'GET /venues/by-slug/hall', 'GET /venues/by-slug/hall', 'POST /venues']);
  });

  it('retries a read that got a PHP crash page or a JSON 500, not a write that got a JSON 500', async () => {
    const crash = await scripted([html(500), json(200, { venues: [] })]);
    expect((await crash.api.send('GET', 'venues')).status).toBe(200);
    expect(crash.log).toHaveLength(2);
    const apiError = await scripted([json(500, { code: 'internal_server_error' }), json(200, { venues: [] })]);
    expect((await apiError.api.send('GET', 'venues')).status).toBe(200);
    expect(apiError.log).toHaveLength(2);
    const writeError = await scripted([json(500, { code: 'internal_server_error' }), json(200, venue)]);
    expect((await writeError.api.send('PUT', 'venues/1', { body: { venue: 'Hall' } })).status).toBe(500);
    expect(writeError.log).toHaveLength(1);
  });

  it('never retries a create that got a crash page without a match key', async () => {
    const { api, log } = await scripted([html(500), json(201, venue)]);
    await expect(createRecord(api, resources.venues, { venue: 'Hall' }, undefined, { sleep: noWait })).rejects.toThrow(/HTTP 500 with an HTML page/);
    expect(log).toEqual(['POST /venues']);
  });
});
