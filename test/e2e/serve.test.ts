/** `calendar serve` as a newcomer or a CI job runs it: a separate process on a free port. */
import { join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, test } from 'vitest';
import { BIN, runCli, tempHome } from './helpers.js';

const home = tempHome();
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  home.cleanup();
});

function startServe(args: string[]): Promise<{ child: ChildProcess; url: string; log: () => string }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], { env: { ...process.env, ...home.env, NO_COLOR: '1' } });
  children.push(child);
  let log = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${log}`)), 20_000);
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      log += chunk;
      const match = /listening on (http:\/\/[\d.:]+)\/wp-json\//.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1], log: () => log });
      }
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${log}`)));
  });
}

describe('calendar serve', () => {
  test('serves the demo calendar to the CLI and stops cleanly on SIGTERM', async () => {
    const { child, url, log } = await startServe(['--seed', 'demo']);
    expect(log()).toMatch(/password/i);
    const r = await runCli(['events', 'list', '--format', 'count'], { env: { ...home.env, CALENDAR_BASE_URL: `${url}/wp-json` } });
    expect(r.code, r.stderr).toBe(0);
    expect(Number(r.stdout)).toBeGreaterThan(5);
    // 'close' comes once stderr has been read to its end.
    const exit = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    // Without --data nothing was saved, and it says so.
    expect(log()).toContain('calendar serve: SIGTERM, data kept in memory only, gone, stopped');
  });

  test('--now starts the clock at the given instant, and the clock runs on from there', async () => {
    const { child, url } = await startServe(['--now', '2026-11-22T21:40:00Z', '--password', 'pw']);
    const created = await fetch(`${url}/wp-json/tribe/events/v1/venues`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('admin:pw').toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ venue: 'Clock Hall' }),
    });
    const venue = (await created.json()) as { date_utc: string };
    expect(venue.date_utc >= '2026-11-22 21:40:00' && venue.date_utc < '2026-11-22 21:41:00').toBe(true);
    const list = (await (await fetch(`${url}/wp-json/tribe/events/v1/events`)).json()) as { rest_url: string };
    expect(decodeURIComponent(list.rest_url)).toContain('start_date=2026-11-21 00:00:00&end_date=2028-11-22 23:59:59');
    child.kill('SIGTERM');
  });

  test('a --now that is not an ISO instant is a usage error', async () => {
    const r = await runCli(['serve', '--now', 'next tuesday'], { env: home.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--now takes an ISO 8601 instant/);
  });

  test('a bad option is a usage error', async () => {
    const r = await runCli(['serve', '--port', 'eighty'], { env: home.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/port/);
  });

  test('a certificate file that cannot be read is said in words, before listening', async () => {
    const missing = await runCli(['serve', '--port', '0', '--tls-cert', join(home.home, 'nosuch.pem'), '--tls-key', join(home.home, 'nosuch.key')], {
      env: home.env,
    });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`calendar serve: cannot read --tls-cert ${join(home.home, 'nosuch.pem')}: no such file\n`);
    const folder = await runCli(['serve', '--port', '0', '--tls-cert', home.home, '--tls-key', home.home], { env: home.env });
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain(`cannot read --tls-cert ${home.home}: is a directory`);
  });
});
