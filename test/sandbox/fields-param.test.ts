/** `_fields` trims the plugin's routes' answers too, as WordPress does for every route. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from './helpers.js';

let c: Client;
beforeAll(async () => {
  c = await client();
});
afterAll(() => c.close());

describe('_fields on the plugin routes', () => {
  it('keeps only the fields named, in the answer order, and leaves errors whole', async () => {
    await c.call('POST', '/events', { title: 'Counted', start_date: '2027-01-05 10:00:00', end_date: '2027-01-05 11:00:00' });
    const list = await c.call('GET', '/events?_fields=total_pages,total&start_date=2027-01-01');
    expect(list.body).toEqual({ total: 1, total_pages: 1 });
    const error = await c.call('GET', '/events?_fields=total&page=0');
    expect(Object.keys(error.body)).toEqual(['code', 'message', 'data']);
  });
});
