/**
 * Event date filters given as days mean whole days in the site's zone, in the library and the
 * CLI alike: `starts_after: '2027-03-01', starts_before: '2027-04-01'` is March, whatever the
 * server's own reading (it moves every starts_/ends_ date to the end of its day).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Calendar } from '../../src/core/index.js';
import { created, PASSWORD, USER, useSite } from './helpers.js';

const site = useSite({ timezone: 'America/New_York' });
let cal: Calendar;
const ids: Record<string, number> = {};

const event = (title: string, start: string, end: string, timezone?: string) =>
  created(site.sandbox, 'events', { title, start_date: start, end_date: end, ...(timezone ? { timezone } : {}) });

beforeAll(async () => {
  cal = new Calendar({ baseUrl: site.sandbox.restRoot, username: USER, appPassword: PASSWORD });
  ids.feb = await event('Feb late', '2027-02-28 23:00:00', '2027-02-28 23:30:00');
  ids.midnight = await event('Mar midnight', '2027-03-01 00:00:00', '2027-03-01 00:30:00');
  ids.afternoon = await event('Mar afternoon', '2027-03-01 15:30:00', '2027-03-01 16:00:00');
  // 22:00 in Los Angeles on 28 February is 01:00 on 1 March in New York: in March for this site.
  ids.la = await event('LA night', '2027-02-28 22:00:00', '2027-02-28 23:00:00', 'America/Los_Angeles');
  ids.lastEvening = await event('Mar last', '2027-03-31 23:30:00', '2027-04-01 00:00:00');
  ids.aprilMidnight = await event('Apr midnight', '2027-04-01 00:00:00', '2027-04-01 00:30:00');
  ids.april = await event('Apr morning', '2027-04-01 10:00:00', '2027-04-01 10:30:00');
});

afterAll(async () => {
  await cal?.close();
});

const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
const march = () => sorted([ids.midnight, ids.la, ids.afternoon, ids.lastEvening]);

describe('date filters by day', () => {
  test('the library: starts_after and starts_before of two days are the days from the first up to the second', async () => {
    const found = await cal.events.list({ starts_after: '2027-03-01', starts_before: '2027-04-01' });
    expect(found.map((e) => e.id).sort((a, b) => a - b)).toEqual(march());
  });

  test('ends_after and ends_before, start_date and end_date, read as whole days too', async () => {
    const ending = await cal.events.list({ ends_after: '2027-04-01', ends_before: '2027-04-02' });
    expect(ending.map((e) => e.id).sort((a, b) => a - b)).toEqual(sorted([ids.lastEvening, ids.aprilMidnight, ids.april]));
    const window = await cal.events.list({ start_date: '2027-03-01', end_date: '2027-03-31' });
    expect(window.map((e) => e.id).sort((a, b) => a - b)).toEqual(sorted([ids.midnight, ids.la, ids.afternoon]));
  });

  test('the CLI sends the same', async () => {
    const r = await site.cli(['events', 'list', '--starts-after', '2027-03-01', '--starts-before', '2027-04-01', '--format', 'ids']);
    expect(r.code, r.stderr).toBe(0);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(march());
  });
});
