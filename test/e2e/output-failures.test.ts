/**
 * Output that cannot be written is an error a script sees: a full disk or a closed
 * standard output is one line and exit 1; a reader that stops early (`| head`) is not.
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

function run(args: string[], stdout: 'full' | 'closed' | 'head'): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, ...site.env, NO_COLOR: '1' };
    if (stdout === 'head') {
      const child = spawn('sh', ['-c', `"${process.execPath}" "${BIN}" ${args.join(' ')} | head -c 10 > /dev/null; exit \${PIPESTATUS:-0}`], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stderr }));
      return;
    }
    const fd = stdout === 'full' ? openSync('/dev/full', 'w') : undefined;
    // A closed standard output: the shell closes it before starting the command.
    const child =
      stdout === 'closed'
        ? spawn('sh', ['-c', `exec "${process.execPath}" "${BIN}" ${args.join(' ')} >&-`], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] })
        : spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env, stdio: ['ignore', fd!, 'pipe'] });
    if (fd !== undefined) closeSync(fd);
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe.runIf(existsSync('/dev/full') && process.platform === 'linux')('output failures', () => {
  test('a full disk is one line and exit 1, no stack trace', async () => {
    for (const args of [['export', 'venues'], ['venues', 'list', '--all', '--format', 'ndjson']]) {
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

  test('a closed standard output is exit 1, not a silent success', async () => {
    const r = await run(['export', 'venues'], 'closed');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('standard output is closed');
  });

  test('a reader that stops early is not an error', async () => {
    const r = await run(['venues', 'list', '--all', '--format', 'ndjson'], 'head');
    expect(r.stderr).toBe('');
  });
});
