/**
 * TLS: an HTTPS sandbox with a self-signed certificate is refused by default (exit 5, naming
 * the certificate and --ca-cert), accepted with --ca-cert, and nothing turns verification off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, createServer as createNetServer, type AddressInfo } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PASSWORD, ROOT, runCli, startTestSandbox, tempHome, USER, type Sandbox } from '../e2e/helpers.js';
import { selfSignedCert } from '../e2e/self-signed.js';
import { reportFigure } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'calendar-tls-'));
const certFile = join(dir, 'cert.pem');
const keyFile = join(dir, 'key.pem');
const home = tempHome();
let sandbox: Sandbox;

beforeAll(async () => {
  await selfSignedCert(dir, ['IP:127.0.0.2', 'DNS:localhost']);
  sandbox = await startTestSandbox({ tls: { cert: readFileSync(certFile), key: readFileSync(keyFile) } });
});
afterAll(async () => {
  await sandbox?.close();
  home.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') || path.endsWith('.js') ? [path] : [];
  });
}

describe('tls', () => {
  it('refuses a self-signed certificate by default and accepts it with --ca-cert', async () => {
    expect(sandbox.restRoot.startsWith('https://')).toBe(true);
    const env = { ...home.env, CALENDAR_BASE_URL: sandbox.restRoot, CALENDAR_USERNAME: USER, CALENDAR_APP_PASSWORD: PASSWORD };
    const [refused, ignoredEnv, accepted] = await Promise.all([
      runCli(['venues', 'list'], { env }),
      // Spawned: the variable must not switch verification off for the whole process.
      runCli(['venues', 'list'], { env: { ...env, NODE_TLS_REJECT_UNAUTHORIZED: '0' }, spawn: true }),
      runCli(['venues', 'create', '--name', 'Trusted Hall', '--ca-cert', certFile, '--format', 'ids'], { env }),
    ]);
    expect(refused.code).toBe(5);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/^calendar: the TLS certificate of https:\/\/127\.0\.0\.1:\d+ is not trusted/);
    expect(refused.stderr).toContain('--ca-cert');
    expect(ignoredEnv.code).toBe(5);
    expect(ignoredEnv.stderr).toContain('calendar: warning: NODE_TLS_REJECT_UNAUTHORIZED=0 is ignored');
    expect(accepted.code).toBe(0);
    expect(Number(accepted.stdout.trim())).toBeGreaterThan(0);
    reportFigure(refused.code === 5 && accepted.code === 0 ? 'tls: refused by default' : 'tls: NOT refused by default');
  }, 60_000);

  it('says a site answering plain HTTP does not speak HTTPS, and offers http://', async () => {
    const plain = await startTestSandbox();
    try {
      const asHttps = plain.restRoot.replace(/^http:/, 'https:');
      const r = await runCli(['venues', 'list', '--retries', '0'], { env: { ...home.env, CALENDAR_BASE_URL: asHttps } });
      expect(r.code).toBe(5);
      const origin = new URL(asHttps).origin;
      expect(r.stderr).toContain(`calendar: ${origin} does not speak HTTPS`);
      expect(r.stderr).toContain(`Is the site plain HTTP? Try ${origin.replace('https:', 'http:')}.`);
    } finally {
      await plain.close();
    }
  });

  it("says so too of a plain-HTTP port that drops the connection on a TLS hello (PHP's built-in server)", async () => {
    const dropping = createNetServer((socket) => socket.once('data', () => socket.destroy()));
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `https://127.0.0.1:${(dropping.address() as AddressInfo).port}`;
      const r = await runCli(['venues', 'list', '--retries', '0'], { env: { ...home.env, CALENDAR_BASE_URL: `${origin}/wp-json` } });
      expect(r.code).toBe(5);
      expect(r.stderr).toBe(`calendar: ${origin} does not speak HTTPS (ECONNRESET)\nIs the site plain HTTP? Try ${origin.replace('https:', 'http:')}.\n`);
    } finally {
      await new Promise((resolve) => dropping.close(resolve));
    }
  });

  it('reaches an https:// site through HTTPS_PROXY by a tunnel (CONNECT), the certificate still checked', async () => {
    // A tunnelling proxy: whatever loopback address is asked for, it connects to 127.0.0.1 on the same port.
    const tunnels: string[] = [];
    const proxy = createHttpServer((_req, res) => res.writeHead(405).end());
    proxy.on('connect', (req, client, head) => {
      tunnels.push(req.url ?? '');
      const upstream = connect(Number((req.url ?? '').split(':').pop()), '127.0.0.1', () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const viaName = sandbox.restRoot.replace('127.0.0.1', '127.0.0.2');
      const env = { ...home.env, CALENDAR_BASE_URL: viaName, HTTPS_PROXY: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` };
      const [trusted, untrusted] = [
        await runCli(['venues', 'list', '--format', 'count', '--ca-cert', certFile], { env }),
        await runCli(['venues', 'list', '--retries', '0'], { env }),
      ];
      expect(trusted.code, trusted.stderr).toBe(0);
      expect(tunnels).toContain(`127.0.0.2:${sandbox.port}`);
      expect(untrusted.code).toBe(5);
      expect(untrusted.stderr).toContain('is not trusted');
    } finally {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('has no switch that turns certificate verification off', () => {
    const offending = [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'bin'))].filter((file) =>
      /rejectUnauthorized\s*:\s*false|\.NODE_TLS_REJECT_UNAUTHORIZED\s*=[^=]|\[['"]NODE_TLS_REJECT_UNAUTHORIZED['"]\]\s*=[^=]/.test(readFileSync(file, 'utf8')),
    );
    expect(offending).toEqual([]);
  });
});
