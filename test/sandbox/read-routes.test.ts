/**
 * The read-route facts of src/wordpress/read-routes.ts, held against the real site's answers
 * (test/fixtures/read-routes, recorded on 6.17.1) and against the sandbox: which route gives the
 * texts as typed and which the calendar's fields, that core's list leaves out ended events, and
 * what a core write that changes nothing does.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { client, PASSWORD, send, tickingClock, type Client } from './helpers.js';
import { CORE_LISTS_ENDED_EVENTS, TEC_EDIT_LACKS } from '../../src/wordpress/read-routes.js';
import { TEC_ACK_HEADER, TEC_ACK_TEXT } from '../../src/wordpress/write-routes.js';

type Json = Record<string, any>;
const DIR = resolve(import.meta.dirname, '../fixtures/read-routes');
const real = (name: string): { request: Json; status: number; body: any } => JSON.parse(readFileSync(resolve(DIR, `${name}.json`), 'utf8'));

let site: Client;
const ids = { event: 0, ended: 0, venue: 0, organizer: 0 };

/** A request to any route under /wp-json as the admin (with tec/v1's acknowledgement). */
async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {
    authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`,
    [TEC_ACK_HEADER]: TEC_ACK_TEXT,
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return send(`${site.sandbox.restRoot}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

beforeAll(async () => {
  site = await client({ now: tickingClock() });
  ids.venue = (await site.call('POST', '/venues', { venue: 'Reads Hall', city: 'Lyon' })).body.id;
  ids.organizer = (await site.call('POST', '/organizers', { organizer: 'Reads Org Noop' })).body.id;
  const event = await site.call('POST', '/events', {
    title: 'Reads “Paris” <3 & co',
    description: '<!-- wp:paragraph --><p>Hi <em>there</em> & [gallery]</p><!-- /wp:paragraph -->',
    start_date: '2027-06-10 18:00:00',
    end_date: '2027-06-10 20:00:00',
    timezone: 'Europe/Paris',
    website: 'https://example.org/r',
    venue: ids.venue,
  });
  ids.event = event.body.id;
  ids.ended = (
    await site.call('POST', '/events', { title: 'Reads ended “event”', start_date: '2025-02-01 10:00:00', end_date: '2025-02-01 11:00:00' })
  ).body.id;
});
afterAll(() => site.close());

describe('no single read gives the whole record with its texts as typed', () => {
  const pairs = [
    ['events', 'tribe-event-edit', 'tec-event-edit'],
    ['venues', 'tribe-venue', 'tec-venue-edit'],
    ['organizers', 'tribe-organizer', 'tec-organizer-edit'],
  ] as const;

  test.each(pairs)('%s: tec/v1 with context=edit has the raw texts, not the fields TEC_EDIT_LACKS names (real answers)', (type, tribe, tec) => {
    const tribeRecord = real(tribe).body;
    const tecRecord = real(tec).body;
    for (const field of TEC_EDIT_LACKS[type]) {
      expect(Object.keys(tribeRecord), field).toContain(field);
      expect(Object.keys(tecRecord), field).not.toContain(field);
    }
    expect(typeof tecRecord.title.raw).toBe('string');
    expect(typeof tecRecord.content.raw).toBe('string');
  });

  test('the tribe route takes no context=edit, core has no calendar field, batch/v1 takes no GET (real answers)', () => {
    const tribe = real('tribe-event-edit').body;
    const core = real('core-event-edit').body;
    expect(tribe.title).toBe('Reads “Paris” <3 &#038; co');
    expect(core.title.raw).toBe('Reads “Paris” <3 & co');
    expect(core.content.raw).toContain('[gallery]');
    expect(tribe.description).not.toContain('[gallery]');
    for (const field of ['start_date', 'end_date', 'timezone', 'cost', 'website', 'venue', 'venues', 'featured']) expect(core, field).not.toHaveProperty(field);
    const batch = real('batch-get');
    expect([batch.status, batch.body.code]).toEqual([400, 'rest_invalid_param']);
  });

  test('the sandbox answers alike: tec/v1 edit without those fields, the tribe route rendered whatever the context', async () => {
    const tec = await call('GET', `/tec/v1/events/${ids.event}?context=edit`);
    expect(tec.status).toBe(200);
    for (const field of TEC_EDIT_LACKS.events) expect(tec.body, field).not.toHaveProperty(field);
    expect(tec.body.title.raw).toBe('Reads “Paris” <3 & co');
    const tribe = await call('GET', `/tribe/events/v1/events/${ids.event}?context=edit`);
    expect(tribe.body.title).toBe(real('tribe-event-edit').body.title);
    expect(tribe.body.website).toBe('https://example.org/r');
  });
});

describe('core lists leave out events that have ended', () => {
  const ALL = 'status=publish,future,draft,pending,private,trash';

  test('by slug or include on the real site; by ID it is there', () => {
    expect(CORE_LISTS_ENDED_EVENTS).toBe(false);
    expect(real('core-list-ended-by-slug').body).toEqual([]);
    expect(real('core-list-ended-by-include').body).toHaveLength(1);
    expect(real('core-ended-by-id').status).toBe(200);
    expect(real('tribe-ended-by-slug').status).toBe(200);
  });

  test('the sandbox alike', async () => {
    const ended = (await call('GET', `/wp/v2/tribe_events/${ids.ended}?context=edit&_fields=id,title`)).body;
    const slug = (await site.call('GET', `/events/${ids.ended}`, undefined, { auth: true })).body.slug;
    expect((await call('GET', `/wp/v2/tribe_events?slug=${slug}&context=edit&_fields=id&${ALL}`)).body).toEqual([]);
    expect((await call('GET', `/wp/v2/tribe_events?include=${ids.ended},${ids.event}&context=edit&_fields=id&${ALL}`)).body).toEqual([{ id: ids.event }]);
    expect(ended).toEqual({ id: ids.ended, title: real('core-ended-by-id').body.title });
  });
});

describe('a core write that changes nothing still changes the post', () => {
  const noop = real('core-noop-write') as unknown as { cases: Array<{ request: Json; changed: Json }> };

  test('real site: the modified date moves; a record without a revision gets one; nothing else', () => {
    const [event, organizer] = noop.cases;
    expect(Object.keys(event.changed)).toEqual(['wp_posts']);
    expect(event.changed.wp_posts.after.post_modified).not.toBe(event.changed.wp_posts.before.post_modified);
    expect(Object.keys(organizer.changed).sort()).toEqual(['revisions', 'wp_posts']);
    expect(organizer.changed.revisions).toEqual({ before: 0, after: 1 });
  });

  test('the sandbox alike', async () => {
    const path = `/wp/v2/tribe_organizer/${ids.organizer}`;
    const before = (await call('GET', `${path}?context=edit`)).body;
    const after = (await call('POST', path, { title: 'Reads Org Noop' })).body;
    expect(after.title.raw).toBe(before.title.raw);
    expect(after.modified).not.toBe(before.modified);
    expect(before._links['version-history']?.[0]?.count ?? 0).toBe(0);
    expect(after._links['version-history'][0].count).toBe(1);
  });
});
