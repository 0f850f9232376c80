/**
 * A venue's or organizer's details as the real site stores them (measured on 6.17.1, both
 * routes): through sanitize_text_field (tags out, white space folded, %-escapes dropped), and
 * a website PHP's URL check fails refused with a 400 (tec/v1 refuses an empty one too).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { client, send, type Client } from './helpers.js';
import { TEC_ACK_HEADER, TEC_ACK_TEXT } from '../../src/wordpress/write-routes.js';

type Json = Record<string, any>;
let c: Client;
beforeAll(async () => {
  c = await client();
});
afterAll(() => c.close());

async function tec(method: string, path: string, body: unknown): Promise<{ status: number; body: Json }> {
  const headers = {
    authorization: `Basic ${Buffer.from('admin:test-pass').toString('base64')}`,
    [TEC_ACK_HEADER]: TEC_ACK_TEXT,
    'content-type': 'application/json',
  };
  return send(`${c.sandbox.restRoot}/tec/v1${path}`, { method, headers, body: JSON.stringify(body) }) as Promise<{ status: number; body: Json }>;
}

describe('venue and organizer details', () => {
  test('are stored as sanitize_text_field leaves them, by either route', async () => {
    const venue = await c.call('POST', '/venues', {
      venue: 'Details Hall',
      address: '  1 <b>rue</b>  de   l%41Eglise\nline2 ',
      city: 'Caf%C3%A9 & <i>x</i>',
      phone: '+33 %20 1',
      website: 'https://example.org/caf%C3%A9',
    });
    expect(venue.status).toBe(201);
    expect([venue.body.address, venue.body.city, venue.body.phone, venue.body.website]).toEqual([
      '1 rue de lEglise line2',
      'Caf & x',
      '+33 1',
      'https://example.org/caf',
    ]);
    const patched = await tec('PATCH', `/venues/${venue.body.id}`, { city: 'Caf%C3%A9 <b>b</b>' });
    expect(patched.status).toBe(200);
    expect((await c.call('GET', `/venues/${venue.body.id}`)).body.city).toBe('Caf b');
    const organizer = await c.call('POST', '/organizers', { organizer: 'Details Club', website: 'https://example.org/caf%C3%A9' });
    expect(organizer.body.website).toBe('https://example.org/caf');
  });

  test("an event's website keeps its escapes", async () => {
    const event = await c.call('POST', '/events', {
      title: 'Escaped Site',
      start_date: '2030-01-01 10:00:00',
      end_date: '2030-01-01 11:00:00',
      website: 'https://example.org/caf%C3%A9',
    });
    expect(event.body.website).toBe('https://example.org/caf%C3%A9');
  });

  test('a website outside ASCII is a 400 on every route; tec/v1 refuses an empty one', async () => {
    for (const path of ['/venues', '/organizers']) {
      const name = path === '/venues' ? { venue: 'Accent Site' } : { organizer: 'Accent Site' };
      const refused = await c.call('POST', path, { ...name, website: 'https://example.org/café' });
      expect([refused.status, refused.body.code, refused.body.data.params]).toEqual([400, 'rest_invalid_param', { website: 'Invalid parameter.' }]);
    }
    const event = await c.call('POST', '/events', {
      title: 'Accent',
      start_date: '2030-01-01 10:00:00',
      end_date: '2030-01-01 11:00:00',
      website: 'https://exämple.org/',
    });
    expect(event.status).toBe(400);
    const venue = await c.call('POST', '/venues', { venue: 'Plain Site', website: 'https://example.org/' });
    for (const website of ['https://example.org/café', '']) {
      const refused = await tec('PATCH', `/venues/${venue.body.id}`, { website });
      expect([refused.status, refused.body.data?.details?.website?.code]).toEqual([400, 'tec_rest_invalid_uri_argument']);
    }
    expect((await c.call('GET', `/venues/${venue.body.id}`)).body.website).toBe('https://example.org/');
  });
});
