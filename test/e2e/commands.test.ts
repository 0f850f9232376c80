import { beforeAll, describe, expect, test } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, created, json, PASSWORD, useSite, type Site } from './helpers.js';

// Each describe opens its own site and creates what its tests read, through the API; a test
// that changes or removes a record uses one of its own. Any test runs alone (-t) or in any order.
const site = useSite();
const cli = site.cli;

/** A venue, an organizer, a category with a child, a tag and an event linking them. */
async function seedLinkedRecords(on: Site): Promise<Record<string, string>> {
  const sandbox = on.sandbox;
  const venue = await created(sandbox, 'venues', { venue: 'Hall A', city: 'Paris' });
  const organizer = await created(sandbox, 'organizers', { organizer: 'Org One', email: 'one@example.com' });
  const category = await created(sandbox, 'categories', { name: 'Music', description: 'Concerts' });
  const tag = await created(sandbox, 'tags', { name: 'Late' });
  const event = await created(sandbox, 'events', {
    title: 'Jazz Night',
    start_date: '2027-01-10 20:00:00',
    end_date: '2027-01-10 23:00:00',
    venue,
    organizer: [organizer],
    categories: [category],
    tags: [tag],
    featured: true,
    cost: '15',
  });
  return { venue: String(venue), organizer: String(organizer), category: String(category), tag: String(tag), event: String(event) };
}

