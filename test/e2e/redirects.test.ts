/**
 * Redirects and odd answers from real networks, reproduced by small loopback servers:
 * reads follow a redirect (credentials never cross to another origin), writes stop and
 * name the new location, HTML 404 pages are "not found".
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli, tempHome } from './helpers.js';

interface Logged {
  server: Server;
  url: string;
  seen: Array<{ method?: string; url?: string; headers: IncomingHttpHeaders }>;
}

async function serve(handler: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void): Promise<Logged> {
  const seen: Logged['seen'] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method, url: req.url, headers: req.headers });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, seen, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let target: Logged;
let redirecting: Logged;
const home = tempHome();
const creds = { CALENDAR_USERNAME: 'editor', CALENDAR_APP_PASSWORD: 'redirect-secret-1' };

beforeAll(async () => {
  target = await serve((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'x-tec-total': '1', 'x-tec-totalpages': '1' });
    res.end(JSON.stringify({ venues: [{ id: 7, venue: 'Moved Hall' }], total: 1, total_pages: 1 }));
  });
  redirecting = await serve((req, res) => {
    if (req.url?.startsWith('/wp-json/tribe/events/v1/missing')) {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<!doctype html><html><body>Page not found</body></html>');
      return;
    }
    res.writeHead(301, { location: `${target.url}${req.url}` });
    res.end();
  });
});

afterAll(async () => {
  for (const s of [target, redirecting]) await new Promise((r) => s.server.close(r));
  home.cleanup();
});

const env = () => ({ ...home.env, ...creds, CALENDAR_BASE_URL: `${redirecting.url}/wp-json` });

describe('redirects', () => {
  test('a read follows a redirect to another origin without the credentials', async () => {
    const r = await runCli(['venues', 'list', '--format', 'ids'], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('7\n');
    expect(redirecting.seen.at(-1)?.headers.authorization).toBeDefined();
    expect(target.seen.at(-1)?.headers.authorization).toBeUndefined();
  });

  test('a write that gets a redirect is not success: exit 1, naming the new location', async () => {
    const before = target.seen.length;
    const r = await runCli(['api', 'POST', '/tags', '-f', 'name=x'], { env: env() });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`redirect (HTTP 301) to ${target.url}/wp-json/tribe/events/v1/tags`);
    expect(r.stderr).toContain('nothing was written');
    expect(target.seen.length).toBe(before);
  });

  test('an HTML 404 page is not the API (exit 5, not "not found"), said once', async () => {
    const r = await runCli(['api', 'GET', '/missing'], { env: env() });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('answered HTTP 404 with an HTML page');
    expect(r.stderr).toContain("not the REST API's JSON");
    expect(r.stderr).not.toMatch(/not JSON, not JSON/);
  });

  test('--ca-cert that is not PEM is named as such', async () => {
    const bad = join(home.home, 'not-a-cert.pem');
    writeFileSync(bad, 'hello');
    const r = await runCli(['--ca-cert', bad, 'venues', 'list'], { env: { ...env(), CALENDAR_BASE_URL: 'https://127.0.0.1:9/wp-json' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('holds no PEM certificate');
  });
});
