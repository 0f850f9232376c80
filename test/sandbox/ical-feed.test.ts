/**
 * The iCalendar feeds against the recordings in test/fixtures/recordings-2 (ical_*.http): the
 * same events created on a fresh sandbox at the recorded time give the same calendar, but for
 * the site name, host, post IDs and the post dates (the recording's own clock).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, send, type Client } from './helpers.js';
import { readResponse, RECORDINGS_2_DIR } from './recordings.js';

let c: Client;
const id: Record<string, number> = {};
const recordedIds: Record<string, number> = { evening: 8, multi: 10, paris: 12 };

function comparable(calendar: string, ids: Record<string, number>, host: string): string[] {
  let text = calendar
    .split(host)
    .join('{HOST}')
    .replace(/Real TEC/g, '{SITE}')
    .replace(/Calendar Sandbox/g, '{SITE}');
  for (const [key, value] of Object.entries(ids)) text = text.replace(new RegExp(`UID:${value}-`, 'g'), `UID:{${key}}-`);
  return text
    .split('\r\n')
    .map((line) => line.replace(/^(DTSTAMP|CREATED|LAST-MODIFIED):\d{8}T\d{6}Z$/, '$1:{POST DATE}'))
    .map((line) => line.replace(/@127\.0\.0\.1$/, '@{HOSTNAME}'));
}

const feed = (path: string) => send(`${c.sandbox.url}${path}`, {});

beforeAll(async () => {
  c = await client({ now: () => new Date('2026-11-22T21:38:33Z') });
  const created = async (path: string, body: Record<string, unknown>) => (await c.call('POST', path, body)).body.id as number;
  const harbor = await created('/venues', {
    venue: 'Harbor Arts Center',
    address: '250 Water St',
    city: 'New York',
    stateprovince: 'NY',
    state: 'NY',
    zip: '10038',
    country: 'United States',
  });
  const hall = await created('/venues', { venue: 'Community Hall' });
  const riverside = await created('/organizers', { organizer: 'Riverside Arts Collective', email: 'hello@riverside-arts.example.org' });
  const dupont = await created('/organizers', { organizer: 'Dupont & Fils, Société', email: 'contact@dupont.example.fr' });
  const arts = await created('/categories', { name: 'Arts & Culture', slug: 'arts-culture' });
  const jazz = await created('/categories', { name: 'Jazz', slug: 'jazz', parent: arts });
  id.evening = await created('/events', {
    title: 'Harbor Jazz Evening',
    description: '<p>An evening of <strong>live jazz</strong> by the water.</p>',
    start_date: '2026-12-04 19:30:00',
    end_date: '2026-12-04 22:00:00',
    venue: harbor,
    organizer: [riverside, dupont],
    categories: [arts, jazz],
  });
  id.multi = await created('/events', {
    title: 'Holiday Book Festival',
    description: '<p>Three days of books.</p>',
    start_date: '2026-12-18',
    end_date: '2026-12-20',
    all_day: true,
    venue: hall,
  });
  id.paris = await created('/events', {
    title: 'Paris Chamber Concert',
    description: '<p>String quartet in Paris.</p>',
    start_date: '2027-01-15 20:00:00',
    end_date: '2027-01-15 22:00:00',
    timezone: 'Europe/Paris',
    organizer: [dupont],
    categories: [jazz],
  });
  id.draft = await created('/events', { title: 'Unannounced Rehearsal', status: 'draft', start_date: '2026-12-09 18:00:00', end_date: '2026-12-09 20:00:00' });
  id.hidden = await created('/events', {
    title: 'Members-Only Preview',
    start_date: '2026-12-10 18:00:00',
    end_date: '2026-12-10 19:30:00',
    hide_from_listings: true,
  });
  // The recorded site also held an event that had ended; the tests only read, so any one runs alone or in any order.
  await created('/events', { title: 'Autumn Lecture 2025', start_date: '2025-10-15 18:00:00', end_date: '2025-10-15 20:00:00' });
});
afterAll(() => c.close());

describe('single-event feeds', () => {
  for (const [key, name, slug] of [
    ['evening', 'ical_single_evening', 'harbor-jazz-evening'],
    ['multi', 'ical_single_all_day_multi', 'holiday-book-festival'],
    ['paris', 'ical_single_paris', 'paris-chamber-concert'],
  ] as const) {
    it(`${name}: the recorded calendar, line for line`, async () => {
      const recorded = readResponse(name, RECORDINGS_2_DIR);
      const response = await feed(`/event/${slug}/?ical=1`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(recorded.headers['content-type']);
      expect(response.headers.get('x-robots-tag')).toBe(recorded.headers['x-robots-tag']);
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.ics"$/);
      expect(comparable(String(response.body), { [key]: id[key] }, c.sandbox.url)).toEqual(
        comparable(recorded.text, { [key]: recordedIds[key] }, 'http://127.0.0.1:8080'),
      );
    });
  }

  it('/?p=ID&ical=1 redirects to the feed of the event, as recorded', async () => {
    const recorded = readResponse('ical_single_evening_by_id', RECORDINGS_2_DIR);
    const response = await fetch(`${c.sandbox.url}/?p=${id.evening}&ical=1`, { redirect: 'manual' });
    expect(response.status).toBe(recorded.status);
    expect(response.headers.get('location')).toBe(recorded.headers.location.replace('http://127.0.0.1:8080', c.sandbox.url));
  });

  it('the query form gives the same event; the hidden event has its own feed', async () => {
    const byQuery = await feed('/?tribe_events=harbor-jazz-evening&ical=1');
    expect(String(byQuery.body).match(/^SUMMARY:.*$/gm)).toEqual(['SUMMARY:Harbor Jazz Evening']);
    const recordedHidden = readResponse('ical_single_hidden', RECORDINGS_2_DIR).text.match(/^SUMMARY:.*$/gm);
    const hidden = await feed('/event/members-only-preview/?ical=1');
    expect(String(hidden.body).match(/^SUMMARY:.*$/gm)).toEqual(recordedHidden);
  });
});

describe('list feeds', () => {
  const summaries = (calendar: string) => calendar.match(/^SUMMARY:.*$/gm) ?? [];
  const mine = ['SUMMARY:Harbor Jazz Evening', 'SUMMARY:Holiday Book Festival', 'SUMMARY:Paris Chamber Concert'];

  it('the archive feed lists the upcoming published events by start, as recorded (draft and hidden left out)', async () => {
    const recorded = summaries(readResponse('ical_events_archive', RECORDINGS_2_DIR).text).filter((line) => mine.includes(line));
    for (const path of ['/events/?ical=1', '/?ical=1', '/events/ical/', '/events/list/?ical=1']) {
      const response = await feed(path);
      expect(response.headers.get('content-type')).toBe('text/calendar; charset=UTF-8');
      expect(summaries(String(response.body))).toEqual(recorded);
    }
  });

  it('category feeds include child categories and follow every URL form; an unknown category is 404', async () => {
    const recordedParent = summaries(readResponse('ical_category_parent', RECORDINGS_2_DIR).text).filter((line) => mine.includes(line));
    const recordedChild = summaries(readResponse('ical_category_child', RECORDINGS_2_DIR).text).filter((line) => mine.includes(line));
    expect(recordedParent).toEqual(['SUMMARY:Harbor Jazz Evening', 'SUMMARY:Paris Chamber Concert']);
    for (const path of ['/events/category/arts-culture/?ical=1', '/events/category/arts-culture/ical/'])
      expect(summaries(String((await feed(path)).body))).toEqual(recordedParent);
    for (const path of ['/events/category/arts-culture/jazz/?ical=1', '/events/category/jazz/?ical=1', '/events/?ical=1&tribe_events_cat=jazz']) {
      expect(summaries(String((await feed(path)).body))).toEqual(recordedChild);
    }
    const unknown = await feed('/events/category/no-such-cat/?ical=1');
    expect(unknown.status).toBe(readResponse('ical_category_unknown', RECORDINGS_2_DIR).status);
  });

  it('the past feed holds the events that have ended', async () => {
    const recorded = readResponse('ical_past', RECORDINGS_2_DIR);
    expect(summaries(recorded.text)).toEqual(['SUMMARY:Autumn Lecture 2025']);
    const response = await feed('/events/list/?eventDisplay=past&ical=1');
    expect(summaries(String(response.body))).toEqual(summaries(recorded.text));
    expect(String(response.body)).toContain('DTSTART;TZID=America/New_York:20251015T180000');
  });

  it('month, day and tribe-bar-date feeds list the events on those days, past ones included', async () => {
    const withPast = [...mine, 'SUMMARY:Autumn Lecture 2025'];
    const recorded = (name: string) => summaries(readResponse(name, RECORDINGS_2_DIR).text).filter((line) => withPast.includes(line));
    expect(summaries(String((await feed('/events/month/2026-12/?ical=1')).body))).toEqual(recorded('ical_month_december'));
    expect(summaries(String((await feed('/events/2025-10-15/ical/')).body))).toEqual(recorded('ical_day_past'));
    expect(summaries(String((await feed('/events/?ical=1&tribe-bar-date=2027-01-01')).body))).toEqual(recorded('ical_bar_date_future'));
    const empty = readResponse('ical_month_current_empty', RECORDINGS_2_DIR);
    const current = await feed('/events/month/?ical=1');
    expect([current.status, current.headers.get('content-type'), current.body]).toEqual([empty.status, empty.headers['content-type'], empty.text]);
  });

  it('an unknown event slug falls back to the list', async () => {
    const recorded = readResponse('ical_single_nonexistent', RECORDINGS_2_DIR);
    expect(recorded.text).toContain('SUMMARY:Harbor Jazz Evening');
    expect(summaries(String((await feed('/event/no-such-event/?ical=1')).body))).toEqual(mine);
  });

  it('event_ids naming only a draft is an empty HTML answer, as recorded', async () => {
    const recorded = readResponse('ical_event_ids_draft_only', RECORDINGS_2_DIR);
    const response = await feed(`/events/?ical=1&event_ids=${id.draft}`);
    expect(response.status).toBe(recorded.status);
    expect(response.headers.get('content-type')).toBe(recorded.headers['content-type']);
    expect(response.body).toBe(recorded.text);
    expect(summaries(String((await feed(`/?ical=1&event_ids=${id.evening},${id.hidden},${id.draft}`)).body))).toEqual([
      'SUMMARY:Harbor Jazz Evening',
      'SUMMARY:Members-Only Preview',
    ]);
  });
});

describe('SUMMARY', () => {
  it('is the title as stored, whatever the REST title shows (measured on the real site: `a - b` stays, `R&B <b>x</b>` loses its tags)', async () => {
    const typed = ['Dash a - b', 'Dashes a -- b', 'Joined a--b', 'Quotes "q" O\'Brien...', 'R&B <b>bold</b> &amp; co'];
    for (const title of typed) await c.call('POST', '/events', { title, start_date: '2027-05-05 10:00:00', end_date: '2027-05-05 11:00:00' });
    const body = String((await feed('/?post_type=tribe_events&ical=1&eventDisplay=list&tribe-bar-date=2027-05-01')).body);
    const summaries = body.match(/^SUMMARY:.*$/gm) ?? [];
    for (const summary of ['Dash a - b', 'Dashes a -- b', 'Joined a--b', `Quotes "q" O'Brien...`, 'R&B bold & co'])
      expect(summaries, summary).toContain(`SUMMARY:${summary}`);
  });
});
