import { describe, expect, it } from 'vitest';
import { createIcsStream } from '../../../src/core/ical/writer.js';
import { readIcs } from '../../../src/core/ical/reader.js';
import { toImportRow } from '../../../src/core/ical/import-row.js';
import { utcMsToUtcString, zonedToUtcMs } from '../../../src/base/time.js';
import { htmlToText } from '../../../src/core/ical/html-text.js';
import { fixtureJson, longestLineOctets, META, parseBack } from './helpers.js';

type Json = Record<string, unknown>;

let nextId = 500;
/** A REST-shaped event; the UTC fields are derived from the wall clock as the server does. */
function event(fields: Json): Json {
  const zone = (fields.timezone as string) ?? 'America/New_York';
  const utc = (wall: string) => utcMsToUtcString(zonedToUtcMs(wall, zone));
  return {
    id: nextId++,
    status: 'publish',
    date_utc: '2026-11-22 21:38:33',
    modified_utc: '2026-11-22 21:40:00',
    url: `http://127.0.0.1:8080/event/e${nextId}/`,
    all_day: false,
    timezone: zone,
    utc_start_date: utc(fields.start_date as string),
    utc_end_date: utc(fields.end_date as string),
    venue: [],
    organizer: [],
    categories: [],
    ...fields,
  };
}

const venue = {
  id: 4,
  venue: 'Harbor Arts Center',
  address: '250 Water St',
  city: 'New York',
  stateprovince: 'NY',
  zip: '10038',
  country: 'United States',
  geo_lat: 40.7075,
  geo_lng: -74.0021,
};
const organizers = [
  { id: 6, organizer: 'Riverside Arts Collective', email: 'hello@riverside-arts.example.org' },
  { id: 7, organizer: 'Dupont & Fils, Société', email: 'contact@dupont.example.fr' },
  { id: 8, organizer: 'No-Email Trio; "quoted"', email: '', url: 'http://127.0.0.1:8080/organizer/no-email-trio/' },
];

const varied: Json[] = [
  ...fixtureJson('plugin-events.json'),
  event({
    title: 'Tokyo, Osaka; and Kyoto — 東京',
    start_date: '2027-04-01 18:00:00',
    end_date: '2027-04-03 12:00:00',
    timezone: 'Asia/Tokyo',
    venue,
    organizer: organizers,
  }),
  event({ title: 'Just after the clocks go forward', start_date: '2026-03-08 03:30:00', end_date: '2026-03-08 04:30:00' }),
  event({ title: 'Across the clocks going back', start_date: '2026-11-01 00:30:00', end_date: '2026-11-01 03:00:00' }),
  event({ title: 'Sydney spring', start_date: '2026-10-04 09:00:00', end_date: '2026-10-04 10:00:00', timezone: 'Australia/Sydney' }),
  event({ title: 'Week-long all-day camp', start_date: '2026-07-06 00:00:00', end_date: '2026-07-10 23:59:59', all_day: true }),
  event({
    title: `A very long title that has to be folded ${'many times over, '.repeat(8)}with ünïcödé 🎉 at the end`,
    description: [
      `<p>${'Commas, semicolons; backslashes \\ and "quotes" — '.repeat(20)}</p>`,
      '<p>Second <a href="https://example.org/a?b=1&amp;c=2">link</a></p>',
    ].join('\n'),
    start_date: '2026-12-20 10:00:00',
    end_date: '2026-12-20 11:00:00',
    categories: [{ name: 'Arts &amp; Culture' }, { name: 'Talks, Lectures' }],
  }),
];

describe('round trip: export then import', () => {
  it('keeps titles, instants, all-day days, zones, venue and organizer names, text and categories', async () => {
    const stream = await createIcsStream(META);
    const text = stream.header() + varied.map((e) => stream.event(e)).join('') + stream.footer();
    expect(longestLineOctets(text)).toBeLessThanOrEqual(75);
    parseBack(text);
    const feed = await readIcs(text, { timezone: 'America/New_York', from: 0, until: 0 });
    expect(feed.occurrences).toHaveLength(varied.length);
    varied.forEach((record, index) => {
      const occurrence = feed.occurrences[index];
      const label = String(record.title);
      expect(occurrence.title, label).toBe(htmlToText(String(record.title)));
      expect(occurrence.allDay, label).toBe(record.all_day === true);
      if (record.all_day === true) {
        expect([occurrence.start, occurrence.end], label).toEqual([String(record.start_date).slice(0, 10), String(record.end_date).slice(0, 10)]);
      } else {
        expect([occurrence.utcStart, occurrence.utcEnd], label).toEqual([record.utc_start_date, record.utc_end_date]);
        expect([occurrence.start, occurrence.end, occurrence.timezone], label).toEqual([record.start_date, record.end_date, record.timezone]);
      }
      expect(occurrence.description ?? '', label).toBe(String(record.description ?? '').trim() === '' ? '' : record.description);
      const venueName = record.venue && !Array.isArray(record.venue) ? htmlToText(String((record.venue as Json).venue)) : undefined;
      expect(occurrence.venue, label).toBe(venueName);
      const names = ((record.organizer as Json[]) ?? []).map((o) => htmlToText(String(o.organizer)));
      expect(
        occurrence.organizers.map((o) => o.name),
        label,
      ).toEqual(names);
      expect(occurrence.categories, label).toEqual(((record.categories as Json[]) ?? []).map((c) => htmlToText(String(c.name))));
      expect(occurrence.private, label).toBe(false);
    });
    const tokyo = feed.occurrences.find((o) => o.timezone === 'Asia/Tokyo')!;
    expect(tokyo.geo).toEqual([40.7075, -74.0021]);
    expect(tokyo.organizers[2]).toEqual({ name: 'No-Email Trio; "quoted"' });
  });

  it('gives rows that import the same events again, each with its own stable slug', async () => {
    const stream = await createIcsStream(META);
    const text = stream.header() + varied.map((e) => stream.event(e)).join('') + stream.footer();
    const read = async () =>
      (await readIcs(text, { timezone: 'America/New_York', from: 0, until: 0 })).occurrences.map((o) => toImportRow(o, { feedTag: 'abcd' }));
    const rows = await read();
    const slugs = rows.map((r) => (r.action === 'import' ? r.row.slug : r.slug));
    expect(new Set(slugs).size).toBe(varied.length);
    expect(await read()).toEqual(rows);
    const draft = rows[varied.findIndex((e) => e.status === 'draft')];
    expect(draft.action).toBe('import'); // TENTATIVE is still an event to import
  });
});
