/** Lookups by a slug outside ASCII (the slugs themselves: test/unit/wordpress-text.test.ts). */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { client, type Client } from './helpers.js';

describe('by-slug lookups of a slug outside ASCII', () => {
  let c: Client;
  beforeAll(async () => {
    c = await client();
  });
  afterAll(() => c.close());

  test('find the post by its slug as listed (percent-encoded) and by the text it encodes', async () => {
    const made = await c.call('POST', '/events', { title: '東京ジャズ', start_date: '2027-03-01 19:00:00', end_date: '2027-03-01 21:00:00' });
    const slug: string = made.body.slug;
    expect(slug).toBe('%e6%9d%b1%e4%ba%ac%e3%82%b8%e3%83%a3%e3%82%ba');
    for (const path of [encodeURIComponent(slug), encodeURIComponent('東京ジャズ'), slug.toUpperCase()]) {
      const found = await c.call('GET', `/events/by-slug/${path}`);
      expect(found.status, path).toBe(200);
      expect(found.body.id).toBe(made.body.id);
    }
    expect((await c.call('GET', `/events/by-slug/${encodeURIComponent('東京')}`)).status).toBe(400);
  });
});
