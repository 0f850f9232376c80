import { describe, expect, it } from 'vitest';
import { readIcs, type ReadIcsOptions } from '../../../src/core/ical/reader.js';
import { occurrenceKey } from '../../../src/core/ical/identity.js';
import { fixture } from './helpers.js';

const WINDOW: ReadIcsOptions = { timezone: 'America/New_York', from: Date.UTC(2026, 0, 1), until: Date.UTC(2027, 0, 1) };

const read = (name: string, options: Partial<ReadIcsOptions> = {}) => readIcs(fixture(name), { ...WINDOW, source: name, ...options });

describe('reading Google Calendar feeds', () => {
  it('expands a weekly series without its EXDATE and with its changed occurrence', async () => {
    const feed = await read('google.ics');
    expect(feed.name).toBe('Community Events');
    expect(feed.timezone).toBe('America/Los_Angeles');
    const choir = feed.occurrences.filter((o) => o.uid.startsWith('7kq2'));
    expect(choir.map((o) => [o.start, o.end, o.title])).toEqual([
      ['2026-03-02 18:00:00', '2026-03-02 19:30:00', 'Choir rehearsal'],
      ['2026-03-09 18:00:00', '2026-03-09 19:30:00', 'Choir rehearsal'],
      ['2026-03-23 20:00:00', '2026-03-23 21:30:00', 'Choir rehearsal (late start)'],
      ['2026-03-30 18:00:00', '2026-03-30 19:30:00', 'Choir rehearsal'],
    ]);
    expect(choir.every((o) => o.timezone === 'America/Los_Angeles')).toBe(true);
    // 18:00 is 02:00Z before the DST change of March 8 and 01:00Z after it.
    expect(choir.slice(0, 2).map((o) => o.utcStart)).toEqual(['2026-03-03 02:00:00', '2026-03-10 01:00:00']);
    expect(choir[2].recurrenceId).toBe('20260324T010000Z');
    expect(choir[2].key).toBe(occurrenceKey(choir[2].uid, '20260324T010000Z'));
    expect(new Set(choir.map((o) => o.key)).size).toBe(4);
  });

  it('reads folded, escaped text as HTML paragraphs and keeps the location', async () => {
    const [choir] = (await read('google.ics')).occurrences;
    expect(choir.description).toBe(
      '<p>Weekly rehearsal, open to all; bring your own instrument.<br />\nSecond line of the description that Google folded at seventy-five octets.</p>',
    );
    expect(choir.location).toBe('Mission Hall, 100 Valencia St, San Francisco, CA');
    expect(choir.venue).toBe(choir.location);
  });

  it('reads an all-day range with its inclusive last day, and UTC times in the target zone', async () => {
    const feed = await read('google.ics');
    const fair = feed.occurrences.find((o) => o.title === 'Spring fair')!;
    expect([fair.allDay, fair.start, fair.end, fair.timezone]).toEqual([true, '2026-04-18', '2026-04-19', 'America/New_York']);
    const board = feed.occurrences.find((o) => o.title === 'Board meeting')!;
    expect([board.start, board.end, board.timezone, board.utcStart]).toEqual([
      '2026-05-05 13:00:00',
      '2026-05-05 14:30:00',
      'America/New_York',
      '2026-05-05 17:00:00',
    ]);
    expect(board.organizers).toEqual([{ name: 'Board of the Community', email: 'board@example.org' }]);
    expect(board.url).toBe('https://example.org/board');
    const inParis = await read('google.ics', { timezone: 'Europe/Paris' });
    expect(inParis.occurrences.find((o) => o.title === 'Board meeting')!.start).toBe('2026-05-05 19:00:00');
  });
});

