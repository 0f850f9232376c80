/** What the sandbox reads from the resource table (src/spec/resources.ts) rather than writing down again. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NAMESPACE, MAX_PER_PAGE, resources, RESOURCE_NAMES, wpRoute } from '../../src/spec/resources.js';
import { POST_RESOURCES, POST_TYPE, TAXONOMIES } from '../../src/sandbox/store/kinds.js';
import { client, type Client } from './helpers.js';

let c: Client;
beforeAll(async () => {
  c = await client();
});
afterAll(() => c.close());

const core = (path: string) => `${c.sandbox.restRoot}/wp/v2/${path}`;

describe('the sandbox and the resource table', () => {
  it('stores every resource as a post type (its singular) or as a taxonomy', () => {
    expect([...POST_RESOURCES, ...TAXONOMIES].sort()).toEqual([...RESOURCE_NAMES].sort());
    expect(POST_TYPE).toEqual({ events: 'event', venues: 'venue', organizers: 'organizer' });
  });

  it('serves the default namespace and cuts pages at the maximum', async () => {
    expect(c.api.endsWith(`/${DEFAULT_NAMESPACE}`)).toBe(true);
    for (let i = 0; i <= MAX_PER_PAGE; i++) await c.call('POST', '/tags', { name: `Paged ${i}` });
    const page = await c.call('GET', `/tags?hide_empty=false&per_page=${MAX_PER_PAGE + 5}`);
    expect(page.body.tags).toHaveLength(MAX_PER_PAGE);
  });

  it('searches venues and organizers in the fields marked searched, and only those', async () => {
    await c.call('POST', '/venues', { venue: 'Table Hall', zip: '70123', website: 'https://unsearchedword.example' });
    await c.call('POST', '/organizers', { organizer: 'Table Org', email: 'desk@searchedhost.example' });
    const names = async (path: string) => (await c.call('GET', path)).body;
    expect((await names('/venues?search=70123')).venues.map((venue: { venue: string }) => venue.venue)).toEqual(['Table Hall']);
    expect(resources.venues.fields.find((field) => field.name === 'website')?.searched).toBeUndefined();
    // A search that matches nothing answers the unfiltered list's total and no records.
    expect((await names('/venues?search=unsearchedword')).venues).toEqual([]);
    expect((await names('/organizers?search=searchedhost')).organizers.map((organizer: { organizer: string }) => organizer.organizer)).toEqual(['Table Org']);
  });

  it('turns on every switch field of a new venue and stores the words sent for it', async () => {
    const plain = await c.call('POST', '/venues', { venue: 'Switch Hall' });
    expect(plain.body).toMatchObject({ show_map: true, show_map_link: true });
    const off = await c.call('POST', '/venues', { venue: 'Dark Hall', show_map: 'false', show_map_link: 'no' });
    expect(off.body).toMatchObject({ show_map: false, show_map_link: false });
  });

  it('reads and writes every boolean event field under its wire name', async () => {
    const flags = resources.events.fields.filter((field) => field.type === 'boolean').map((field) => field.name);
    expect(flags).toEqual(['all_day', 'show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured']);
    const event = await c.call('POST', '/events', {
      title: 'Flags',
      start_date: '2027-06-01 10:00:00',
      end_date: '2027-06-01 11:00:00',
      ...Object.fromEntries(flags.map((name) => [name, true])),
    });
    for (const name of flags) expect(event.body[name], name).toBe(true);
  });

  it('names the WordPress routes, types and pages of the table', async () => {
    const parent = await c.call('POST', '/categories', { name: 'Table Parent' });
    const child = await c.call('POST', '/categories', { name: 'Table Child', parent: parent.body.id });
    const tag = await c.call('POST', '/tags', { name: 'Table Tag' });
    expect(child.headers.get('location')).toBe(core(`${wpRoute(resources.categories)}/${child.body.id}`));
    expect(tag.headers.get('location')).toBe(core(`tags/${tag.body.id}`));
    expect(child.body).toMatchObject({ taxonomy: 'tribe_events_cat', url: `${c.sandbox.url}/events/category/table-parent/table-child/` });
    expect(tag.body).toMatchObject({ taxonomy: 'post_tag', url: `${c.sandbox.url}/tag/table-tag/` });
    expect(tag.body._links['wp:post_type'].map((link: { href: string }) => link.href)).toContain(core(`tribe_events?tags=${tag.body.id}`));

    const venue = await c.call('POST', '/venues', { venue: 'Linked Hall' });
    const event = await c.call('POST', '/events', {
      title: 'Linked Night',
      start_date: '2030-06-01 10:00:00',
      end_date: '2030-06-01 11:00:00',
      venue: venue.body.id,
      categories: [child.body.id],
      tags: [tag.body.id],
    });
    expect(event.body.url).toBe(`${c.sandbox.url}/event/linked-night/`);
    expect(venue.body.url).toBe(`${c.sandbox.url}/venue/linked-hall/`);
    const asCore = (await fetch(core(`tribe_events/${event.body.id}`)).then((response) => response.json())) as Record<string, unknown>;
    expect(asCore).toMatchObject({ type: 'tribe_events', tags: [tag.body.id], tribe_events_cat: [child.body.id] });
    expect((asCore._links as Record<string, { taxonomy: string; href: string }[]>)['wp:term']).toEqual([
      { taxonomy: 'post_tag', embeddable: true, href: core(`tags?post=${event.body.id}`) },
      { taxonomy: 'tribe_events_cat', embeddable: true, href: core(`tribe_events_cat?post=${event.body.id}`) },
    ]);
    for (const route of ['tribe_venue', 'tribe_organizer']) expect((await fetch(core(route))).status, route).toBe(200);
  });

  it('refuses an empty text only in the fields marked emptyRefused, and keeps a language version only of those marked translated', async () => {
    const marked = (flag: 'emptyRefused' | 'translated') =>
      Object.fromEntries(RESOURCE_NAMES.map((name) => [name, resources[name].fields.filter((field) => field[flag]).map((field) => field.name)]));
    expect(marked('emptyRefused')).toEqual({
      events: ['title', 'description', 'slug', 'excerpt'],
      venues: ['venue'],
      organizers: ['organizer'],
      categories: ['name', 'description', 'slug'],
      tags: ['name', 'description', 'slug'],
    });
    expect(marked('translated')).toEqual({
      events: ['title', 'description', 'excerpt'],
      venues: ['venue', 'description', 'address', 'city', 'country', 'province', 'state', 'stateprovince'],
      organizers: ['organizer', 'description'],
      categories: ['name', 'description'],
      tags: ['name', 'description'],
    });
    const venue = (await c.call('POST', '/venues', { venue: 'Empty Checks Hall', address: '1 Quai', zip: '44000' })).body.id;
    expect((await c.call('POST', `/venues/${venue}`, { venue: '' })).status).toBe(400);
    expect((await c.call('POST', `/venues/${venue}`, { address: '' })).status).toBe(200);
    await c.call('POST', `/venues/${venue}?i18n_language=fr`, { city: 'Nantes (fr)', zip: '44100' });
    const french = (await c.call('GET', `/venues/${venue}?i18n_language=fr`)).body;
    const plain = (await c.call('GET', `/venues/${venue}`)).body;
    expect([french.city, plain.city]).toEqual(['Nantes (fr)', undefined]);
    expect([french.zip, plain.zip]).toEqual(['44100', '44100']);
  });
});
