/** `--web` and `browse` on the built-in sandbox: its pages are gone once the command ends, so none is printed. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli, tempHome } from './helpers.js';

let home: ReturnType<typeof tempHome>;
beforeAll(() => {
  home = tempHome();
});
afterAll(() => home?.cleanup());

const NO_DESKTOP = { DISPLAY: undefined, WAYLAND_DISPLAY: undefined };

describe('the built-in sandbox has no pages to open', () => {
  test.each([
    [['events', 'get', 'jazz-on-the-river', '--web'], '--web'],
    [['browse'], 'browse'],
  ])('%j is a usage error that says how to get pages that stay up', async (args, what) => {
    const r = await runCli(args, { env: { ...home.env, ...NO_DESKTOP } });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`calendar: ${what}: the built-in sandbox runs only while a command does, so its pages cannot be opened\n`);
    expect(r.stderr).toContain('Run calendar serve --seed demo in another terminal');
  });
});
