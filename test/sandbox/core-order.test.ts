/** The order of /wp/v2/tribe_events: post date, newest first; events of the same second by start, soonest first. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, send, type Client } from './helpers.js';

let c: Client;
let core: string;
const id: Record<string, number> = {};
let now = new Date('2026-11-22T21:38:33Z');

beforeAll(async () => {
  c = await client({ now: () => now });
  core = `${c.sandbox.restRoot}/wp/v2`;
  const event = async (key: string, start: string) => {
    id[key] = (await c.call('POST', '/events', { title: key, start_date: start, end_date: start.replace(/\d\d:/, '23:') })).body.id;
  };
  // Created in one second, not in start order.
  await event('late', '2027-01-15 20:00:00');
  await event('soon', '2026-12-04 19:30:00');
  await event('middle', '2026-12-18 10:00:00');
  now = new Date('2026-11-22T21:38:35Z');
  await event('newest', '2027-02-03 18:00:00');
});
afterAll(() => c.close());

describe('GET /wp/v2/tribe_events order', () => {
  const list = async (query = '') => ((await send(`${core}/tribe_events?_fields=id${query}`, {})).body as { id: number }[]).map((post) => post.id);

  it('lists events of the same post date by start, soonest first', async () => {
    expect(await list()).toEqual([id.newest, id.soon, id.middle, id.late]);
  });

  it('moves an event updated through the plugin route up, its post date reset to the update', async () => {
    // Now in the same second as the newest, and sooner: first.
    await c.call('POST', `/events/${id.late}`, { title: 'late' });
    expect(await list()).toEqual([id.late, id.newest, id.soon, id.middle]);
    now = new Date('2026-11-22T21:38:40Z');
    await c.call('POST', `/events/${id.middle}`, { title: 'middle' });
    expect(await list()).toEqual([id.middle, id.late, id.newest, id.soon]);
  });
});
