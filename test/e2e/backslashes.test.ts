/**
 * Backslashes typed into a field are saved as typed. The plugin hands what it is sent for
 * events, venues and organizers to wp_insert_post and update_post_meta, which strip one
 * backslash of each pair (the real site stored `Back\slash` as `Backslash`); categories and
 * tags go through WordPress's own terms controller, which keeps them. The sandbox does the same.
 */
import { describe, expect, test } from 'vitest';
import { api, json, useSite, writeFileIn } from './helpers.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const site = useSite();
const cli = (...args: string[]) => site.cli(args);
type Json = Record<string, any>;

const TITLE = 'AC\\DC tribute \\ night \\\\ double';
const DESCRIPTION = '<p>Files in C:\\Temp\\new, a \\0 that is not NUL, a regex \\d+ and a trailing \\</p>';

async function created(args: string[]): Promise<Json> {
  const r = await cli(...args, '--json');
  expect(r.code, r.stderr).toBe(0);
  return json<Json>(r.stdout);
}

describe('backslashes are saved as typed', () => {
  test('an event: title, description and excerpt, kept by updates of another field', async () => {
    const event = await created([
      'events',
      'create',
      '--title',
      TITLE,
      '--description',
      DESCRIPTION,
      '--start-date',
      '2027-03-01 19:00',
      '--end-date',
      '2027-03-01 21:00',
      '--excerpt',
      'Short \\ excerpt',
    ]);
    expect(event.title).toBe(TITLE);
    expect(event.description).toBe(DESCRIPTION);
    // An update sends the record's fields back with the change: they must not lose a backslash each time.
    for (const cost of ['10', '12']) {
      const r = await cli('events', 'update', String(event.id), '--cost', cost, '--json');
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
    }
    const read = json<Json>((await cli('events', 'get', String(event.id), '--json')).stdout);
    expect([read.title, read.description]).toEqual([TITLE, DESCRIPTION]);
    expect(read.excerpt).toContain('Short \\ excerpt');
  });

  test('a venue and an organizer, with their details', async () => {
    const venue = await created(['venues', 'create', '--venue', 'Back\\Slash Hall', '--address', '1\\2 Main St', '--city', 'Q\\R']);
    expect([venue.venue, venue.address, venue.city]).toEqual(['Back\\Slash Hall', '1\\2 Main St', 'Q\\R']);
    const organizer = await created(['organizers', 'create', '--organizer', 'DJ \\o/', '--phone', '555\\1234']);
    expect([organizer.organizer, organizer.phone]).toEqual(['DJ \\o/', '555\\1234']);
    const updated = await created(['venues', 'update', String(venue.id), '--zip', '75\\001']);
    expect([updated.venue, updated.address, updated.zip]).toEqual(['Back\\Slash Hall', '1\\2 Main St', '75\\001']);
  });

  test('a category and a tag: not doubled, since their route keeps backslashes itself', async () => {
    const category = await created(['categories', 'create', '--name', 'Rock\\Roll']);
    expect(category.name).toBe('Rock\\Roll');
    const tag = await created(['tags', 'create', '--name', 'a\\b']);
    expect(tag.name).toBe('a\\b');
  });

  test('an import keeps them, and a second run of it finds nothing to change', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'calendar-backslash-'));
    try {
      const file = writeFileIn(dir, 'venues.ndjson', `${JSON.stringify({ venue: 'Slash\\Dot Club', city: 'C:\\City' })}\n`);
      const first = await cli('import', 'venues', file, '--upsert-by', 'name', '--yes');
      expect(first.code, first.stderr).toBe(0);
      const found = (await api<Json>(site.sandbox, 'GET', 'venues?search=Dot&per_page=50')).body.venues.filter((v: Json) => v.venue === 'Slash\\Dot Club');
      expect(found).toHaveLength(1);
      expect(found[0].city).toBe('C:\\City');
      const again = await cli('import', 'venues', file, '--upsert-by', 'name', '--yes');
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toContain('0 created, 0 updated, 1 unchanged, 0 failed');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('--dry-run shows the values as they will be saved', async () => {
    const r = await cli('venues', 'create', '--venue', 'Dry\\Run Hall', '--dry-run');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('"venue": "Dry\\\\Run Hall"');
  });

  test('api sends the body as given: the site then strips a single backslash', async () => {
    const r = await cli('api', 'POST', '/organizers', '-f', 'organizer=Raw\\Name', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(json<Json>(r.stdout).organizer).toBe('RawName');
  });
});
