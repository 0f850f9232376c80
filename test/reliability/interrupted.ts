/**
 * The two steps of the interruption tests (interrupt*.test.ts): a CLI run stopped by a signal once
 * the work is under way, and an import stopped that way then run again to its end.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { BIN, ROOT, runCli, USER, PASSWORD } from '../e2e/helpers.js';
import { startServe } from './helpers.js';

/** Runs the CLI and sends SIGINT (or `signal`) once `when` says so (asked every 50 ms). */
export function runAndInterrupt(
  args: string[],
  env: Record<string, string>,
  when: () => boolean,
  signal: NodeJS.Signals = 'SIGINT',
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, ...env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setInterval(() => {
      if (!when()) return;
      clearInterval(timer);
      child.kill(signal);
    }, 50);
    const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(timer);
      clearTimeout(killer);
      resolve({ code, stderr, stdout });
    });
  });
}

/**
 * An import into a sandbox whose every request takes 40 ms, stopped by `signal` once the data
 * file holds `enough` records marked `marker` (the import is under way, whatever the machine's
 * load), then the same import run again to its end.
 */
export async function stopAndRerun(
  dir: string,
  home: { env: Record<string, string> },
  options: {
    name: string;
    args: string[];
    flags: string[];
    failedTo: string;
    marker: string;
    enough: number;
    signal?: NodeJS.Signals;
  },
) {
  const dataFile = join(dir, `${options.name}.json`);
  const serve = await startServe(['--data', dataFile, '--user', USER, '--password', PASSWORD, '--faults', 'slow=40']);
  const env = { ...home.env, CALENDAR_BASE_URL: serve.restRoot, CALENDAR_USERNAME: USER, CALENDAR_APP_PASSWORD: PASSWORD };
  const stored = () => (existsSync(dataFile) ? readFileSync(dataFile, 'utf8').split(options.marker).length - 1 : 0);
  try {
    const first = await runAndInterrupt(
      [...options.args, ...options.flags, '--failed-to', options.failedTo],
      env,
      () => stored() >= options.enough,
      options.signal,
    );
    const second = await runCli([...options.args, ...options.flags], { env, timeoutMs: 120_000 });
    return { first, second, dataFile };
  } finally {
    expect(await serve.stop()).toBe(0);
  }
}
