/** `--web` and `calendar browse` off a desktop: the URL is printed instead of opened. */
import { beforeAll, describe, expect, test } from 'vitest';
import { api, useSite } from './helpers.js';
import { browserOpener } from '../../src/cli/commands/views/web.js';

const site = useSite({ timezone: 'UTC' });
const NO_DESKTOP = { DISPLAY: undefined, WAYLAND_DISPLAY: undefined };
let event: { id: number; url: string };

beforeAll(async () => {
  event = (
    await api<{ id: number; url: string }>(site.sandbox, 'POST', 'events', {
      title: 'Web Night',
      start_date: '2027-06-01 20:00:00',
      end_date: '2027-06-01 22:00:00',
    })
  ).body;
  expect(event.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.*web-night/);
});

describe('--web without a desktop', () => {
  test('events get --web prints the event page instead of the record', async () => {
    const res = await site.cli(['events', 'get', String(event.id), '--web'], { env: NO_DESKTOP });
    expect(res.code).toBe(0);
    expect(res.stdout).toBe(`${event.url}\n`);
  });

  test('events create and update --web keep the record on stdout and give the URL on stderr', async () => {
    const created = await site.cli(
      ['events', 'create', '--title', 'Web Made', '--start-date', '2027-07-01 10:00', '--end-date', '2027-07-01 11:00', '--web', '--format', 'ids'],
      { env: NO_DESKTOP },
    );
    expect(created.code).toBe(0);
    const id = created.stdout.trim();
    expect(id).toMatch(/^\d+$/);
    expect(created.stderr).toMatch(/http:\/\/127\.0\.0\.1:\d+\/\S*web-made\S*\n/);
    const updated = await site.cli(['events', 'update', id, '--title', 'Web Changed', '--web', '--format', 'ids'], { env: NO_DESKTOP });
    expect(updated.code).toBe(0);
    expect(updated.stdout).toBe(`${id}\n`);
    expect(updated.stderr).toMatch(/http:\/\/127\.0\.0\.1:\d+\/\S+\n/);
  });

  test('calendar browse prints the calendar page of the site', async () => {
    const res = await site.cli(['browse'], { env: NO_DESKTOP });
    expect(res.code).toBe(0);
    expect(res.stdout).toBe(`${new URL(site.sandbox.restRoot).origin}/events/\n`);
  });
});

describe('the opener', () => {
  test('xdg-open on a Linux desktop, nothing on a console; open on macOS; start on Windows', () => {
    expect(browserOpener('linux', {})).toBeUndefined();
    expect(browserOpener('linux', { DISPLAY: ':0' })?.command).toBe('xdg-open');
    expect(browserOpener('linux', { WAYLAND_DISPLAY: 'wayland-0' })?.command).toBe('xdg-open');
    expect(browserOpener('darwin', {})?.command).toBe('open');
    expect(browserOpener('win32', {})).toEqual({ command: 'cmd', args: ['/c', 'start', '""'] });
  });
});
