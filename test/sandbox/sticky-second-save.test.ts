/** A sticky event is saved twice by the plugin; the second save publishes the drafts it links (events/write.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from './helpers.js';

let c: Client;
beforeAll(async () => {
  c = await client();
});
afterAll(() => c.close());

const dates = { start_date: '2027-05-01 10:00:00', end_date: '2027-05-01 11:00:00' };

describe('the second save of a sticky event', () => {
  it('publishes the draft venue and organizer a sticky create links; a plain create leaves them drafts', async () => {
    const venue = await c.call('POST', '/venues', { venue: 'Draft Hall', status: 'draft' });
    const organizer = await c.call('POST', '/organizers', { organizer: 'Draft Crew', status: 'draft' });
    const plain = await c.call('POST', '/events', { title: 'Plain', ...dates, venue: venue.body.id, organizer: [organizer.body.id] });
    expect([plain.body.venue.status, plain.body.organizer[0].status]).toEqual(['draft', 'draft']);
    const sticky = await c.call('POST', '/events', { title: 'Sticky', ...dates, venue: venue.body.id, organizer: [organizer.body.id], sticky: true });
    expect([sticky.body.venue.status, sticky.body.organizer[0].status]).toEqual(['publish', 'publish']);
  });

  it('publishes on an update that makes the event sticky the drafts the update links', async () => {
    const venue = await c.call('POST', '/venues', { venue: 'Second Draft Hall', status: 'draft' });
    const event = await c.call('POST', '/events', { title: 'Later Sticky', ...dates });
    const updated = await c.call('POST', `/events/${event.body.id}`, { ...dates, venue: venue.body.id, sticky: true });
    expect(updated.body.venue.status).toBe('publish');
  });

  it('publishes nothing for a draft event', async () => {
    const venue = await c.call('POST', '/venues', { venue: 'Third Draft Hall', status: 'draft' });
    const draft = await c.call('POST', '/events', { title: 'Draft Sticky', ...dates, venue: venue.body.id, sticky: true, status: 'draft' });
    expect(draft.body.venue.status).toBe('draft');
  });
});
