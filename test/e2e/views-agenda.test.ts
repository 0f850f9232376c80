/** `calendar agenda` against the sandbox: days, zones, filters and the same selection as data. */
import { beforeAll, describe, expect, test } from 'vitest';
import { created, useSite } from './helpers.js';

const site = useSite({ timezone: 'Europe/Paris' });
const ids: Record<string, number> = {};

beforeAll(async () => {
  ids.hall = await created(site.sandbox, 'venues', { venue: 'Riverside Hall' });
  ids.barn = await created(site.sandbox, 'venues', { venue: 'Old Barn' });
  ids.jazz = await created(site.sandbox, 'categories', { name: 'Jazz' });
  ids.concert = await created(site.sandbox, 'events', {
    title: 'Concert',
    start_date: '2027-06-01 20:00:00',
    end_date: '2027-06-01 22:00:00',
    venue: ids.hall,
    categories: [ids.jazz],
  });
  ids.fair = await created(site.sandbox, 'events', { title: 'Fair', all_day: true, start_date: '2027-06-02', end_date: '2027-06-03', venue: ids.barn });
  ids.draft = await created(site.sandbox, 'events', {
    title: 'Rehearsal',
    start_date: '2027-06-03 23:00:00',
    end_date: '2027-06-04 01:00:00',
    venue: ids.hall,
    status: 'draft',
  });
  ids.ny = await created(site.sandbox, 'events', {
    title: 'Call',
    start_date: '2027-06-01 19:00:00',
    end_date: '2027-06-01 20:00:00',
    timezone: 'America/New_York',
  });
  ids.outside = await created(site.sandbox, 'events', { title: 'Later', start_date: '2027-06-20 10:00:00', end_date: '2027-06-20 11:00:00', featured: true });
});

describe('calendar agenda', () => {
  test('groups the events under their days in the site zone, marking multi-day and draft events', async () => {
    const res = await site.cli(['agenda', '2027-06-01', '2027-06-04']);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    // The New York call at 19:00 EDT is 01:00 on 2 June in Paris.
    expect(res.stdout).toBe(
      [
        'Tue 2027-06-01',
        '  20:00–22:00  Concert  @ Riverside Hall  [Jazz]',
        '',
        'Wed 2027-06-02',
        '  all day      Fair  @ Old Barn  (day 1/2)',
        '  01:00–02:00  Call',
        '',
        'Thu 2027-06-03',
        '  all day      Fair  @ Old Barn  (day 2/2)',
        '  23:00–…      Rehearsal  @ Riverside Hall  (day 1/2, draft)',
        '',
        'Fri 2027-06-04',
        '  …–01:00      Rehearsal  @ Riverside Hall  (day 2/2, draft)',
        '',
      ].join('\n'),
    );
  });

  test('--timezone moves timed events to that zone; all-day events keep their days', async () => {
    const res = await site.cli(['agenda', '2027-06-01', '2027-06-02', '--timezone', 'America/New_York']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Tue 2027-06-01\n  14:00–16:00  Concert  @ Riverside Hall  [Jazz]\n  19:00–20:00  Call\n');
    expect(res.stdout).toContain('Wed 2027-06-02\n  all day      Fair  @ Old Barn  (day 1/2)\n');
  });

  test('the events list filters apply, by name as elsewhere', async () => {
    const res = await site.cli(['agenda', '2027-06-01', '2027-06-30', '--venue', 'Riverside Hall', '--status', 'publish']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Concert');
    expect(res.stdout).not.toMatch(/Fair|Rehearsal|Call|Later/);
    const jazz = await site.cli(['agenda', '2027-06-01', '2027-06-30', '--categories', 'jazz', '--format', 'ids']);
    expect(jazz.stdout).toBe(`${ids.concert}\n`);
    const featured = await site.cli(['agenda', '2027-06-01', '2027-06-30', '--featured', '--format', 'ids']);
    expect(featured.stdout).toBe(`${ids.outside}\n`);
    const search = await site.cli(['agenda', '2027-06-01', '2027-06-30', '--search', 'later']);
    expect(search.stdout).toMatch(/^Sun 2027-06-20\n {2}10:00–11:00 {2}Later\n$/);
  });

  test('--format json and ndjson give the same selection as records', async () => {
    const json = await site.cli(['agenda', '2027-06-01', '2027-06-04', '--format', 'json']);
    expect(json.code).toBe(0);
    const records = JSON.parse(json.stdout) as Array<{ id: number; title: string }>;
    expect(records.map((r) => r.id)).toEqual([ids.concert, ids.fair, ids.ny, ids.draft]);
    const ndjson = await site.cli(['agenda', '2027-06-01', '2027-06-04', '--format', 'ndjson']);
    expect(
      ndjson.stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { id: number }).id),
    ).toEqual(records.map((r) => r.id));
  });

  test('a range with no events says so on stderr; a bad date or a reversed range is a usage error, sent nowhere', async () => {
    const empty = await site.cli(['agenda', '2030-01-01', '2030-01-02']);
    expect(empty.code).toBe(0);
    expect(empty.stdout).toBe('');
    expect(empty.stderr).toContain('No events from 2030-01-01 to 2030-01-02');
    const bad = await site.cli(['agenda', 'someday']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"someday" is not a date');
    const before = site.sandbox.stats.requests;
    const reversed = await site.cli(['agenda', '2027-06-10', '2027-06-01']);
    expect(reversed.code).toBe(2);
    expect(reversed.stderr).toContain('TO 2027-06-01 is before FROM 2027-06-10');
    expect(site.sandbox.stats.requests).toBe(before);
  });
});

describe('calendar agenda --format ics', () => {
  test('gives the same events as an iCalendar file', async () => {
    const res = await site.cli(['agenda', '2027-06-01', '2027-06-04', '--format', 'ics']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^BEGIN:VCALENDAR\r?\n/);
    expect(res.stdout.match(/BEGIN:VEVENT/g)).toHaveLength(4);
    for (const title of ['Concert', 'Fair', 'Call', 'Rehearsal']) expect(res.stdout).toContain(`SUMMARY:${title}`);
    expect(res.stdout).not.toContain('SUMMARY:Later');
  });
});
