/**
 * References and links on update and delete, as seen on a real site: a slug is never taken
 * for an ID, --create-missing works for --add-x as for --x, and a delete prompt counts every
 * event that uses a venue, those hidden from listings too.
 */
import { describe, expect, test } from 'vitest';
import { api, created, json, useSite } from './helpers.js';

type Json = Record<string, any>;

const site = useSite();
const cli = (...args: string[]) => site.cli(args);

describe('venues update SLUG --replace', () => {
  test('keeping its own name is no clash with itself', async () => {
    const id = await created(site.sandbox, 'venues', { venue: 'Replace Hall', city: 'Lyon' });
    const r = await cli('venues', 'update', 'replace-hall', '--replace', '--venue', 'Replace Hall', '--city', 'Lille', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(json<Json>(r.stdout)).toMatchObject({ id, venue: 'Replace Hall', city: 'Lille' });
  });

  test('another venue of that name is still refused, naming it', async () => {
    const other = await created(site.sandbox, 'venues', { venue: 'Taken Hall' });
    await created(site.sandbox, 'venues', { venue: 'Renamed Hall' });
    const r = await cli('venues', 'update', 'renamed-hall', '--replace', '--venue', 'Taken Hall');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`a venue named "Taken Hall" exists already (ID ${other})`);
  });
});

