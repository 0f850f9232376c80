import { describe, expect, test } from 'vitest';
import { slugLetters, slugSegment } from '../../src/core/records/identity.js';

describe('slugs as the server gives them', () => {
  test('a stored slug (percent-encoded, lower case) and the same typed in its own letters make one path segment, encoded once', () => {
    const stored = 'yoga-sun-moon-%f0%9f%8c%9e';
    expect(slugLetters(stored)).toBe('yoga-sun-moon-🌞');
    expect(slugSegment(stored)).toBe(slugSegment('yoga-sun-moon-🌞'));
    expect(slugSegment(stored)).toBe('yoga-sun-moon-%F0%9F%8C%9E');
    expect(slugSegment('%d0%bc%d0%b8%d1%80')).toBe(slugSegment('мир'));
    expect(slugSegment('cafe-dete')).toBe('cafe-dete');
  });

  test('a % that is not an escape is kept as typed', () => {
    expect(slugLetters('100%-fun')).toBe('100%-fun');
    expect(slugSegment('100%-fun')).toBe('100%25-fun');
  });
});

describe('a cost read back', () => {
  test('a cost of words alone is written as the site shows it, which is as it was typed; amounts are not', async () => {
    const { costText } = await import('../../src/core/records/writable.js');
    expect(costText({ cost: 'Free entry', cost_details: { currency_symbol: '$', currency_position: 'prefix', values: ['free-entry'] } })).toBe('Free entry');
    expect(costText({ cost: '$10 &ndash; $30', cost_details: { currency_symbol: '$', currency_position: 'prefix', values: ['10', '30'] } })).toBe('$10 - $30');
  });
});
