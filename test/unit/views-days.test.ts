/** Events placed on days: hand-computed days for all-day, multi-day, midnight-crossing, DST and other-zone events. */
import { describe, expect, test } from 'vitest';
import { bucketByDay, coveredDays, dateRange, entryMarks, eventsInRange, timeSpan, toCalendarEvent } from '../../src/core/views/days.js';
import { renderAgenda } from '../../src/cli/views/agenda.js';
import { paint } from '../../src/cli/views/paint.js';
import { dayRange } from '../../src/core/views/window.js';

type Json = Record<string, unknown>;

let nextId = 1;
/** A record as the server gives it: wall-clock dates in the event's zone and the same instants in UTC. */
function record(fields: {
  start: string;
  end: string;
  zone?: string;
  utcStart?: string;
  utcEnd?: string;
  allDay?: boolean;
  title?: string;
  status?: string;
  venue?: string;
  categories?: string[];
}): Json {
  return {
    id: nextId++,
    title: fields.title ?? 'Event',
    status: fields.status ?? 'publish',
    all_day: fields.allDay ?? false,
    start_date: fields.start,
    end_date: fields.end,
    utc_start_date: fields.utcStart,
    utc_end_date: fields.utcEnd,
    timezone: fields.zone ?? 'UTC',
    venue: fields.venue ? { id: 9, venue: fields.venue } : [],
    categories: (fields.categories ?? []).map((slug) => ({ slug, name: slug[0].toUpperCase() + slug.slice(1) })),
  };
}

/** The entries of each day as `time title (marks)`, for comparing with what a person counted. */
function byDay(records: Json[], zone: string, from: string, to: string): Record<string, string[]> {
  const days = bucketByDay(
    records.map((r) => toCalendarEvent(r, zone)),
    from,
    to,
  );
  return Object.fromEntries([...days].map(([date, entries]) => [date, entries.map((e) => [timeSpan(e), e.event.title, ...entryMarks(e)].join(' '))]));
}

