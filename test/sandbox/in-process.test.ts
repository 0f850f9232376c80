/**
 * Sandbox.answer (a request answered in this process, which the differential replay sends by the
 * thousand) answers as the HTTP server does: the same status, body and headers, request by request,
 * on two sandboxes given the same requests in the same order.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { RECORDING_CLOCK } from './helpers.js';

const PASSWORD = 'in-process-pass';
const auth = { authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` };
const json = { ...auth, 'content-type': 'application/json' };
const form = { ...auth, 'content-type': 'application/x-www-form-urlencoded' };

/** Requests of every kind the replay sends: reads, writes by JSON and form, overrides, errors, HEAD, pages. */
const REQUESTS: Array<{ method: string; path: string; headers?: Record<string, string>; body?: string }> = [
  { method: 'GET', path: '/wp-json/tribe/events/v1/venues' },
  { method: 'POST', path: '/wp-json/tribe/events/v1/venues', headers: json, body: JSON.stringify({ venue: 'Salle Étoile', city: 'Lyon' }) },
  { method: 'POST', path: '/wp-json/tribe/events/v1/organizers', headers: form, body: 'organizer=Ana+%26+Bo&email=ana%40example.org' },
  { method: 'GET', path: '/wp-json/tribe/events/v1/venues?per_page=1&page=1' },
  { method: 'HEAD', path: '/wp-json/tribe/events/v1/venues' },
  { method: 'GET', path: '/?rest_route=/tribe/events/v1/venues/by-slug/salle-etoile' },
  { method: 'POST', path: '/wp-json/tribe/events/v1/venues/1?_method=PUT', headers: json, body: JSON.stringify({ city: 'Nîmes' }) },
  { method: 'POST', path: '/wp-json/tribe/events/v1/venues', headers: json, body: '{"venue": "broken' },
  { method: 'POST', path: '/wp-json/tribe/events/v1/venues', body: JSON.stringify({ venue: 'No Auth' }), headers: { 'content-type': 'application/json' } },
  { method: 'GET', path: '/wp-json/tribe/events/v1/venues/999' },
  { method: 'DELETE', path: '/wp-json/tribe/events/v1/venues/1', headers: auth },
  { method: 'GET', path: '/wp-json/wp/v2/tribe_venue?status=trash&_fields=id,slug,status', headers: auth },
  { method: 'GET', path: '/wp-json/tec/v1/venues' },
  { method: 'GET', path: '/wp-json/nowhere/v1/things' },
  { method: 'GET', path: '/' },
];

/** Headers the HTTP layer adds of its own (the connection's), which an in-process answer has no use for. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

let overHttp: Sandbox;
let inProcess: Sandbox;
beforeAll(async () => {
  const options = { port: 0, password: PASSWORD, quiet: true, now: () => RECORDING_CLOCK };
  [overHttp, inProcess] = await Promise.all([startSandbox(options), startSandbox(options)]);
});
afterAll(() => Promise.all([overHttp.close(), inProcess.close()]));

describe('an answer in process', () => {
  test('is the HTTP server’s answer: status, body and headers, request by request', async () => {
    for (const request of REQUESTS) {
      const response = await fetch(`${overHttp.url}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        if (!CONNECTION_HEADERS.has(name)) headers[name] = value;
      });
      const wire = { status: response.status, headers, text: await response.text() };
      const answered = await inProcess.answer({ headers: {}, ...request });
      // Each names the site by its own address (in JSON with its slashes escaped): the port tells them apart.
      const asOverHttp = (text: string) => text.split(`127.0.0.1:${inProcess.port}`).join(`127.0.0.1:${overHttp.port}`);
      const translated = {
        status: answered.status,
        headers: Object.fromEntries(Object.entries(answered.headers).map(([name, value]) => [name, asOverHttp(value)])),
        text: asOverHttp(answered.text),
      };
      expect(translated, `${request.method} ${request.path}`).toEqual(wire);
    }
    expect(inProcess.stats).toEqual(overHttp.stats);
  });
});
