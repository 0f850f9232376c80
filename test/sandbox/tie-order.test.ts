/**
 * Venues and organizers created in the same second tie on the post date, their only sort key:
 * as on a real site, a naive page walk over them repeats some and misses others, while the
 * events list stays complete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from './helpers.js';

const COUNT = 120;
let c: Client;

async function walk(resource: string, perPage: number): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const response = await c.call('GET', `/${resource}?per_page=${perPage}&page=${page}&start_date=2020-01-01`, undefined, { auth: true });
    ids.push(...response.body[resource].map((record: { id: number }) => record.id));
    if (page >= Number(response.headers.get('x-tec-totalpages'))) return ids;
  }
}

beforeAll(async () => {
  c = await client(); // the clock stands still: every record shares one post date
  for (let i = 0; i < COUNT; i++) {
    await c.call('POST', '/venues', { venue: `Tied Hall ${i}` });
    await c.call('POST', '/organizers', { organizer: `Tied Org ${i}` });
    await c.call('POST', '/events', { title: `Tied Event ${i}`, start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 11:00:00' });
  }
});
afterAll(() => c.close());

describe('records that tie on the post date', () => {
  for (const resource of ['venues', 'organizers']) {
    it(`a naive walk over ${resource} 50 a page gets duplicates and misses`, async () => {
      const ids = await walk(resource, 50);
      expect(ids).toHaveLength(COUNT);
      const distinct = new Set(ids);
      expect(distinct.size).toBeLessThan(COUNT);
      expect(distinct.size).toBeGreaterThan(COUNT / 2);
    });
  }

  it('orders a tie the same way each time the same page is asked for', async () => {
    const first = await c.call('GET', '/venues?per_page=50&page=2');
    const again = await c.call('GET', '/venues?per_page=50&page=2');
    expect(again.body.venues.map((v: { id: number }) => v.id)).toEqual(first.body.venues.map((v: { id: number }) => v.id));
  });

  it('orders a tie differently for another page size', async () => {
    const ten = await c.call('GET', '/venues?per_page=10');
    const fifty = await c.call('GET', '/venues?per_page=50');
    expect(fifty.body.venues.slice(0, 10).map((v: { id: number }) => v.id)).not.toEqual(ten.body.venues.map((v: { id: number }) => v.id));
  });

  it('keeps the events list complete over the same walk', async () => {
    const ids = await walk('events', 50);
    expect(new Set(ids).size).toBe(COUNT);
  });
});
