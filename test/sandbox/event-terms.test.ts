/** Terms named in an event write are found as WordPress's term_exists finds them (common/params.ts findTerm). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from './helpers.js';

let c: Client;
beforeAll(async () => {
  c = await client();
});
afterAll(() => c.close());

describe('terms named in an event write', () => {
  it('finds a category by the slug the name makes before finding one by name', async () => {
    const sports = await c.call('POST', '/categories', { name: 'Sports', slug: 'sports-cat' });
    const upper = await c.call('POST', '/categories', { name: 'SPORTS' });
    const event = await c.call('POST', '/events', {
      title: 'Match',
      start_date: '2027-04-01 10:00:00',
      end_date: '2027-04-01 12:00:00',
      categories: ['Sports'],
    });
    expect(event.body.categories.map((term: { id: number }) => term.id)).toEqual([upper.body.id]);
    const byName = await c.call('POST', '/events', {
      title: 'Match 2',
      start_date: '2027-04-01 10:00:00',
      end_date: '2027-04-01 12:00:00',
      categories: ['sports-cat'],
    });
    expect(byName.body.categories.map((term: { id: number }) => term.id)).toEqual([sports.body.id]);
  });

  it('finds a name with an ampersand as it is stored', async () => {
    const family = await c.call('POST', '/categories', { name: 'Kids & Family', slug: 'families' });
    const event = await c.call('POST', '/events', {
      title: 'Fair',
      start_date: '2027-04-02 10:00:00',
      end_date: '2027-04-02 12:00:00',
      categories: ['kids & family'],
    });
    expect(event.body.categories.map((term: { id: number }) => term.id)).toEqual([family.body.id]);
  });
});
