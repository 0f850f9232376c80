/** `--web` and `browse` on the built-in sandbox: its pages are gone once the command ends, so none is printed. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli, tempHome } from './helpers.js';

let home: ReturnType<typeof tempHome>;
beforeAll(() => {
  home = tempHome();
});
afterAll(() => home?.cleanup());

const NO_DESKTOP = { DISPLAY: undefined, WAYLAND_DISPLAY: undefined };
const run = (args: string[]) => runCli(args, { env: { ...home.env, ...NO_DESKTOP } });

describe('the built-in sandbox has no pages to open', () => {
  test.each([
    [['events', 'get', 'jazz-on-the-river', '--web'], '--web'],
    [['browse'], 'browse'],
    [['events', 'create', '--title', 'Sandbox Pages Probe', '--start-date', '2030-05-01 19:00', '--end-date', '2030-05-01 21:00', '--web'], '--web'],
    [['events', 'update', 'jazz-on-the-river', '--title', 'Sandbox Pages Renamed', '--force', '--web'], '--web'],
  ])('%j is a usage error that says how to get pages that stay up', async (args, what) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`calendar: ${what}: the built-in sandbox runs only while a command does, so its pages cannot be opened\n`);
    expect(r.stderr).toContain('Run calendar serve --seed demo in another terminal');
  });

  test('a refused create or update writes nothing', async () => {
    expect((await run(['events', 'get', 'sandbox-pages-probe'])).code).toBe(3);
    const jazz = await run(['events', 'get', 'jazz-on-the-river', '--format', 'json', '--fields', 'title']);
    expect(JSON.parse(jazz.stdout)).toEqual({ title: expect.not.stringContaining('Sandbox Pages') });
  });
});
