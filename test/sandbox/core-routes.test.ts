/** WordPress core's routes for the calendar's post types, against the recordings in test/fixtures/recordings-2. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, send, tickingClock, type Client } from './helpers.js';
import { readResponse, RECORDINGS_2_DIR, shapeDiff } from './recordings.js';

let c: Client;
let core: string;
const auth = { authorization: `Basic ${Buffer.from('admin:test-pass').toString('base64')}` };
const id: Record<string, number> = {};

const recorded = (name: string) => readResponse(name, RECORDINGS_2_DIR);
const get = (path: string, withAuth = true) => send(`${core}${path}`, { headers: withAuth ? auth : {} });

beforeAll(async () => {
  c = await client({ now: tickingClock() });
  core = `${c.sandbox.restRoot}/wp/v2`;
  const event = async (key: string, title: string, start: string, extra: Record<string, unknown> = {}) => {
    const response = await c.call('POST', '/events', {
      title,
      description: `About ${title}.`,
      start_date: start,
      end_date: start.replace(/\d\d:/, '23:'),
      ...extra,
    });
    id[key] = response.body.id;
  };
  await event('upcoming', 'Harbor Jazz Evening', '2026-12-04 19:30:00');
  await event('draft', 'Draft Plan', '2026-12-15 10:00:00', { status: 'draft' });
  await event('hidden', 'Members-Only Preview', '2026-12-20 10:00:00', { hide_from_listings: true });
  await event('past', 'Autumn Lecture 2025', '2025-10-15 18:00:00');
  id.venue = (await c.call('POST', '/venues', { venue: 'Harbor Arts Center', description: 'A pier warehouse.' })).body.id;
});
afterAll(() => c.close());

describe('GET /wp/v2/tribe_events', () => {
  it('lists drafts and hidden events but leaves out past ones, with WordPress totals', async () => {
    const response = await get('/tribe_events?per_page=100&status=publish,draft,pending,private,future&_fields=id,slug,status,type');
    expect(response.status).toBe(200);
    expect((response.body as { id: number }[]).map((post) => post.id).sort()).toEqual([id.upcoming, id.draft, id.hidden].sort());
    expect(response.headers.get('x-wp-total')).toBe('3');
    expect(response.headers.get('x-wp-totalpages')).toBe('1');
    expect(response.headers.get('allow')).toBe('GET, POST');
    expect(Object.keys((response.body as object[])[0])).toEqual(['id', 'slug', 'status', 'type']);
  });

  it('answers any _fields with what the whole record holds under those keys', async () => {
    const pick = (record: Record<string, unknown>, keys: string[]) => Object.fromEntries(Object.entries(record).filter(([key]) => keys.includes(key)));
    for (const context of ['view', 'edit']) {
      const whole = (await get(`/tribe_events?per_page=100&status=publish,draft&context=${context}`)).body as Record<string, unknown>[];
      for (const keys of [
        ['id', 'slug', 'title'],
        ['content', 'excerpt'],
        ['modified', 'date_gmt'],
        ['modified_gmt', 'guid', 'link'],
        ['_links', 'class_list'],
        ['date', 'password', 'status'],
      ]) {
        const trimmed = (await get(`/tribe_events?per_page=100&status=publish,draft&context=${context}&_fields=${keys.join(',')}`)).body;
        expect(trimmed, `${context} ${keys}`).toEqual(whole.map((record) => pick(record, keys)));
      }
      const single = (await get(`/tribe_events/${id.upcoming}?context=${context}&_fields=content.rendered,modified`)).body as Record<string, unknown>;
      const full = whole.find((record) => record.id === id.upcoming)!;
      expect(single).toEqual({ modified: full.modified, content: { rendered: (full.content as { rendered: string }).rendered } });
    }
  });

  it('leaves a past event out even when it is named by include', async () => {
    const response = await get(`/tribe_events?include=${id.past}&status=publish,draft`);
    expect(response.body).toEqual([]);
    expect(response.headers.get('x-wp-totalpages')).toBe('0');
  });

  it('refuses other statuses to anonymous callers with the recorded body, and lists published events to them', async () => {
    const refused = await get('/tribe_events?status=publish,draft', false);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(recorded('wp_tribe_events_list_anon_with_status').body);
    const anonymous = await get('/tribe_events?_fields=id', false);
    expect((anonymous.body as { id: number }[]).map((post) => post.id).sort()).toEqual([id.upcoming, id.hidden].sort());
    expect(anonymous.headers.get('allow')).toBe('GET');
  });

  it('has the keys and types of a recorded item, and links to the next page', async () => {
    const response = await get('/tribe_events?per_page=1');
    expect(shapeDiff(recorded('wp_tribe_events_list_full_per_page_1').body, response.body, (path) => path.includes('predecessor-version'))).toEqual([]);
    expect(response.headers.get('link')).toBe(`<${core}/tribe_events?per_page=1&page=2>; rel="next"`);
  });

  it('checks per_page, page, orderby and order', async () => {
    expect((await get('/tribe_events?per_page=101')).status).toBe(400);
    expect((await get('/tribe_events?page=9')).body).toMatchObject({ code: 'rest_post_invalid_page_number' });
    expect((await get('/tribe_events?orderby=start')).body).toMatchObject({ code: 'rest_invalid_param' });
    const ascending = await get('/tribe_events?orderby=id&order=asc&_fields=id&status=any');
    expect(ascending.body).toEqual([id.upcoming, id.draft, id.hidden].map((value) => ({ id: value })));
  });

  it('answers in the ?rest_route= form too', async () => {
    const response = await send(`${c.sandbox.url}/?rest_route=/wp/v2/tribe_events/${id.upcoming}&_fields=id,type`, { headers: auth });
    expect(response.body).toEqual({ id: id.upcoming, type: 'tribe_events' });
  });
});

describe('GET /wp/v2/{post type}/{id}', () => {
  it('reads a past event and a hidden one, as recorded', async () => {
    expect((await get(`/tribe_events/${id.past}?_fields=id,status,type`)).body).toEqual({ id: id.past, status: 'publish', type: 'tribe_events' });
    const hidden = await get(`/tribe_events/${id.hidden}`, false);
    expect(shapeDiff(recorded('wp_tribe_events_get_hidden_anon').body, hidden.body)).toEqual([]);
    expect(hidden.headers.get('link')).toMatch(/rel="alternate"; type=text\/html$/);
    const edit = await get(`/tribe_events/${id.hidden}?context=edit`);
    expect(shapeDiff(recorded('wp_tribe_events_get_hidden_edit').body, edit.body)).toEqual([]);
  });

  it('keeps drafts from anonymous callers', async () => {
    const response = await get(`/tribe_events/${id.draft}`, false);
    expect(response.status).toBe(401);
    expect(response.body).toEqual(recorded('wp_tribe_events_get_draft_anon').body);
  });

  it('reads a venue with the recorded keys', async () => {
    const response = await get(`/tribe_venue/${id.venue}`);
    expect(shapeDiff(recorded('wp_tribe_venue_get').body, response.body)).toEqual([]);
    expect((await get(`/tribe_organizer/${id.venue}`)).status).toBe(404);
  });
});

describe('deleting an event', () => {
  it('only trashes through the events route, and deletes for good through the core route', async () => {
    const created = await c.call('POST', '/events', { title: 'Pop-up Market', start_date: '2026-12-01 10:00:00', end_date: '2026-12-01 12:00:00' });
    const eventId = created.body.id;
    expect((await c.call('DELETE', `/events/${eventId}?force=true`)).body.status).toBe('trash');
    expect((await c.call('DELETE', `/events/${eventId}?force=true`)).status).toBe(410);
    expect((await get(`/tribe_events?status=trash&_fields=id`)).body).toEqual([{ id: eventId }]);
    const deleted = await send(`${core}/tribe_events/${eventId}?force=true`, { method: 'DELETE', headers: auth });
    expect(deleted.status).toBe(200);
    expect(shapeDiff(recorded('wp_tribe_events_delete_force').body, deleted.body)).toEqual([]);
    expect(deleted.headers.get('allow')).toBeNull();
    const after = await c.call('GET', `/events/${eventId}`, undefined, { auth: true });
    expect(after.body).toEqual(recorded('rest_event_get_after_core_force_delete').body);
    expect((await get(`/tribe_events/${eventId}`)).status).toBe(404);
  });

  it('needs credentials', async () => {
    const response = await send(`${core}/tribe_events/${id.upcoming}?force=true`, { method: 'DELETE' });
    expect(response.status).toBe(401);
  });
});

describe('the events route', () => {
  it('never lists an event hidden from listings, even by include', async () => {
    const response = await c.call('GET', `/events?include=${id.hidden}&start_date=2020-01-01`, undefined, { auth: true });
    expect(response.body.events).toEqual([]);
    expect((await c.call('GET', '/events?per_page=50&start_date=2020-01-01')).body.events.map((event: { id: number }) => event.id)).not.toContain(id.hidden);
  });
});

describe('GET /wp/v2/tribe_venue ordered by id', () => {
  it('walks venues that tie on the post date exactly once', async () => {
    const still = await client(); // a clock that stands still: every venue shares one post date
    try {
      for (let i = 0; i < 60; i++) await still.call('POST', '/venues', { venue: `Tied Hall ${i}` });
      const ids: number[] = [];
      for (let page = 1; page <= 3; page++) {
        const response = await send(`${still.sandbox.restRoot}/wp/v2/tribe_venue?orderby=id&order=asc&_fields=id&per_page=25&page=${page}`, {});
        ids.push(...(response.body as { id: number }[]).map((venue) => venue.id));
      }
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(60);
    } finally {
      await still.close();
    }
  });

  it('shows a write made between two pages on the next page', async () => {
    const site = await client();
    try {
      for (let i = 0; i < 30; i++) await site.call('POST', '/venues', { venue: `Walked Hall ${i}` });
      const page = async (n: number, order = 'desc') => {
        const response = await send(`${site.sandbox.restRoot}/wp/v2/tribe_venue?orderby=id&order=${order}&_fields=id,title&per_page=20&page=${n}`, {});
        return { total: response.headers.get('x-wp-total'), titles: (response.body as { title: { rendered: string } }[]).map((venue) => venue.title.rendered) };
      };
      expect((await page(1)).titles[0]).toBe('Walked Hall 29');
      expect((await page(2)).total).toBe('30');
      await site.call('POST', '/venues', { venue: 'Late Hall' });
      const venues = await site.call('GET', '/venues?per_page=50');
      await site.call('POST', `/venues/${venues.body.venues.find((v: { venue: string }) => v.venue === 'Walked Hall 0').id}`, { venue: 'Renamed Hall' });
      const second = await page(2);
      expect(second.total).toBe('31');
      expect(second.titles.at(-1)).toBe('Renamed Hall');
      expect((await page(1, 'asc')).titles[0]).toBe('Renamed Hall');
    } finally {
      await site.close();
    }
  });
});
