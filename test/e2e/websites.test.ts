/** Websites as the site takes them: refused before any request when it would refuse or change them; cleared by the route that can. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { api, runCli, siteEnv, startTestSandbox, tempHome, type Sandbox } from './helpers.js';

let sandbox: Sandbox;
let home: ReturnType<typeof tempHome>;
let env: Record<string, string>;
const cli = (args: string[]) => runCli(args, { env });
const createEvent = (website: string, ...more: string[]) =>
  cli(['events', 'create', '--title', 'Web', '--start-date', '2030-01-01 10:00', '--end-date', '2030-01-01 11:00', '--website', website, ...more]);

beforeAll(async () => {
  sandbox = await startTestSandbox();
  home = tempHome();
  env = siteEnv(sandbox, home.env);
});

afterAll(async () => {
  await sandbox?.close();
  home?.cleanup();
});

test('a website the site would refuse or change: exit 2, one line, nothing sent', async () => {
  const before = sandbox.stats.requests;
  const accent = await createEvent('https://example.org/café');
  expect(accent.code).toBe(2);
  expect(accent.stderr).toMatch(
    /^calendar: event --website: "https:\/\/example.org\/café" is not a URL the site takes .*write it as "https:\/\/example.org\/caf%C3%A9"\n/,
  );
  const escaped = await cli(['venues', 'create', '--name', 'Web Hall', '--website', 'https://example.org/caf%C3%A9']);
  expect(escaped.code).toBe(2);
  expect(escaped.stderr).toContain('the site drops %-escapes from this field and would keep "https://example.org/caf"');
  expect(sandbox.stats.requests).toBe(before);
});

test("an event's escaped website is kept; a venue's website is cleared (by the tribe route: tec/v1 refuses an empty URL)", async () => {
  const event = await createEvent('https://example.org/caf%C3%A9', '--format', 'json');
  expect(event.code, event.stderr).toBe(0);
  expect(JSON.parse(event.stdout).website).toBe('https://example.org/caf%C3%A9');
  const venue = (await api<{ id: number }>(sandbox, 'POST', 'venues', { venue: 'Clear Site Hall', website: 'https://example.org/', city: 'Lyon' })).body;
  const writes = sandbox.stats.writes;
  const cleared = await cli(['venues', 'update', String(venue.id), '--website', '']);
  expect(cleared.code, cleared.stderr).toBe(0);
  // One write: not a PATCH the site refuses first.
  expect(sandbox.stats.writes - writes).toBe(1);
  const read = (await api<{ website: string; city: string }>(sandbox, 'GET', `venues/${venue.id}`)).body;
  expect([read.website ?? '', read.city]).toEqual(['', 'Lyon']);
});