describe('day bucketing', () => {
  test('an all-day event stays on its own day in any zone', () => {
    const holiday = record({
      title: 'Holiday',
      allDay: true,
      start: '2027-06-01 00:00:00',
      end: '2027-06-01 23:59:59',
      zone: 'Asia/Tokyo',
      utcStart: '2027-05-31 15:00:00',
      utcEnd: '2027-06-01 14:59:59',
    });
    expect(byDay([holiday], 'America/Los_Angeles', '2027-05-31', '2027-06-02')).toEqual({
      '2027-05-31': [],
      '2027-06-01': ['all day Holiday'],
      '2027-06-02': [],
    });
  });

  test('a multi-day event shows on every day it covers, numbered, and clipped to the range', () => {
    const fair = record({
      title: 'Fair',
      allDay: true,
      start: '2027-05-30 00:00:00',
      end: '2027-06-03 23:59:59',
      utcStart: '2027-05-30 00:00:00',
      utcEnd: '2027-06-03 23:59:59',
    });
    expect(byDay([fair], 'UTC', '2027-06-01', '2027-06-04')).toEqual({
      '2027-06-01': ['all day Fair day 3/5'],
      '2027-06-02': ['all day Fair day 4/5'],
      '2027-06-03': ['all day Fair day 5/5'],
      '2027-06-04': [],
    });
  });

  test('a timed event over several days starts on the first, runs through the middle, ends on the last', () => {
    const retreat = record({
      title: 'Retreat',
      start: '2027-06-01 18:00:00',
      end: '2027-06-03 12:00:00',
      utcStart: '2027-06-01 18:00:00',
      utcEnd: '2027-06-03 12:00:00',
    });
    expect(byDay([retreat], 'UTC', '2027-06-01', '2027-06-03')).toEqual({
      '2027-06-01': ['18:00–… Retreat day 1/3'],
      '2027-06-02': ['all day Retreat day 2/3'],
      '2027-06-03': ['…–12:00 Retreat day 3/3'],
    });
  });

  test('an event crossing midnight is on both days; one ending at midnight is on one', () => {
    const party = record({
      title: 'Party',
      start: '2027-06-01 22:00:00',
      end: '2027-06-02 02:00:00',
      utcStart: '2027-06-01 22:00:00',
      utcEnd: '2027-06-02 02:00:00',
    });
    const show = record({
      title: 'Show',
      start: '2027-06-01 20:00:00',
      end: '2027-06-02 00:00:00',
      utcStart: '2027-06-01 20:00:00',
      utcEnd: '2027-06-02 00:00:00',
    });
    expect(byDay([party, show], 'UTC', '2027-06-01', '2027-06-02')).toEqual({
      '2027-06-01': ['20:00–24:00 Show', '22:00–… Party day 1/2'],
      '2027-06-02': ['…–02:00 Party day 2/2'],
    });
    expect(coveredDays(toCalendarEvent(show, 'UTC'))).toEqual({ first: '2027-06-01', last: '2027-06-01' });
  });

  test('across the spring DST change the local hours are kept and no day is skipped', () => {
    // Paris moves from +01:00 to +02:00 at 02:00 on 28 March 2027: 23:00 CET is 22:00 UTC, 04:00 CEST is 02:00 UTC.
    const night = record({
      title: 'Night',
      zone: 'Europe/Paris',
      start: '2027-03-27 23:00:00',
      end: '2027-03-28 04:00:00',
      utcStart: '2027-03-27 22:00:00',
      utcEnd: '2027-03-28 02:00:00',
    });
    expect(byDay([night], 'Europe/Paris', '2027-03-27', '2027-03-29')).toEqual({
      '2027-03-27': ['23:00–… Night day 1/2'],
      '2027-03-28': ['…–04:00 Night day 2/2'],
      '2027-03-29': [],
    });
    expect(dateRange('2027-10-30', '2027-11-01')).toEqual(['2027-10-30', '2027-10-31', '2027-11-01']);
  });

  test('after the autumn DST change the offset of the new season applies', () => {
    // New York returns to -05:00 on 7 November 2027: 10:00 EST is 15:00 UTC, 16:00 in Paris (CET).
    const talk = record({
      title: 'Talk',
      zone: 'America/New_York',
      start: '2027-11-08 10:00:00',
      end: '2027-11-08 11:00:00',
      utcStart: '2027-11-08 15:00:00',
      utcEnd: '2027-11-08 16:00:00',
    });
    expect(byDay([talk], 'Europe/Paris', '2027-11-08', '2027-11-08')).toEqual({ '2027-11-08': ['16:00–17:00 Talk'] });
  });

  test('an event in another zone lands on the day and hour it happens in the view zone', () => {
    // 21:00 in New York on 1 June (EDT, -04:00) is 03:00 on 2 June in Paris (CEST, +02:00).
    const concert = record({
      title: 'Concert',
      zone: 'America/New_York',
      start: '2027-06-01 21:00:00',
      end: '2027-06-01 22:30:00',
      utcStart: '2027-06-02 01:00:00',
      utcEnd: '2027-06-02 02:30:00',
    });
    expect(byDay([concert], 'Europe/Paris', '2027-06-01', '2027-06-02')).toEqual({ '2027-06-01': [], '2027-06-02': ['03:00–04:30 Concert'] });
    expect(byDay([concert], 'America/New_York', '2027-06-01', '2027-06-01')).toEqual({ '2027-06-01': ['21:00–22:30 Concert'] });
  });

  test('without UTC dates the wall-clock dates are read in the event zone', () => {
    const concert = record({ title: 'Concert', zone: 'America/New_York', start: '2027-06-01 21:00:00', end: '2027-06-01 22:30:00' });
    expect(toCalendarEvent(concert, 'Europe/Paris').start).toBe('2027-06-02 03:00:00');
  });

  test('whole days come first, then by start time; drafts and private events are marked', () => {
    const late = record({
      title: 'Late',
      start: '2027-06-01 19:00:00',
      end: '2027-06-01 20:00:00',
      utcStart: '2027-06-01 19:00:00',
      utcEnd: '2027-06-01 20:00:00',
      status: 'draft',
    });
    const early = record({
      title: 'Early',
      start: '2027-06-01 08:00:00',
      end: '2027-06-01 09:00:00',
      utcStart: '2027-06-01 08:00:00',
      utcEnd: '2027-06-01 09:00:00',
      status: 'private',
    });
    const day = record({ title: 'Day', allDay: true, start: '2027-06-01 00:00:00', end: '2027-06-01 23:59:59' });
    expect(byDay([late, early, day], 'UTC', '2027-06-01', '2027-06-01')).toEqual({
      '2027-06-01': ['all day Day', '08:00–09:00 Early private', '19:00–20:00 Late draft'],
    });
  });

  test('the range keeps only events on its days, each once, by start', () => {
    const before = record({
      title: 'Before',
      start: '2027-05-31 10:00:00',
      end: '2027-05-31 11:00:00',
      utcStart: '2027-05-31 10:00:00',
      utcEnd: '2027-05-31 11:00:00',
    });
    const long = record({
      title: 'Long',
      start: '2027-05-31 10:00:00',
      end: '2027-06-02 11:00:00',
      utcStart: '2027-05-31 10:00:00',
      utcEnd: '2027-06-02 11:00:00',
    });
    const inside = record({
      title: 'Inside',
      start: '2027-06-01 09:00:00',
      end: '2027-06-01 10:00:00',
      utcStart: '2027-06-01 09:00:00',
      utcEnd: '2027-06-01 10:00:00',
    });
    const titles = eventsInRange(
      [inside, before, long].map((r) => toCalendarEvent(r, 'UTC')),
      '2027-06-01',
      '2027-06-03',
    ).map((e) => e.title);
    expect(titles).toEqual(['Long', 'Inside']);
  });
});

