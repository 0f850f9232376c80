/** GET /venues and /organizers: search, totals, links and has_events as the plugin computes them (linked/list.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client, withClient } from './helpers.js';

let c: Client;
const venueIds: Record<string, number> = {};
const dates = { start_date: '2027-02-01 10:00:00', end_date: '2027-02-01 11:00:00' };

beforeAll(async () => {
  c = await client();
  for (const [name, extra] of [
    ['Harbor Hall', { phone: '+1 212 555 0101' }],
    ['Quiet Loft', { country: 'Germany' }],
    ['Grand Arena', {}],
  ] as const) {
    venueIds[name] = (await c.call('POST', '/venues', { venue: name, ...extra })).body.id;
  }
  await c.call('POST', '/events', { title: 'At the Arena', ...dates, venue: venueIds['Grand Arena'] });
  const trashed = await c.call('POST', '/events', { title: 'Trashed at the Loft', ...dates, venue: venueIds['Quiet Loft'] });
  await c.call('DELETE', `/events/${trashed.body.id}`);
  await c.call('POST', '/events', { title: 'Draft at the Hall', ...dates, venue: venueIds['Harbor Hall'], status: 'draft' });
});
afterAll(() => c.close());

const list = async (query: string) => (await c.call('GET', `/venues?${query}`)).body;

describe('venue and organizer lists', () => {
  it('answers an empty page with the total and next link of the list without the search when the search finds nothing', async () => {
    const body = await list('per_page=2&search=zzzznomatch');
    expect([body.venues, body.total, body.total_pages]).toEqual([[], 3, 2]);
    expect(body.next_rest_url).toContain('page=2');
    expect((await c.call('GET', '/venues?per_page=2&page=2&search=zzzznomatch')).status).toBe(404);
  });

  it('counts 0 when the search finds records the other filters leave out, and does not search the country', async () => {
    const event = (await c.call('GET', '/events?search=Arena&start_date=2027-01-01')).body.events[0].id;
    expect(await list(`event=${event}&search=555`)).toMatchObject({ venues: [], total: 0, total_pages: 0 });
    expect((await list('search=germany')).venues).toEqual([]);
    expect((await list('search=555')).venues.map((v: { id: number }) => v.id)).toEqual([venueIds['Harbor Hall']]);
  });

  it('looks only for the ASCII letters, digits and hyphens of the search, all in one field (the plugin find_like)', () =>
    withClient(async (d) => {
      const ids: Record<string, number> = {};
      for (const [venue, city] of [
        ['Дом культуры', 'Москва'],
        ['N38 Riverside Café', 'Hallton'],
        ['Große Straße Halle', 'Köln'],
      ])
        ids[venue] = (await d.call('POST', '/venues', { venue, city })).body.id;
      const found = async (search: string) =>
        (await d.call('GET', `/venues?search=${encodeURIComponent(search)}`)).body.venues.map((v: { id: number }) => v.id);
      // Measured on the real site: a text of other letters finds nothing, whatever is stored.
      expect(await found('Дом культуры')).toEqual([]);
      expect(await found('Дом N38')).toEqual([ids['N38 Riverside Café']]);
      expect(await found('n38 cafe')).toEqual([ids['N38 Riverside Café']]);
      expect(await found('Riverside Hallton')).toEqual([]);
      expect(await found('riverside-caf')).toEqual([]);
      // LIKE compares letter by letter: `ss` is not `ß` there, as it is by `=`.
      expect(await found('strasse')).toEqual([]);
      expect(await found('stra e halle')).toEqual([ids['Große Straße Halle']]);
    }));

  it('counts an event in any status but draft and pending for has_events', async () => {
    const withEvents = (await list('has_events=true')).venues.map((v: { id: number }) => v.id).sort();
    expect(withEvents).toEqual([venueIds['Quiet Loft'], venueIds['Grand Arena']].sort());
    expect((await list('has_events=foo')).venues.map((v: { id: number }) => v.id)).toEqual([venueIds['Harbor Hall']]);
  });
});

describe('only_with_upcoming', () => {
  it('does not count an event whose end is before its start (it is in no list)', () =>
    withClient(async (d) => {
      const organizer = await d.call('POST', '/organizers', { organizer: 'Backwards Crew' });
      await d.call('POST', '/events', {
        title: 'Backwards',
        start_date: '2027-02-01 18:00:00',
        end_date: '2027-02-01 09:00:00',
        organizer: [organizer.body.id],
      });
      expect((await d.call('GET', '/organizers?only_with_upcoming=1')).body.organizers).toEqual([]);
      await d.call('POST', '/events', {
        title: 'Forwards',
        start_date: '2027-02-02 09:00:00',
        end_date: '2027-02-02 18:00:00',
        organizer: [organizer.body.id],
      });
      expect((await d.call('GET', '/organizers?only_with_upcoming=1')).body.organizers.map((o: { id: number }) => o.id)).toEqual([organizer.body.id]);
    }));
});
