/** wp_insert_term's rule for `term_exists` (src/sandbox/terms/duplicate-name.ts), through the API. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from './helpers.js';

let c: Client;
beforeAll(async () => {
  c = await client();
});
afterAll(() => c.close());

describe('duplicate term names', () => {
  it('refuses a category named exactly as a sibling, and another case only when the slug collides too', async () => {
    const sports = await c.call('POST', '/categories', { name: 'Sports', slug: 'sports-cat' });
    expect(sports.status).toBe(201);
    const same = await c.call('POST', '/categories', { name: 'Sports' });
    expect([same.status, same.body.code, same.body.data.term_id]).toEqual([400, 'term_exists', sports.body.id]);
    // Another case: `sports` is nobody's slug yet, so the category is created.
    const upper = await c.call('POST', '/categories', { name: 'SPORTS' });
    expect([upper.status, upper.body.name, upper.body.slug]).toEqual([201, 'SPORTS', 'sports']);
    // Now `sports` is a sibling's slug: refused, naming that sibling.
    const lower = await c.call('POST', '/categories', { name: 'sports' });
    expect([lower.status, lower.body.code, lower.body.data.term_id]).toEqual([400, 'term_exists', upper.body.id]);
  });

  it('lets the same category name live under another parent', async () => {
    const parent = await c.call('POST', '/categories', { name: 'Outdoor' });
    const child = await c.call('POST', '/categories', { name: 'Sports', parent: parent.body.id });
    expect([child.status, child.body.slug]).toEqual([201, 'sports-outdoor']);
  });

  it('refuses a tag whatever the case, unless a new slug is sent', async () => {
    const free = await c.call('POST', '/tags', { name: 'free' });
    const upper = await c.call('POST', '/tags', { name: 'FREE' });
    expect([upper.status, upper.body.code, upper.body.data.term_id]).toEqual([400, 'term_exists', free.body.id]);
    const ownSlug = await c.call('POST', '/tags', { name: 'FREE', slug: 'free-upper' });
    expect([ownSlug.status, ownSlug.body.slug]).toEqual([201, 'free-upper']);
    const sameSlug = await c.call('POST', '/tags', { name: 'Free', slug: 'free' });
    expect([sameSlug.status, sameSlug.body.code]).toEqual([400, 'term_exists']);
  });
});