describe('agenda text', () => {
  test('a heading per day with events, one line each with time, title, venue, categories and marks', () => {
    const jazz = record({
      title: 'Jazz &amp; Blues',
      start: '2027-06-01 19:30:00',
      end: '2027-06-01 22:00:00',
      utcStart: '2027-06-01 19:30:00',
      utcEnd: '2027-06-01 22:00:00',
      venue: 'Riverside Hall',
      categories: ['jazz', 'music'],
    });
    const fair = record({ title: 'Fair', allDay: true, start: '2027-06-01 00:00:00', end: '2027-06-03 23:59:59', status: 'draft' });
    const days = bucketByDay(
      [jazz, fair].map((r) => toCalendarEvent(r, 'UTC')),
      '2027-06-01',
      '2027-06-04',
    );
    expect(renderAgenda(days, '2027-06-02', paint(false))).toBe(
      [
        'Tue 2027-06-01',
        '  all day      Fair  (day 1/3, draft)',
        '  19:30–22:00  Jazz & Blues  @ Riverside Hall  [Jazz, Music]',
        '',
        'Wed 2027-06-02  (today)',
        '  all day      Fair  (day 2/3, draft)',
        '',
        'Thu 2027-06-03',
        '  all day      Fair  (day 3/3, draft)',
        '',
      ].join('\n'),
    );
  });
});

describe('view day ranges', () => {
  test('a TO of +Nd counts from FROM, not from today', () => {
    const range = dayRange('2026-12-01', '+6d', 7);
    expect(range('2026-11-28')).toEqual({ from: '2026-12-01', to: '2026-12-07' });
    expect(dayRange('2026-12-10', '+6d', 7)('2026-11-28')).toEqual({ from: '2026-12-10', to: '2026-12-16' });
    expect(dayRange('2026-12-10', '+2w', 7)('2026-11-28').to).toBe('2026-12-24');
    expect(dayRange('2026-12-10', '+1m', 7)('2026-11-28').to).toBe('2027-01-10');
  });

  test('without FROM, +Nd counts from today in the view zone', () => {
    expect(dayRange(undefined, '+3d', 7)('2026-11-28')).toEqual({ from: '2026-11-28', to: '2026-12-01' });
  });

  test('a TO before FROM is refused before any request', () => {
    expect(() => dayRange('2026-12-10', '2026-12-04', 7)).toThrow('TO 2026-12-04 is before FROM 2026-12-10');
    expect(() => dayRange('2026-12-10', '-3d', 7)).toThrow('TO 2026-12-07 is before FROM 2026-12-10');
  });
});
