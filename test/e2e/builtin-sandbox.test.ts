/** With nothing configured, calendar runs on its built-in sandbox, seeded with demo data. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { json, runCli, tempHome } from './helpers.js';

let home: ReturnType<typeof tempHome>;

beforeAll(() => {
  home = tempHome();
});
afterAll(() => home?.cleanup());

describe('built-in sandbox profile', () => {
  test('events list shows the demo calendar on a fresh install and says where the data lives', async () => {
    const fresh = tempHome();
    try {
      const r = await runCli(['events', 'list', '--json'], { env: fresh.env });
      expect(r.code, r.stderr).toBe(0);
      expect(json<unknown[]>(r.stdout).length).toBeGreaterThan(0);
      expect(r.stderr).toMatch(/built-in sandbox/);
      expect(existsSync(join(fresh.env.XDG_DATA_HOME, 'calendar', 'sandbox.json'))).toBe(true);
      // Said once: the next run on the same data is quiet.
      expect((await runCli(['events', 'list', '--json'], { env: fresh.env })).stderr).toBe('');
    } finally {
      fresh.cleanup();
    }
  });

  test('what an export cannot see is said once a day, although the sandbox has a new port on every run', async () => {
    const fresh = tempHome();
    try {
      const runs = [await runCli(['export', 'events'], { env: fresh.env }), await runCli(['export', 'events'], { env: fresh.env })];
      expect(runs.map((r) => r.code)).toEqual([0, 0]);
      expect(runs.map((r) => /hidden from listings that have already ended/.test(r.stderr))).toEqual([true, false]);
    } finally {
      fresh.cleanup();
    }
  });

  test('writes persist between runs, with no credentials to set up', async () => {
    const created = await runCli(['venues', 'create', '--venue', 'Fresh Hall', '--format', 'ids'], { env: home.env });
    expect(created.code, created.stderr).toBe(0);
    const read = await runCli(['venues', 'get', 'fresh-hall', '--json'], { env: home.env });
    expect(json<{ id: number; venue: string }>(read.stdout)).toMatchObject({ id: Number(created.stdout.trim()), venue: 'Fresh Hall' });
  });

  test('with CI set, a write with no site named is an error (exit 2, nothing written); reads still work', async () => {
    const env = { ...home.env, CI: 'true' };
    const refused = await runCli(['tags', 'create', '--name', 'CI Tag'], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^calendar: CI is set and no site is named: the write would go to the built-in sandbox/);
    const imported = await runCli(['import', 'tags', '-'], { env, stdin: '[{"name":"CI Import"}]' });
    expect(imported.code).toBe(2);
    expect((await runCli(['tags', 'list', '--json'], { env })).code).toBe(0);
    // The sandbox holds neither; CI=false is not a CI run.
    const tags = await runCli(['tags', 'list', '--search', 'CI ', '--json'], { env: { ...home.env, CI: 'false' } });
    expect(json<unknown[]>(tags.stdout)).toEqual([]);
  });

  test('a project .calendarrc.json profile with appPasswordEnv replaces it', async () => {
    const project = join(home.home, 'project');
    mkdirSync(project);
    writeFileSync(
      join(project, '.calendarrc.json'),
      JSON.stringify({ defaultProfile: 'dead', profiles: { dead: { baseUrl: 'http://127.0.0.1:9/wp-json', appPasswordEnv: 'MY_PASS' } } }),
    );
    const r = await runCli(['venues', 'list', '--retries', '0'], { env: { ...home.env, MY_PASS: 'x' }, cwd: project });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/127\.0\.0\.1:9/);
  });

  test('an unknown --profile is a usage error that lists the known ones', async () => {
    const r = await runCli(['--profile', 'nope', 'venues', 'list'], { env: home.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no profile named "nope"/);
  });

  test('a data directory that cannot be made runs on a calendar in memory and says why', async () => {
    const fresh = tempHome();
    try {
      // Root may write anywhere: a file where the directory should be stands for a read-only home.
      const blocked = join(fresh.home, 'not-a-directory');
      writeFileSync(blocked, '');
      const env = { ...fresh.env, XDG_DATA_HOME: blocked };
      const r = await runCli(['events', 'list', '--format', 'ids'], { env });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.trim()).toMatch(/^\d+/);
      expect(r.stderr).toContain(`cannot keep the built-in sandbox calendar in ${join(blocked, 'calendar')}`);
      expect(r.stderr).toContain('kept in memory for this run only');
      expect(r.stderr).not.toMatch(/unexpected error/);
    } finally {
      fresh.cleanup();
    }
  });
});
