import { describe, expect, test } from 'vitest';
import { checkRecord } from '../../src/core/schema.js';
import { resources } from '../../src/spec/resources.js';

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

  test('records with many different sets of fields are each checked in full, past the schemas kept by key set', () => {
    const optional = ['description', 'address', 'city', 'country', 'zip', 'phone', 'website'];
    for (let n = 0; n < 2 ** optional.length; n += 1) {
      const record: Record<string, unknown> = { venue: `V${n}` };
      optional.forEach((field, i) => {
        if (n & (1 << i)) record[field] = field === 'website' ? 'https://example.org' : `${field} ${n}`;
      });
      expect(checkRecord(resources.venues, record, 'create')).toEqual({ ok: true, record });
      expect(checkRecord(resources.venues, { ...record, venue: undefined }, 'create')).toEqual({
        ok: false,
        problems: [{ field: 'venue', message: 'is required' }],
      });
      const unknown = checkRecord(resources.venues, { ...record, town: 'x' }, 'create');
      expect(unknown.ok === false && unknown.problems.map((p) => p.field)).toEqual(['town']);
    }
  });

  test('the record comes back with its fields in the order of the resource table, whatever order it gave them in', () => {
    const result = checkRecord(resources.venues, { city: 'Lyon', venue: 'A', address: '1 rue' }, 'create');
    expect(result.ok && Object.keys(result.record)).toEqual(['venue', 'address', 'city']);
  });
});
