/** The default date window of the events list (facts §4.2) at several clocks. */
import { describe, expect, it } from 'vitest';
import { defaultWindow } from '../../src/sandbox/events/list.js';
import { client } from './helpers.js';

const NY = 'America/New_York';

describe('default events window', () => {
  it('starts today in the New York evening, as recorded (22:34 local, 03:34 UTC next day)', () => {
    expect(defaultWindow(new Date('2026-11-22T03:34:11Z'), NY, false)).toEqual({
      rawStart: '2026-11-21 18:59:00',
      rawEnd: '2028-11-22 03:34:11',
      start: '2026-11-21 00:00:00',
      end: '2028-11-22 23:59:59',
    });
  });

  it('starts yesterday during the New York day', () => {
    expect(defaultWindow(new Date('2026-11-21T15:00:00Z'), NY, false).start).toBe('2026-11-20 00:00:00');
  });

  it('switches to today at 19:00 in winter (EST)', () => {
    expect(defaultWindow(new Date('2026-11-21T23:59:00Z'), NY, false).start).toBe('2026-11-20 00:00:00'); // 18:59 local
    expect(defaultWindow(new Date('2026-11-22T00:00:00Z'), NY, false).start).toBe('2026-11-21 00:00:00'); // 19:00 local
  });

  it('switches to today at 20:00 in summer (EDT)', () => {
    expect(defaultWindow(new Date('2026-07-15T23:30:00Z'), NY, false).start).toBe('2026-07-14 00:00:00'); // 19:30 local
    expect(defaultWindow(new Date('2026-07-16T00:30:00Z'), NY, false).start).toBe('2026-07-15 00:00:00'); // 20:30 local
  });

  it('east of UTC: today, except just after local midnight', () => {
    expect(defaultWindow(new Date('2026-11-21T12:00:00Z'), 'Europe/Paris', false).start).toBe('2026-11-21 00:00:00');
    expect(defaultWindow(new Date('2026-11-21T23:30:00Z'), 'Europe/Paris', false).start).toBe('2026-11-21 00:00:00'); // 00:30 on the 22nd
  });

  it('in strict mode reads both ends as UTC and converts them', () => {
    const window = defaultWindow(new Date('2026-11-22T03:34:20Z'), NY, true);
    expect(window.start).toBe('2026-11-21 13:59:00');
    expect(window.end).toBe('2028-11-21 22:34:20');
  });

  it('lists an event of today in the evening but not one of yesterday', async () => {
    const c = await client({ now: () => new Date('2026-11-22T01:00:00Z') }); // 20:00 on the 21st in New York
    try {
      await c.call('POST', '/events', { title: 'Yesterday', start_date: '2026-11-20 10:00:00', end_date: '2026-11-20 11:00:00' });
      await c.call('POST', '/events', { title: 'This morning', start_date: '2026-11-21 08:00:00', end_date: '2026-11-21 09:00:00' });
      const list = await c.call('GET', '/events');
      expect(list.body.events.map((event: { title: string }) => event.title)).toEqual(['This morning']);
      expect(list.body.rest_url).toContain('start_date=2026-11-21 00:00:00&end_date=2028-11-22 23:59:59');
    } finally {
      await c.close();
    }
  });

  it("reads a relative list date against the UTC clock, and an event write against the site's (measured on 6.17.1)", async () => {
    // 00:27 UTC on the 27th is 19:27 on the 26th in New York: lists take "tomorrow" as the 28th, writes as the 27th.
    const c = await client({ now: () => new Date('2026-11-27T00:27:16Z') });
    try {
      const urlOf = async (query: string) => (await c.call('GET', `/events?${query}&per_page=1`)).body.rest_url as string;
      expect(await urlOf('start_date=tomorrow')).toContain('start_date=2026-11-28 00:00:00');
      expect(await urlOf('starts_after=today')).toContain('starts_after=2026-11-27 23:59:59');
      expect(await urlOf('ends_before=yesterday%2010am')).toContain('ends_before=2026-11-26 23:59:59');
      expect(await urlOf('start_date=2026-12-05')).toContain('start_date=2026-12-05 00:00:00');
      const created = await c.call('POST', '/events', { title: 'Relative', start_date: 'tomorrow 10am', end_date: 'tomorrow 11am' });
      expect([created.body.start_date, created.body.utc_start_date]).toEqual(['2026-11-27 10:00:00', '2026-11-27 15:00:00']);
    } finally {
      await c.close();
    }
  });
});
