/**
 * The planner and the executor from outside: a dry run gives the plan a real run sends, a change
 * already true sends nothing, and the requests a command makes are counted (issue 36); the
 * messages and rules of issue 38 items 12, 19 and 20.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resources } from '../../src/spec/resources.js';
import { parseRef } from '../../src/core/records/refs.js';
import { updateRecord } from '../../src/core/records/verbs.js';
import { api, cliOn, coreClient, PASSWORD, startTestSandbox, tempHome, USER, type Sandbox } from './helpers.js';
import type { ApiClient } from '../../src/core/http/client.js';
import { Calendar } from '../../src/core/index.js';

type Json = Record<string, any>;

let sandbox: Sandbox;
let home: ReturnType<typeof tempHome>;
let client: ApiClient;
const cli = (...args: string[]) => cliOn(sandbox, home, args);
const made = async (path: string, body: Json) => (await api<Json>(sandbox, 'POST', path, body)).body as Json;
const quiet = { notice: () => {}, warn: () => {}, info: () => {} } as never;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  home = tempHome();
  // Pinned as a profile would be: no request to find the routes.
  home.env.CALENDAR_API = 'tec';
  client = coreClient(sandbox);
});
afterAll(async () => {
  await client?.close();
  home?.cleanup();
  await sandbox?.close();
});

const event = (title: string, extra: Json = {}) =>
  made('events', {
    title,
    start_date: '2027-08-01 10:00:00',
    end_date: '2027-08-01 12:00:00',
    cost: '€10 – €30',
    show_map: true,
    show_map_link: true,
    ...extra,
  });

describe('a dry run is the plan the real run sends', () => {
  test('the same plan object, for a post field and a meta field together', async () => {
    const { id } = await event('Plan Night');
    const access = { client, messages: quiet };
    const ref = parseRef(resources.events, String(id));
    const changes = { title: 'Plan Night “renamed” & co', featured: true };
    const dry = await updateRecord(access, resources.events, ref, changes, { dryRun: true });
    const real = await updateRecord(access, resources.events, ref, changes);
    expect(dry.planned).toBeDefined();
    expect(real.planned ?? real.plan).toEqual(dry.planned);
    expect(dry.planned!.requests.map((r) => [r.route, r.method, r.fields])).toEqual([
      ['core', 'POST', ['title']],
      ['tec', 'PATCH', ['featured']],
    ]);
  });

  test('--dry-run --format json prints the plan; a change already true plans no request', async () => {
    const { id } = await event('Json Plan');
    const r = await cli('events', 'update', String(id), '--excerpt', 'New & “quoted”', '--dry-run', '--format', 'json');
    expect(r.code, r.stderr).toBe(0);
    const plan = JSON.parse(r.stdout) as Json;
    expect(plan).toMatchObject({ action: 'update', resource: 'events', id, unchanged: [] });
    expect(plan.requests).toEqual([
      {
        route: 'core',
        method: 'POST',
        path: `/wp/v2/tribe_events/${id}`,
        query: { context: 'edit' },
        fromRoot: true,
        body: { excerpt: 'New & “quoted”' },
        fields: ['excerpt'],
      },
    ]);
    const same = await cli('events', 'update', String(id), '--title', 'Json Plan', '--dry-run', '--format', 'json');
    expect(JSON.parse(same.stdout)).toMatchObject({ requests: [], unchanged: ['title'] });
    // The library's dry run gives the same object.
    const cal = new Calendar({ baseUrl: sandbox.restRoot, username: USER, appPassword: PASSWORD });
    try {
      expect(await cal.events.planUpdate(id, { excerpt: 'New & “quoted”' })).toEqual(plan);
    } finally {
      await cal.close();
    }
  });
});

describe('requests per command (#38 item 20)', () => {
  test('a post-field update: one read and one write, by ID or by slug (the slug read is the one read)', async () => {
    const { id, slug } = await event('Counted Night');
    for (const ref of [String(id), slug as string]) {
      const [requests, writes] = [sandbox.stats.requests, sandbox.stats.writes];
      const r = await cli('events', 'update', ref, '--title', `Counted ${ref}`);
      expect(r.code, r.stderr).toBe(0);
      expect([sandbox.stats.requests - requests, sandbox.stats.writes - writes]).toEqual([2, 1]);
    }
  });

  test('an unchanged title sends no write; get by ID and by slug read the record once, and its texts as typed once for data', async () => {
    const { id, slug } = await event('Same Night');
    let writes = sandbox.stats.writes;
    expect((await cli('events', 'update', String(id), '--title', 'Same Night')).code).toBe(0);
    expect(sandbox.stats.writes).toBe(writes);
    // Typed with an `&` that the site shows as `&#038;`: the typed text is read to tell.
    const { id: amp } = await event('Fish & Chips');
    writes = sandbox.stats.writes;
    expect((await cli('events', 'update', String(amp), '--title', 'Fish & Chips')).code).toBe(0);
    expect(sandbox.stats.writes).toBe(writes);
    for (const ref of [String(id), slug as string]) {
      // A person's view: one request. Data (JSON): the typed texts beside it.
      const requests = sandbox.stats.requests;
      expect((await cli('events', 'get', ref)).code).toBe(0);
      expect(sandbox.stats.requests - requests).toBe(1);
      const data = sandbox.stats.requests;
      expect((await cli('events', 'get', ref, '--format', 'json')).code).toBe(0);
      expect(sandbox.stats.requests - data).toBe(2);
      const rendered = sandbox.stats.requests;
      expect((await cli('events', 'get', ref, '--rendered')).code).toBe(0);
      expect(sandbox.stats.requests - rendered).toBe(1);
    }
  });
});

describe('messages and rules (#38 items 12, 19)', () => {
  test('--name "" is blamed on --name, not on --venue', async () => {
    const { id } = await made('venues', { venue: 'Blame Hall' });
    const r = await cli('venues', 'update', String(id), '--name', '');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--name: must not be empty/);
    expect(r.stderr).not.toContain('--venue');
  });

  test('--except 2027-13-01 is not a date', async () => {
    const r = await cli(
      'events',
      'create',
      '--title',
      'Except Night',
      '--start-date',
      '2027-01-05 18:00',
      '--end-date',
      '2027-01-05 20:00',
      '--repeat',
      'FREQ=WEEKLY;COUNT=3',
      '--except',
      '2027-13-01',
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--except 2027-13-01: not a date');
  });

  test('a series create reports each clash, as a single create does', async () => {
    const { id: venue } = await made('venues', { venue: 'Clash Series Hall' });
    await made('events', { title: 'Already There', start_date: '2027-02-09 18:30:00', end_date: '2027-02-09 19:30:00', venue });
    const r = await cli(
      'events',
      'create',
      '--title',
      'Series Clash',
      '--start-date',
      '2027-02-02 18:00',
      '--end-date',
      '2027-02-02 20:00',
      '--venue',
      String(venue),
      '--repeat',
      'FREQ=WEEKLY;COUNT=3',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/clashes with "Already There"/);
  });

  test('venues update SLUG --replace renames and sets the city (#38 item 12)', async () => {
    const { id } = await made('venues', { venue: 'The Owl Bar', city: 'Leeds' });
    const r = await cli('venues', 'update', 'the-owl-bar', '--replace', '--venue', 'The Owl Bar', '--city', 'York');
    expect(r.code, r.stderr).toBe(0);
    expect((await api<Json>(sandbox, 'GET', `venues/${id}`)).body).toMatchObject({ venue: 'The Owl Bar', city: 'York' });
  });
});

describe('an organizer deleted keeps its events co-organized', () => {
  test('the events that would lose other organizers are listed before the delete; one that lost them gets them back', async () => {
    const gone = await made('organizers', { organizer: 'Leaving Org' });
    const stays = await made('organizers', { organizer: 'Staying Org' });
    const { id } = await event('Co-organized Night', { organizer: [gone.id, stays.id] });
    const dry = await cli('organizers', 'delete', String(gone.id), '--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toContain(`other organizers of 1 event(s) would be linked back: ${id} "Co-organized Night"`);
    const { relinksBeforeDelete, relinkAfterDelete } = await import('../../src/core/write/relink.js');
    const relinks = await relinksBeforeDelete(client, resources.organizers, [gone.id]);
    expect(relinks).toEqual([{ event: id, title: 'Co-organized Night', organizer: [stays.id] }]);
    // What the real site does on the trash (measured on 8080): every organizer of the event unlinked.
    await api(sandbox, 'DELETE', `organizers/${gone.id}`);
    await api(sandbox, 'POST', `events/${id}`, { organizer: [], cost: '€10 – €30', show_map: true, show_map_link: true });
    const outcome = await relinkAfterDelete(client, relinks);
    expect(outcome.relinked.map((r) => r.event)).toEqual([id]);
    expect(sandbox.store.event(id)?.fields.organizers).toEqual([stays.id]);
    expect(sandbox.store.event(id)?.fields.cost).toBe('€10 – €30');
    // Run again, nothing is missing: nothing is written.
    const writes = sandbox.stats.writes;
    expect((await relinkAfterDelete(client, relinks)).kept.map((r) => r.event)).toEqual([id]);
    expect(sandbox.stats.writes).toBe(writes);
  });
});
