import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { createIcsStream, eventUid, renderIcs } from '../../../src/core/ical/writer.js';
import { fixture, fixtureJson, longestLineOctets, META, parseBack, utcSeconds } from './helpers.js';

const events = fixtureJson('plugin-events.json');
const byId = (id: number) => events.find((e) => e.id === id)!;

async function streamAll(records: Record<string, unknown>[]) {
  const stream = await createIcsStream(META);
  return stream.header() + records.map((r) => stream.event(r)).join('') + stream.footer();
}

function vevents(text: string) {
  return parseBack(text)
    .getAllSubcomponents('vevent')
    .map((c) => new ICAL.Event(c));
}

describe('ics writer', () => {
  it('writes the calendar header the issue asks for', async () => {
    const text = await streamAll([]);
    const calendar = parseBack(text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//calendar//calendar 0.1.0//EN');
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Real TEC');
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('America/New_York');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('gives every app the instants of utc_start_date and utc_end_date, in every zone and across midnight', async () => {
    const text = await streamAll(events);
    const parsed = vevents(text);
    expect(parsed).toHaveLength(events.length);
    for (const record of events.filter((e) => e.all_day !== true)) {
      const event = parsed.find((e) => e.uid === eventUid(record.id, META.siteUrl))!;
      expect(event.startDate.toUnixTime(), String(record.title)).toBe(utcSeconds(record.utc_start_date as string));
      expect(event.endDate.toUnixTime(), String(record.title)).toBe(utcSeconds(record.utc_end_date as string));
      expect(event.startDate.zone?.tzid).toBe(record.timezone);
    }
  });

  it('writes the same local times and the same all-day convention as the plugin feed', async () => {
    const ours = vevents(await streamAll(events));
    const plugin = vevents(fixture('plugin-events-archive-final.ics'));
    for (const theirs of plugin) {
      const id = theirs.uid.split('-')[0];
      if (id === '9') continue; // restored through the API before this feed was recorded, which cleared all_day
      const mine = ours.find((e) => e.uid === eventUid(id, META.siteUrl));
      if (!mine) continue;
      expect(mine.startDate.toString(), theirs.summary).toBe(theirs.startDate.toString());
      expect(mine.endDate.toString(), theirs.summary).toBe(theirs.endDate.toString());
      expect(mine.startDate.isDate).toBe(theirs.startDate.isDate);
    }
  });

  it('writes all-day events as dates with an exclusive end', async () => {
    const event = vevents(await streamAll([byId(10)]))[0];
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe('2026-12-18');
    expect(event.endDate.toString()).toBe('2026-12-21');
  });

  it('keeps UIDs stable across runs and distinct per site', async () => {
    expect(eventUid(8, 'http://127.0.0.1:8080')).toBe('event-8@127.0.0.1:8080');
    expect(eventUid(8, 'https://example.org/fr/')).toBe('event-8@example.org/fr');
    const first = await streamAll(events);
    const second = await streamAll(events);
    // A record with neither date_utc nor modified_utc is stamped with the clock, which may tick between the runs.
    const unstamped = (text: string) => text.replace(/^DTSTAMP:.*$/gm, 'DTSTAMP:?');
    expect(unstamped(second)).toBe(unstamped(first));
    const stamps = (text: string) => vevents(text).map((event) => [event.uid, event.component.getFirstPropertyValue('dtstamp')?.toString()]);
    // A draft's dates are `0000-00-00 00:00:00`, no date the server set: such a record is stamped with the clock too.
    const setBySite = (value: unknown) => typeof value === 'string' && value !== '' && !value.startsWith('0000-00-00');
    const recordStamped = new Set(
      events.filter((record) => setBySite(record.modified_utc) || setBySite(record.date_utc)).map((record) => eventUid(record.id, 'http://127.0.0.1:8080')),
    );
    expect(recordStamped.size).toBeGreaterThan(5);
    const stampedFirst = stamps(first).filter(([uid]) => recordStamped.has(uid as string));
    expect(stampedFirst).toHaveLength(recordStamped.size);
    expect(stamps(second).filter(([uid]) => recordStamped.has(uid as string))).toEqual(stampedFirst);
  });

  it('writes text as plain text plus the HTML, with commas, semicolons, backslashes and non-ASCII intact', async () => {
    const record = byId(13);
    const text = await streamAll([record]);
    const event = vevents(text)[0];
    expect(event.summary).toBe('Café, Crème; Back\\slash — Ünïcødé 🎉 日本語');
    expect(event.description).toBe(
      'Join us at Café Lumière for an evening of music.\nSecond line, after a line break; doors at 7pm.\n\n' +
        'Tickets: buy here (https://tickets.example.com/event?id=42&ref=ical), or at the door (cash only); path C:\\events\\2027.\n\n' +
        'Ñandú, naïve façade — 🎷🎶 日本語のテキスト, 中文, 한국어.',
    );
    const html = event.component.getFirstProperty('x-alt-desc')!;
    expect(html.getFirstValue()).toBe(record.description);
    expect(html.getParameter('fmttype')).toBe('text/html');
    expect(text).toContain('SUMMARY:Café\\, Crème\\; Back\\\\slash');
  });

  it('folds long and multi-byte lines within 75 octets', async () => {
    const text = await streamAll(events);
    expect(text).toContain('\r\n '); // the long description was folded
    expect(longestLineOctets(text)).toBeLessThanOrEqual(75);
    const long = vevents(text).find((e) => e.summary.startsWith('Annual Lecture'))!;
    expect(long.description.length).toBeGreaterThan(2000);
  });

  it('writes venue, coordinates, organizers, categories, image, status and URL', async () => {
    const record = { ...byId(8), venue: { ...(byId(8).venue as object), geo_lat: 40.7075, geo_lng: -74.0021 } };
    const event = vevents(await streamAll([record]))[0];
    const c = event.component;
    expect(c.getFirstPropertyValue('location')).toBe('Harbor Arts Center, 250 Water St, New York, NY, 10038, United States');
    expect(c.getFirstSubcomponent('vlocation')!.getFirstPropertyValue('name')).toBe('Harbor Arts Center');
    expect(c.getFirstPropertyValue('geo')).toEqual([40.7075, -74.0021]);
    const organizer = c.getFirstProperty('organizer')!;
    expect(organizer.getParameter('cn')).toBe('Riverside Arts Collective');
    expect(organizer.getFirstValue()).toBe('mailto:hello@riverside-arts.example.org');
    expect(c.getAllProperties('organizer')).toHaveLength(1); // RFC 5545: at most one
    const second = c.getFirstProperty('x-calendar-organizer')!;
    expect(second.getParameter('cn')).toBe('Dupont & Fils, Société');
    expect(second.getFirstValue()).toBe('mailto:contact@dupont.example.fr');
    expect(c.getFirstProperty('categories')!.getValues()).toEqual(['Arts & Culture', 'Jazz']);
    expect(c.getFirstPropertyValue('url')).toBe('http://127.0.0.1:8080/event/harbor-jazz-evening/');
    expect(c.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(c.getFirstPropertyValue('class')).toBeNull();
    expect(c.getFirstPropertyValue('dtstamp')!.toString()).toBe('2026-11-22T21:38:33Z');
    expect(c.getFirstPropertyValue('created')!.toString()).toBe('2026-11-22T21:38:33Z');
  });

  it('attaches the featured image and marks drafts tentative and private events private', async () => {
    const [featured, draft, hidden] = vevents(await streamAll([byId(18), byId(14), { ...byId(9), id: 99, status: 'private' }]));
    const attach = featured.component.getFirstProperty('attach')!;
    expect(attach.getFirstValue()).toMatch(/poster-3\.png$/);
    expect(attach.getParameter('fmttype')).toBe('image/png');
    expect(draft.component.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(hidden.component.getFirstPropertyValue('class')).toBe('PRIVATE');
  });

  it('writes events in UTC or a fixed offset as UTC times, with no VTIMEZONE', async () => {
    const record = {
      ...byId(8),
      timezone: 'UTC+2',
      start_date: '2026-12-04 19:30:00',
      end_date: '2026-12-04 22:00:00',
      utc_start_date: '2026-12-04 17:30:00',
      utc_end_date: '2026-12-04 20:00:00',
    };
    const text = await streamAll([record]);
    const event = vevents(text)[0];
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.startDate.toUnixTime()).toBe(utcSeconds('2026-12-04 17:30:00'));
    expect(parseBack(text).getAllSubcomponents('vtimezone')).toHaveLength(0);
  });

  it('decodes entities in titles and names', async () => {
    const event = vevents(await streamAll([byId(11)]))[0];
    expect(event.summary).toBe('New Year’s Eve Gala');
  });

  it('puts the VTIMEZONEs first when rendering a known set, last when streaming', async () => {
    const rendered = await renderIcs([byId(8), byId(12)], META);
    expect(rendered.indexOf('BEGIN:VTIMEZONE')).toBeLessThan(rendered.indexOf('BEGIN:VEVENT'));
    const streamed = await streamAll([byId(8), byId(12)]);
    expect(streamed.indexOf('BEGIN:VTIMEZONE')).toBeGreaterThan(streamed.lastIndexOf('END:VEVENT'));
    for (const text of [rendered, streamed]) {
      const zones = parseBack(text)
        .getAllSubcomponents('vtimezone')
        .map((z) => z.getFirstPropertyValue('tzid'));
      expect(zones.sort()).toEqual(['America/New_York', 'Europe/Paris']);
      expect(vevents(text).map((e) => e.startDate.toUnixTime())).toEqual([byId(8), byId(12)].map((r) => utcSeconds(r.utc_start_date as string)));
    }
  });
});
