import { describe, expect, test } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, json, PASSWORD, useSite } from './helpers.js';

const site = useSite();
const ids: Record<string, string> = {};

const cli = site.cli;

describe('create, one of each resource', () => {
  test('venues create prints the ID with --format ids', async () => {
    const r = await cli(['venues', 'create', '--venue', 'Hall A', '--city', 'Paris', '--format', 'ids']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\d+\n$/);
    ids.venue = r.stdout.trim();
  });

  test('--name is the venue name too', async () => {
    const r = await cli(['venues', 'create', '--name', 'Hall B', '--show-map', '--json']);
    expect(r.code).toBe(0);
    const venue = json<Record<string, unknown>>(r.stdout);
    expect(venue.venue).toBe('Hall B');
    expect(venue.show_map).toBe(true);
  });

  test('organizers, categories and tags', async () => {
    const o = await cli(['organizers', 'create', '--organizer', 'Org One', '--email', 'one@example.com', '--format', 'ids']);
    const c = await cli(['categories', 'create', '--name', 'Music', '--description', 'Concerts', '--format', 'ids']);
    const t = await cli(['tags', 'create', '--name', 'Late', '--format', 'ids']);
    for (const r of [o, c, t]) expect(r.code, r.stderr).toBe(0);
    ids.organizer = o.stdout.trim();
    ids.category = c.stdout.trim();
    ids.tag = t.stdout.trim();
    const child = await cli(['categories', 'create', '--name', 'Jazz', '--parent', ids.category, '--json']);
    expect(json<{ parent: number }>(child.stdout).parent).toBe(Number(ids.category));
  });

  test('events create with links and booleans prints the record', async () => {
    const r = await cli([
      'events', 'create', '--title', 'Jazz Night', '--start-date', '2027-01-10 20:00', '--end-date', '2027-01-10 23:00',
      '--venue', ids.venue, '--organizer', ids.organizer, '--categories', ids.category, '--tags', ids.tag, '--featured', '--cost', '15', '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const event = json<Record<string, any>>(r.stdout);
    expect(event.title).toBe('Jazz Night');
    expect(event.start_date).toBe('2027-01-10 20:00:00');
    expect(String(event.venue.id)).toBe(ids.venue);
    expect(event.organizer.map((o: { id: number }) => String(o.id))).toEqual([ids.organizer]);
    expect(event.featured).toBe(true);
    ids.event = String(event.id);
  });

  test('--data as JSON text, @file and stdin; flags win over data keys', async () => {
    const fromText = await cli(['events', 'create', '--data', JSON.stringify({ title: 'From Data', start_date: '2027-02-01 10:00:00', end_date: '2027-02-01 11:00:00' }), '--format', 'ids']);
    expect(fromText.code, fromText.stderr).toBe(0);
    ids.dataEvent = fromText.stdout.trim();
    const file = join(site.home.home, 'event.json');
    writeFileSync(file, JSON.stringify({ title: 'From File', start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 11:00:00' }));
    const fromFile = await cli(['events', 'create', '--data', `@${file}`, '--title', 'Flag Wins', '--json']);
    expect(json<{ title: string }>(fromFile.stdout).title).toBe('Flag Wins');
    const fromStdin = await cli(['events', 'create', '--data', '-', '--format', 'ids'], {
      stdin: JSON.stringify({ title: 'From Stdin', start_date: '2027-04-01 10:00:00', end_date: '2027-04-01 11:00:00' }),
    });
    expect(fromStdin.code, fromStdin.stderr).toBe(0);
    expect(fromStdin.stdout).toMatch(/^\d+\n$/);
  });
});

describe('read', () => {
  test('get by ID and by slug', async () => {
    const byId = await cli(['events', 'get', ids.event, '--json']);
    expect(json<{ title: string }>(byId.stdout).title).toBe('Jazz Night');
    const bySlug = await cli(['events', 'get', 'jazz-night', '--json']);
    expect(String(json<{ id: number }>(bySlug.stdout).id)).toBe(ids.event);
    const venue = await cli(['venues', 'get', 'hall-a', '--json']);
    expect(String(json<{ id: number }>(venue.stdout).id)).toBe(ids.venue);
    const organizer = await cli(['organizers', 'get', 'org-one', '--format', 'ids']);
    expect(organizer.stdout.trim()).toBe(ids.organizer);
  });

  test('categories and tags by ID, and by slug with one lookup', async () => {
    const byId = await cli(['categories', 'get', ids.category, '--json']);
    expect(json<{ name: string }>(byId.stdout).name).toBe('Music');
    const bySlug = await cli(['tags', 'get', 'late', '--format', 'ids']);
    expect(bySlug.stdout.trim()).toBe(ids.tag);
  });

  test('get on a terminal-less stdout prints field<TAB>value lines', async () => {
    const r = await cli(['venues', 'get', ids.venue]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^venue\tHall A$/m);
    expect(r.stdout).toMatch(/^city\tParis$/m);
  });
});

describe('list and output formats', () => {
  const list = (...args: string[]) => cli(['events', 'list', '--start-date', '2027-01-01', ...args]);

  test('json is an array of the server records', async () => {
    const r = await list('--json');
    const events = json<Array<Record<string, unknown>>>(r.stdout);
    expect(events.map((e) => e.title)).toEqual(['Jazz Night', 'From Data', 'Flag Wins', 'From Stdin']);
    expect(events[0]).toHaveProperty('utc_start_date');
  });

  test('ndjson is one record a line', async () => {
    const lines = (await list('--format', 'ndjson')).stdout.trim().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines.map((l) => json<{ title: string }>(l).title)[0]).toBe('Jazz Night');
  });

  test('csv has a header of the chosen fields and quotes where needed', async () => {
    await cli(['events', 'create', '--title', 'Quote "me", please', '--start-date', '2027-05-01', '--end-date', '2027-05-01', '--all-day']);
    const r = await list('--format', 'csv', '--fields', 'id,title,venue.venue');
    const rows = r.stdout.trim().split('\n');
    expect(rows[0]).toBe('id,title,venue.venue');
    expect(rows).toContain(`${ids.event},Jazz Night,Hall A`);
    // The server stores straight quotes as typographic entities, as WordPress does; CSV keeps the server's text, quoted for the comma.
    expect(rows.some((row) => row.endsWith(',"Quote &#8220;me&#8221;, please",')), rows.join('\n')).toBe(true);
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

  test('--fields on one record keeps only those paths', async () => {
    const r = await cli(['events', 'get', ids.event, '--json', '--fields', 'id,venue.venue']);
    expect(json(r.stdout)).toEqual({ id: Number(ids.event), venue: { venue: 'Hall A' } });
  });

  test('--page and --per-page', async () => {
    const page2 = await list('--per-page', '2', '--page', '2', '--format', 'ids');
    expect(page2.stdout.trim().split('\n')).toHaveLength(2);
  });

  test('asking for more than the server gives a page says so', async () => {
    const r = await list('--per-page', '100', '--format', 'count');
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/at most 50 records a page; add --all/);
  });

  test('--all walks every page in order and --limit stops early', async () => {
    const all = await list('--all', '--per-page', '2', '--format', 'ids');
    const first = await list('--format', 'ids');
    expect(all.stdout).toBe(first.stdout);
    const limited = await list('--all', '--per-page', '2', '--limit', '3', '--format', 'ids');
    expect(limited.stdout.trim().split('\n')).toEqual(first.stdout.trim().split('\n').slice(0, 3));
  });

  test('global options are accepted before the subcommand too', async () => {
    const r = await cli(['--format', 'ids', '--fields', 'id', 'events', 'list', '--search', 'Jazz', '--start-date', '2027-01-01']);
    expect(r.stdout.trim()).toBe(ids.event);
  });
});

describe('update and delete', () => {
  test('update by slug', async () => {
    const r = await cli(['venues', 'update', 'hall-a', '--city', 'Lyon', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(json<{ city: string }>(r.stdout).city).toBe('Lyon');
  });

  test('tags update', async () => {
    const r = await cli(['tags', 'update', ids.tag, '--name', 'Late Night', '--json']);
    expect(json<{ name: string }>(r.stdout).name).toBe('Late Night');
  });

  test('--lang sends i18n_language on every request', async () => {
    const w = await cli(['--lang', 'fr', 'events', 'update', ids.dataEvent, '--title', 'Soirée']);
    expect(w.code, w.stderr).toBe(0);
    expect(json<{ title: string }>((await cli(['events', 'get', ids.dataEvent, '--json', '--lang', 'fr'])).stdout).title).toBe('Soirée');
    expect(json<{ title: string }>((await cli(['events', 'get', ids.dataEvent, '--json'])).stdout).title).toBe('From Data');
  });

  test('events delete --yes moves to the trash and says so', async () => {
    const r = await cli(['events', 'delete', ids.event, '--yes', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(json<{ status: string }>(r.stdout).status).toBe('trash');
    expect(r.stderr).toMatch(/to the trash/);
    const again = await cli(['events', 'delete', ids.event, '--yes']);
    expect(again.code).toBe(3);
    expect(again.stderr).toMatch(/already in the trash/);
  });

  test('categories delete is for good and says so', async () => {
    const made = await cli(['categories', 'create', '--name', 'Doomed', '--format', 'ids']);
    const r = await cli(['categories', 'delete', made.stdout.trim(), '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/for good/);
    expect((await api(site.sandbox, 'GET', `categories/${made.stdout.trim()}`)).status).toBe(400);
  });

  test('delete off a terminal without --yes exits 2 and deletes nothing', async () => {
    const before = site.sandbox.stats.requests;
    const r = await cli(['venues', 'delete', ids.venue]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--yes/);
    expect(site.sandbox.stats.requests).toBe(before);
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
    for (const [resource, singular] of [['events', 'event'], ['venues', 'venue'], ['organizers', 'organizer'], ['categories', 'category'], ['tags', 'tag']]) {
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

  test('an unreachable server exits 5 without a stack trace', async () => {
    const r = await cli(['events', 'list', '--retries', '0'], { env: { CALENDAR_BASE_URL: 'http://127.0.0.1:9/wp-json' } });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^calendar: cannot connect to http:\/\/127\.0\.0\.1:9/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  test('an HTML answer is reported as such, not as a JSON error', async () => {
    const r = await cli(['events', 'list'], { env: { CALENDAR_BASE_URL: site.sandbox.url } });
    // The site's own 404 page: not found (3), with the hint that the base URL is not the REST root.
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/answered 404 with an HTML page instead of JSON/);
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
    expect(v.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const h = await cli(['--help']);
    for (const word of ['events', 'venues', 'organizers', 'categories', 'tags', 'doc', 'serve']) expect(h.stdout).toContain(word);
  });

  test('calendar alone prints an overview', async () => {
    const r = await cli([]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/calendar events list/);
  });
});
