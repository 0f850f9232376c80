import { readFileSync } from 'node:fs';
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
    ['x\u00a0', 'x'],
    ['a\u00a0b', 'a b'],
    ['Дом культуры', 'ДОМ КУЛЬТУРЫ'],
    ['Ёлка', 'елка'],
    ['Ґанок', 'ганок'],
    ['Ωδείο', 'ΩΔΕΙΟ'],
    ['ς', 'Σ'],
    ['東京ホール', '東京ﾎｰﾙ'],
    ['ホール', 'ほーる'],
    ['ガ', 'カ'],
    ['ッ', 'ツ'],
    ['ℌ', 'h'],
    ['™', 'tm'],
    ['Ǣ', 'ae'],
    ['١٢', '12'],
    ['ך', 'כ'],
    ['عَ', 'ع'],
    ['a\u200bb', 'ab'],
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
    ['Йод', 'Иод'],
    ['Ї', 'І'],
    ['أ', 'ا'],
    ['東', '东'],
    ['a\u00adb', 'ab'],
    ['´', ' '],
  ])('%s and %s are two names', (a, b) => {
    expect(sameName(a, b)).toBe(false);
  });

  test('every character of the scripts names are written in compares as the real database compares it', () => {
    // The real site's weight of each code point, grouped: characters listed under one text weigh
    // what that text weighs; any other character compared weighs as nothing else does.
    const measured = JSON.parse(readFileSync(new URL('../fixtures/collation-weights.json', import.meta.url), 'utf8')) as {
      compared: string;
      same: Record<string, string>;
    };
    const sameAs = new Map<string, string>();
    for (const [text, chars] of Object.entries(measured.same)) for (const char of chars) sameAs.set(char, text);
    // Between two letters, so that a space or a weightless mark is not at an end.
    const key = (text: string) => collationKey(`a${text}a`);
    const textOfKey = new Map<string, string>();
    const wrong: string[] = [];
    let compared = 0;
    for (const range of measured.compared.split(' ')) {
      const [first, last = first] = range.split('-').map((hex) => Number.parseInt(hex, 16));
      for (let code = first; code <= last; code++) {
        compared++;
        const char = String.fromCodePoint(code);
        const text = sameAs.get(char) ?? char;
        const ours = key(char);
        if (ours !== key(text)) wrong.push(`${char} (U+${code.toString(16)}) is ${JSON.stringify(text)} to the database`);
        const other = textOfKey.get(ours);
        if (other !== undefined && other !== text) wrong.push(`${char} (U+${code.toString(16)}) is not ${JSON.stringify(other)} to the database`);
        textOfKey.set(ours, text);
      }
    }
    expect(compared).toBeGreaterThan(24_000);
    expect(wrong).toEqual([]);
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
