/** Clashing events: overlapping, touching, all-day against timed, multi-day, different venues, organizers. */
import { describe, expect, test } from 'vitest';
import { toCalendarEvent } from '../../src/core/views/days.js';
import { conflictLine, findConflicts } from '../../src/core/views/conflicts.js';

let nextId = 1;
const HALL = { id: 100, venue: 'Hall' };
const BARN = { id: 200, venue: 'Barn' };

function event(title: string, start: string, end: string, options: { allDay?: boolean; venue?: object; organizers?: object[] } = {}) {
  return toCalendarEvent(
    {
      id: nextId++,
      title,
      status: 'publish',
      all_day: options.allDay ?? false,
      start_date: start,
      end_date: end,
      utc_start_date: start,
      utc_end_date: end,
      timezone: 'UTC',
      venue: options.venue ?? HALL,
      organizer: options.organizers ?? [],
      categories: [],
    },
    'UTC',
  );
}

const lines = (events: ReturnType<typeof event>[], kind: 'venue' | 'organizer' = 'venue') => findConflicts(events, kind, 'UTC').map(conflictLine);

describe('conflicts', () => {
  test('overlapping events at one venue clash for the time they share', () => {
    const a = event('Concert', '2027-06-01 20:00:00', '2027-06-01 22:00:00');
    const b = event('Rehearsal', '2027-06-01 21:00:00', '2027-06-01 23:00:00');
    expect(lines([b, a])).toEqual([`"Concert" (#${a.id}) and "Rehearsal" (#${b.id}) at Hall: 2027-06-01 21:00–22:00`]);
  });

  test('an event ending when another starts does not clash', () => {
    expect(lines([event('A', '2027-06-01 10:00:00', '2027-06-01 11:00:00'), event('B', '2027-06-01 11:00:00', '2027-06-01 12:00:00')])).toEqual([]);
  });

  test('an all-day event holds its whole day against a timed one, and not the next day', () => {
    const fair = event('Fair', '2027-06-01 00:00:00', '2027-06-01 23:59:59', { allDay: true });
    const talk = event('Talk', '2027-06-01 18:00:00', '2027-06-01 19:00:00');
    const morning = event('Morning', '2027-06-02 00:00:00', '2027-06-02 01:00:00');
    expect(lines([fair, talk, morning])).toEqual([`"Fair" (#${fair.id}) and "Talk" (#${talk.id}) at Hall: 2027-06-01 18:00–19:00`]);
  });

  test('a multi-day event clashes with what falls on any of its days, the overlap spanning days when it does', () => {
    const festival = event('Festival', '2027-06-01 00:00:00', '2027-06-03 23:59:59', { allDay: true });
    const late = event('Late', '2027-06-02 22:00:00', '2027-06-04 02:00:00');
    expect(lines([festival, late])).toEqual([`"Festival" (#${festival.id}) and "Late" (#${late.id}) at Hall: 2027-06-02 22:00–2027-06-04 00:00`]);
  });

  test('events at different venues, or with no venue, do not clash', () => {
    expect(
      lines([event('A', '2027-06-01 10:00:00', '2027-06-01 12:00:00'), event('B', '2027-06-01 10:00:00', '2027-06-01 12:00:00', { venue: BARN })]),
    ).toEqual([]);
    expect(
      lines([
        event('C', '2027-06-01 10:00:00', '2027-06-01 12:00:00', { venue: [] as unknown as object }),
        event('D', '2027-06-01 10:00:00', '2027-06-01 12:00:00', { venue: [] as unknown as object }),
      ]),
    ).toEqual([]);
  });

  test('an organizer in two places at once', () => {
    const jane = { id: 7, organizer: 'Jane' };
    const a = event('Talk', '2027-06-01 10:00:00', '2027-06-01 12:00:00', { organizers: [jane] });
    const b = event('Panel', '2027-06-01 11:30:00', '2027-06-01 13:00:00', { venue: BARN, organizers: [jane, { id: 8, organizer: 'Sam' }] });
    expect(lines([a, b], 'organizer')).toEqual([`"Talk" (#${a.id}) and "Panel" (#${b.id}) with Jane: 2027-06-01 11:30–12:00`]);
    expect(lines([a, b], 'venue')).toEqual([]);
  });

  test('three overlapping events give each pair once', () => {
    const events = ['X', 'Y', 'Z'].map((t) => event(t, '2027-06-01 10:00:00', '2027-06-01 11:00:00'));
    expect(findConflicts(events, 'venue', 'UTC').map((c) => `${c.first.title}${c.second.title}`)).toEqual(['XY', 'XZ', 'YZ']);
  });
});
