/** GET /categories with hide_empty: an unused parent of a used category is listed, the total counts used ones (terms/list.ts). */
import { describe, expect, it } from 'vitest';
import { withClient } from './helpers.js';

describe('hide_empty on category lists', () => {
  it('keeps an unused category whose child is in use, without counting it in the total', () =>
    withClient(async (c) => {
      const parent = await c.call('POST', '/categories', { name: 'Outdoor' });
      const child = await c.call('POST', '/categories', { name: 'Hiking', parent: parent.body.id });
      await c.call('POST', '/categories', { name: 'Unused' });
      await c.call('POST', '/events', { title: 'Walk', start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 11:00:00', categories: [child.body.id] });
      const body = (await c.call('GET', '/categories')).body;
      expect(body.categories.map((term: { name: string; count: number }) => [term.name, term.count])).toEqual([
        ['Hiking', 1],
        ['Outdoor', 0],
      ]);
      expect([body.total, body.total_pages]).toEqual([1, 1]);
    }));
});

describe('a category moved under its own descendant', () => {
  it('gets no parent instead of making a loop', () =>
    withClient(async (c) => {
      const top = await c.call('POST', '/categories', { name: 'Top' });
      const middle = await c.call('POST', '/categories', { name: 'Middle', parent: top.body.id });
      const bottom = await c.call('POST', '/categories', { name: 'Bottom', parent: middle.body.id });
      const moved = await c.call('PATCH', `/categories/${top.body.id}`, { parent: bottom.body.id });
      expect([moved.status, moved.body.parent, moved.body.url]).toEqual([200, 0, `${c.sandbox.url}/events/category/top/`]);
    }));
});

describe('the terms of one event', () => {
  it('are listed whether in use or not, and a tag filter by name alone matches nothing', () =>
    withClient(async (c) => {
      const tag = await c.call('POST', '/tags', { name: 'accessible', slug: 'tag-accessible' });
      const draft = await c.call('POST', '/events', {
        title: 'Draft',
        start_date: '2027-03-01 10:00:00',
        end_date: '2027-03-01 11:00:00',
        status: 'draft',
        tags: [tag.body.id],
      });
      const listed = (await c.call('GET', `/tags?hide_empty=true&event=${draft.body.id}`, undefined, { auth: true })).body;
      expect([listed.tags.map((t: { id: number; count: number }) => [t.id, t.count]), listed.total]).toEqual([[[tag.body.id, 0]], 1]);
      await c.call('POST', '/events', { title: 'Open', start_date: '2027-03-02 10:00:00', end_date: '2027-03-02 11:00:00', tags: [tag.body.id] });
      const byName = await c.call('GET', '/events?start_date=2027-03-01&tags=accessible');
      const bySlug = await c.call('GET', '/events?start_date=2027-03-01&tags=tag-accessible');
      expect([byName.status, byName.body.total, bySlug.body.total]).toEqual([200, 0, 1]);
    }));
});

describe('a deleted category', () => {
  it('hands its children to its own parent', () =>
    withClient(async (c) => {
      const top = await c.call('POST', '/categories', { name: 'Top' });
      const middle = await c.call('POST', '/categories', { name: 'Middle', parent: top.body.id });
      const bottom = await c.call('POST', '/categories', { name: 'Bottom', parent: middle.body.id });
      await c.call('DELETE', `/categories/${middle.body.id}`);
      expect((await c.call('GET', `/categories/${bottom.body.id}`)).body.parent).toBe(top.body.id);
    }));
});
