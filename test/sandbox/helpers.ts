/** Small HTTP helpers for sandbox tests. */
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';

/**
 * A request to `url` on `sandbox`, answered in this process (Sandbox.answer) as the server
 * answers it over HTTP (test/sandbox/in-process.test.ts holds the two together), but for a
 * tenth of the CPU: for the tests whose subject is the answer, not the socket. Faults are not
 * injected there, so a sandbox that has them is asked over HTTP (`send`).
 */
export async function ask(
  sandbox: Sandbox,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Headers; text: string }> {
  const { pathname, search, host } = new URL(url);
  const headers: Record<string, string> = { host };
  for (const [name, value] of Object.entries(init.headers ?? {})) headers[name.toLowerCase()] = value;
  const answer = await sandbox.answer({ method: init.method ?? 'GET', path: pathname + search, headers, body: init.body });
  return { status: answer.status, headers: new Headers(answer.headers), text: answer.text };
}

/** The text as JSON when it is JSON, else the text. */
export function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export const PASSWORD = 'test-pass';
export const RECORDING_CLOCK = new Date('2026-11-22T03:34:11Z');

/** A clock that starts at `start` and moves one second on each reading (each request), as a real site's does between requests. */
export function tickingClock(start: Date = RECORDING_CLOCK): () => Date {
  let ticks = 0;
  return () => new Date(start.getTime() + 1000 * ticks++);
}

export interface Client {
  sandbox: Sandbox;
  api: string;
  call(method: string, path: string, body?: unknown, options?: { auth?: boolean }): Promise<{ status: number; headers: Headers; body: any }>;
  close(): Promise<void>;
}

export async function client(options: SandboxOptions = {}): Promise<Client> {
  const sandbox = await startSandbox({ port: 0, password: PASSWORD, now: () => RECORDING_CLOCK, quiet: true, ...options });
  const api = `${sandbox.restRoot}/${options.namespace ?? 'tribe/events/v1'}`;
  const authorization = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
  return {
    sandbox,
    api,
    async call(method, path, body, { auth = method !== 'GET' } = {}) {
      const headers: Record<string, string> = {};
      if (auth) headers.authorization = authorization;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
      if (options.faults) return send(`${api}${path}`, init);
      const answer = await ask(sandbox, `${api}${path}`, init);
      return { status: answer.status, headers: answer.headers, body: jsonOrText(answer.text) };
    },
    close: () => sandbox.close(),
  };
}

/** Runs `work` against a fresh sandbox of its own, closed afterwards whatever happens. */
export async function withClient<T>(work: (c: Client) => Promise<T>, options: SandboxOptions = {}): Promise<T> {
  const c = await client(options);
  try {
    return await work(c);
  } finally {
    await c.close();
  }
}

/** One request; the body parsed when it is JSON, kept as text otherwise. */
export async function send(url: string, init: RequestInit): Promise<{ status: number; headers: Headers; body: unknown }> {
  const response = await fetch(url, init);
  return { status: response.status, headers: response.headers, body: jsonOrText(await response.text()) };
}
