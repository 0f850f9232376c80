import { describe, expect, test } from 'vitest';
import { checkRecord } from '../../src/schema.js';
import { resources } from '../../src/resources.js';

describe('checkRecord', () => {
  test('names every missing required field on create', () => {
    const result = checkRecord(resources.events, { title: 'x' }, 'create');
    expect(result).toEqual({
      ok: false,
      problems: [
        { field: 'start_date', message: 'is required' },
        { field: 'end_date', message: 'is required' },
      ],
    });
  });

  test('nothing is required on update', () => {
    expect(checkRecord(resources.venues, { city: 'Lyon' }, 'update')).toEqual({ ok: true, record: { city: 'Lyon' } });
  });

  test('coerces values to what the server accepts', () => {
    const result = checkRecord(
      resources.events,
      { title: 'T', start_date: '2027-01-10 20:00', end_date: '2027-01-10T23:00:00', featured: 'yes', organizer: '3, 4', venue: '7', image: 27 },
      'create',
    );
    expect(result).toEqual({
      ok: true,
      record: { title: 'T', start_date: '2027-01-10 20:00:00', end_date: '2027-01-10 23:00:00', featured: true, organizer: [3, 4], venue: 7, image: '27' },
    });
  });

  test('venue show_map goes as a string, never a JSON boolean', () => {
    expect(checkRecord(resources.venues, { venue: 'A', show_map: true }, 'create')).toEqual({ ok: true, record: { venue: 'A', show_map: 'true' } });
  });

  test('rejects unknown fields and bad values with the field name', () => {
    const result = checkRecord(resources.events, { title: '', start_date: '31/12/2025', end_date: '2025-01-01', bogus: 1 }, 'create');
    expect(result.ok).toBe(false);
    const fields = !result.ok ? result.problems.map((p) => p.field).sort() : [];
    expect(fields).toEqual(['bogus', 'start_date', 'title']);
  });

  test('a record must be an object', () => {
    expect(checkRecord(resources.tags, [1, 2], 'create').ok).toBe(false);
  });
});
