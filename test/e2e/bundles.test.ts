/**
 * The launcher loads the CLI's bundle and, as the CLI requires them, the core's two files, each
 * through its own code cache (scripts/build.mjs, bin/code-cache.js): a help page needs the light
 * one only, a request both. `--debug` ends with a line naming every file loaded and its cache.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli, siteEnv, startTestSandbox, tempHome, type Sandbox } from './helpers.js';

/** The bundles the launcher's last debug line names: `cli.cjs` and each linked file it loaded. */
function bundlesLoaded(stderr: string): string[] {
  const line = stderr.split('\n').find((l) => l.startsWith('debug: code cache '));
  expect(line, stderr).toBeDefined();
  return ['cli.cjs', ...[...line!.matchAll(/; ([\w-]+\.cjs): /g)].map((m) => m[1])];
}

describe('the bundles a run loads', () => {
  let sandbox: Sandbox;
  const home = tempHome();
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
    home.cleanup();
  });

  test('a help page loads the CLI and the light part of the core, not dist/core.cjs', async () => {
    const r = await runCli(['events', '--help', '--debug'], { spawn: true, env: home.env });
    expect(r.code, r.stderr).toBe(0);
    expect(bundlesLoaded(r.stderr)).toEqual(['cli.cjs', 'core-light.cjs']);
  });

  test('a request loads the whole core, each file through its code cache', async () => {
    const r = await runCli(['events', 'list', '--json', '--debug'], { spawn: true, env: siteEnv(sandbox, home.env) });
    expect(r.code, r.stderr).toBe(0);
    expect(bundlesLoaded(r.stderr)).toEqual(['cli.cjs', 'core-light.cjs', 'core.cjs']);
  });
});
