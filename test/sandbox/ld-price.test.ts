/** json_ld offers.price keeps amounts as typed (events/ld-price.ts). */
import { describe, expect, it } from 'vitest';
import { ldPrice } from '../../src/sandbox/events/ld-price.js';

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