describe('create, one of each resource', () => {
  const own = useSite();

  test('venues create prints the ID with --format ids', async () => {
    const r = await own.cli(['venues', 'create', '--venue', 'Hall A', '--city', 'Paris', '--format', 'ids']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\d+\n$/);
    const stored = await api<{ venue: string; city: string }>(own.sandbox, 'GET', `venues/${r.stdout.trim()}`);
    expect([stored.body.venue, stored.body.city]).toEqual(['Hall A', 'Paris']);
  });

  test('--name is the venue name too', async () => {
    const r = await own.cli(['venues', 'create', '--name', 'Hall B', '--show-map', '--json']);
    expect(r.code).toBe(0);
    const venue = json<Record<string, unknown>>(r.stdout);
    expect(venue.venue).toBe('Hall B');
    expect(venue.show_map).toBe(true);
  });

  test('organizers, categories and tags', async () => {
    const o = await own.cli(['organizers', 'create', '--organizer', 'Org One', '--email', 'one@example.com', '--format', 'ids']);
    const c = await own.cli(['categories', 'create', '--name', 'Music', '--description', 'Concerts', '--format', 'ids']);
    const t = await own.cli(['tags', 'create', '--name', 'Late', '--format', 'ids']);
    for (const r of [o, c, t]) expect(r.code, r.stderr).toBe(0);
    expect((await api<{ email: string }>(own.sandbox, 'GET', `organizers/${o.stdout.trim()}`)).body.email).toBe('one@example.com');
    expect((await api<{ name: string }>(own.sandbox, 'GET', `tags/${t.stdout.trim()}`)).body.name).toBe('Late');
    const child = await own.cli(['categories', 'create', '--name', 'Jazz', '--parent', c.stdout.trim(), '--json']);
    expect(json<{ parent: number }>(child.stdout).parent).toBe(Number(c.stdout.trim()));
  });

  test('events create with links and booleans prints the record', async () => {
    const venue = String(await created(own.sandbox, 'venues', { venue: 'Link Hall' }));
    const organizer = String(await created(own.sandbox, 'organizers', { organizer: 'Link Org' }));
    const category = String(await created(own.sandbox, 'categories', { name: 'Link Category' }));
    const tag = String(await created(own.sandbox, 'tags', { name: 'Link Tag' }));
    const r = await own.cli([
      'events',
      'create',
      '--title',
      'Jazz Night',
      '--start-date',
      '2027-01-10 20:00',
      '--end-date',
      '2027-01-10 23:00',
      '--venue',
      venue,
      '--organizer',
      organizer,
      '--categories',
      category,
      '--tags',
      tag,
      '--featured',
      '--cost',
      '15',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const event = json<Record<string, any>>(r.stdout);
    expect(event.title).toBe('Jazz Night');
    expect(event.start_date).toBe('2027-01-10 20:00:00');
    expect(String(event.venue.id)).toBe(venue);
    expect(event.organizer.map((o: { id: number }) => String(o.id))).toEqual([organizer]);
    expect(event.categories.map((c: { id: number }) => String(c.id))).toEqual([category]);
    expect(event.tags.map((t: { id: number }) => String(t.id))).toEqual([tag]);
    expect(event.featured).toBe(true);
    expect(event.cost).toBe('$15');
  });

  test('--data as JSON text, @file and stdin; flags win over data keys', async () => {
    const fromText = await own.cli([
      'events',
      'create',
      '--data',
      JSON.stringify({ title: 'From Data', start_date: '2027-02-01 10:00:00', end_date: '2027-02-01 11:00:00' }),
      '--format',
      'ids',
    ]);
    expect(fromText.code, fromText.stderr).toBe(0);
    expect((await api<{ title: string }>(own.sandbox, 'GET', `events/${fromText.stdout.trim()}`)).body.title).toBe('From Data');
    const file = join(own.home.home, 'event.json');
    writeFileSync(file, JSON.stringify({ title: 'From File', start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 11:00:00' }));
    const fromFile = await own.cli(['events', 'create', '--data', `@${file}`, '--title', 'Flag Wins', '--json']);
    expect(json<{ title: string; start_date: string }>(fromFile.stdout)).toMatchObject({ title: 'Flag Wins', start_date: '2027-03-01 10:00:00' });
    const fromStdin = await own.cli(['events', 'create', '--data', '-', '--format', 'ids'], {
      stdin: JSON.stringify({ title: 'From Stdin', start_date: '2027-04-01 10:00:00', end_date: '2027-04-01 11:00:00' }),
    });
    expect(fromStdin.code, fromStdin.stderr).toBe(0);
    expect(fromStdin.stdout).toMatch(/^\d+\n$/);
    expect((await api<{ title: string }>(own.sandbox, 'GET', `events/${fromStdin.stdout.trim()}`)).body.title).toBe('From Stdin');
  });
});

describe('read', () => {
  const own = useSite();
  let ids: Record<string, string>;
  beforeAll(async () => {
    ids = await seedLinkedRecords(own);
  });

  test('get by ID and by slug', async () => {
    const byId = await own.cli(['events', 'get', ids.event, '--json']);
    expect(json<{ title: string }>(byId.stdout).title).toBe('Jazz Night');
    const bySlug = await own.cli(['events', 'get', 'jazz-night', '--json']);
    expect(String(json<{ id: number }>(bySlug.stdout).id)).toBe(ids.event);
    const venue = await own.cli(['venues', 'get', 'hall-a', '--json']);
    expect(String(json<{ id: number }>(venue.stdout).id)).toBe(ids.venue);
    const organizer = await own.cli(['organizers', 'get', 'org-one', '--format', 'ids']);
    expect(organizer.stdout.trim()).toBe(ids.organizer);
  });

  test('categories and tags by ID, and by slug with one lookup', async () => {
    const byId = await own.cli(['categories', 'get', ids.category, '--json']);
    expect(json<{ name: string }>(byId.stdout).name).toBe('Music');
    const before = own.sandbox.stats.requests;
    const bySlug = await own.cli(['tags', 'get', 'late', '--format', 'ids', '--debug']);
    expect(bySlug.stdout.trim()).toBe(ids.tag);
    // One list lookup by slug, then the record by its ID.
    expect(bySlug.stderr.match(/^debug: > GET .*$/gm)?.map((line) => line.replace(/^.*\/v1\//, ''))).toEqual([
      'tags?slug=late&hide_empty=false&per_page=1',
      `tags/${ids.tag}`,
    ]);
    expect(own.sandbox.stats.requests - before).toBe(2);
  });

  test('venues, organizers, categories and tags by their exact name too; two of one name are refused, listing both', async () => {
    const byName = await own.cli(['venues', 'get', 'Hall A', '--fields', 'id', '--json']);
    expect(json(byName.stdout)).toEqual({ id: Number(ids.venue) });
    // One word with capitals is no slug: it is looked up as a name.
    expect((await own.cli(['categories', 'get', 'Music', '--format', 'ids'])).stdout.trim()).toBe(ids.category);
    const updated = await own.cli(['organizers', 'update', 'Org One', '--phone', '555-0100', '--json']);
    expect(json<{ id: number; phone: string }>(updated.stdout)).toMatchObject({ id: Number(ids.organizer), phone: '555-0100' });
    const first = await created(own.sandbox, 'organizers', { organizer: 'Twin Org' });
    const second = await created(own.sandbox, 'organizers', { organizer: 'Other Org' });
    await api(own.sandbox, 'POST', `organizers/${second}`, { organizer: 'Twin Org' });
    const twins = await own.cli(['organizers', 'delete', 'Twin Org', '--yes']);
    expect(twins.code).toBe(2);
    // Both candidates named, in the site's order (which ties on the second a record was made in).
    expect(twins.stderr).toContain('could mean 2 organizers: ');
    expect(twins.stderr).toContain(`${first} "Twin Org" (twin-org)`);
    expect(twins.stderr).toContain(`${second} "Twin Org" (other-org)`);
    expect((await api<{ status: string }>(own.sandbox, 'GET', `organizers/${first}`)).body.status).toBe('publish');
    const missing = await own.cli(['tags', 'get', 'No Such Tag']);
    expect([missing.code, missing.stderr]).toEqual([3, 'calendar: tag "No Such Tag" not found\n']);
    expect((await own.cli(['venues', 'get', '--help'])).stdout).toContain('venue IDs, slugs or exact names');
    expect((await own.cli(['events', 'get', '--help'])).stdout).toContain('event IDs or slugs,');
    const event = await own.cli(['events', 'get', 'Jazz Night']);
    expect(event.code).toBe(2);
    expect(event.stderr).toContain('calendar events list --search "Jazz Night"');
  });

  test('get on a terminal-less stdout prints field<TAB>value lines', async () => {
    const r = await own.cli(['venues', 'get', ids.venue]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^venue\tHall A$/m);
    expect(r.stdout).toMatch(/^city\tParis$/m);
  });

  test('--fields on one record keeps only those paths', async () => {
    const r = await own.cli(['events', 'get', ids.event, '--json', '--fields', 'id,venue.venue']);
    expect(json(r.stdout)).toEqual({ id: Number(ids.event), venue: { venue: 'Hall A' } });
  });
});

describe('list and output formats', () => {
  const own = useSite();
  let ids: Record<string, string>;
  const TITLES = ['Jazz Night', 'From Data', 'Flag Wins', 'From Stdin', 'Quote "me", please'];
  beforeAll(async () => {
    ids = await seedLinkedRecords(own);
    await created(own.sandbox, 'events', { title: TITLES[1], start_date: '2027-02-01 10:00:00', end_date: '2027-02-01 11:00:00' });
    await created(own.sandbox, 'events', { title: TITLES[2], start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 11:00:00' });
    await created(own.sandbox, 'events', { title: TITLES[3], start_date: '2027-04-01 10:00:00', end_date: '2027-04-01 11:00:00' });
    await created(own.sandbox, 'events', { title: TITLES[4], start_date: '2027-05-01 00:00:00', end_date: '2027-05-01 23:59:59', all_day: true });
  });
  const list = (...args: string[]) => own.cli(['events', 'list', '--start-date', '2027-01-01', ...args]);
  const idsOf = (stdout: string) => stdout.trim().split('\n');

  test('json is an array of the server records', async () => {
    const r = await list('--json');
    const events = json<Array<Record<string, unknown>>>(r.stdout);
    // Titles as typed: the straight quotes the site shows as typographic entities.
    expect(events.map((e) => e.title)).toEqual(TITLES);
    expect(events[0]).toHaveProperty('utc_start_date');
  });

  test('--rendered shows the titles as the site renders them', async () => {
    const r = await list('--json', '--rendered');
    expect(r.code, r.stderr).toBe(0);
    expect(json<Array<{ title: string }>>(r.stdout).map((e) => e.title)).toEqual([...TITLES.slice(0, 4), 'Quote &#8220;me&#8221;, please']);
  });

  test('ndjson is one record a line', async () => {
    const lines = (await list('--format', 'ndjson')).stdout.trim().split('\n');
    expect(lines).toHaveLength(5);
    expect(lines.map((l) => json<{ title: string }>(l).title)).toEqual(TITLES);
  });

  test('csv has a header of the chosen fields and quotes where needed', async () => {
    const r = await list('--format', 'csv', '--fields', 'id,title,venue.venue');
    const rows = r.stdout.trim().split('\n');
    expect(rows[0]).toBe('id,title,venue.venue');
    expect(rows).toContain(`${ids.event},Jazz Night,Hall A`);
    // CSV shows the title as typed, quoted for the comma and its quotes.
    expect(rows.some((row) => row.endsWith(',"Quote ""me"", please",'))).toBe(true);
  });

  test('yaml', async () => {
    const r = await list('--format', 'yaml', '--fields', 'id,title');
    expect(r.stdout).toContain(`- id: ${ids.event}\n  title: "Jazz Night"`);
  });

  test('ids and count', async () => {
    expect((await list('--format', 'ids')).stdout.split('\n').filter(Boolean)).toHaveLength(5);
    expect((await list('--format', 'count', '--per-page', '2')).stdout).toBe('5\n');
  });

  test('the piped table is tab-separated, without borders or escapes', async () => {
    const r = await list();
    expect(r.stdout).toMatch(new RegExp(`^${ids.event}\\t2027-01-10 20:00 \\w+\\t2027-01-10 23:00 \\w+\\tJazz Night\\tHall A\\tpublish$`, 'm'));
    expect(r.stdout).not.toMatch(/[│┌─\u001b]/);
  });

  test('--page and --per-page pick that page of the list', async () => {
    const every = idsOf((await list('--format', 'ids')).stdout);
    const page1 = await list('--per-page', '2', '--page', '1', '--format', 'ids');
    const page2 = await list('--per-page', '2', '--page', '2', '--format', 'ids');
    const page3 = await list('--per-page', '2', '--page', '3', '--format', 'ids');
    expect(idsOf(page1.stdout)).toEqual(every.slice(0, 2));
    expect(idsOf(page2.stdout)).toEqual(every.slice(2, 4));
    expect(idsOf(page3.stdout)).toEqual(every.slice(4));
  });

  test('asking for more than the server gives a page says so', async () => {
    const r = await list('--per-page', '100', '--format', 'count');
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/at most 50 records a page; add --all/);
  });

  test('--all walks every page in order and --limit stops early', async () => {
    const all = await list('--all', '--per-page', '2', '--format', 'ids');
    const first = await list('--format', 'ids');
    expect(idsOf(all.stdout)).toHaveLength(5);
    expect(all.stdout).toBe(first.stdout);
    const limited = await list('--all', '--per-page', '2', '--limit', '3', '--format', 'ids');
    expect(idsOf(limited.stdout)).toEqual(idsOf(first.stdout).slice(0, 3));
  });

  test('global options are accepted before the subcommand too', async () => {
    const r = await own.cli(['--format', 'ids', '--fields', 'id', 'events', 'list', '--search', 'Jazz', '--start-date', '2027-01-01']);
    expect(r.stdout.trim()).toBe(ids.event);
  });
});

describe('update and delete', () => {
  const own = useSite();

  test('update by slug', async () => {
    const id = await created(own.sandbox, 'venues', { venue: 'Update Hall', city: 'Paris', address: '1 Rue' });
    const r = await own.cli(['venues', 'update', 'update-hall', '--city', 'Lyon', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(json<{ id: number; city: string; address: string }>(r.stdout)).toMatchObject({ id, city: 'Lyon', address: '1 Rue' });
  });

  test('tags update', async () => {
    const id = await created(own.sandbox, 'tags', { name: 'Late' });
    const r = await own.cli(['tags', 'update', String(id), '--name', 'Late Night', '--json']);
    expect(json<{ name: string }>(r.stdout).name).toBe('Late Night');
    expect((await api<{ name: string }>(own.sandbox, 'GET', `tags/${id}`)).body.name).toBe('Late Night');
  });

  test('--lang sends i18n_language on every request', async () => {
    const id = String(await created(own.sandbox, 'events', { title: 'From Data', start_date: '2027-02-01 10:00:00', end_date: '2027-02-01 11:00:00' }));
    const w = await own.cli(['--lang', 'fr', 'events', 'update', id, '--title', 'Soirée']);
    expect(w.code, w.stderr).toBe(0);
    expect(json<{ title: string }>((await own.cli(['events', 'get', id, '--json', '--lang', 'fr'])).stdout).title).toBe('Soirée');
    expect(json<{ title: string }>((await own.cli(['events', 'get', id, '--json'])).stdout).title).toBe('From Data');
  });

  test('a language written as a locale (FR, fr_FR.UTF-8, fr-FR) is read as its language', async () => {
    const id = String(await created(own.sandbox, 'events', { title: 'Locale Night', start_date: '2027-02-02 10:00:00', end_date: '2027-02-02 11:00:00' }));
    expect((await own.cli(['--lang', 'fr', 'events', 'update', id, '--title', 'Soirée locale'])).code).toBe(0);
    for (const [args, env] of [
      [['--lang', 'FR'], {}],
      [['--lang', 'fr-FR'], {}],
      [[], { CALENDAR_LANG: 'fr_FR.UTF-8' }],
    ] as const) {
      const r = await own.cli([...args, 'events', 'get', id, '--json'], { env });
      expect(r.code, r.stderr).toBe(0);
      expect(json<{ title: string }>(r.stdout).title).toBe('Soirée locale');
    }
    const german = await own.cli(['--lang', 'de_DE', 'events', 'get', id]);
    expect(german.code).toBe(2);
    expect(german.stderr).toContain('"de_DE" is not a supported language');
  });

  test('events delete --yes moves to the trash and says so', async () => {
    const id = String(await created(own.sandbox, 'events', { title: 'Doomed Night', start_date: '2027-01-10 20:00:00', end_date: '2027-01-10 23:00:00' }));
    const r = await own.cli(['events', 'delete', id, '--yes', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(json<{ status: string }>(r.stdout).status).toBe('trash');
    expect(r.stderr).toMatch(/to the trash/);
    const again = await own.cli(['events', 'delete', id, '--yes']);
    expect(again.code).toBe(3);
    expect(again.stderr).toMatch(/already in the trash/);
  });

  test('categories delete is for good and says so', async () => {
    const made = await own.cli(['categories', 'create', '--name', 'Doomed', '--format', 'ids']);
    const r = await own.cli(['categories', 'delete', made.stdout.trim(), '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/for good/);
    expect((await api(own.sandbox, 'GET', `categories/${made.stdout.trim()}`)).status).toBe(400);
  });

  test('delete off a terminal without --yes exits 2 and deletes nothing', async () => {
    const id = await created(own.sandbox, 'venues', { venue: 'Kept Hall' });
    const before = own.sandbox.stats.requests;
    const r = await own.cli(['venues', 'delete', String(id)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--yes/);
    expect(own.sandbox.stats.requests).toBe(before);
    expect((await api<{ status: string }>(own.sandbox, 'GET', `venues/${id}`)).body.status).toBe('publish');
  });

  test('a list that matched nothing piped into delete or get is nothing to do: exit 0, no request', async () => {
    const before = own.sandbox.stats.requests;
    const del = await own.cli(['events', 'delete', '-', '--yes'], { stdin: '\n' });
    expect(del.code, del.stderr).toBe(0);
    expect(del.stderr).toBe('stdin held no IDs or slugs: nothing to delete\n');
    expect(del.stdout).toBe('');
    const get = await own.cli(['venues', 'get', '-', '--format', 'json'], { stdin: '' });
    expect(get.code, get.stderr).toBe(0);
    expect(get.stdout).toBe('[]\n');
    expect(get.stderr).toBe('stdin held no IDs or slugs\n');
    expect(own.sandbox.stats.requests).toBe(before);
  });
});

describe('doc and info', () => {
  test('doc --json is the OpenAPI document, doc alone a summary of routes', async () => {
    const raw = await cli(['doc', '--json']);
    expect(String(json<{ openapi: string }>(raw.stdout).openapi)).toMatch(/^3/);
    const summary = await cli(['doc']);
    expect(summary.stdout).toMatch(/GET\s+\/events/);
    expect(summary.stdout).toMatch(/\/venues/);
  });

  test('info shows the namespace and its routes', async () => {
    const r = await cli(['info', '--json']);
    const body = json<{ namespace: string; routes: Record<string, unknown> }>(r.stdout);
    expect(body.namespace).toBe('tribe/events/v1');
    expect(Object.keys(body.routes)).toContain('/tribe/events/v1/events');
    expect((await cli(['info', '--context', 'bogus'])).code).toBe(2);
  });
});

describe('exit codes and errors', () => {
  test('not found exits 3 with the record named, for IDs and slugs of every resource', async () => {
    for (const [resource, singular] of [
      ['events', 'event'],
      ['venues', 'venue'],
      ['organizers', 'organizer'],
      ['categories', 'category'],
      ['tags', 'tag'],
    ]) {
      for (const ref of ['999999', 'no-such-thing']) {
        const r = await cli([resource, 'get', ref]);
        expect(r.code, `${resource} ${ref}: ${r.stderr}`).toBe(3);
        expect(r.stderr).toBe(`calendar: ${singular} ${ref} not found\n`);
      }
    }
  });

  test('validation errors exit 2 before any request', async () => {
    const cases: string[][] = [
      ['events', 'create', '--title', 'No Dates'],
      ['events', 'list', '--starts-after', 'not-a-date'],
      ['--lang', 'de', 'events', 'list'],
      ['events', 'list', '--bogus-flag'],
      ['events', 'list', '--per-page', '0'],
      ['events', 'list', '--venue', '!!!'],
      ['events', 'list', '--geoloc-lat', '40'],
      ['events', 'get', 'two words'],
      ['venues', 'create', '--venue', 'X', '--website', 'not a url'],
      ['events', 'create', '--data', '{broken'],
      ['events', 'create', '--data', '@/nonexistent/file.json'],
      ['venues', 'update', '5'],
      ['--format', 'xml', 'venues', 'list'],
      ['--timeout', 'soon', 'venues', 'list'],
      ['categories', 'list', '--order', 'up'],
    ];
    for (const args of cases) {
      const before = site.sandbox.stats.requests;
      const r = await cli(args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^calendar: .+\n/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(site.sandbox.stats.requests, args.join(' ')).toBe(before);
    }
  });

  test('a date error lists the accepted forms', async () => {
    const r = await cli(['events', 'list', '--start-date', '31/12/2025']);
    expect(r.stderr).toMatch(/--start-date: "31\/12\/2025" is not a date/);
    expect(r.stderr).toMatch(/YYYY-MM-DD/);
  });

  test('a typo suggests the nearest command', async () => {
    const r = await cli(['evnts', 'list']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/events/);
  });

  test('writes without credentials exit 4 and say how to give them', async () => {
    const r = await cli(['venues', 'create', '--venue', 'Nope'], { env: { CALENDAR_APP_PASSWORD: '' } });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/CALENDAR_APP_PASSWORD/);
  });

  test('a wrong password exits 4 and is never echoed', async () => {
    const r = await cli(['venues', 'create', '--venue', 'Nope', '--debug'], { env: { CALENDAR_APP_PASSWORD: 'wrong-pass-123' } });
    expect(r.code).toBe(4);
    expect(r.stdout + r.stderr).not.toContain('wrong-pass-123');
    expect(r.stdout + r.stderr).not.toMatch(/Basic [A-Za-z0-9+/=]{8,}/);
  });

  test('the server refusing a value exits 1 with its code and status', async () => {
    const r = await cli(['events', 'list', '--ticketed']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/rest_invalid_param, HTTP 400/);
  });

  test('a status the server refuses gets the status it resembles and the ones there are', async () => {
    const r = await cli(['events', 'list', '--status', 'publish,drfat']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/rest_invalid_param, HTTP 400/);
    expect(r.stderr).toContain('Did you mean draft? Statuses: publish, draft, pending, private, future, trash');
  });

  test('an unreachable server exits 5 without a stack trace', async () => {
    const r = await cli(['events', 'list', '--retries', '0'], { env: { CALENDAR_BASE_URL: 'http://127.0.0.1:9/wp-json' } });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^calendar: cannot connect to http:\/\/127\.0\.0\.1:9/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  test('an HTML answer is reported as such, not as a JSON error', async () => {
    // The site's address alone is its REST root at /wp-json (base-url-site.test.ts); a path that is not the root is not.
    const r = await cli(['events', 'list'], { env: { CALENDAR_BASE_URL: `${site.sandbox.url}/blog` } });
    // The site's own 404 page: not the API (5, not "not found", which a script would take for a missing record),
    // with the hint that the base URL is not the REST root.
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/answered HTTP 404 with an HTML page( titled "[^"]+")?.*, not the REST API's JSON/);
    expect(r.stderr).toMatch(/REST root/);
  });

  test('--debug logs requests but never the password or the Authorization value', async () => {
    const r = await cli(['--debug', 'venues', 'list']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/debug: > GET http:\/\/127\.0\.0\.1:\d+\/wp-json\/tribe\/events\/v1\/venues/);
    expect(r.stdout + r.stderr).not.toContain(PASSWORD);
    expect(r.stdout + r.stderr).not.toContain(Buffer.from(`admin:${PASSWORD}`).toString('base64'));
  });

  test('--version and --help', async () => {
    const v = await cli(['--version']);
    expect(v.stdout).toMatch(/^calendar \d+\.\d+\.\d+ \(events-calendar-cli, node v\d+\.\d+\.\d+\)\n$/);
    const h = await cli(['--help']);
    for (const word of ['events', 'venues', 'organizers', 'categories', 'tags', 'doc', 'serve']) expect(h.stdout).toContain(word);
  });

  test('calendar alone prints an overview', async () => {
    const r = await cli([]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/calendar events list/);
  });
});
