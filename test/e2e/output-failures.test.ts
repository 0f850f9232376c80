/**
 * Output that cannot be written is an error a script sees: a full disk or a standard output
 * not open for writing is one line and exit 1; a reader that stops early (`| head`) is not,
 * nor is /dev/null opened read-write (Python's subprocess.DEVNULL, supervisors).
 * These run the real binary with its standard output wired to the case at hand.
 */
import { spawn } from 'node:child_process';
import { existsSync, openSync, closeSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { api, BIN, ROOT, runCli, useSite, writeFileIn } from './helpers.js';

const site = useSite();

beforeAll(async () => {
  for (let i = 0; i < 3; i++) await api(site.sandbox, 'POST', 'venues', { venue: `Output Hall ${i}` });
});

/** What stdout is opened on, and how: /dev/full, /dev/null read-only or read-write. */
const OPENED = { full: ['/dev/full', 'w'], 'read-only': ['/dev/null', 'r'], 'read-write': ['/dev/null', 'r+'] } as const;

function run(args: string[], stdout: keyof typeof OPENED | 'head'): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, ...site.env, NO_COLOR: '1' };
    if (stdout === 'head') {
      const child = spawn('sh', ['-c', `"${process.execPath}" "${BIN}" ${args.join(' ')} | head -c 10 > /dev/null; exit \${PIPESTATUS:-0}`], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stderr }));
      return;
    }
    const [path, mode] = OPENED[stdout];
    const fd = openSync(path, mode);
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env, stdio: ['ignore', fd, 'pipe'] });
    closeSync(fd);
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe.runIf(existsSync('/dev/full') && process.platform === 'linux')('output failures', () => {
  test('a full disk is one line and exit 1, no stack trace', async () => {
    for (const args of [
      ['export', 'venues'],
      ['venues', 'list', '--all', '--format', 'ndjson'],
    ]) {
      const r = await run(args, 'full');
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr.trim()).toBe('calendar: cannot write the output: no space left on the device (ENOSPC)');
    }
  });

  test('a --failed-to file on a full disk is one line and exit 1, never a silent exit 0', async () => {
    // Rows whose names are taken fail without a request; long ones fill the stream's buffer.
    const long = 'x'.repeat(40_000);
    const rows = [0, 1, 2].map((i) => JSON.stringify({ venue: `Output Hall ${i}`, description: long }));
    for (const lines of [rows, rows.slice(0, 1).map((row) => row.replace(long, 'short'))]) {
      const input = writeFileIn(site.home.home, 'taken.ndjson', `${lines.join('\n')}\n`);
      const r = await runCli(['import', 'venues', input, '--failed-to', '/dev/full'], { env: site.env });
      expect(r.code, r.stderr).toBe(1);
      const said = r.stderr.trim().split('\n');
      expect(said.at(-1)).toBe('calendar: cannot write /dev/full: no space left on the device (ENOSPC)');
      // What was done is said first.
      expect(said.at(-2)).toMatch(/^0 created, 0 updated, 0 unchanged, [13] failed$/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  test('a standard output not open for writing is one line and exit 1, not a silent success', async () => {
    for (const args of [['export', 'venues'], ['--version']]) {
      const r = await run(args, 'read-only');
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toBe('calendar: cannot write the output: standard output is not open for writing (EBADF)\n');
    }
  });

  test('/dev/null opened read-write takes the output as a shell redirection does', async () => {
    for (const args of [['export', 'venues'], ['--version'], ['venues', 'list', '--all', '--format', 'ndjson']]) {
      const r = await run(args, 'read-write');
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
    }
  });

  test('a reader that stops early is not an error', async () => {
    const r = await run(['venues', 'list', '--all', '--format', 'ndjson'], 'head');
    expect(r.stderr).toBe('');
  });
});
