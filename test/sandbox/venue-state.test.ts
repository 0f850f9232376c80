/** A venue's combined state/province and map switches on every save (linked/state-province.ts, linked/write.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stateProvince } from '../../src/sandbox/linked/state-province.js';
import { client, type Client } from './helpers.js';

let c: Client;
beforeAll(async () => {
  c = await client();
});
afterAll(() => c.close());

describe('venue state/province', () => {
  it('takes the state only for no country or the United States, else the province', () => {
    expect(stateProvince({ state: 'NY' })).toBe('NY');
    expect(stateProvince({ state: 'NY', country: 'US' })).toBe('NY');
    expect(stateProvince({ state: 'NY', country: 'United States' })).toBe('NY');
    expect(stateProvince({ state: 'NY', country: 'Germany' })).toBe('');
    expect(stateProvince({ state: 'NY', province: 'Bavaria', country: 'Germany' })).toBe('Bavaria');
    expect(stateProvince({ stateprovince: 'ON', state: 'NY' })).toBe('ON');
    expect(stateProvince({ city: 'Boston' })).toBe('');
  });

  it('answers and structures the address from the save, and a same-name create saves the old venue again', async () => {
    const venue = await c.call('POST', '/venues', { venue: 'Velvet Loft', country: 'Germany', state: 'NY', show_map_link: 'false' });
    expect(venue.body.stateprovince).toBeUndefined();
    expect(venue.body.show_map_link).toBe(false);
    const read = await c.call('GET', `/venues/${venue.body.id}`);
    expect(read.body.json_ld.address).toEqual({ '@type': 'PostalAddress', addressCountry: 'Germany' });
    // The same name again: the maps are switched on and the state recomputed from this save.
    const again = await c.call('POST', '/venues', { venue: 'VELVET LOFT', state: 'CA' });
    expect([again.body.id, again.body.show_map_link, again.body.stateprovince]).toEqual([venue.body.id, true, 'CA']);
  });
});

describe('a same-name create', () => {
  it('leaves the matched draft its zero modification time', async () => {
    const draft = await c.call('POST', '/organizers', { organizer: 'Quiet Club', status: 'draft' });
    const event = await c.call('POST', '/events', {
      title: 'Club Night',
      start_date: '2027-03-01 10:00:00',
      end_date: '2027-03-01 11:00:00',
      organizer: [{ organizer: 'Quiet Club', email: 'new@example.org' }],
    });
    expect(event.body.organizer.map((o: { id: number; email: string; modified_utc: string }) => [o.id, o.email, o.modified_utc])).toEqual([
      [draft.body.id, 'new@example.org', '0000-00-00 00:00:00'],
    ]);
  });
});

describe('trashing a venue', () => {
  it('takes it from upcoming published and private events', async () => {
    const venue = await c.call('POST', '/venues', { venue: 'Soon Gone Hall' });
    const dates = { start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 11:00:00' };
    const open = await c.call('POST', '/events', { title: 'Open', ...dates, venue: venue.body.id });
    const hidden = await c.call('POST', '/events', { title: 'Private', ...dates, venue: venue.body.id, status: 'private' });
    const draft = await c.call('POST', '/events', { title: 'Draft', ...dates, venue: venue.body.id, status: 'draft' });
    await c.call('DELETE', `/venues/${venue.body.id}`);
    const venueOf = async (id: number) => (await c.call('GET', `/events/${id}`, undefined, { auth: true })).body.venue;
    expect(await venueOf(open.body.id)).toEqual([]);
    expect(await venueOf(hidden.body.id)).toEqual([]);
    expect((await venueOf(draft.body.id)).id).toBe(venue.body.id);
  });
});
