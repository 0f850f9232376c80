import { describe, expect, test } from 'vitest';
import { stripsBackslashes } from '../../src/spec/resources.js';
import { unslash, unslashDeep } from '../../src/wordpress/slashes.js';

describe('routes that strip a backslash from what they save', () => {
  test.each([
    ['/events', true],
    ['/events/12', true],
    ['/events/by-slug/jazz-night', true],
    ['/venues/4', true],
    ['/organizers', true],
    ['/categories', false],
    ['/tags/3', false],
    ['/eventsx', false],
    ['events/12', true],
    ['categories/3', false],
    ['/', false],
  ])('%s: %s', (path, strips) => {
    expect(stripsBackslashes(path)).toBe(strips);
  });
});

describe("the sandbox's wp_unslash", () => {
  test.each([
    ['Back\\slash', 'Backslash'],
    ['Back\\\\slash', 'Back\\slash'],
    ['trailing \\', 'trailing '],
    ['\\0', '\0'],
    ['it\\\'s \\"quoted\\"', 'it\'s "quoted"'],
    ['no backslash', 'no backslash'],
  ])('%j becomes %j', (sent, saved) => {
    expect(unslash(sent)).toBe(saved);
  });

  test('what the CLI sends (each backslash doubled) is saved as typed, in nested values too', () => {
    const typed = { title: 'C:\\Temp\\0 \\\\ end\\', venue: { venue: 'a\\b', list: ['\\d+', 3, null, true] } };
    const sent = JSON.parse(JSON.stringify(typed, (_key, value: unknown) => (typeof value === 'string' ? value.replaceAll('\\', '\\\\') : value)));
    expect(unslashDeep(sent)).toEqual(typed);
  });
});
