import { describe, expect, test } from 'vitest';
import { resources } from '../../src/spec/resources.js';
import { unaskedValues } from '../../src/core/records/safe-update.js';

// An event in Paris in June, as the tribe route shows it.
const event = {
  id: 9,
  title: 'x',
  start_date: '2027-06-05 19:00:00',
  end_date: '2027-06-05 22:00:00',
  timezone: 'Europe/Paris',
  timezone_abbr: 'CEST',
  sticky: true,
};

describe('a tec/v1 update of an event', () => {
  test('carries its current dates, so that the site does not relabel its zone for the time of the write', () => {
    const body = unaskedValues('tec', resources.events, event, { title: 'y' });
    expect(body.start_date).toBe('2027-06-05 19:00:00');
    expect(body.end_date).toBe('2027-06-05 22:00:00');
    expect(body.sticky).toBe(true);
  });

  test('dates that are changed are not replaced by the current ones', () => {
    const body = unaskedValues('tec', resources.events, event, { start_date: '2027-06-06 19:00:00', end_date: '2027-06-06 22:00:00' });
    expect(body.start_date).toBeUndefined();
    expect(body.end_date).toBeUndefined();
  });

  test('a venue update carries nothing unasked', () => {
    expect(unaskedValues('tec', resources.venues, { id: 3, venue: 'Hall', city: 'Lyon' }, { city: 'Paris' })).toEqual({});
  });
});
