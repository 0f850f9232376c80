/**
 * Proxies named by the environment (HTTP_PROXY, HTTPS_PROXY, NO_PROXY and their lower-case
 * forms) are used the way curl uses them, through a small forward proxy on loopback: http://
 * sites in absolute form (a proxy need not tunnel to them); the proxy's own credentials never
 * reach any output. https:// through a tunnel: test/reliability/tls.test.ts.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { useSite } from './helpers.js';

const site = useSite();
let proxy: Server;
let proxyUrl: string;
const seen: Array<{ method?: string; url?: string; auth?: string }> = [];

beforeAll(async () => {
  // A plain forward proxy, as Squid's default configuration is for http:// targets: it serves
  // requests in absolute form (GET http://host:port/path) and refuses to tunnel (CONNECT) to any
  // port but 443. Whatever loopback address is asked for, it forwards to 127.0.0.1 on the same
  // port, where the sandbox listens.
  proxy = createServer((req, res) => {
    seen.push({ method: req.method, url: req.url, auth: req.headers['proxy-authorization'] });
    const target = new URL(req.url ?? '/');
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    const upstream = request({ host: '127.0.0.1', port: target.port, method: req.method, path: `${target.pathname}${target.search}`, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  proxy.on('connect', (req, client) => {
    seen.push({ method: req.method, url: req.url, auth: req.headers['proxy-authorization'] });
    client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

/** The sandbox under another loopback address, which the CLI does not exempt from proxies (the proxy maps it back). */
const viaName = () => site.sandbox.restRoot.replace('127.0.0.1', '127.0.0.2');

describe('proxies from the environment', () => {
  test('loopback sites never go through the proxy', async () => {
    const before = seen.length;
    const r = await site.cli(['venues', 'list', '--format', 'count'], { env: { HTTP_PROXY: proxyUrl } });
    expect(r.code, r.stderr).toBe(0);
    expect(seen.length).toBe(before);
  });

  test('another host goes through HTTP_PROXY (or http_proxy) in absolute form, never a tunnel, with the proxy credentials kept out of --debug', async () => {
    const before = seen.length;
    const withCredentials = proxyUrl.replace('http://', 'http://corp:proxy-Secret-42@');
    const r = await site.cli(['--debug', 'venues', 'list', '--format', 'count'], { env: { http_proxy: withCredentials, CALENDAR_BASE_URL: viaName() } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^\d+\n$/);
    expect(seen.length).toBeGreaterThan(before);
    expect(seen.slice(before).map((request) => request.method)).not.toContain('CONNECT');
    expect(seen.at(-1)?.url).toMatch(/^http:\/\/127\.0\.0\.2:\d+\/wp-json\/tribe\/events\/v1\/venues/);
    expect(seen.at(-1)?.auth).toBe(`Basic ${Buffer.from('corp:proxy-Secret-42').toString('base64')}`);
    expect(r.stdout + r.stderr).not.toContain('proxy-Secret-42');
  });

  test('a write goes through the proxy too, its body intact', async () => {
    const before = seen.length;
    const r = await site.cli(['venues', 'create', '--name', 'Proxied Hall', '--format', 'ids'], {
      env: { HTTP_PROXY: proxyUrl, CALENDAR_BASE_URL: viaName() },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(seen.slice(before).map((request) => request.method)).toContain('POST');
    expect(site.sandbox.store.data.posts.some((post) => post.fields.venue === 'Proxied Hall')).toBe(true);
  });

  test('NO_PROXY names hosts that go direct', async () => {
    const before = seen.length;
    await site.cli(['venues', 'list', '--format', 'count'], { env: { HTTP_PROXY: proxyUrl, NO_PROXY: '127.0.0.2', CALENDAR_BASE_URL: viaName() } });
    expect(seen.length).toBe(before);
  });
});
