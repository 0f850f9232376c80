/** Event write dates: relative texts read in the event's zone, all-day updates moving both edges (events/write.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client, withClient } from './helpers.js';

let c: Client;
// The helpers' clock: 2026-11-22T03:34:11Z, Saturday evening in New York, Sunday noon in Tokyo.
beforeAll(async () => {
  c = await client();
});
afterAll(() => c.close());

describe('event write dates', () => {
  it('reads relative dates against the clock of the event timezone', async () => {
    const tokyo = await c.call('POST', '/events', { title: 'Tokyo', start_date: 'tomorrow 10am', end_date: '+1 day 11:00', timezone: 'Asia/Tokyo' });
    expect([tokyo.body.start_date, tokyo.body.end_date]).toEqual(['2026-11-23 10:00:00', '2026-11-23 11:00:00']);
    const local = await c.call('POST', '/events', { title: 'New York', start_date: 'tomorrow 10am', end_date: '+1 day 11:00' });
    expect([local.body.start_date, local.body.end_date]).toEqual(['2026-11-22 10:00:00', '2026-11-22 11:00:00']);
  });

  it('stores the times a DST change skips or repeats as the real site did', async () => {
    // Sent to the real site (WordPress 7.0.2 + The Events Calendar 6.17.1) through tribe/events/v1
    // on 2026-11-28: a skipped time moves an hour on, start_date included; a repeated one takes the
    // offset in force at the wall clock read as UTC (the earlier instant in New York, the later in
    // Zurich and Sydney).
    const cases = [
      ['2027-03-14 02:30:00', '2027-03-14 04:00:00', 'America/New_York', '2027-03-14 03:30:00', '2027-03-14 07:30:00', '2027-03-14 08:00:00'],
      ['2027-03-28 02:30:00', '2027-03-28 04:00:00', 'Europe/Zurich', '2027-03-28 03:30:00', '2027-03-28 01:30:00', '2027-03-28 02:00:00'],
      ['2027-11-07 01:30:00', '2027-11-07 03:00:00', 'America/New_York', '2027-11-07 01:30:00', '2027-11-07 05:30:00', '2027-11-07 08:00:00'],
      ['2027-10-31 02:30:00', '2027-10-31 04:00:00', 'Europe/Zurich', '2027-10-31 02:30:00', '2027-10-31 01:30:00', '2027-10-31 03:00:00'],
      ['2027-04-04 02:30:00', '2027-04-04 03:30:00', 'Australia/Sydney', '2027-04-04 02:30:00', '2027-04-03 16:30:00', '2027-04-03 17:30:00'],
    ];
    for (const [start, end, timezone, storedStart, utcStart, utcEnd] of cases) {
      const made = await c.call('POST', '/events', { title: `DST ${timezone} ${start}`, start_date: start, end_date: end, timezone });
      expect([made.body.start_date, made.body.utc_start_date, made.body.utc_end_date], `${start} ${timezone}`).toEqual([storedStart, utcStart, utcEnd]);
    }
  });

  it('moves both stored dates to their day edges on an all-day update, recomputing the UTC times', async () => {
    const event = await c.call('POST', '/events', { title: 'Multi', start_date: '2027-01-01 07:30:00', end_date: '2027-01-03 08:30:00' });
    const noDates = await c.call('PATCH', `/events/${event.body.id}`, { all_day: true });
    expect([noDates.body.start_date, noDates.body.end_date, noDates.body.utc_start_date, noDates.body.utc_end_date]).toEqual([
      '2027-01-01 00:00:00',
      '2027-01-03 23:59:59',
      '2027-01-01 05:00:00',
      '2027-01-04 04:59:59',
    ]);
    const startOnly = await c.call('PATCH', `/events/${event.body.id}`, { start_date: '2027-01-02 09:00:00', all_day: true });
    expect([startOnly.body.start_date, startOnly.body.end_date]).toEqual(['2027-01-02 00:00:00', '2027-01-03 23:59:59']);
  });

  it('keeps listing an event by its former start while its stored end is before its start', async () => {
    const moved = await c.call('POST', '/events', { title: 'Moved', start_date: '2027-06-10 10:00:00', end_date: '2027-06-10 11:00:00' });
    await c.call('POST', '/events', { title: 'Fixed', start_date: '2027-06-11 12:00:00', end_date: '2027-06-11 13:00:00' });
    const titles = async () =>
      ((await c.call('GET', '/events?start_date=2027-06-01&end_date=2027-06-30')).body.events as { title: string }[]).map((e) => e.title);
    // The start moves past the stored end (06-10 23:59:59): lists keep the former start, even after another save.
    const ahead = await c.call('POST', `/events/${moved.body.id}`, { start_date: '2027-06-12 09:00:00', all_day: true });
    expect([ahead.body.start_date, ahead.body.end_date]).toEqual(['2027-06-12 00:00:00', '2027-06-12 00:00:00']);
    expect(await titles()).toEqual(['Moved', 'Fixed']);
    await c.call('POST', `/events/${moved.body.id}`, { title: 'Moved' });
    expect(await titles()).toEqual(['Moved', 'Fixed']);
    // A start before the end again: lists follow it.
    await c.call('POST', `/events/${moved.body.id}`, { start_date: '2027-06-12 09:00:00', end_date: '2027-06-12 10:00:00' });
    expect(await titles()).toEqual(['Fixed', 'Moved']);
  });
});

describe('fixed-offset timezone labels', () => {
  it('computes UTC times in the zone PHP names for the offset, daylight saving time included', () =>
    withClient(async (c2) => {
      const may = await c2.call('POST', '/events', { title: 'May', start_date: '2027-05-10 10:00:00', end_date: '2027-05-10 11:00:00', timezone: 'UTC+2' });
      expect([may.body.timezone, may.body.utc_start_date, may.body.utc_end_date]).toEqual(['UTC+2', '2027-05-10 07:00:00', '2027-05-10 08:00:00']);
      const january = await c2.call('POST', '/events', {
        title: 'January',
        start_date: '2027-01-10 10:00:00',
        end_date: '2027-01-10 11:00:00',
        timezone: 'UTC+2',
      });
      expect(january.body.utc_start_date).toBe('2027-01-10 08:00:00');
    }));
});
