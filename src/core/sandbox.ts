/**
 * A sandbox for a program's own tests (`import { startSandbox } from 'events-calendar-cli/sandbox'`):
 * the project's server of The Events Calendar's API, in memory on a free loopback port, with the
 * records a test gives and the faults it asks for (429s, resets, slow answers, error pages).
 * The records are created through the library, as a program would create them.
 */
import type { ResourceName } from '../spec/resources.js';
import { UsageError } from './errors.js';
import type { SandboxSeed, StartSandboxOptions } from './sandbox-options.js';

export type { SandboxSeed, StartSandboxOptions } from './sandbox-options.js';

/** A running sandbox: where it is, its credentials, and what it was asked. */
export interface RunningSandbox {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** The REST root, `url + '/wp-json'`. */
  restRoot: string;
  username: string;
  password: string;
  /** What `new Calendar(...)` takes to reach it: `new Calendar(sandbox.site)`. */
  site: { baseUrl: string; username: string; appPassword: string };
  /** Requests received, the writes among them, and how many got each injected fault. */
  stats: { requests: number; writes: number; faults: Record<string, number> };
  close(): Promise<void>;
}

/** The order records are created in: what an event links to first. */
const SEED_ORDER: readonly ResourceName[] = ['categories', 'tags', 'venues', 'organizers', 'events'];

export async function startSandbox(options: StartSandboxOptions = {}): Promise<RunningSandbox> {
  const seed = options.seed;
  if (seed !== undefined && seed !== 'demo' && (typeof seed !== 'object' || seed === null || Array.isArray(seed))) {
    throw new UsageError('seed: give "demo" or records by resource ({ venues: [...], events: [...] })');
  }
  const unknown = seed && seed !== 'demo' ? Object.keys(seed).filter((name) => !SEED_ORDER.includes(name as ResourceName)) : [];
  if (unknown.length) throw new UsageError(`seed: ${unknown.join(', ')} is not a resource (${SEED_ORDER.join(', ')})`);
  const [{ startSandbox: startServer, FaultSpecError }, { randomBytes }] = await Promise.all([import('../sandbox/index.js'), import('node:crypto')]);
  const password = randomBytes(18).toString('base64url');
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({
      port: options.port ?? 0,
      host: '127.0.0.1',
      user: 'admin',
      password,
      quiet: true,
      seed: seed === 'demo' ? 'demo' : undefined,
      faults: options.faults,
      faultsSeed: options.faultsSeed,
      timezone: options.timezone,
    });
  } catch (err) {
    if (err instanceof FaultSpecError) throw new UsageError(err.message.replace(/^--faults/, 'faults'));
    throw err;
  }
  const site = { baseUrl: server.restRoot, username: 'admin', appPassword: password };
  const running: RunningSandbox = {
    url: server.url,
    restRoot: server.restRoot,
    username: 'admin',
    password,
    site,
    stats: server.stats,
    close: () => server.close(),
  };
  if (seed && seed !== 'demo') {
    try {
      await seedRecords(site, seed);
    } catch (err) {
      await server.close();
      throw err;
    }
  }
  return running;
}

/** Creates the seed's records as the library's import does, every one checked before any is sent; the faults apply to it too. */
async function seedRecords(given: RunningSandbox['site'], seed: SandboxSeed): Promise<void> {
  const [{ openSite, NO_OUTPUT }, { importInto }] = await Promise.all([import('./config/site.js'), import('./transfer.js')]);
  const quiet = { notice: () => {}, warn: () => {}, error: () => {} };
  const site = await openSite({
    flags: { baseUrl: given.baseUrl },
    given: { username: given.username, appPassword: given.appPassword },
    env: {},
    cwd: process.cwd(),
    messages: quiet,
    stderr: NO_OUTPUT,
  });
  const { client, profile } = site;
  const open = { client, timezone: profile.timezone, fetch: { timeoutMs: profile.timeoutMs, retries: profile.retries }, messages: quiet, cwd: process.cwd() };
  try {
    for (const resource of SEED_ORDER) {
      const records = seed[resource];
      if (!records?.length) continue;
      const outcome = await importInto(open, resource, records as never, { createMissing: false });
      if (outcome.error) throw outcome.error;
      const failed = outcome.rows.find((row) => row.error !== undefined);
      if (failed) throw new UsageError(`seed: ${resource} could not be created: ${failed.error}`);
    }
  } finally {
    await site.close();
  }
}