describe('reading Outlook feeds', () => {
  it('maps Windows zone names to IANA zones and ignores X-MICROSOFT-CDO-*, VALARM and VTODO', async () => {
    const feed = await read('outlook.ics');
    expect(feed.occurrences).toHaveLength(3);
    const review = feed.occurrences[0];
    expect([review.title, review.timezone, review.start, review.end, review.utcStart]).toEqual([
      'Quarterly review',
      'America/New_York',
      '2026-04-09 14:00:00',
      '2026-04-09 15:30:00',
      '2026-04-09 18:00:00',
    ]);
    expect(review.organizers).toEqual([{ name: 'Jane Doe', email: 'jane.doe@contoso.example' }]);
    expect(review.venue).toBe('Conference Room 4');
  });

  it('prefers the HTML of X-ALT-DESC, without the document wrapper', async () => {
    const [review] = (await read('outlook.ics')).occurrences;
    expect(review.description).toBe('<P><B>Quarterly review</B>, all hands.</P>');
  });

  it('reads DURATION instead of DTEND, and flags private events', async () => {
    const feed = await read('outlook.ics');
    const berlin = feed.occurrences[1];
    expect([berlin.timezone, berlin.start, berlin.end, berlin.utcStart]).toEqual([
      'Europe/Berlin',
      '2026-03-27 16:00:00',
      '2026-03-27 16:45:00',
      '2026-03-27 15:00:00',
    ]);
    expect(feed.occurrences.map((o) => o.private)).toEqual([false, false, true]);
  });
});

describe('reading Apple Calendar feeds', () => {
  it('takes the venue name from X-APPLE-STRUCTURED-LOCATION and reads categories', async () => {
    const feed = await read('apple.ics');
    expect(feed.name).toBe('Family');
    const brunch = feed.occurrences[0];
    expect(brunch.venue).toBe('Café de Flore');
    expect(brunch.location).toBe('Café de Flore\n172 Boulevard Saint-Germain, 75006 Paris, France');
    expect(brunch.categories).toEqual(['Family', 'Food']);
    // The morning clocks went forward in Paris: 10:00 is UTC+2.
    expect([brunch.timezone, brunch.start, brunch.utcStart]).toEqual(['Europe/Paris', '2026-03-29 10:00:00', '2026-03-29 08:00:00']);
  });

  it('makes a DATE start without an end one whole day, flags cancelled and confidential events, reads floating times in the target zone', async () => {
    const feed = await read('apple.ics', { timezone: 'Europe/Paris' });
    const [, holiday, picnic, dinner] = feed.occurrences;
    expect([holiday.allDay, holiday.start, holiday.end]).toEqual([true, '2026-05-01', '2026-05-01']);
    expect(holiday.title).toBe('Fête du Travail');
    expect([picnic.cancelled, dinner.cancelled]).toEqual([true, false]);
    expect([dinner.private, dinner.timezone, dinner.start, dinner.utcStart]).toEqual([true, 'Europe/Paris', '2026-07-04 19:00:00', '2026-07-04 17:00:00']);
  });
});

