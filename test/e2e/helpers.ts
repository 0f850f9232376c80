/**
 * End-to-end helpers: the real built binary, spawned as a user would run it, against a
 * sandbox started on a free loopback port. Spawning is asynchronous so that an in-process
 * sandbox keeps answering while the CLI runs.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';

export const ROOT = resolve(import.meta.dirname, '../..');
export const BIN = join(ROOT, 'bin/calendar.js');
export const USER = 'admin';
export const PASSWORD = 'e2e-secret-Pa55word';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  stdin?: string;
  cwd?: string;
  timeoutMs?: number;
}

/** A private HOME with XDG dirs inside, so no user configuration leaks in. */
export function tempHome(): { home: string; env: Record<string, string>; cleanup(): void } {
  const home = mkdtempSync(join(tmpdir(), 'calendar-e2e-'));
  return {
    home,
    env: { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_DATA_HOME: join(home, '.local', 'share') },
    cleanup: () => rmSync(home, { recursive: true, force: true }),
  };
}

export function runCli(args: string[], options: RunOptions = {}): Promise<RunResult> {
  const env: Record<string, string> = {};
  // The machine's own proxy settings stay out: a test that wants a proxy names it.
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('CALENDAR_') && !/_proxy$/i.test(k) && v !== undefined) env[k] = v;
  delete env.FORCE_COLOR;
  env.NO_COLOR = '1';
  for (const [k, v] of Object.entries(options.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd ?? ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code: code ?? -1, stdout, stderr });
    });
    child.stdin.end(options.stdin ?? '');
  });
}

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

export async function startTestSandbox(extra: Parameters<typeof startSandbox>[0] = {}): Promise<Sandbox> {
  return startSandbox({ port: 0, user: USER, password: PASSWORD, quiet: true, ...extra });
}

/** Environment that points the CLI at a sandbox with credentials. */
export function siteEnv(sandbox: Sandbox, home: Record<string, string>): Record<string, string> {
  return { ...home, CALENDAR_BASE_URL: sandbox.restRoot, CALENDAR_USERNAME: USER, CALENDAR_APP_PASSWORD: PASSWORD };
}

export function json<T = unknown>(text: string): T {
  return JSON.parse(text) as T;
}

/** A direct call to the sandbox, for setting up state and checking results beside the CLI. */
export async function api<T = unknown>(sandbox: Sandbox, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${sandbox.restRoot}/tribe/events/v1/${path.replace(/^\//, '')}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

export interface Site {
  sandbox: Sandbox;
  home: ReturnType<typeof tempHome>;
  /** Environment pointing the CLI at the sandbox, with credentials and the private HOME. */
  env: Record<string, string>;
  /** The CLI with that environment (plus `extra.env`). */
  cli(args: string[], extra?: { env?: Record<string, string | undefined>; stdin?: string; timeoutMs?: number }): Promise<RunResult>;
}

/** A sandbox and a private HOME for the tests of one file: opened before them, closed after. */
export function useSite(options: Parameters<typeof startSandbox>[0] = {}): Site {
  const site = {
    cli: (args, extra = {}) => runCli(args, { env: { ...site.env, ...extra.env }, stdin: extra.stdin, timeoutMs: extra.timeoutMs }),
  } as Site;
  beforeAll(async () => {
    site.sandbox = await startTestSandbox(options);
    site.home = tempHome();
    site.env = siteEnv(site.sandbox, site.home.env);
  });
  afterAll(async () => {
    await site.sandbox?.close();
    site.home?.cleanup();
  });
  return site;
}

/** Creates a record through the API and returns its ID; a refusal fails the setup with the server's answer. */
export async function created(sandbox: Sandbox, path: string, body: Record<string, unknown>): Promise<number> {
  const res = await api<{ id?: number }>(sandbox, 'POST', path, body);
  if (res.status >= 300 || typeof res.body?.id !== 'number') throw new Error(`POST ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.id;
}
