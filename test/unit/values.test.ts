import { describe, expect, test } from 'vitest';
import { coerceValue, hasOffset, parseDate } from '../../src/core/values.js';
import { resources, type Field } from '../../src/spec/resources.js';

const NOW = new Date(2026, 10, 22, 10, 30, 0); // 22 Nov 2026 10:30 local

describe('parseDate', () => {
  test.each([
    ['2025-01-31', '2025-01-31'],
    ['2025-01-31 18:00', '2025-01-31 18:00:00'],
    ['2025-01-31 18:00:05', '2025-01-31 18:00:05'],
    ['2025-01-31T18:00:00', '2025-01-31 18:00:00'],
    ['2025-01-31T18:00:00Z', '2025-01-31T18:00:00Z'],
    ['2025-01-31T18:00:00+0100', '2025-01-31T18:00:00+01:00'],
    ['2025-01-31T18:00:00.123-05:00', '2025-01-31T18:00:00-05:00'],
    ['today', '2026-11-22'],
    ['tomorrow', '2026-11-23'],
    ['yesterday', '2026-11-21'],
    ['next week', '2026-11-29'],
    ['Next  Month', '2026-12-22'],
    ['+7d', '2026-11-29'],
    ['-2w', '2026-11-08'],
    ['+1m', '2026-12-22'],
  ])('%s -> %s', (input, expected) => {
    expect(parseDate(input, NOW)).toBe(expected);
  });

  // An instant, not a wall clock: the write reads it in the event's zone, a filter as UTC.
  test.each([
    ['now', 0],
    ['+3h', 3],
    ['-2h', -2],
  ])('%s is an instant with the offset of this machine', (input, hours) => {
    const parsed = parseDate(input as string, NOW)!;
    expect(hasOffset(parsed)).toBe(true);
    expect(parsed.slice(0, 10)).toBe('2026-11-22');
    expect(Date.parse(parsed)).toBe(NOW.getTime() + (hours as number) * 3_600_000);
  });

  test.each(['not-a-date', '2025-02-30', '2025-13-01', '31/12/2025', '2025-01-31 25:00', '1800-01-01', '', '12345', 'next monday'])('rejects %j', (input) => {
    expect(parseDate(input, NOW)).toBeUndefined();
  });

  test('hasOffset', () => {
    expect(hasOffset('2025-01-31T18:00:00Z')).toBe(true);
    expect(hasOffset('2025-01-31T18:00:00+01:00')).toBe(true);
    expect(hasOffset('2025-01-31 18:00:00')).toBe(false);
  });
});

const field = (type: Field['type'], extra: Partial<Field> = {}): Field => ({ name: 'x_y', type, description: '', ...extra });

describe('coerceValue', () => {
  test('ids: comma-separated whole numbers', () => {
    expect(coerceValue(field('ids'), '3, 4,5')).toEqual([3, 4, 5]);
    expect(() => coerceValue(field('ids'), '3,abc')).toThrow(/"abc" is not an ID/);
  });

  test('booleans accept the usual words', () => {
    expect(coerceValue(field('boolean'), 'yes')).toBe(true);
    expect(coerceValue(field('boolean'), false)).toBe(false);
    expect(coerceValue(field('boolstring'), true)).toBe('true');
    expect(() => coerceValue(field('boolean'), 'maybe')).toThrow(/not true or false/);
  });

  test('integers and positives', () => {
    expect(coerceValue(field('positive'), '12')).toBe(12);
    expect(() => coerceValue(field('positive'), '0')).toThrow(/at least 1/);
    expect(() => coerceValue(field('id'), '-3')).toThrow();
    expect(coerceValue(field('number'), '-73.5')).toBe(-73.5);
  });

  test('choices and lists', () => {
    expect(coerceValue(field('list', { choices: ['publish', 'draft'] }), 'publish,draft')).toEqual(['publish', 'draft']);
    expect(() => coerceValue(field('list', { choices: ['publish'] }), 'any')).toThrow(/not one of/);
    expect(() => coerceValue(field('string', { choices: ['asc', 'desc'] }), 'up')).toThrow(/not one of asc, desc/);
  });

  test('urls and text', () => {
    expect(coerceValue(field('url'), 'https://e.org/x')).toBe('https://e.org/x');
    expect(coerceValue(field('url'), '')).toBe('');
    expect(() => coerceValue(field('url'), 'javascript:alert(1)')).toThrow(/not an http/);
    expect(() => coerceValue(field('string'), '  ')).toThrow(/must not be empty/);
    expect(coerceValue(field('text'), '')).toBe('');
  });

  test('emails: an address, entities decoded, or empty to clear', () => {
    expect(coerceValue(field('email'), ' info@jazz.example.com ')).toBe('info@jazz.example.com');
    expect(coerceValue(field('email'), '&#105;nf&#111;&#64;j&#97;zz.example.com')).toBe('info@jazz.example.com');
    expect(coerceValue(field('email'), '')).toBe('');
    for (const bad of ['not-an-email', 'a b@example.org', 'a@b@example.org', 'someone@localhost']) {
      expect(() => coerceValue(field('email'), bad), bad).toThrow(/is not an email address/);
    }
  });

  test('the organizer email is checked as an email', () => {
    expect(resources.organizers.fields.find((f) => f.name === 'email')?.type).toBe('email');
  });

  test('dates carry the accepted forms in the hint', () => {
    try {
      coerceValue(field('date'), 'soon', '--start-date');
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).toBe('--start-date: "soon" is not a date');
      expect((err as { hint?: string }).hint).toMatch(/YYYY-MM-DD/);
    }
  });

  test('1970-01-01 is refused with the date that works', () => {
    try {
      coerceValue(field('date'), '1970-01-01', '--start-date');
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).toMatch(/refuses 1970-01-01/);
      expect((err as { hint?: string }).hint).toMatch(/1900-01-01/);
    }
    expect(coerceValue(field('date'), '1970-01-02')).toBe('1970-01-02');
  });

  test('terms accept IDs and slugs', () => {
    expect(coerceValue(field('terms'), 'music,12')).toEqual(['music', '12']);
    expect(() => coerceValue(field('terms'), 'a b')).toThrow();
  });
});
