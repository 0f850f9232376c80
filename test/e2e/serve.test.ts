/** `calendar serve` as a newcomer or a CI job runs it: a separate process on a free port. */
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
    const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });

  test('a bad option is a usage error', async () => {
    const r = await runCli(['serve', '--port', 'eighty'], { env: home.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/port/);
  });
});
