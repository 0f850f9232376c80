/**
 * What each write route keeps and changes in the stored record, as measured on the real site
 * (docs/write-routes.md, src/wordpress/write-routes.ts): a tec/v1 PATCH only the fields sent,
 * but for sticky (lost unless sent) and the event's map settings (always switched on); a
 * tribe/events/v1 update what the rules list. Names merge by the database's collation, a new
 * venue's slug is the server's. And a sandbox without tec/v1 is an older site.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { client, send, type Client } from './helpers.js';
import { TEC_ACK_HEADER, TEC_ACK_TEXT } from '../../src/wordpress/write-routes.js';
import type { EventRecord, LinkedFields } from '../../src/sandbox/store/store.js';
import { changedUnasked } from '../../src/wordpress/write-routes.js';

let site: Client;
afterEach(() => site?.close());

async function tec(method: string, path: string, body?: unknown) {
  return send(`${site.sandbox.restRoot}/tec/v1${path}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from('admin:test-pass').toString('base64')}`,
      [TEC_ACK_HEADER]: TEC_ACK_TEXT,
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  }) as Promise<{ status: number; body: any }>;
}

/** A request to WordPress core's routes, as the admin unless `auth` is false. */
async function core(method: string, path: string, body: unknown, auth = true) {
  return send(`${site.sandbox.restRoot}/wp/v2${path}`, {
    method,
    headers: { ...(auth ? { authorization: `Basic ${Buffer.from('admin:test-pass').toString('base64')}` } : {}), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }) as Promise<{ status: number; body: any }>;
}

const RICH = {
  title: 'Rock \'n\' roll -- "Live" & more...',
  description: '<!-- wp:paragraph -->\n<p>Bring a mat</p>\n<!-- /wp:paragraph -->\n\n[gallery ids="1,2"]',
  excerpt: 'Short & "sweet"',
  start_date: '2027-03-10 18:00:00',
  end_date: '2027-03-10 20:00:00',
  timezone: 'Europe/Paris',
  cost: '€10 – €30',
  featured: true,
  sticky: true,
  website: 'https://ev.example',
  show_map: false,
  show_map_link: false,
};

describe('PATCH /tec/v1/events/{id}', () => {
  test('keeps every field it was not given, as typed; loses sticky and switches the map on', async () => {
    site = await client();
    const organizers = [
      (await site.call('POST', '/organizers', { organizer: 'Org A' })).body.id,
      (await site.call('POST', '/organizers', { organizer: 'Org B' })).body.id,
    ];
    const { body: created } = await site.call('POST', '/events', { ...RICH, organizer: organizers });
    const stored = () => structuredClone((site.sandbox.store.post(created.id) as EventRecord).fields);
    const before = stored();
    expect(before.title).toBe(RICH.title.trim());
    expect(before.description).toBe(RICH.description);

    const answer = await tec('PATCH', `/events/${created.id}`, { excerpt: 'New excerpt' });
    expect(answer.status).toBe(200);
    const { abbreviatedAt, ...after } = stored();
    expect(after).toEqual({ ...before, excerpt: 'New excerpt', sticky: false, showMap: true, showMapLink: true });
    // Without the dates, the zone's abbreviation is worked out for the time of the write.
    expect(abbreviatedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  // Measured on the real site's database: post_date and post_date_gmt both 2026-01-02 03:04:05.
  test('sets the publication date (as the local and the UTC date alike) and author it is given', async () => {
    site = await client();
    const { body: created } = await site.call('POST', '/events', RICH);
    await tec('PATCH', `/events/${created.id}`, { date: '2026-01-02T03:04:05', author: 1 });
    const post = site.sandbox.store.post(created.id)!;
    expect([post.date, post.dateUtc, post.author]).toEqual(['2026-01-02 03:04:05', '2026-01-02 03:04:05', 1]);
  });

  test('loses a backslash of the text, as the real route does', async () => {
    site = await client();
    const { body: created } = await site.call('POST', '/events', RICH);
    await tec('PATCH', `/events/${created.id}`, { title: 'C:\\\\path', content: 'a\\b' });
    const fields = (site.sandbox.store.post(created.id) as EventRecord).fields;
    expect([fields.title, fields.description]).toEqual(['C:\\path', 'ab']);
  });

  test('sticky sent is kept; an empty venue list keeps the venue; a venue 0 is refused', async () => {
    site = await client();
    const venue = (await site.call('POST', '/venues', { venue: 'Hall' })).body.id;
    const { body: created } = await site.call('POST', '/events', { ...RICH, venue });
    expect((await tec('PATCH', `/events/${created.id}`, { sticky: true, venues: [] })).status).toBe(200);
    const fields = (site.sandbox.store.post(created.id) as EventRecord).fields;
    expect([fields.sticky, fields.venue]).toEqual([true, venue]);
    const refused = await tec('PATCH', `/events/${created.id}`, { venues: [0] });
    expect([refused.status, refused.body.code]).toEqual([400, 'rest_invalid_param']);
  });
});

describe('PATCH /tec/v1/venues/{id} and /organizers/{id}', () => {
  test('change the fields sent only, the map settings included', async () => {
    site = await client();
    const { body: venue } = await site.call('POST', '/venues', {
      venue: 'Café d’Été & Co — “Quoted”',
      city: 'Paris',
      province: 'IDF',
      show_map: 'false',
      show_map_link: 'false',
    });
    const before = structuredClone(site.sandbox.store.post(venue.id)!.fields as LinkedFields);
    await tec('PATCH', `/venues/${venue.id}`, { city: 'Lyon' });
    expect(site.sandbox.store.post(venue.id)!.fields).toEqual({ ...before, city: 'Lyon' });

    const { body: organizer } = await site.call('POST', '/organizers', { organizer: 'Kids\' Club "Stars"', email: 'k@example.com' });
    await tec('PATCH', `/organizers/${organizer.id}`, { phone: '999' });
    expect(site.sandbox.store.post(organizer.id)!.fields).toMatchObject({ organizer: 'Kids\' Club "Stars"', email: 'k@example.com', phone: '999' });
  });
});

describe('POST /wp/v2/{type}/{id}', () => {
  test('changes the title only, backslashes kept, whatever the calendar fields hold', async () => {
    site = await client();
    const { body: created } = await site.call('POST', '/events', RICH);
    const before = structuredClone((site.sandbox.store.post(created.id) as EventRecord).fields);
    const answer = await core('POST', `/tribe_events/${created.id}`, { title: 'C:\\path "new"' });
    expect(answer.status).toBe(200);
    expect((site.sandbox.store.post(created.id) as EventRecord).fields).toEqual({ ...before, title: 'C:\\path "new"' });
  });

  test('refuses an anonymous update', async () => {
    site = await client();
    const { body: created } = await site.call('POST', '/venues', { venue: 'Hall' });
    const answer = await core('POST', `/tribe_venue/${created.id}`, { title: 'x' }, false);
    expect([answer.status, answer.body.code]).toEqual([401, 'rest_cannot_edit']);
  });
});

describe('a sandbox without tec/v1', () => {
  test('answers its paths with no route and does not list the namespace', async () => {
    site = await client({ tecV1: false });
    const { body: created } = await site.call('POST', '/events', RICH);
    const answer = await tec('GET', `/events/${created.id}?context=edit`);
    expect([answer.status, answer.body.code]).toEqual([404, 'rest_no_route']);
    const index = await send(`${site.sandbox.restRoot}/`, {});
    expect((index.body as { namespaces: string[] }).namespaces).not.toContain('tec/v1');
  });

  test('with it, the index lists tec/v1', async () => {
    site = await client();
    const index = await send(`${site.sandbox.restRoot}/`, {});
    expect((index.body as { namespaces: string[] }).namespaces).toContain('tec/v1');
  });
});

/** The wire names of the stored event fields that differ between two copies (and `date`, the post's). */
function changedFields(before: { date: string; fields: Record<string, unknown> }, after: { date: string; fields: Record<string, unknown> }): string[] {
  const wire: Record<string, string> = {
    organizers: 'organizer',
    allDay: 'all_day',
    showMap: 'show_map',
    showMapLink: 'show_map_link',
    hideFromListings: 'hide_from_listings',
  };
  const changed = Object.keys(after.fields).filter((key) => JSON.stringify(before.fields[key]) !== JSON.stringify(after.fields[key]));
  return [...changed.map((key) => wire[key] ?? key), ...(before.date === after.date ? [] : ['date'])].sort();
}

describe('a tribe/events/v1 event update with only a title', () => {
  test('changes in the store exactly what the measured rules say, and the title', async () => {
    site = await client({
      now: (() => {
        let tick = 0;
        return () => new Date(Date.UTC(2026, 10, 22, 3, 0, tick++));
      })(),
    });
    const venue = (await site.call('POST', '/venues', { venue: 'Hall' })).body.id;
    const organizer = (await site.call('POST', '/organizers', { organizer: 'Org' })).body.id;
    const { body: created } = await site.call('POST', '/events', {
      ...RICH,
      show_map: true,
      show_map_link: true,
      venue,
      organizer: [organizer],
      all_day: false,
      hide_from_listings: true,
      image: 'https://example.com/a.jpg',
      categories: ['Music'],
      tags: ['outdoor'],
    });
    const snapshot = () => structuredClone(site.sandbox.store.post(created.id) as EventRecord) as unknown as { date: string; fields: Record<string, unknown> };
    const before = snapshot();
    await site.call('POST', `/events/${created.id}`, { title: 'New title' });
    const expected = [...changedUnasked('tribe', 'events', ['title']).filter((field) => field !== 'all_day'), 'title'].sort();
    // all_day was off already: nothing to wipe.
    expect(changedFields(before, snapshot())).toEqual(expected);
  });
});

describe("an event's venue on tribe/events/v1", () => {
  test('cannot be removed: [0], {id: 0} and -1 are refused, 0, "", [], null and false keep it', async () => {
    site = await client();
    const venue = (await site.call('POST', '/venues', { venue: 'Hall' })).body.id;
    const { body: created } = await site.call('POST', '/events', { ...RICH, venue });
    const refused = [];
    for (const value of [[0], { id: 0 }, -1]) refused.push([(await site.call('POST', `/events/${created.id}`, { venue: value })).body.code]);
    expect(refused).toEqual([['could-not-create-venue'], ['could-not-create-venue'], ['rest_invalid_param']]);
    for (const value of [0, '', [], null, false]) {
      expect((await site.call('POST', `/events/${created.id}`, { venue: value })).status).toBe(200);
      expect((site.sandbox.store.post(created.id) as EventRecord).fields.venue).toBe(venue);
    }
  });
});

describe('names and slugs on create', () => {
  test.each([
    ['venues', 'venue'],
    ['organizers', 'organizer'],
  ] as const)('%s: a name that differs by accents and case merges into the first record', async (route, field) => {
    site = await client();
    const first = (await site.call('POST', `/${route}`, { [field]: 'Cafe de la Gare' })).body;
    const second = (await site.call('POST', `/${route}`, { [field]: 'CAFÉ de la gare' })).body;
    expect(second.id).toBe(first.id);
    expect(second[field]).toBe('Cafe de la Gare');
    const other = (await site.call('POST', `/${route}`, { [field]: 'Cafe de la Gare’s' })).body;
    expect(other.id).not.toBe(first.id);
  });

  test('a new venue gets the slug of its name, whatever slug was sent', async () => {
    site = await client();
    const { body } = await site.call('POST', '/venues', { venue: 'Blue Room', slug: 'my-own-slug' });
    expect(body.slug).toBe('blue-room');
  });
});

describe('terms', () => {
  test('keep a name and a description with a bare & escaped, tags kept, as the real site stores them', async () => {
    site = await client();
    const { body } = await site.call('POST', '/categories', { name: 'A & B "q" -- x', description: 'Desc & <b>bold</b> &amp; "q"' });
    expect([body.name, body.description]).toEqual(['A &amp; B "q" -- x', 'Desc &amp; <b>bold</b> &amp; "q"']);
    const renamed = await site.call('POST', `/categories/${body.id}`, { description: 'x & y' });
    expect(renamed.body.description).toBe('x &amp; y');
  });
});
