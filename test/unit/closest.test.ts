import { describe, expect, test } from 'vitest';
import { closest } from '../../src/base/closest.js';

describe('closest', () => {
  test('a letter typed, dropped, doubled or two swapped finds the word meant', () => {
    const fields = ['title', 'start_date', 'end_date', 'description', 'venue', 'organizer'];
    expect(closest('tittle', fields)).toBe('title');
    expect(closest('titel', fields)).toBe('title');
    expect(closest('start_dat', fields)).toBe('start_date');
    expect(closest('descritpion', fields)).toBe('description');
    expect(closest('organiser', fields)).toBe('organizer');
  });

  test('case counts for nothing, and the candidate comes back as written', () => {
    expect(closest('ID', ['id', 'title'])).toBe('id');
    expect(closest('Titel', ['id', 'title'])).toBe('title');
    expect(closest('riverside hal', ['Riverside Hall'])).toBe('Riverside Hall');
  });

  test('nothing close enough: no guess', () => {
    expect(closest('price', ['title', 'cost'])).toBeUndefined();
    expect(closest('tag', ['tags', 'tax'])).toBe('tags');
    expect(closest('xy', ['ab'])).toBeUndefined();
    expect(closest('anything', [])).toBeUndefined();
  });
});
