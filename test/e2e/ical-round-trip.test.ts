/**
 * Export a varied set of events from one sandbox as iCalendar, import the file into a fresh
 * one: the same titles, instants, days, venues, organizers and text come out; importing the
 * same file again writes nothing. Every exported feed is read back by ical.js.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { api, useSite, useSiteEach, type Site } from './helpers.js';
import { htmlToText } from '../../src/core/ical/html-text.js';

type Json = Record<string, unknown>;

// The source site is seeded once and only read; every test imports into a fresh target site
// of its own and exports the feed itself, so any one runs alone (-t) or in any order.
const source = useSite();
const target = useSiteEach();
beforeAll(seed);

const longText = `${'Une soirée « spéciale », avec des virgules, des points-virgules; et des accents — ünïcödé 🎷. '.repeat(6)}Fin.`;

async function seed(): Promise<void> {
  const id = async (path: string, body: Json) => {
    const res = await api<Json>(source.sandbox, 'POST', path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };
  const hall = await id('venues', {
    venue: 'Salle Pleyel, Grande salle',
    address: '252 Rue du Faubourg Saint-Honoré',
    city: 'Paris',
    zip: '75008',
    country: 'France',
  });
  const pier = await id('venues', { venue: 'Pier 17', address: '89 South St', city: 'New York', stateprovince: 'NY', zip: '10038', country: 'United States' });
  const first = await id('organizers', { organizer: 'Dupont & Fils, Société', email: 'contact@dupont.example.org' });
  const second = await id('organizers', { organizer: 'Harbor Jazz; Friends', email: 'hello@harbor.example.org' });
  const jazz = await id('categories', { name: 'Jazz' });
  const family = await id('categories', { name: 'Family, Kids' });
  const events: Json[] = [
    {
      title: 'Concert: Bach & Händel; “Le Grand Soir”',
      description: `<p>${longText}</p><p>Line one<br />line two, <a href="https://example.org/tickets">tickets</a>.</p>`,
      start_date: '2027-03-27 20:00:00',
      end_date: '2027-03-28 03:30:00',
      timezone: 'Europe/Paris',
      venue: hall,
      organizer: [first, second],
      categories: [jazz],
    },
    {
      title: 'Spring-forward breakfast',
      description: '<p>Right after the clocks change.</p>',
      start_date: '2027-03-14 03:30:00',
      end_date: '2027-03-14 05:00:00',
      timezone: 'America/New_York',
      venue: pier,
      organizer: [second],
    },
    { title: 'Fall-back night walk', start_date: '2027-11-06 23:00:00', end_date: '2027-11-07 01:30:00', timezone: 'America/New_York' },
    {
      title: 'Family day',
      description: '<p>All day, one day.</p>',
      start_date: '2027-06-05 00:00:00',
      end_date: '2027-06-05 23:59:59',
      all_day: true,
      timezone: 'America/New_York',
      categories: [family, jazz],
    },
    {
      title: 'Harbor festival (three days)',
      start_date: '2027-07-02 00:00:00',
      end_date: '2027-07-04 23:59:59',
      all_day: true,
      timezone: 'America/New_York',
      venue: pier,
    },
    {
      title: 'Tokyo matinée 東京',
      description: '<p>日本語の説明、カンマ, セミコロン; 終わり。</p>',
      start_date: '2027-01-10 14:00:00',
      end_date: '2027-01-10 16:00:00',
      timezone: 'Asia/Tokyo',
    },
    { title: 'Sydney summer evening', start_date: '2027-01-20 19:00:00', end_date: '2027-01-20 22:00:00', timezone: 'Australia/Sydney', organizer: [first] },
  ];
  for (const event of events) await id('events', { status: 'publish', ...event });
}

const writes = (stderr: string) => stderr.split('\n').filter((line) => /^debug: > (POST|PUT|PATCH|DELETE) /.test(line));

async function everyEvent(site: Site): Promise<Json[]> {
  const res = await site.cli(['events', 'list', '--start-date', '2000-01-01', '--all', '--format', 'json']);
  expect(res.code, res.stderr).toBe(0);
  return JSON.parse(res.stdout) as Json[];
}

/** What must survive the trip, by title. */
function essentials(events: Json[]): Map<string, Json> {
  const names = (list: unknown) => (Array.isArray(list) ? list.map((o) => String((o as Json).organizer ?? (o as Json).name)).sort() : []);
  return new Map(
    events.map((e) => [
      e.title as string,
      {
        utcStart: e.utc_start_date,
        utcEnd: e.utc_end_date,
        allDay: e.all_day,
        days: e.all_day ? [String(e.start_date).slice(0, 10), String(e.end_date).slice(0, 10)] : undefined,
        venue: (e.venue as Json | undefined)?.venue,
        organizers: names(e.organizer),
        categories: names(e.categories),
        text: htmlToText(String(e.description ?? '')),
      },
    ]),
  );
}

