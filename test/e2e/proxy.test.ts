/**
 * Proxies named by the environment (HTTP_PROXY, HTTPS_PROXY, NO_PROXY and their lower-case
 * forms) are used the way curl uses them, through a small forward proxy on loopback; the
 * proxy's own credentials never reach any output.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { useSite } from './helpers.js';

const site = useSite();
let proxy: Server;
let proxyUrl: string;
const seen: Array<{ url?: string; auth?: string }> = [];

beforeAll(async () => {
  // A tunnelling proxy (CONNECT, as undici asks for every target): whatever loopback address is
  // asked for, it connects to 127.0.0.1 on the same port, where the sandbox listens.
  proxy = createServer((_req, res) => res.writeHead(405).end());
  proxy.on('connect', (req, client, head) => {
    seen.push({ url: req.url, auth: req.headers['proxy-authorization'] });
    const port = Number((req.url ?? '').split(':').pop());
    const upstream = connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
    client.on('error', () => upstream.destroy());
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

  test('another host goes through HTTP_PROXY (or http_proxy), with the proxy credentials kept out of --debug', async () => {
    const before = seen.length;
    const withCredentials = proxyUrl.replace('http://', 'http://corp:proxy-Secret-42@');
    const r = await site.cli(['--debug', 'venues', 'list', '--format', 'count'], { env: { http_proxy: withCredentials, CALENDAR_BASE_URL: viaName() } });
    expect(r.code, r.stderr).toBe(0);
    expect(seen.length).toBeGreaterThan(before);
    expect(seen.at(-1)?.url).toContain('127.0.0.2');
    expect(seen.at(-1)?.auth).toBe(`Basic ${Buffer.from('corp:proxy-Secret-42').toString('base64')}`);
    expect(r.stdout + r.stderr).not.toContain('proxy-Secret-42');
  });

  test('NO_PROXY names hosts that go direct', async () => {
    const before = seen.length;
    await site.cli(['venues', 'list', '--format', 'count'], { env: { HTTP_PROXY: proxyUrl, NO_PROXY: '127.0.0.2', CALENDAR_BASE_URL: viaName() } });
    expect(seen.length).toBe(before);
  });
});
