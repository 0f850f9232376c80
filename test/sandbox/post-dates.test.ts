/** Publication and modification times the real server gives on writes that save a post twice or trash a draft. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, RECORDING_CLOCK, tickingClock, type Client, withClient } from './helpers.js';

let c: Client;
beforeAll(async () => {
  c = await client();
});
afterAll(() => c.close());

const NOW_UTC = RECORDING_CLOCK.toISOString().slice(0, 19).replace('T', ' ');
const dates = { start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 11:00:00' };

describe('post dates on writes', () => {
  it('stamps the modification time of a sticky event, saved twice, even when dated in the past or a draft', async () => {
    const dated = await c.call('POST', '/events', { title: 'Sticky Dated', ...dates, sticky: true, date: '2026-11-01 08:00:00' });
    expect([dated.body.date_utc, dated.body.modified_utc]).toEqual(['2026-11-01 13:00:00', NOW_UTC]);
    const pending = await c.call('POST', '/events', { title: 'Sticky Pending', ...dates, sticky: true, status: 'pending' });
    expect([pending.body.date_utc, pending.body.modified_utc]).toEqual(['0000-00-00 00:00:00', NOW_UTC]);
    const plainDraft = await c.call('POST', '/events', { title: 'Plain Draft', ...dates, status: 'draft' });
    expect(plainDraft.body.modified_utc).toBe('0000-00-00 00:00:00');
  });

  it('dates a trashed draft now and gives its empty slug the trash suffix', async () => {
    const draft = await c.call('POST', '/events', { title: 'Draft To Trash', ...dates, status: 'draft' });
    expect([draft.body.slug, draft.body.date_utc]).toEqual(['', '0000-00-00 00:00:00']);
    const trashed = await c.call('DELETE', `/events/${draft.body.id}`);
    expect([trashed.body.status, trashed.body.slug, trashed.body.date_utc, trashed.body.modified_utc]).toEqual(['trash', '__trashed', NOW_UTC, NOW_UTC]);
  });
});

describe('a draft created with a date', () => {
  it('keeps the zero UTC date, which only date_utc sets', async () => {
    const dated = await c.call('POST', '/events', { title: 'Dated Draft', ...dates, status: 'draft', date: '2026-11-16 08:00:00' });
    expect([dated.body.date, dated.body.date_utc, dated.body.modified_utc]).toEqual(['2026-11-16 08:00:00', '0000-00-00 00:00:00', '0000-00-00 00:00:00']);
  });
});

describe('a trashed draft brought back by an update', () => {
  it('keeps __trashed as its slug, having had none before the trash', async () => {
    const draft = await c.call('POST', '/events', { title: 'Back Draft', ...dates, status: 'draft' });
    await c.call('DELETE', `/events/${draft.body.id}`);
    const back = await c.call('POST', `/events/${draft.body.id}`, { title: 'Back from trash' });
    expect([back.body.status, back.body.slug]).toEqual(['publish', '__trashed']);
  });
});

describe('updates of never-published venues and organizers', () => {
  it('date a draft organizer at the update that publishes it, and keep a published one its date', () =>
    withClient(
      async (ticking) => {
        const draft = await ticking.call('POST', '/organizers', { organizer: 'Draft Promoters', status: 'draft' });
        const published = await ticking.call('POST', '/organizers', { organizer: 'Published Promoters' });
        const updatedDraft = await ticking.call('PATCH', `/organizers/by-slug/${draft.body.slug}`, { phone: '+1 555 0005' });
        expect(updatedDraft.body.status).toBe('publish');
        expect(updatedDraft.body.date_utc > published.body.date_utc).toBe(true);
        expect(updatedDraft.body.date_utc).toBe(updatedDraft.body.modified_utc);
        const updatedPublished = await ticking.call('POST', `/organizers/${published.body.id}`, { email: 'u4@example.com' });
        expect(updatedPublished.body.date_utc).toBe(published.body.date_utc);
        // Published by a sticky event's second save, a draft keeps its date through its own update.
        const linked = await ticking.call('POST', '/organizers', { organizer: 'Linked Promoters', status: 'draft' });
        await ticking.call('POST', '/events', { title: 'Sticky', ...dates, sticky: true, organizer: [linked.body.id] });
        const updatedLinked = await ticking.call('POST', `/organizers/${linked.body.id}`, { phone: '1' });
        expect([updatedLinked.body.date, updatedLinked.body.date_utc]).toEqual([linked.body.date, '2026-11-22 03:34:15']); // the draft's own date, read as UTC
      },
      { now: tickingClock() },
    ));
});
