/**
 * Text meant for people shows characters, not the HTML entities the server writes names
 * with (`&#038;`, `&#8220;`, `&amp;` in term names): warnings, messages, CSV and site files.
 * JSON output shows records' own names and titles as typed, and the server's text with --rendered.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { created, json, useSite } from './helpers.js';

type Json = Record<string, any>;

const site = useSite();
const cli = (...args: string[]) => site.cli(args);
const VENUE = 'The “Blue Note” & Friends';
const CATEGORY = 'Classical & Opera';
const ENTITY = /&(#\d+|#x[0-9a-f]+|[a-z]+);/i;
let venue: number;
let first: number;

beforeAll(async () => {
  venue = await created(site.sandbox, 'venues', { venue: VENUE });
  await created(site.sandbox, 'categories', { name: CATEGORY });
  first = await created(site.sandbox, 'events', { title: 'Set “One” & Co', venue, start_date: '2027-04-12 20:00:00', end_date: '2027-04-12 22:00:00' });
});

describe('entities in text for people', () => {
  test('the server writes these names with entities (what the tests below rely on)', async () => {
    const r = await cli('events', 'get', String(first), '--json', '--rendered');
    expect(json<Json>(r.stdout).venue.venue).toMatch(ENTITY);
    expect(json<Json>(r.stdout).title).toMatch(ENTITY);
    const category = await cli('categories', 'list', '--no-hide-empty', '--json');
    expect(json<Json[]>(category.stdout).find((c) => c.slug === 'classical-opera')?.name).toBe('Classical &amp; Opera');
  });

  test('a clash warning names the venue and the event in characters', async () => {
    const r = await cli(
      'events',
      'create',
      '--title',
      'Set Two',
      '--venue',
      String(venue),
      '--start-date',
      '2027-04-12 21:00',
      '--end-date',
      '2027-04-12 23:00',
      '--format',
      'ids',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`clashes with "Set “One” & Co" (#${first}) at ${VENUE}`);
    expect(r.stderr).not.toMatch(ENTITY);
  });

  test('CSV of lists and exports holds characters; descriptions keep their HTML', async () => {
    const list = await cli('events', 'list', '--start-date', '2027-04-01', '--format', 'csv', '--fields', 'id,title,venue.venue');
    expect(list.stdout).toContain(`${first},Set “One” & Co,${VENUE}`);
    const categories = await cli('categories', 'list', '--no-hide-empty', '--format', 'csv');
    expect(categories.stdout).toContain(CATEGORY);
    expect(categories.stdout).not.toMatch(ENTITY);
    const exported = await cli('export', 'venues', '--format', 'csv');
    expect(exported.stdout).toContain(VENUE);
    expect(exported.stdout).not.toMatch(ENTITY);
    const html = await created(site.sandbox, 'events', {
      title: 'Markup',
      description: '<p>1 &lt; 2</p>',
      start_date: '2027-04-20 20:00:00',
      end_date: '2027-04-20 22:00:00',
    });
    const described = await cli('events', 'list', '--start-date', '2027-04-20', '--format', 'csv', '--fields', 'id,description');
    expect(described.stdout).toContain(`${html},<p>1 &lt; 2</p>`);
  });

  test('a site file holds the names in characters, and applies back as unchanged', async () => {
    const r = await cli('export', '--site', '--format', 'yaml');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`venue: ${VENUE}`);
    expect(r.stdout).toContain(`name: ${CATEGORY}`);
    const again = await site.cli(['apply', '-', '--dry-run'], { stdin: r.stdout });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('no changes');
  });

  test('delete and restore messages name the record in characters', async () => {
    const own = await created(site.sandbox, 'venues', { venue: 'Rock & Roll Hall' });
    const deleted = await cli('venues', 'delete', String(own), '--yes');
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stderr).toContain(`Moved venue ${own} (Rock & Roll Hall) to the trash.`);
    const restored = await cli('venues', 'restore', String(own));
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stderr).toContain(`Restored venue ${own} (Rock & Roll Hall) as publish.`);
  });

  test('JSON output shows the name as typed; --rendered keeps the server text', async () => {
    const typed = await cli('venues', 'get', String(venue), '--json');
    expect(json<Json>(typed.stdout).venue).toBe(VENUE);
    const rendered = await cli('venues', 'get', String(venue), '--json', '--rendered');
    expect(json<Json>(rendered.stdout).venue).toMatch(ENTITY);
  });
});