describe('a venue named with dashes the server shows typographic', () => {
  test('is found by its name as typed (`--` shown as an en dash), not taken for a missing one', async () => {
    const venue = await created(site.sandbox, 'venues', { venue: 'Jazz--Club Hall' });
    const shown = await cli('venues', 'get', String(venue), '--json', '--rendered');
    expect(json<Json>(shown.stdout).venue).toBe('Jazz&#8211;Club Hall');
    const r = await cli(
      'events',
      'create',
      '--title',
      'Dash night',
      '--start-date',
      '2027-05-02 20:00',
      '--end-date',
      '2027-05-02 22:00',
      '--venue',
      'Jazz--Club Hall',
      '--json',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(json<Json>(r.stdout).venue.id).toBe(venue);
  });

  test('is found by its name as the API shows it, entities and all', async () => {
    const venue = await created(site.sandbox, 'venues', { venue: `Café « L'Été » "Quai" Hall` });
    const shown = json<Json>((await cli('venues', 'get', String(venue), '--json', '--rendered')).stdout).venue;
    expect(shown).toBe('Café « L&#8217;Été » &#8220;Quai&#8221; Hall');
    for (const name of [shown, 'Café « L’Été » “Quai” Hall', `Café « L'Été » "Quai" Hall`]) {
      const r = await cli('venues', 'get', name, '--format', 'ids');
      expect([r.code, r.stdout.trim()], `${name}: ${r.stderr}`).toEqual([0, String(venue)]);
    }
  });
});

describe('--add-tags with --create-missing', () => {
  test('creates the tag it names and links it', async () => {
    const event = await created(site.sandbox, 'events', { title: 'Tagged later', start_date: '2027-05-01 10:00:00', end_date: '2027-05-01 11:00:00' });
    const refused = await cli('events', 'update', String(event), '--add-tags', 'Brand New Tag');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--create-missing');
    const r = await cli('events', 'update', String(event), '--add-tags', 'Brand New Tag', '--create-missing', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(json<Json>(r.stdout).tags.map((t: Json) => t.name)).toEqual(['Brand New Tag']);
  });

  test('--remove-tags never creates', async () => {
    const event = await created(site.sandbox, 'events', { title: 'Untagged', start_date: '2027-05-02 10:00:00', end_date: '2027-05-02 11:00:00' });
    const r = await cli('events', 'update', String(event), '--remove-tags', 'Never Made', '--create-missing');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no tags matches "Never Made"');
    expect((await api<Json>(site.sandbox, 'GET', 'tags?search=Never%20Made&hide_empty=false')).body.tags ?? []).toEqual([]);
  });
});

describe('venues delete', () => {
  test('the prompt counts the events hidden from listings that use the venue', async () => {
    const venue = await created(site.sandbox, 'venues', { venue: 'Counted Hall' });
    const event = (title: string, day: string, extra: Json = {}) =>
      created(site.sandbox, 'events', { title, start_date: `2027-06-${day} 10:00:00`, end_date: `2027-06-${day} 11:00:00`, venue, ...extra });
    await event('Listed one', '01');
    await event('Listed two', '02');
    await event('Hidden one', '03', { hide_from_listings: true });
    await event('Hidden draft', '04', { hide_from_listings: true, status: 'draft' });
    await created(site.sandbox, 'events', {
      title: 'Elsewhere, hidden',
      start_date: '2027-06-05 10:00:00',
      end_date: '2027-06-05 11:00:00',
      hide_from_listings: true,
    });
    const r = await cli('venues', 'delete', 'counted-hall', '--yes');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('is linked to 4 events');
  });
});

describe('zone labels of an event that crosses a change of summer time', () => {
  test('the end is labelled with the name in force at the end', async () => {
    const newYork = await created(site.sandbox, 'events', {
      title: 'Overnight NY',
      start_date: '2027-03-13 21:30:00',
      end_date: '2027-03-14 05:00:00',
      timezone: 'America/New_York',
    });
    const paris = await created(site.sandbox, 'events', {
      title: 'Overnight Paris',
      start_date: '2027-03-27 22:00:00',
      end_date: '2027-03-28 05:00:00',
      timezone: 'Europe/Paris',
    });
    const r = await cli('events', 'get', String(newYork), String(paris), '--fields', 'id,start_date,end_date');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`${newYork}\t2027-03-13 21:30 EST\t2027-03-14 05:00 EDT`);
    expect(r.stdout).toContain(`${paris}\t2027-03-27 22:00 CET\t2027-03-28 05:00 CEST`);
    const list = await cli('events', 'list', '--search', 'Overnight', '--start-date', '2027-03-01');
    expect(list.stdout).toContain('2027-03-14 05:00 EDT');
  });
});

describe('names that hold a comma', () => {
  const CAFE = "Café d'Été, 12 rue de l'Été, Paris";
  let cafe: number;
  let rockPop: number;
  let jazz: number;
  let event: number;

  test('an exact name wins over splitting, in filters and in writes', async () => {
    cafe = await created(site.sandbox, 'venues', { venue: CAFE });
    rockPop = await created(site.sandbox, 'categories', { name: 'Rock, Pop' });
    jazz = await created(site.sandbox, 'categories', { name: 'Jazz' });
    const r = await cli(
      'events',
      'create',
      '--title',
      'At the café',
      '--venue',
      CAFE,
      '--categories',
      'Rock, Pop',
      '--start-date',
      '2027-07-01 20:00',
      '--end-date',
      '2027-07-01 21:00',
      '--json',
      '--no-conflict-check',
    );
    expect(r.code, r.stderr).toBe(0);
    event = json<Json>(r.stdout).id;
    expect(json<Json>(r.stdout).categories.map((c: Json) => c.id)).toEqual([rockPop]);
    const listed = await cli('events', 'list', '--venue', CAFE, '--start-date', '2027-07-01', '--format', 'ids');
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout.trim()).toBe(String(event));
    const byCategory = await cli('events', 'list', '--categories', 'Rock, Pop', '--start-date', '2027-07-01', '--format', 'ids');
    expect(byCategory.stdout.trim()).toBe(String(event));
  });

  test('\\, keeps a comma inside one name of a list; other commas split', async () => {
    const r = await cli('events', 'update', String(event), '--categories', 'Rock\\, Pop, Jazz', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(
      json<Json>(r.stdout)
        .categories.map((c: Json) => c.id)
        .sort(),
    ).toEqual([rockPop, jazz].sort());
    const removed = await cli('events', 'update', String(event), '--remove-categories', 'Rock\\, Pop', '--json');
    expect(removed.code, removed.stderr).toBe(0);
    expect(json<Json>(removed.stdout).categories.map((c: Json) => c.id)).toEqual([jazz]);
    const added = await cli('events', 'update', String(event), '--add-categories', 'Rock, Pop', '--json');
    expect(
      json<Json>(added.stdout)
        .categories.map((c: Json) => c.id)
        .sort(),
    ).toEqual([rockPop, jazz].sort());
  });

  test('a list of names none of which holds the whole text is split as before', async () => {
    const r = await cli('events', 'list', '--venue', `${cafe},999999`, '--start-date', '2027-07-01');
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('no venue matches "999999"');
  });
});