describe('zones and recurrence', () => {
  it('converts a custom VTIMEZONE to wall-clock time in the target zone', async () => {
    const talk = (await read('custom-zone.ics')).occurrences.find((o) => o.uid === 'custom-1@example.org')!;
    expect([talk.timezone, talk.start, talk.end, talk.utcStart]).toEqual([
      'America/New_York',
      '2026-06-01 00:00:00',
      '2026-06-01 01:30:00',
      '2026-06-01 04:00:00',
    ]);
  });

  it('keeps local times across a DST change', async () => {
    const weekly = (await read('custom-zone.ics')).occurrences.filter((o) => o.uid === 'dst-weekly@example.org');
    expect(weekly.map((o) => [o.start, o.end, o.utcStart])).toEqual([
      ['2026-03-01 10:00:00', '2026-03-01 11:30:00', '2026-03-01 15:00:00'],
      ['2026-03-08 10:00:00', '2026-03-08 11:30:00', '2026-03-08 14:00:00'],
      ['2026-03-15 10:00:00', '2026-03-15 11:30:00', '2026-03-15 14:00:00'],
    ]);
  });

  it('expands an endless series only inside the window', async () => {
    const feed = await read('custom-zone.ics');
    const daily = feed.occurrences.filter((o) => o.uid === 'daily-forever@example.org');
    expect(daily).toHaveLength(365);
    expect(daily[0].start).toBe('2026-01-01 08:00:00');
    expect(daily.at(-1)!.start).toBe('2026-12-31 08:00:00');
    expect(feed.warnings).toEqual([]);
  });

  it('caps a series at maxOccurrences with a warning naming it', async () => {
    const feed = await read('custom-zone.ics', { maxOccurrences: 10 });
    expect(feed.occurrences.filter((o) => o.uid === 'daily-forever@example.org')).toHaveLength(10);
    expect(feed.warnings).toHaveLength(1);
    expect(feed.warnings[0]).toMatch(/custom-zone\.ics line \d+: series "Morning stand-up" \(UID daily-forever@example\.org\) has more than 10 occurrences/);
  });

  it('adds RDATE dates to a series', async () => {
    const open = (await read('custom-zone.ics')).occurrences.filter((o) => o.uid === 'rdate@example.org');
    expect(open.map((o) => [o.start, o.end, o.recurrenceId])).toEqual([
      ['2026-07-01', '2026-07-01', '20260701'],
      ['2026-07-15', '2026-07-15', '20260715'],
      ['2026-08-01', '2026-08-01', '20260801'],
    ]);
  });

  it('keeps single events outside the window: it bounds recurrences only', async () => {
    const feed = await read('google.ics', { from: Date.UTC(2030, 0, 1), until: Date.UTC(2031, 0, 1) });
    expect(feed.occurrences.map((o) => o.title)).toEqual(['Spring fair', 'Board meeting']);
  });

  it('gives each occurrence the line of its VEVENT', async () => {
    const text = fixture('google.ics');
    const lines = text.split('\r\n');
    const feed = await read('google.ics');
    for (const occurrence of feed.occurrences) {
      expect(lines[occurrence.line - 1]).toBe('BEGIN:VEVENT');
      expect(lines.slice(occurrence.line, occurrence.line + 12).some((l) => l === `UID:${occurrence.uid}`)).toBe(true);
    }
    expect(feed.occurrences.find((o) => o.title.includes('late'))!.line).toBeGreaterThan(feed.occurrences[0].line);
  });
});

describe('reading the plugin feed', () => {
  it('reads every event with the instants and all-day days of the REST records', async () => {
    const feed = await read('plugin-events-archive-final.ics');
    expect(feed.name).toBe('Real TEC');
    expect(feed.occurrences).toHaveLength(8);
    const jazz = feed.occurrences.find((o) => o.title === 'Harbor Jazz Evening')!;
    expect([jazz.start, jazz.end, jazz.utcStart, jazz.timezone]).toEqual([
      '2026-12-04 19:30:00',
      '2026-12-04 22:00:00',
      '2026-12-05 00:30:00',
      'America/New_York',
    ]);
    expect(jazz.venue).toBe('Harbor Arts Center, 250 Water St, New York, NY, 10038, United States');
    expect(jazz.categories).toEqual(['Arts & Culture', 'Jazz']);
    const festival = feed.occurrences.find((o) => o.title === 'Holiday Book Festival')!;
    expect([festival.allDay, festival.start, festival.end]).toEqual([true, '2026-12-18', '2026-12-20']);
    const paris = feed.occurrences.find((o) => o.title === 'Paris Chamber Concert')!;
    expect([paris.timezone, paris.start, paris.utcStart]).toEqual(['Europe/Paris', '2027-01-15 20:00:00', '2027-01-15 19:00:00']);
    expect(paris.organizers).toEqual([{ name: 'Dupont & Fils, Société', email: 'contact@dupont.example.fr' }]);
    const unicode = feed.occurrences.find((o) => o.title.startsWith('Café'))!;
    expect(unicode.title).toBe('Café, Crème; Back\\slash — Ünïcødé 🎉 日本語');
  });
});
