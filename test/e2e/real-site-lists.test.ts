/**
 * Defects of lists seen on a real site: events hidden from listings missing from exports,
 * counts of empty searches, limits above a page, pages past the end.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { api, json, startTestSandbox, tempHome, useSite, writeFileIn } from './helpers.js';

const site = useSite();
const cli = (...args: string[]) => site.cli(args);
type Json = Record<string, any>;

const ids: Record<string, number> = {};

beforeAll(async () => {
  const event = (title: string, start: string, extra: Json = {}) =>
    api<Json>(site.sandbox, 'POST', 'events', { title, start_date: `${start} 10:00:00`, end_date: `${start} 11:00:00`, ...extra }).then(
      (r) => r.body.id as number,
    );
  ids.visible = await event('Visible Show', '2027-03-01');
  ids.hidden = await event('Hidden Show', '2027-03-02', { hide_from_listings: true });
  ids.hiddenDraft = await event('Hidden Draft', '2027-03-03', { hide_from_listings: true, status: 'draft' });
  for (let i = 0; i < 12; i++) await event(`Series ${i}`, `2027-04-${String(i + 1).padStart(2, '0')}`);
  for (let i = 0; i < 3; i++) await api(site.sandbox, 'POST', 'venues', { venue: `Countable ${i}` });
  ids.morning = await api<Json>(site.sandbox, 'POST', 'events', {
    title: 'Timed Morning',
    start_date: '2027-01-10 10:00:00',
    end_date: '2027-01-10 11:00:00',
  }).then((r) => r.body.id);
  ids.evening = await api<Json>(site.sandbox, 'POST', 'events', {
    title: 'Timed Evening',
    start_date: '2027-01-10 20:00:00',
    end_date: '2027-01-10 21:00:00',
  }).then((r) => r.body.id);
});

describe('date filters with a time (site in New York)', () => {
  const timed = (...filter: string[]) =>
    cli('events', 'list', '--search', 'Timed', ...filter, '--format', 'ids').then((r) => {
      expect(r.code, r.stderr).toBe(0);
      return r.stdout.trim().split('\n').filter(Boolean).map(Number);
    });

  test('the time counts: local wall-clock time, or a UTC instant', async () => {
    expect(await timed('--starts-after', '2027-01-10 14:00')).toEqual([ids.evening]);
    expect(await timed('--starts-after', '2027-01-10T20:00:00Z')).toEqual([ids.evening]);
    expect(await timed('--starts-before', '2027-01-10 14:00', '--starts-after', '2027-01-01')).toEqual([ids.morning]);
  });

  test('a date alone still covers the whole day', async () => {
    expect((await timed('--start-date', '2027-01-10', '--end-date', '2027-01-10')).sort()).toEqual([ids.morning, ids.evening].sort());
  });

  test("the window means instants: an event in another zone is found at the time it happens in the site's zone", async () => {
    // 18:00 in Los Angeles is 21:00 in New York; the server compares its own clock (18:00) with the window.
    const la = await api<Json>(site.sandbox, 'POST', 'events', {
      title: 'Zoned Pacific',
      start_date: '2027-02-10 18:00:00',
      end_date: '2027-02-10 19:00:00',
      timezone: 'America/Los_Angeles',
    }).then((r) => r.body.id as number);
    const ny = await api<Json>(site.sandbox, 'POST', 'events', {
      title: 'Zoned Eastern',
      start_date: '2027-02-10 21:15:00',
      end_date: '2027-02-10 22:00:00',
    }).then((r) => r.body.id as number);
    const zoned = (...filter: string[]) =>
      cli('events', 'list', '--search', 'Zoned', ...filter, '--format', 'ids').then((r) => r.stdout.trim().split('\n').filter(Boolean).map(Number));
    expect(await zoned('--starts-after', '2027-02-10 17:30', '--starts-before', '2027-02-10 18:30')).toEqual([]);
    expect(await zoned('--starts-after', '2027-02-10 20:30', '--starts-before', '2027-02-10 21:30')).toEqual([la, ny]);
    expect(await zoned('--starts-after', '2027-02-11T02:00:00Z', '--starts-before', '2027-02-11T03:00:00Z')).toEqual([ny]);
    // Paging, --limit and the count are of the events kept, not of the wider window the server was asked for.
    const wide = ['--starts-after', '2027-02-10 20:30', '--starts-before', '2027-02-10 21:30'];
    expect(await zoned(...wide, '--limit', '1')).toEqual([la]);
    expect(await zoned(...wide, '--per-page', '1', '--page', '2')).toEqual([ny]);
    const count = await cli('events', 'list', '--search', 'Zoned', ...wide, '--format', 'count');
    expect(count.stdout.trim()).toBe('2');
    const narrow = await cli(
      'events',
      'list',
      '--search',
      'Zoned',
      '--starts-after',
      '2027-02-10 21:00',
      '--starts-before',
      '2027-02-10 21:30',
      '--format',
      'count',
    );
    expect(narrow.stdout.trim()).toBe('1');
  });

  test('--no-strict-dates with a time says the server reads whole days', async () => {
    const r = await cli('events', 'list', '--search', 'Timed', '--starts-after', '2027-01-10 14:00', '--no-strict-dates', '--format', 'ids');
    expect(r.stderr).toMatch(/reads --starts-after as whole days/);
  });
});

describe('events hidden from listings', () => {
  test('export writes them, drafts included, and says what it cannot see', async () => {
    const r = await cli('export', 'events');
    expect(r.code, r.stderr).toBe(0);
    const titles = r.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).title);
    expect(titles).toEqual(expect.arrayContaining(['Visible Show', 'Hidden Show', 'Hidden Draft']));
    expect(new Set(titles).size).toBe(titles.length);
    expect(r.stderr).toMatch(/hidden from listings that have already ended/);
  });

  test('what export, diff and apply cannot see is said once a day for a site, not on every run', async () => {
    const fresh = tempHome();
    const other = await startTestSandbox();
    try {
      const env = { ...site.env, ...fresh.env };
      const runs = [
        await site.cli(['export', 'events'], { env }),
        await site.cli(['export', 'events'], { env }),
        await site.cli(['export', '--site', 'events'], { env }),
        await site.cli(['diff', writeFileIn(fresh.home, 'site.yaml', 'events: {}\n')], { env }),
      ];
      expect(runs.map((r) => /already ended/.test(r.stderr))).toEqual([true, false, false, false]);
      // Another site is told on its own.
      const elsewhere = await site.cli(['export', 'events'], { env: { ...env, CALENDAR_BASE_URL: other.restRoot } });
      expect(elsewhere.stderr).toMatch(/hidden from listings that have already ended/);
      expect(JSON.parse(readFileSync(join(fresh.home, '.cache', 'calendar', 'notices.json'), 'utf8'))).toEqual({
        [`unlisted-events ${site.sandbox.restRoot}`]: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        [`unlisted-events ${other.restRoot}`]: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      });
    } finally {
      await other.close();
      fresh.cleanup();
    }
  });

  test('events list --hidden lists only them', async () => {
    const r = await cli('events', 'list', '--hidden', '--format', 'json');
    expect(r.code, r.stderr).toBe(0);
    expect(
      json<Json[]>(r.stdout)
        .map((e) => e.id)
        .sort(),
    ).toEqual([ids.hidden, ids.hiddenDraft].sort());
    const plain = await cli('events', 'list', '--all', '--start-date', '2027-01-01', '--format', 'ids');
    expect(plain.stdout.trim().split('\n').map(Number)).not.toContain(ids.hidden);
  });

  test('--hidden with a filter is refused before anything is sent', async () => {
    const r = await cli('events', 'list', '--hidden', '--search', 'x');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--hidden takes no list filters (got --search)');
  });
});

describe('counts, limits and pages', () => {
  test('--format count of a search with no match is 0, not the unfiltered total', async () => {
    const r = await cli('venues', 'list', '--search', 'zzz-nothing', '--format', 'count');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('0\n');
  });

  test('--limit above the page size pages on until the limit', async () => {
    const r = await cli('events', 'list', '--start-date', '2027-01-01', '--per-page', '5', '--limit', '12', '--format', 'ids');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(12);
    const defaultPage = await cli('events', 'list', '--start-date', '2027-01-01', '--limit', '13', '--format', 'ids');
    expect(defaultPage.stdout.trim().split('\n')).toHaveLength(13);
  });

  test('a page past the end says so, prints nothing and exits 0', async () => {
    const r = await cli('events', 'list', '--start-date', '2027-01-01', '--page', '999');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/page 999 is past the last page \(\d+ pages?\)/);
    expect(r.stderr).not.toContain('default window');
  });
});

describe('date fields carry their own zone', () => {
  test('start/end in the event zone, utc_* in UTC, date in the site offset; get and list agree', async () => {
    const made = await api<Json>(site.sandbox, 'POST', 'events', {
      title: 'Tokyo Talk',
      start_date: '2027-02-01 16:00:00',
      end_date: '2027-02-01 17:00:00',
      timezone: 'Asia/Tokyo',
    });
    const fields = ['--fields', 'id,start_date,utc_start_date,date'];
    const list = await cli('events', 'list', '--search', 'Tokyo Talk', '--start-date', '2027-01-01', ...fields);
    const get = await cli('events', 'get', String(made.body.id), ...fields);
    expect(list.code, list.stderr).toBe(0);
    const row = list.stdout.trim().split('\t');
    expect(row[1]).toBe('2027-02-01 16:00 JST');
    expect(row[2]).toBe('2027-02-01 07:00 UTC');
    expect(row[3]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC-0[45]:00$/);
    for (const value of row.slice(1)) expect(get.stdout).toContain(value);
  });
});

describe("what's on: events overlapping a day or a range", () => {
  test('--on and --during find a multi-day event on each of its days', async () => {
    const fair = (await api<Json>(site.sandbox, 'POST', 'events', { title: 'Spring Fair', start_date: '2027-03-10 09:00:00', end_date: '2027-03-14 18:00:00' }))
      .body.id;
    const ids = async (...args: string[]) => {
      const r = await cli('events', 'list', '--search', 'Spring Fair', ...args, '--format', 'ids');
      expect(r.code, r.stderr).toBe(0);
      return r.stdout.trim().split('\n').filter(Boolean).map(Number);
    };
    expect(await ids('--start-date', '2027-03-12', '--end-date', '2027-03-12')).toEqual([]); // the server's own filters miss it
    expect(await ids('--on', '2027-03-12')).toEqual([fair]);
    expect(await ids('--on', '2027-03-14')).toEqual([fair]);
    expect(await ids('--on', '2027-03-15')).toEqual([]);
    expect(await ids('--during', '2027-03-13..2027-03-20')).toEqual([fair]);
    expect(await ids('--during', '2027-03-01..2027-03-09')).toEqual([]);
  });

  test('bad ranges and combinations are refused before sending', async () => {
    expect((await cli('events', 'list', '--during', '2027-03-20..2027-03-01')).stderr).toContain('--during: the end 2027-03-01 is before the start 2027-03-20');
    expect((await cli('events', 'list', '--during', '2027-03-20')).code).toBe(2);
    const both = await cli('events', 'list', '--on', '2027-03-12', '--start-date', '2027-03-01');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--on cannot be combined with --start-date');
  });
});

describe('an upsert never creates a slug that already answers', () => {
  // A site of its own: the hidden event made here is not one the hidden-events tests expect.
  const own = useSite();
  test('a record the list walk cannot see (hidden) is updated through its slug, not created again', async () => {
    const hidden = await api<Json>(own.sandbox, 'POST', 'events', {
      title: 'Half Made',
      slug: 'half-made',
      start_date: '2027-06-10 10:00:00',
      end_date: '2027-06-10 11:00:00',
      hide_from_listings: true,
    });
    const file = `${own.home.home}/half.ndjson`;
    writeFileSync(file, `${JSON.stringify({ title: 'Half Made', slug: hidden.body.slug, start_date: '2027-06-10 10:00', end_date: '2027-06-10 12:00' })}\n`);
    const r = await own.cli(['import', 'events', file, '--upsert-by', 'slug', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('0 created, 1 updated');
    const again = await own.cli(['import', 'events', file, '--upsert-by', 'slug', '--yes']);
    expect(again.stderr).toContain('0 created, 0 updated, 1 unchanged');
  });
});

describe('export takes the list filters', () => {
  test('search, dates and categories narrow an events export; a filter a resource lacks is refused', async () => {
    const cat = (await api<{ id: number; slug: string }>(site.sandbox, 'POST', 'categories', { name: 'Filtered Music' })).body;
    await api(site.sandbox, 'POST', 'events', {
      title: 'Filtered In',
      start_date: '2027-02-01 10:00:00',
      end_date: '2027-02-01 11:00:00',
      categories: [cat.id],
    });
    await api(site.sandbox, 'POST', 'events', { title: 'Filtered Out', start_date: '2027-02-01 10:00:00', end_date: '2027-02-01 11:00:00' });
    const r = await site.cli(['export', 'events', '--categories', cat.slug, '--start-date', '2027-01-01']);
    expect(r.code, r.stderr).toBe(0);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).title),
    ).toEqual(['Filtered In']);
    const bad = await site.cli(['export', 'venues', '--categories', 'x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--categories does not apply to venues');
  });
});
