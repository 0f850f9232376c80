/** The store's incremental indexes follow every write: slugs, names, term counts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from './helpers.js';

let c: Client;
beforeAll(async () => {
  c = await client();
});
afterAll(() => c.close());

const day = { start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 11:00:00' };

describe('store indexes', () => {
  it('finds an event by its new slug after an update and frees the old one', async () => {
    const event = await c.call('POST', '/events', { title: 'Old Name', ...day });
    await c.call('POST', `/events/${event.body.id}`, { title: 'Old Name', ...day, slug: 'new-name' });
    expect((await c.call('GET', '/events/by-slug/new-name')).body.id).toBe(event.body.id);
    expect((await c.call('GET', '/events/by-slug/old-name')).status).toBe(400);
    expect((await c.call('POST', '/events', { title: 'Old Name', ...day })).body.slug).toBe('old-name');
  });

  it('de-duplicates by the current name after a rename, not the old one', async () => {
    const venue = await c.call('POST', '/venues', { venue: 'Before Rename' });
    await c.call('POST', `/venues/${venue.body.id}`, { venue: 'After Rename' });
    expect((await c.call('POST', '/venues', { venue: 'after rename' })).body.id).toBe(venue.body.id);
    expect((await c.call('POST', '/venues', { venue: 'Before Rename' })).body.id).not.toBe(venue.body.id);
  });

  it('moves a trashed slug aside and gives the plain slug to the next record', async () => {
    const event = await c.call('POST', '/events', { title: 'Slug Party', ...day });
    expect(event.body.slug).toBe('slug-party');
    await c.call('DELETE', `/events/${event.body.id}`);
    const next = await c.call('POST', '/events', { title: 'Slug Party', ...day });
    expect(next.body.slug).toBe('slug-party');
    const third = await c.call('POST', '/events', { title: 'Slug Party', ...day });
    expect(third.body.slug).toBe('slug-party-2');
  });

  it('keeps term counts right through create, update, trash and term delete', async () => {
    const category = await c.call('POST', '/categories', { name: 'Counted' });
    const count = async () => (await c.call('GET', `/categories/${category.body.id}`)).body.count;
    const a = await c.call('POST', '/events', { title: 'Counted A', ...day, categories: [category.body.id] });
    await c.call('POST', '/events', { title: 'Counted B', ...day, categories: [category.body.id] });
    expect(await count()).toBe(2);
    await c.call('POST', `/events/${a.body.id}`, { title: 'Counted A', ...day, categories: '' });
    expect(await count()).toBe(1);
    await c.call('POST', `/events/${a.body.id}`, { title: 'Counted A', ...day, categories: [category.body.id], status: 'draft' });
    expect(await count()).toBe(1);
    await c.call('POST', `/events/${a.body.id}`, { title: 'Counted A', ...day, status: 'publish' });
    expect(await count()).toBe(2);
    await c.call('DELETE', `/events/${a.body.id}`);
    expect(await count()).toBe(1);
    const other = await c.call('POST', '/categories', { name: 'Dropped' });
    await c.call('POST', '/events', { title: 'Counted C', ...day, categories: [category.body.id, other.body.id] });
    await c.call('DELETE', `/categories/${other.body.id}?force=true`);
    expect(await count()).toBe(2);
  });
});
