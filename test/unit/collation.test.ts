import { describe, expect, test } from 'vitest';
import { collationKey, sameName } from '../../src/wordpress/collation.js';
import { changedUnasked, TEC_FIELD } from '../../src/wordpress/write-routes.js';

describe('names as the database collation compares them', () => {
  // Each pair was compared by the real site's MariaDB (utf8mb4_unicode_520_ci).
  test.each([
    ['Cafe', 'Café'],
    ['S32 probe Cafe', 'S32 PROBE café'],
    ['ø', 'o'],
    ['ß', 'ss'],
    ['æ', 'ae'],
    ['Œ', 'oe'],
    ['ł', 'l'],
    ['đ', 'd'],
    ['ŀ', 'l'],
    ['ﬁ', 'fi'],
    ['Ⅻ', 'xii'],
    ['ｘ', 'x'],
    ['İ', 'i'],
    ['x ', 'x'],
  ])('%s and %s are one name', (a, b) => {
    expect(sameName(a, b)).toBe(true);
  });

  test.each([
    ['’', "'"],
    ['ı', 'i'],
    ['a-b', 'ab'],
    ['😀', '😁'],
    ['&amp;', '&'],
    [' x', 'x'],
    ['þ', 'th'],
    ['x\t', 'x'],
  ])('%s and %s are two names', (a, b) => {
    expect(sameName(a, b)).toBe(false);
  });

  test('the key is stable text', () => {
    expect(collationKey('Café d’Été')).toBe('cafe d’ete');
  });
});

describe('write routes', () => {
  test('a tribe/events/v1 event update with only a title changes the cost, organizers, flags, zone and date', () => {
    expect(changedUnasked('tribe', 'events', ['title'])).toEqual(
      expect.arrayContaining(['cost', 'organizer', 'featured', 'sticky', 'website', 'show_map', 'show_map_link', 'timezone', 'date']),
    );
    expect(changedUnasked('tribe', 'events', ['title'])).not.toContain('description');
  });

  test('a tec/v1 event PATCH loses sticky unless sent, and always turns the map on', () => {
    expect(changedUnasked('tec', 'events', ['cost'])).toEqual(['sticky', 'show_map', 'show_map_link']);
    expect(changedUnasked('tec', 'events', ['sticky', 'show_map'])).toEqual(['show_map', 'show_map_link']);
    expect(changedUnasked('tec', 'organizers', ['phone'])).toEqual([]);
  });

  test('tec/v1 names its fields as WordPress core does', () => {
    expect(TEC_FIELD.events.description).toBe('content');
    expect(TEC_FIELD.venues.venue).toBe('title');
    expect(TEC_FIELD.events.website).toBeUndefined();
  });
});
