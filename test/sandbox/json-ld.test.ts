/** json_ld: offers.price keeps amounts as typed (events/ld-price.ts); an organizer the reader cannot open is false. */
import { describe, expect, it } from 'vitest';
import { ldPrice } from '../../src/sandbox/events/ld-price.js';
import { withClient } from './helpers.js';

describe('json_ld price', () => {
  it('keeps the typed form of amounts and words', () => {
    expect(ldPrice('10,20')).toBe('10,20');
    expect(ldPrice('Donation')).toBe('Donation');
    expect(ldPrice('Free')).toBe('0');
    expect(ldPrice('5-10')).toBe('5 \u2013 10');
    expect(ldPrice(['Free', '30$'])).toBe('30');
    expect(ldPrice(['5', '10'])).toBe('5 \u2013 10');
    expect(ldPrice('€5')).toBe('5');
    expect(ldPrice('0')).toBe('0');
    expect(ldPrice('')).toBeNull();
    expect(ldPrice(undefined)).toBeNull();
  });
});

describe('json_ld organizer', () => {
  it('is false for an anonymous reader when the first organizer is a draft', () =>
    withClient(async (c) => {
      const draft = await c.call('POST', '/organizers', { organizer: 'Hidden Crew', status: 'draft' });
      const event = await c.call('POST', '/events', {
        title: 'Hidden',
        start_date: '2027-03-01 10:00:00',
        end_date: '2027-03-01 11:00:00',
        organizer: [draft.body.id],
      });
      expect((await c.call('GET', `/events/${event.body.id}`)).body.json_ld.organizer).toBe(false);
      expect((await c.call('GET', `/events/${event.body.id}`, undefined, { auth: true })).body.json_ld.organizer.name).toBe('Hidden Crew');
    }));
});