function checkFeed(text: string, vevents: number): void {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.getAllSubcomponents('vevent')).toHaveLength(vevents);
  const octets = Math.max(...text.split('\r\n').map((line) => Buffer.byteLength(line, 'utf8')));
  expect(octets).toBeLessThanOrEqual(75);
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const tzid = vevent.getFirstProperty('dtstart')!.getParameter('tzid');
    if (tzid) expect(calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid'))).toContain(tzid);
  }
}

/** The source's events exported as iCalendar into a file of the target's HOME. */
async function exportedFile(): Promise<string> {
  const exported = await source.cli(['export', 'events', '--format', 'ics']);
  expect(exported.code, exported.stderr).toBe(0);
  const file = join(target.home.home, 'exported.ics');
  writeFileSync(file, exported.stdout);
  return file;
}

describe('iCalendar round trip between two sites', () => {
  test('export events --format ics, events list --format ics and events get --format ics are valid feeds', async () => {
    const exported = await source.cli(['export', 'events', '--format', 'ics']);
    expect(exported.code, exported.stderr).toBe(0);
    const feed = exported.stdout;
    checkFeed(feed, 7);
    expect(feed).toContain('X-WR-CALNAME:Calendar Sandbox');
    expect(feed).toMatch(/DTSTART;VALUE=DATE:20270702\r\nDTEND;VALUE=DATE:20270705\r\n/);

    const listed = await source.cli(['events', 'list', '--start-date', '2027-03-01', '--end-date', '2027-07-31', '--all', '--format', 'ics']);
    expect(listed.code, listed.stderr).toBe(0);
    checkFeed(listed.stdout, 4);
    const limited = await source.cli(['events', 'list', '--start-date', '2000-01-01', '--limit', '2', '--format', 'ics']);
    checkFeed(limited.stdout, 2);

    const all = await everyEvent(source);
    const tokyo = all.find((e) => String(e.title).startsWith('Tokyo'))!;
    const got = await source.cli(['events', 'get', String(tokyo.id), '--format', 'ics']);
    expect(got.code, got.stderr).toBe(0);
    checkFeed(got.stdout, 1);
    expect(got.stdout.indexOf('BEGIN:VTIMEZONE')).toBeLessThan(got.stdout.indexOf('BEGIN:VEVENT'));
    const sydney = all.find((e) => String(e.title).startsWith('Sydney'))!;
    const several = await source.cli(['events', 'get', String(tokyo.id), String(sydney.id), '--format', 'ics']);
    expect(several.code, several.stderr).toBe(0);
    checkFeed(several.stdout, 2);
    const missing = await source.cli(['events', 'get', '999999', '--format', 'ics']);
    expect(missing.code).toBe(3);
    expect(missing.stdout).toBe('');
  });

  test('other resources refuse ics, naming the formats they take', async () => {
    const venues = await source.cli(['venues', 'list', '--format', 'ics']);
    expect(venues.code).toBe(2);
    expect(venues.stderr).toContain('table, json, ndjson, csv, yaml, ids, count');
    const exported = await source.cli(['export', 'organizers', '--format', 'ics']);
    expect(exported.code).toBe(2);
    expect(exported.stderr).toContain('json, ndjson, csv');
    expect(`${venues.stdout}${exported.stdout}`).toBe('');
  });

  test('imported into a fresh site: same titles, instants, days, venues, organizers and text', async () => {
    const file = await exportedFile();
    const imported = await target.cli(['import', 'events', file, '--create-missing']);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stderr).toContain('7 created, 0 updated, 0 unchanged, 0 failed');
    const before = essentials(await everyEvent(source));
    const after = essentials(await everyEvent(target));
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [title, expected] of before) expect(after.get(title), title).toEqual(expected);
    // The venue is created with its parts, not its city folded into its address.
    const pier = (await everyEvent(target)).find((e) => e.title === 'Spring-forward breakfast')!.venue as Json;
    expect([pier.address, pier.city, pier.stateprovince, pier.zip, pier.country]).toEqual(['89 South St', 'New York', 'NY', '10038', 'United States']);
    // The hour after spring-forward is exact (07:30 UTC), not an hour late.
    expect(after.get('Spring-forward breakfast')!.utcStart).toBe('2027-03-14 07:30:00');
  });

  test('importing the same file again reports 0 created, 7 unchanged and sends no write', async () => {
    const file = await exportedFile();
    const first = await target.cli(['import', 'events', file, '--create-missing']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('7 created, 0 updated, 0 unchanged, 0 failed');
    const again = await target.cli(['import', 'events', file, '--create-missing', '--debug']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('0 created, 0 updated, 7 unchanged, 0 failed');
    expect(writes(again.stderr)).toEqual([]);
    expect(await everyEvent(target)).toHaveLength(7);
  });
});
