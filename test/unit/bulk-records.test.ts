import { describe, expect, test } from 'vitest';
import { resources } from '../../src/spec/resources.js';
import { prepareRecord, withLinks } from '../../src/core/bulk/prepare.js';
import { fieldHash } from '../../src/core/bulk/upsert-index.js';
import { runPool } from '../../src/core/batch/pool.js';
import { exportShape } from '../../src/core/records/writable.js';

describe('prepareRecord', () => {
  test('event links by ID, slug or name are set aside; the rest is checked', () => {
    const result = prepareRecord(resources.events, {
      title: 'Jazz',
      start_date: '2027-01-10 20:00',
      end_date: '2027-01-10 23:00',
      venue: 'the-hall',
      organizer: ['org-one', 7],
      categories: 'music,12',
      featured: 'true',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.record.body).toEqual({ title: 'Jazz', start_date: '2027-01-10 20:00:00', end_date: '2027-01-10 23:00:00', featured: true });
    expect(result.record.links).toEqual([
      { field: 'categories', relation: 'categories', many: true, refs: ['music', 12] },
      { field: 'venue', relation: 'venues', many: false, refs: ['the-hall'] },
      { field: 'organizer', relation: 'organizers', many: true, refs: ['org-one', 7] },
    ]);
    const ids: Record<string, number[]> = { categories: [3, 12], venue: [5], organizer: [8, 7] };
    expect(withLinks(result.record, (l) => ids[l.field])).toMatchObject({ venue: 5, organizer: [8, 7], categories: [3, 12] });
  });

  test('a list cell splits at commas as a flag does: \\, is a comma inside a name', () => {
    const result = prepareRecord(resources.events, {
      title: 'Jazz',
      start_date: '2027-01-10 20:00',
      end_date: '2027-01-10 23:00',
      categories: 'Rock\\, Pop, Jazz',
    });
    expect(result.ok && result.record.links).toEqual([{ field: 'categories', relation: 'categories', many: true, refs: ['Rock, Pop', 'Jazz'] }]);
  });

  test('a venue slug is a match key, not a field sent', () => {
    const result = prepareRecord(resources.venues, { venue: 'Hall', slug: 'hall', city: 'Nantes', id: '12' });
    expect(result.ok && result.record).toEqual({ body: { venue: 'Hall', city: 'Nantes' }, links: [], slug: 'hall', id: 12, name: 'Hall' });
  });

  test('problems name the field', () => {
    const missing = prepareRecord(resources.venues, { city: 'Nantes' });
    expect(!missing.ok && missing.problems[0]).toEqual({ field: 'venue', message: 'is required' });
    const unknown = prepareRecord(resources.organizers, { organizer: 'O', colour: 'red' });
    expect(!unknown.ok && unknown.problems[0].field).toBe('colour');
    const badLink = prepareRecord(resources.events, { title: 'T', start_date: '2027-01-01', end_date: '2027-01-01', venue: ['a', 'b'] });
    expect(!badLink.ok && badLink.problems[0]).toMatchObject({ field: 'venue' });
    const badDate = prepareRecord(resources.events, { title: 'T', start_date: 'soon', end_date: '2027-01-01' });
    expect(!badDate.ok && badDate.problems[0].field).toBe('start_date');
    expect(prepareRecord(resources.tags, 'text').ok).toBe(false);
  });

  test('an end before the start is refused before sending', () => {
    const result = prepareRecord(resources.events, { title: 'T', start_date: '2027-01-02 10:00', end_date: '2027-01-01 10:00' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems[0].message).toMatch(/before start_date/);
  });

  test('CSV cells are text: booleans and ID lists from text', () => {
    const result = prepareRecord(resources.categories, { name: 'Jazz', parent: 'music' });
    expect(result.ok && result.record.links).toEqual([{ field: 'parent', relation: 'categories', many: false, refs: ['music'] }]);
    const venue = prepareRecord(resources.venues, { venue: 'V', show_map: 'false' });
    expect(venue.ok && venue.record.body.show_map).toBe('false');
  });
});

describe('field hashes of the upsert index', () => {
  test('absent, null, empty text and empty list are the same; markup and entities do not count', () => {
    expect(fieldHash('x', undefined)).toBe(fieldHash('x', ''));
    expect(fieldHash('x', null)).toBe(fieldHash('x', []));
    expect(fieldHash('x', '<p>Rock &amp; Roll</p>')).toBe(fieldHash('x', 'Rock & Roll'));
    expect(fieldHash('x', 'a')).not.toBe(fieldHash('x', 'b'));
  });

  test('ID lists compare in any order; types count', () => {
    expect(fieldHash('x', [3, 1, 2])).toBe(fieldHash('x', [1, 2, 3]));
    expect(fieldHash('x', true)).toBe(fieldHash('x', 'true'));
    expect(fieldHash('x', 1)).not.toBe(fieldHash('x', 2));
  });
});

describe('export shape', () => {
  test('a venue keeps its slug as the match key, right after the name', () => {
    const shape = exportShape(resources.venues, { id: 4, venue: 'Hall', slug: 'hall', city: 'Nantes', show_map: true, url: 'x' });
    expect(Object.keys(shape).slice(0, 2)).toEqual(['venue', 'slug']);
    expect(shape).toMatchObject({ venue: 'Hall', slug: 'hall', city: 'Nantes', show_map: 'true' });
    expect(shape.id).toBeUndefined();
  });

  test('a category parent becomes a slug', () => {
    const shape = exportShape(resources.categories, { id: 9, name: 'Jazz', slug: 'jazz', parent: 3 }, new Map([[3, 'music']]));
    expect(shape).toEqual({ name: 'Jazz', slug: 'jazz', parent: 'music' });
  });
});

describe('runPool', () => {
  async function* numbers(n: number, pulled: number[]) {
    for (let i = 0; i < n; i++) {
      pulled.push(i);
      yield i;
    }
  }

  test('never more than `concurrency` at once, and pulls only when a slot is free', async () => {
    let active = 0;
    let peak = 0;
    const pulled: number[] = [];
    const done: number[] = [];
    await runPool(numbers(20, pulled), 3, async (i) => {
      active++;
      peak = Math.max(peak, active);
      expect(pulled.length).toBeLessThanOrEqual(done.length + 3);
      await new Promise((r) => setTimeout(r, 2));
      done.push(i);
      active--;
    });
    expect(peak).toBe(3);
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  test('stops pulling when asked to', async () => {
    const pulled: number[] = [];
    let stop = false;
    await runPool(
      numbers(100, pulled),
      2,
      async (i) => {
        if (i === 5) stop = true;
      },
      () => stop,
    );
    expect(pulled.length).toBeLessThan(10);
  });

  test('a worker error is thrown after the lanes stop', async () => {
    await expect(
      runPool(numbers(10, []), 2, async (i) => {
        if (i === 3) throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
  });
});
