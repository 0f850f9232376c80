/**
 * The sandbox's tec/v1 routes, core `context=edit` and rendered text against the real site's
 * answers to the same records (test/fixtures/lossless: requests.json says what was sent,
 * the other files hold what the real 6.17.1 site answered). IDs, dates and hosts differ by
 * nature; keys, their order and the text values are compared.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { client, send, type Client } from './helpers.js';
import { TEC_ACK_HEADER, TEC_ACK_TEXT } from '../../src/wordpress/write-routes.js';

type Json = Record<string, any>;
const DIR = resolve(import.meta.dirname, '../fixtures/lossless');
const real = (name: string): Json => JSON.parse(readFileSync(resolve(DIR, name), 'utf8'));
const requests = real('requests.json');

let site: Client;
let ids: { venue: number; organizer: number; event: number; event2: number };

/** A request to any route under /wp-json, as the admin, with or without the tec/v1 acknowledgement. */
async function call(method: string, path: string, body?: unknown, ack: string | null = TEC_ACK_TEXT) {
  const headers: Record<string, string> = { authorization: `Basic ${Buffer.from('admin:test-pass').toString('base64')}` };
  if (ack !== null) headers[TEC_ACK_HEADER] = ack;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return send(`${site.sandbox.restRoot}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }) as Promise<{
    status: number;
    body: Json;
  }>;
}

const keys = (value: Json) => Object.keys(value);
/** Only the text of a record, hosts aside. */
const pick = (record: Json, names: readonly string[]) => Object.fromEntries(names.map((name) => [name, record[name]]));

beforeAll(async () => {
  site = await client();
  const fill = (body: Json, venue: number, organizer: number) =>
    JSON.parse(JSON.stringify(body).replace('"{venue}"', String(venue)).replace('"{organizer}"', String(organizer)));
  const venue = (await site.call('POST', '/venues', requests.venue)).body.id;
  const organizer = (await site.call('POST', '/organizers', requests.organizer)).body.id;
  const event = (await site.call('POST', '/events', fill(requests.event, venue, organizer))).body.id;
  const event2 = (await site.call('POST', '/events', requests.event2)).body.id;
  ids = { venue, organizer, event, event2 };
});
afterAll(() => site.close());

describe('tec/v1 asks for its acknowledgement header as the real site does', () => {
  test('without it, and with another text: 400 with the real bodies', async () => {
    const missing = await call('GET', `/tec/v1/events/${ids.event}?context=edit`, undefined, null);
    expect([missing.status, missing.body]).toEqual([400, real('tec-missing-header.json')]);
    const wrong = await call('GET', `/tec/v1/events/${ids.event}?context=edit`, undefined, 'yes');
    expect([wrong.status, wrong.body]).toEqual([400, real('tec-wrong-header.json')]);
  });

  test('an unknown ID is 403 rest_forbidden', async () => {
    const answer = await call('GET', '/tec/v1/events/999999?context=edit');
    expect([answer.status, answer.body]).toEqual([403, real('tec-event-missing.json')]);
  });
});

describe('GET /tec/v1, the namespace index', () => {
  test('answers without the header, listing the routes and methods the real one lists', async () => {
    const { status, body } = await call('GET', '/tec/v1', undefined, null);
    const expected = real('tec-namespace.json');
    expect(status).toBe(200);
    expect(keys(body)).toEqual(keys(expected).filter((key) => key !== '_comment'));
    expect(body.namespace).toBe('tec/v1');
    const shape = (routes: Json) =>
      Object.entries(routes).map(([path, route]) => [path, route.methods, route.endpoints.map((endpoint: Json) => endpoint.methods), keys(route)]);
    expect(shape(body.routes)).toEqual(shape(expected.routes));
  });
});

describe('GET /tec/v1/{type}/{id}?context=edit gives the text as typed, in the real shape', () => {
  const TEXT = ['title', 'content', 'excerpt', 'slug', 'status', 'type'];
  const EVENT = [
    ...TEXT,
    'start_date',
    'start_date_utc',
    'end_date',
    'end_date_utc',
    'timezone',
    'duration',
    'multiday',
    'all_day',
    'featured',
    'sticky',
    'cost',
    'organizer_names',
    'schedule_details',
    'short_schedule_details',
    'displays_on',
  ];

  test('an event with blocks, a shortcode, quotes and a cost in euros', async () => {
    const { body } = await call('GET', `/tec/v1/events/${ids.event}?context=edit`);
    const expected = real('tec-event-edit.json');
    expect(keys(body)).toEqual(keys(expected));
    expect(pick(body, EVENT)).toEqual(pick(expected, EVENT));
    expect(keys(body.dates)).toEqual(keys(expected.dates));
    expect(body.dates.start_site).toEqual(expected.dates.start_site);
    expect(keys(body.venues[0])).toEqual(keys(expected.venues[0]));
    expect(pick(body.venues[0], ['title', 'address', 'city', 'state_province', 'province', 'zip', 'country', 'directions_link'])).toEqual(
      pick(expected.venues[0], ['title', 'address', 'city', 'state_province', 'province', 'zip', 'country', 'directions_link']),
    );
    expect(keys(body.organizers[0])).toEqual(keys(expected.organizers[0]));
    expect(pick(body.organizers[0], ['title', 'content', 'email', 'phone', 'website'])).toEqual(
      pick(expected.organizers[0], ['title', 'content', 'email', 'phone', 'website']),
    );
  });

  test('an event of plain text: paragraphs and a generated excerpt', async () => {
    const { body } = await call('GET', `/tec/v1/events/${ids.event2}?context=edit`);
    const expected = real('tec-event2-edit.json');
    expect(keys(body)).toEqual(keys(expected));
    expect(pick(body, EVENT)).toEqual(pick(expected, EVENT));
  });

  test('without context=edit: no raw text, no slug templates', async () => {
    const { body } = await call('GET', `/tec/v1/events/${ids.event}`);
    const expected = real('tec-event-view.json');
    expect(keys(body)).toEqual(keys(expected));
    expect(pick(body, ['title', 'content', 'excerpt'])).toEqual(pick(expected, ['title', 'content', 'excerpt']));
  });

  test.each([
    [
      'venues',
      'venue',
      'tec-venue-edit.json',
      ['address', 'country', 'city', 'state_province', 'state', 'province', 'zip', 'phone', 'directions_link', 'website'],
    ],
    ['organizers', 'organizer', 'tec-organizer-edit.json', ['phone', 'website', 'email']],
  ] as const)('%s', async (route, kind, file, fields) => {
    const { body } = await call('GET', `/tec/v1/${route}/${ids[kind]}?context=edit`);
    const expected = real(file);
    expect(keys(body)).toEqual(keys(expected));
    expect(pick(body, [...TEXT, ...fields])).toEqual(pick(expected, [...TEXT, ...fields]));
  });
});

describe('core routes with context=edit and tribe/events/v1 show the same text as the real site', () => {
  test.each([
    ['tribe_events', 'event', 'core-event-edit.json'],
    ['tribe_venue', 'venue', 'core-venue-edit.json'],
    ['tribe_organizer', 'organizer', 'core-organizer-edit.json'],
  ] as const)('/wp/v2/%s', async (route, handle, file) => {
    const { body } = await call('GET', `/wp/v2/${route}/${ids[handle]}?context=edit`);
    const expected = real(file);
    expect(keys(body)).toEqual(keys(expected));
    expect(pick(body, ['title', 'content', 'excerpt', 'slug'])).toEqual(pick(expected, ['title', 'content', 'excerpt', 'slug']));
  });

  test.each([
    ['event', 'tribe-event.json'],
    ['event2', 'tribe-event2.json'],
  ] as const)('tribe/events/v1 %s: rendered title, description, excerpt and cost', async (handle, file) => {
    const { body } = await site.call('GET', `/events/${ids[handle]}`);
    const expected = real(file);
    expect(pick(body, ['title', 'description', 'excerpt', 'cost', 'cost_details'])).toEqual(
      pick(expected, ['title', 'description', 'excerpt', 'cost', 'cost_details']),
    );
  });
});

// Last: the PATCHes change the records the reads above compare.
describe('PATCH /tec/v1/{type}/{id} and a core update answer as the real site did', () => {
  test.each([
    ['events', 'event2', 'tec-event2-patch-cost.json', ['title', 'content', 'excerpt', 'cost', 'sticky', 'featured']],
    ['venues', 'venue', 'tec-venue-patch.json', ['title', 'city', 'province', 'state_province', 'directions_link']],
    ['organizers', 'organizer', 'tec-organizer-patch.json', ['title', 'phone', 'email']],
  ] as const)('%s', async (route, handle, file, fields) => {
    const answer = await call('PATCH', `/tec/v1/${route}/${ids[handle]}`, requests.patches[file]);
    const expected = real(file);
    expect(answer.status).toBe(200);
    expect(keys(answer.body)).toEqual(keys(expected));
    expect(pick(answer.body, fields)).toEqual(pick(expected, fields));
  });

  test('with ?context=edit the answer has the raw text', async () => {
    const answer = await call('PATCH', `/tec/v1/events/${ids.event}?context=edit`, { featured: true });
    expect(answer.body.title.raw).toBe(requests.event.title);
    expect(answer.body.content.raw).toBe(requests.event.description);
  });

  test('POST /wp/v2/tribe_events/{id}: the record in edit context', async () => {
    const answer = await call('POST', `/wp/v2/tribe_events/${ids.event2}`, requests.patches['core-event-update.json'], null);
    const expected = real('core-event-update.json');
    expect(answer.status).toBe(200);
    expect(keys(answer.body)).toEqual(keys(expected));
    // (The recorded event's content had been changed before: only the title is compared.)
    expect(pick(answer.body, ['title', 'slug'])).toEqual(pick(expected, ['title', 'slug']));
  });
});
