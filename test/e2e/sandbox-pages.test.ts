/**
 * `--web` and `browse` on the built-in sandbox: its pages are gone once the command ends, so none
 * is printed. `calendar serve`, which the refusal points to, answers the pages they print.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli, siteEnv, startTestSandbox, tempHome } from './helpers.js';

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

describe('the pages calendar serve answers', () => {
  test('an event page and the calendar page printed by --web and browse lead somewhere', async () => {
    const sandbox = await startTestSandbox({ seed: 'demo' });
    try {
      const env = { ...siteEnv(sandbox, home.env), ...NO_DESKTOP };
      const event = await runCli(['events', 'get', 'jazz-on-the-river', '--web'], { env });
      const calendar = await runCli(['browse'], { env });
      expect([event.code, calendar.code]).toEqual([0, 0]);
      const eventPage = await fetch(event.stdout.trim());
      expect(eventPage.status).toBe(200);
      expect(await eventPage.text()).toContain('<h1>Jazz on the River</h1>');
      const calendarPage = await fetch(calendar.stdout.trim());
      expect(calendarPage.status).toBe(200);
      const listed = await calendarPage.text();
      expect(listed).toContain(`<a href="${sandbox.url}/event/jazz-on-the-river/">Jazz on the River</a>`);
      expect((await fetch(`${sandbox.url}/event/no-such-event/`)).status).toBe(404);
    } finally {
      await sandbox.close();
    }
  });
});
