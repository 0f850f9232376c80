/**
 * End-to-end helpers: the built CLI (in this process through its `main`, or the binary as a
 * child process) against a sandbox started on a free loopback port. Spawning is asynchronous
 * so that an in-process sandbox keeps answering while the CLI runs.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { Readable, Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ownEnv, tempHome } from './home.js';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { CalendarError } from '../../src/core/errors.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { ApiClient } from '../../src/core/http/client.js';
import { parseRestRoot } from '../../src/core/http/url.js';
import { ask } from '../sandbox/helpers.js';

export const ROOT = resolve(import.meta.dirname, '../..');
export const BIN = join(ROOT, 'bin/calendar.js');
export const USER = 'admin';
export const PASSWORD = 'e2e-secret-Pa55word';
export { tempHome } from './home.js';

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
  /** Run the real binary as a child process rather than in this process. */
  spawn?: boolean;
  /** In process: how the CLI waits before a retry (a faster clock for fault tests). */
  sleep?(ms: number): Promise<void>;
}

/** The environment a run sees: ours (ownEnv) plus `extra`. */
function runEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env = { ...ownEnv() };
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/**
 * Runs the CLI. By default in this process, through `main(argv, ctx)` of the built bundle
 * (dist/cli.cjs, the code the binary runs) with captured streams: a spawned Node costs about
 * 400 ms a run. `spawn: true`, or CALENDAR_TEST_SPAWN=1 for the whole suite, runs the real
 * binary as a child process (launcher, code cache, signals, file descriptors).
 */
export function runCli(args: string[], options: RunOptions = {}): Promise<RunResult> {
  return options.spawn || SPAWN_ALL ? spawnCli(args, options) : runInProcess(args, options);
}

const SPAWN_ALL = process.env.CALENDAR_TEST_SPAWN === '1';

export function spawnCli(args: string[], options: RunOptions = {}): Promise<RunResult> {
  const env = runEnv(options.env);
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

type Main = (argv: string[], ctx: unknown) => Promise<number>;
let bundle: { main: Main } | undefined;

/** A stream that keeps what is written to it as text. */
function capture(): Writable & { text: string } {
  const decoder = new StringDecoder('utf8');
  const stream = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      stream.text += typeof chunk === 'string' ? chunk : decoder.write(chunk);
      done();
    },
  }) as Writable & { text: string };
  stream.text = '';
  return stream;
}

export async function runInProcess(args: string[], options: RunOptions = {}): Promise<RunResult> {
  bundle ??= createRequire(import.meta.url)(join(ROOT, 'dist/cli.cjs')) as { main: Main };
  const stdout = capture();
  const stderr = capture();
  const ctx = {
    stdout,
    stderr,
    stdin: Readable.from(options.stdin ? [Buffer.from(options.stdin)] : []),
    env: runEnv(options.env),
    cwd: options.cwd ?? ROOT,
    sleep: options.sleep,
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`calendar ${args.join(' ')} did not finish in ${options.timeoutMs ?? 60_000} ms`)), options.timeoutMs ?? 60_000);
  });
  try {
    const code = await Promise.race([bundle.main(args, ctx), timeout]);
    return { code, stdout: stdout.text, stderr: stderr.text };
  } finally {
    clearTimeout(timer);
  }
}

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

export async function startTestSandbox(extra: Parameters<typeof startSandbox>[0] = {}): Promise<Sandbox> {
  return startSandbox({ port: 0, user: USER, password: PASSWORD, quiet: true, ...extra });
}

/** Writes `text` to the file `name` in `dir`; returns its path. */
export function writeFileIn(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** The CLI against `sandbox`, with credentials and the private HOME `home`. */
export function cliOn(sandbox: Sandbox, home: ReturnType<typeof tempHome>, args: string[], stdin?: string): Promise<RunResult> {
  return runCli(args, { env: siteEnv(sandbox, home.env), stdin, timeoutMs: 120_000 });
}

/** Environment that points the CLI at a sandbox with credentials. */
export function siteEnv(sandbox: Sandbox, home: Record<string, string>): Record<string, string> {
  return { ...home, CALENDAR_BASE_URL: sandbox.restRoot, CALENDAR_USERNAME: USER, CALENDAR_APP_PASSWORD: PASSWORD };
}

export function json<T = unknown>(text: string): T {
  return JSON.parse(text) as T;
}

/** A direct call to the sandbox (in this process, no socket: faults aside), for setting up state and checking results beside the CLI. */
export async function api<T = unknown>(sandbox: Sandbox, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await ask(sandbox, `${sandbox.restRoot}/tribe/events/v1/${path.replace(/^\//, '')}`, {
    method,
    headers: { authorization: `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (res.text ? JSON.parse(res.text) : null) as T };
}

export interface Site {
  sandbox: Sandbox;
  home: ReturnType<typeof tempHome>;
  /** Environment pointing the CLI at the sandbox, with credentials and the private HOME. */
  env: Record<string, string>;
  /** The CLI with that environment (plus `extra.env`). */
  cli(args: string[], extra?: { env?: Record<string, string | undefined>; stdin?: string; timeoutMs?: number; spawn?: boolean }): Promise<RunResult>;
}

/** A sandbox and a private HOME, opened and closed by the given hooks. */
function siteWith(options: Parameters<typeof startSandbox>[0], open: (fn: () => Promise<void>) => void, close: (fn: () => Promise<void>) => void): Site {
  const site = {
    cli: (args, extra = {}) => runCli(args, { env: { ...site.env, ...extra.env }, stdin: extra.stdin, timeoutMs: extra.timeoutMs, spawn: extra.spawn }),
  } as Site;
  open(async () => {
    site.sandbox = await startTestSandbox(options);
    site.home = tempHome();
    site.env = siteEnv(site.sandbox, site.home.env);
  });
  close(async () => {
    await site.sandbox?.close();
    site.home?.cleanup();
  });
  return site;
}

/** A sandbox and a private HOME for the tests of a file or a describe: opened before them, closed after. */
export function useSite(options: Parameters<typeof startSandbox>[0] = {}): Site {
  return siteWith(options, beforeAll, afterAll);
}

/** Like `useSite()`, but every test gets a sandbox and a HOME of its own, for stories whose tests change the same records. */
export function useSiteEach(options: Parameters<typeof startSandbox>[0] = {}): Site {
  return siteWith(options, beforeEach, afterEach);
}

/** Creates a record through the API and returns its ID; a refusal fails the setup with the server's answer. */
export async function created(sandbox: Sandbox, path: string, body: Record<string, unknown>): Promise<number> {
  const res = await api<{ id?: number }>(sandbox, 'POST', path, body);
  if (res.status >= 300 || typeof res.body?.id !== 'number') throw new Error(`POST ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** The CalendarError a library call rejects with; fails the test when it resolves or throws anything else. */
export async function calendarFailure(promise: Promise<unknown>): Promise<CalendarError> {
  const outcome = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(outcome).toBeInstanceOf(CalendarError);
  return outcome as CalendarError;
}

/** The core's client on a sandbox as its admin, its write routes pinned as a profile pins them (no request to find them). */
export function coreClient(sandbox: Sandbox, api: 'tec' | 'tribe' = 'tec'): ApiClient {
  return new ApiClient({
    root: parseRestRoot(sandbox.restRoot),
    namespace: 'tribe/events/v1',
    username: USER,
    password: PASSWORD,
    timeoutMs: 10_000,
    retries: 0,
    debug: false,
    stderr: { write: () => true },
    api,
  });
}
