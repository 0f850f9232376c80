import { describe, expect, it } from 'vitest';
import { feedTag, occurrenceKey, occurrenceSlug, parseOccurrenceSlug, titleSlug } from '../../../src/core/ical/identity.js';
import { toImportRow } from '../../../src/core/ical/import-row.js';
import { feedUrl, isFeedUrl, isIcalendar, singleEventSlug, veventSlugs } from '../../../src/core/ical/detect.js';
import { readIcs } from '../../../src/core/ical/reader.js';
import { fixture } from './helpers.js';

const WINDOW = { timezone: 'America/New_York', from: Date.UTC(2026, 0, 1), until: Date.UTC(2027, 0, 1) };

describe('occurrence identity', () => {
  it('is a short, stable hash of UID and RECURRENCE-ID', () => {
    const key = occurrenceKey('abc@example.org', '20260324T010000Z');
    expect(key).toMatch(/^[0-9a-z]{10}$/);
    expect(occurrenceKey('abc@example.org', '20260324T010000Z')).toBe(key);
    expect(occurrenceKey('abc@example.org', '20260331T010000Z')).not.toBe(key);
    expect(occurrenceKey('abc@example.org')).not.toBe(occurrenceKey('abd@example.org'));
    expect(feedTag('https://example.org/?ical=1')).toMatch(/^[0-9a-z]{4}$/);
    expect(feedTag('https://example.org/?ical=1')).not.toBe(feedTag('https://example.net/?ical=1'));
  });

  it('travels in a slug that keeps the title readable and survives WordPress adding -2', () => {
    expect(titleSlug('Café, Crème; Back\\slash — Ünïcødé 🎉 日本語 Straße')).toBe('cafe-creme-backslash-unicode-strase');
    expect(titleSlug('日本語')).toBe('');
    const slug = occurrenceSlug('Harbor Jazz Evening', 'k3f9', '0h1x7b2m4q');
    expect(slug).toBe('harbor-jazz-evening-ics-k3f9-0h1x7b2m4q');
    expect(occurrenceSlug('日本語', 'k3f9', '0h1x7b2m4q')).toBe('ics-k3f9-0h1x7b2m4q');
    expect(occurrenceSlug('x'.repeat(300), 'k3f9', '0h1x7b2m4q').length).toBeLessThanOrEqual(60 + 20);
    expect(parseOccurrenceSlug(slug)).toEqual({ tag: 'k3f9', key: '0h1x7b2m4q' });
    expect(parseOccurrenceSlug(`${slug}-2`)).toEqual({ tag: 'k3f9', key: '0h1x7b2m4q' });
    expect(parseOccurrenceSlug('harbor-jazz-evening')).toBeUndefined();
    expect(parseOccurrenceSlug('topics-abcd-0123456789x')).toBeUndefined();
  });

  it('gives the same keys when the same feed is read again, and different keys to each occurrence', async () => {
    const first = await readIcs(fixture('google.ics'), WINDOW);
    const second = await readIcs(fixture('google.ics'), WINDOW);
    expect(second.occurrences.map((o) => o.key)).toEqual(first.occurrences.map((o) => o.key));
    expect(new Set(first.occurrences.map((o) => o.key)).size).toBe(first.occurrences.length);
  });
});

describe('occurrence to import row', () => {
  it('gives the writable event fields with venue, organizers and categories by name', async () => {
    const feed = await readIcs(fixture('plugin-events-archive-final.ics'), WINDOW);
    const jazz = feed.occurrences.find((o) => o.title === 'Harbor Jazz Evening')!;
    const result = toImportRow(jazz, { feedTag: 'k3f9' });
    expect(result).toEqual({
      action: 'import',
      row: {
        title: 'Harbor Jazz Evening',
        slug: `harbor-jazz-evening-ics-k3f9-${jazz.key}`,
        start_date: '2026-12-04 19:30:00',
        end_date: '2026-12-04 22:00:00',
        all_day: false,
        timezone: 'America/New_York',
        status: 'publish',
        description: '<p>An evening of live jazz by the water.</p>',
        website: 'http://127.0.0.1:8080/event/harbor-jazz-evening/',
        venue: 'Harbor Arts Center, 250 Water St, New York, NY, 10038, United States',
        organizer: ['Riverside Arts Collective'],
        categories: ['Arts & Culture', 'Jazz'],
      },
    });
    const festival = feed.occurrences.find((o) => o.title === 'Holiday Book Festival')!;
    const row = (toImportRow(festival, { feedTag: 'k3f9' }) as { row: Record<string, unknown> }).row;
    expect([row.start_date, row.end_date, row.all_day]).toEqual(['2026-12-18', '2026-12-20', true]);
  });

  it('skips cancelled and private occurrences unless private ones are asked for', async () => {
    const feed = await readIcs(fixture('apple.ics'), WINDOW);
    const [, , picnic, dinner] = feed.occurrences;
    expect(toImportRow(picnic, { feedTag: 'aaaa' })).toEqual({ action: 'cancelled', slug: `cancelled-picnic-ics-aaaa-${picnic.key}` });
    expect(toImportRow(dinner, { feedTag: 'aaaa' }).action).toBe('private');
    const included = toImportRow(dinner, { feedTag: 'aaaa', includePrivate: true });
    expect(included.action === 'import' && included.row.status).toBe('private');
  });
});

describe('input detection', () => {
  it('recognises iCalendar by extension, content type or first line', () => {
    expect(isIcalendar({ name: 'feed.ics' })).toBe(true);
    expect(isIcalendar({ name: 'https://example.org/basic.ICS?x=1' })).toBe(true);
    expect(isIcalendar({ name: 'events.csv' })).toBe(false);
    expect(isIcalendar({ contentType: 'text/calendar; charset=UTF-8' })).toBe(true);
    expect(isIcalendar({ contentType: 'text/html; charset=UTF-8' })).toBe(false);
    expect(isIcalendar({ head: '\uFEFFBEGIN:VCALENDAR\r\nVERSION:2.0' })).toBe(true);
    expect(isIcalendar({ head: '[{"title":"x"}]' })).toBe(false);
  });

  it('fetches webcal:// over https', () => {
    expect(feedUrl('webcal://example.org/?ical=1')).toBe('https://example.org/?ical=1');
    expect(feedUrl('WEBCALS://example.org/x.ics')).toBe('https://example.org/x.ics');
    expect(feedUrl('http://127.0.0.1:8080/?ical=1')).toBe('http://127.0.0.1:8080/?ical=1');
    expect([isFeedUrl('webcal://a/b'), isFeedUrl('https://a/b'), isFeedUrl('feed.ics'), isFeedUrl('-')]).toEqual([true, true, false, false]);
  });

  it('reads the event a single event link names, and the events a feed holds by their URL', () => {
    expect(singleEventSlug('https://example.org/event/summer-fest/?ical=1')).toBe('summer-fest');
    expect(singleEventSlug('webcal://example.org/fr/event/caf%C3%A9-night/ical/')).toBe('café-night');
    expect(singleEventSlug('https://example.org/?tribe_events=Summer-Fest&ical=1')).toBe('summer-fest');
    expect(singleEventSlug('https://example.org/events/?ical=1')).toBeUndefined();
    expect(singleEventSlug('https://example.org/event/summer-fest/2027-06-01/?ical=1')).toBeUndefined();
    const feed = [
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'URL:https://example.org/event/caf%c3%a9-night/',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'URL:https://exam',
      ' ple.org/event/b/',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'SUMMARY:x',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    expect(veventSlugs(feed)).toEqual(['café-night', 'b', undefined]);
  });
});
