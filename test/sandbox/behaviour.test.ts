/** Behaviours a client must defend against, plus the sandbox's own conventions. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, PASSWORD, type Client } from './helpers.js';
import { startSandbox } from '../../src/sandbox/index.js';

let c: Client;
beforeAll(async () => {
  c = await client();
});
afterAll(() => c.close());

describe('sandbox behaviour', () => {
  it('stores text per language and answers 400 to an unknown language', async () => {
    const event = await c.call('POST', '/events', { title: 'Board Meeting', start_date: '2027-01-08 09:00:00', end_date: '2027-01-08 10:00:00' });
    await c.call('POST', `/events/${event.body.id}?i18n_language=fr`, { title: 'Réunion du conseil' });
    expect((await c.call('GET', `/events/${event.body.id}?i18n_language=fr`)).body.title).toBe('Réunion du conseil');
    expect((await c.call('GET', `/events/${event.body.id}`)).body.title).toBe('Board Meeting');
    const bad = await c.call('GET', '/events?i18n_language=de');
    expect([bad.status, bad.body.code]).toEqual([400, 'rest_invalid_param']);
  });

  it('searches the text of events as typed, not as the title filter shows it', async () => {
    const event = await c.call('POST', '/events', {
      title: 'O\'Brien & Sons "Live" - the tour...',
      start_date: '2027-01-09 20:00:00',
      end_date: '2027-01-09 22:00:00',
    });
    expect(event.body.title).toBe('O&#8217;Brien &#038; Sons &#8220;Live&#8221; &#8211; the tour&#8230;');
    const found = async (search: string) =>
      (await c.call('GET', `/events?start_date=2027-01-01&search=${encodeURIComponent(search)}`)).body.events?.map((e: { id: number }) => e.id) ?? [];
    for (const search of ["O'Brien", '& Sons', '"Live"', 'tour...', 'Sons - the']) expect(await found(search), search).toEqual([event.body.id]);
    // The typographic forms are not what was stored.
    expect(await found('O’Brien')).toEqual([]);
  });

  it('makes Windows line endings plain before turning lines into paragraphs and breaks', async () => {
    const event = await c.call('POST', '/events', {
      title: 'Line Endings',
      description: 'one\r\ntwo\r\n\r\nthree',
      start_date: '2027-01-10 20:00:00',
      end_date: '2027-01-10 22:00:00',
    });
    expect(event.body.description).toBe('<p>one<br />\ntwo</p>\n<p>three</p>');
  });

  it('tunnels methods through POST with _method and X-HTTP-Method-Override', async () => {
    const venue = await c.call('POST', '/venues', { venue: 'Tunnel Hall' });
    const patched = await c.call('POST', `/venues/${venue.body.id}?_method=PATCH`, { city: 'Albany' });
    expect(patched.body.city).toBe('Albany');
    const response = await fetch(`${c.api}/venues/${venue.body.id}`, {
      method: 'POST',
      headers: { 'x-http-method-override': 'DELETE', authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` },
    });
    expect(((await response.json()) as { status: string }).status).toBe('trash');
  });

  it('reads form-encoded bodies with array fields', async () => {
    const organizer = await c.call('POST', '/organizers', { organizer: 'Form Org' });
    const response = await fetch(`${c.api}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}` },
      body: `title=Form+Event&start_date=2027-02-01+10:00&end_date=2027-02-01+11:00&organizer[]=${organizer.body.id}`,
    });
    const body = (await response.json()) as { organizer: { id: number }[] };
    expect(response.status).toBe(201);
    expect(body.organizer.map((item) => item.id)).toEqual([organizer.body.id]);
  });

  it('replaces an event on update, keeping only dates sent in pairs', async () => {
    const organizer = await c.call('POST', '/organizers', { organizer: 'Kept Nowhere' });
    const event = await c.call('POST', '/events', {
      title: 'Gala',
      start_date: '2027-03-01 18:00:00',
      end_date: '2027-03-01 20:00:00',
      timezone: 'Europe/Paris',
      organizer: [organizer.body.id],
      cost: '20',
      featured: true,
      website: 'https://gala.example.com',
      status: 'draft',
    });
    const updated = await c.call('PATCH', `/events/${event.body.id}`, { start_date: '2027-03-02 18:00:00' });
    expect(updated.body).toMatchObject({
      featured: false,
      cost: '',
      website: '',
      organizer: [],
      status: 'publish',
      start_date: '2027-03-01 18:00:00',
      timezone: 'America/New_York',
    });
    expect(updated.body.utc_start_date).toBe('2027-03-01 17:00:00');
    expect(updated.body.slug).toBe('gala');
  });

  it('hides an end-before-start event from every list but answers it by ID', async () => {
    const event = await c.call('POST', '/events', { title: 'Backwards', start_date: '2027-04-01 11:00:00', end_date: '2027-04-01 10:00:00' });
    expect(event.status).toBe(201);
    expect(event.body.end_date).toBe(event.body.start_date);
    expect(event.body.utc_end_date).toBe('2027-04-01 14:00:00');
    const list = await c.call('GET', `/events?include=${event.body.id}&starts_after=1900-01-01`);
    expect(list.body.events).toEqual([]);
    expect((await c.call('GET', `/events/${event.body.id}`)).status).toBe(200);
  });

  it('de-duplicates venues by name and overwrites the old one', async () => {
    const first = await c.call('POST', '/venues', { venue: 'Dup Hall', city: 'Oldtown' });
    const second = await c.call('POST', '/venues', { venue: 'DUP HALL', city: 'Newtown' });
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.city).toBe('Newtown');
  });

  it('turns venue maps on and drops stateprovince on update', async () => {
    const venue = await c.call('POST', '/venues', { venue: 'Map Hall', state: 'NY', show_map: 'false', show_map_link: 'no' });
    expect(venue.body).toMatchObject({ show_map: false, show_map_link: false, stateprovince: 'NY' });
    const updated = await c.call('PUT', `/venues/${venue.body.id}`, { phone: '555' });
    expect(updated.body).toMatchObject({ show_map: true, show_map_link: true, state: 'NY' });
    expect(updated.body).not.toHaveProperty('stateprovince');
  });

  it('attaches a junk tag when an existing tag is named in an event write', async () => {
    const tag = await c.call('POST', '/tags', { name: 'Outdoors' });
    const event = await c.call('POST', '/events', {
      title: 'Hike',
      start_date: '2027-05-01 08:00:00',
      end_date: '2027-05-01 12:00:00',
      tags: ['Outdoors', 'Brand New', 999999],
      categories: ['Nature'],
    });
    expect(event.body.tags.map((item: { name: string }) => item.name).sort()).toEqual([String(tag.body.id), 'Brand New'].sort());
    expect(event.body.categories.map((item: { name: string }) => item.name)).toEqual(['Nature']);
  });

  it('checks parameters before permission, and credentials on reads', async () => {
    const anonymous = await c.call('POST', '/events', { start_date: '2027-01-01' }, { auth: false });
    expect([anonymous.status, anonymous.body.code]).toEqual([400, 'rest_missing_callback_param']);
    const noAuth = await c.call('POST', '/tags', { name: 'Anon' }, { auth: false });
    expect([noAuth.status, noAuth.body.code]).toEqual([401, 'rest_forbidden']);
    const wrong = await fetch(`${c.api}/events`, { headers: { authorization: `Basic ${Buffer.from('admin:nope').toString('base64')}` } });
    expect(wrong.status).toBe(401);
    const unknown = await fetch(`${c.api}/events`, { headers: { authorization: `Basic ${Buffer.from('ghost:nope').toString('base64')}` } });
    expect(((await unknown.json()) as { code: string }).code).toBe('invalid_username');
  });

  it('answers the REST index, the site root and the ?rest_route= form', async () => {
    const before = c.sandbox.stats.requests;
    const index = await fetch(`${c.sandbox.restRoot}/`);
    const body = (await index.json()) as { namespaces: string[]; timezone_string: string };
    expect(body.namespaces).toContain('tribe/events/v1');
    expect(body.timezone_string).toBe('America/New_York');
    expect(index.headers.get('link')).toBe(`<${c.sandbox.url}/wp-json/>; rel="https://api.w.org/"`);
    const root = await fetch(`${c.sandbox.url}/`);
    expect(await root.text()).toContain('rel="https://api.w.org/"');
    const viaIndexPhp = await fetch(`${c.sandbox.url}/index.php?rest_route=/tribe/events/v1/tags`);
    expect(viaIndexPhp.status).toBe(200);
    // Every request is counted, the root page and the ?rest_route= form included.
    expect(c.sandbox.stats.requests - before).toBe(3);
  });

  it("gives the index's zone as WordPress does: a named zone with its offset now, a fixed offset as the stored text", async () => {
    // Asked of the real site (WordPress 7.0.2) on 2026-11-28: {"gmt_offset":-5,"timezone_string":"America/New_York"};
    // with the offset set by hand to +5:30, {"gmt_offset":"5.5","timezone_string":""}.
    const zoneAt = async (timezone: string, instant: string) => {
      const sandbox = await startSandbox({ port: 0, password: 'x', quiet: true, timezone, now: () => new Date(instant) });
      try {
        const index = JSON.parse((await sandbox.answer({ method: 'GET', path: '/wp-json/', headers: {} })).text);
        return [index.gmt_offset, index.timezone_string];
      } finally {
        await sandbox.close();
      }
    };
    expect(await zoneAt('America/New_York', '2026-11-28T12:00:00Z')).toEqual([-5, 'America/New_York']);
    expect(await zoneAt('America/New_York', '2026-07-01T12:00:00Z')).toEqual([-4, 'America/New_York']);
    expect(await zoneAt('Asia/Kathmandu', '2026-07-01T12:00:00Z')).toEqual([5.75, 'Asia/Kathmandu']);
    expect(await zoneAt('UTC', '2026-07-01T12:00:00Z')).toEqual([0, 'UTC']);
    expect(await zoneAt('GMT', '2026-07-01T12:00:00Z')).toEqual([0, 'GMT']);
    expect(await zoneAt('UTC+5.5', '2026-07-01T12:00:00Z')).toEqual(['5.5', '']);
    expect(await zoneAt('UTC-3', '2026-07-01T12:00:00Z')).toEqual(['-3', '']);
  });

  it('serves another namespace when asked', async () => {
    const other = await client({ namespace: 'vendor/events/v1' });
    try {
      expect((await other.call('GET', '/events')).status).toBe(200);
      const old = await fetch(`${other.sandbox.restRoot}/tribe/events/v1/events`);
      expect(old.status).toBe(404);
    } finally {
      await other.close();
    }
  });
});
