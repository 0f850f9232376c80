/**
 * Set-up helpers beside helpers.ts for tests that must not see each other's state: a site
 * opened afresh for every test of a describe, for stories whose tests change the same records.
 */
import { afterEach, beforeEach } from 'vitest';
import { runCli, siteEnv, startTestSandbox, tempHome, type Site } from './helpers.js';
import type { startSandbox } from '../../src/sandbox/index.js';

/** Like `useSite()`, but every test of the describe gets a sandbox and a HOME of its own. */
export function useSiteEach(options: Parameters<typeof startSandbox>[0] = {}): Site {
  const site = {
    cli: (args, extra = {}) => runCli(args, { env: { ...site.env, ...extra.env }, stdin: extra.stdin, timeoutMs: extra.timeoutMs, spawn: extra.spawn }),
  } as Site;
  beforeEach(async () => {
    site.sandbox = await startTestSandbox(options);
    site.home = tempHome();
    site.env = siteEnv(site.sandbox, site.home.env);
  });
  afterEach(async () => {
    await site.sandbox?.close();
    site.home?.cleanup();
  });
  return site;
}
