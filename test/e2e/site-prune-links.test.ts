/**
 * apply --prune never removes a record that something kept still links to: the file's own
 * records (an event naming a venue, a tag, a category; a child category its parent) and the
 * site's records that stay, even of a resource the file does not manage.
 */
import { beforeAll, expect, test } from 'vitest';
import { created, useSite, writeFileIn } from './helpers.js';

const site = useSite();
let exported: string;

beforeAll(async () => {
  const music = await created(site.sandbox, 'categories', { name: 'Music' });
  await created(site.sandbox, 'categories', { name: 'Jazz', parent: music });
  const outdoors = await created(site.sandbox, 'tags', { name: 'Outdoors' });
  const hall = await created(site.sandbox, 'venues', { venue: 'River Hall' });
  await created(site.sandbox, 'events', {
    title: 'River concert',
    start_date: '2027-05-01 20:00:00',
    end_date: '2027-05-01 22:00:00',
    venue: hall,
    categories: [music],
    tags: [outdoors],
  });
  const r = await site.cli(['export', '--site']);
  expect(r.code, r.stderr).toBe(0);
  exported = r.stdout;
});

/** The exported file without the records of these slugs. */
function without(...slugs: string[]): string {
  const out: string[] = [];
  let skipping = false;
  for (const line of exported.split('\n')) {
    if (/^ {2}\S/.test(line)) skipping = slugs.includes(line.trim().replace(/:$/, ''));
    else if (!/^ {4}/.test(line)) skipping = false;
    if (!skipping) out.push(line);
  }
  return out.join('\n');
}

test('a plan whose removals would leave links dangling is refused before anything is sent, naming each link', async () => {
  const path = writeFileIn(site.home.home, 'pruned.yaml', without('river-hall', 'music', 'outdoors'));
  const { writes } = site.sandbox.stats;
  const r = await site.cli(['apply', path, '--prune', '--yes']);
  expect(r.code).toBe(2);
  expect(r.stderr).toContain('--prune would remove records that are still linked (4 links)');
  expect(r.stderr).toContain('category jazz (in the file): parent: category music is to be removed');
  expect(r.stderr).toContain('event river-concert (in the file): categories: category music is to be removed');
  expect(r.stderr).toContain('event river-concert (in the file): tags: tag outdoors is to be removed');
  expect(r.stderr).toContain('event river-concert (in the file): venue: venue river-hall is to be removed');
  expect(r.stderr).toContain('Nothing was sent.');
  expect(site.sandbox.stats.writes).toBe(writes);
  const dry = await site.cli(['apply', path, '--prune', '--dry-run']);
  expect(dry.code).toBe(2);
  const diff = await site.cli(['diff', path, '--prune']);
  expect(diff.code, diff.stderr).toBe(0);
  expect(diff.stderr).toContain('apply --prune would refuse this plan: event river-concert (in the file): venue: venue river-hall is to be removed');
});

test("a file that does not manage events still keeps the site's events' venues", async () => {
  // The file manages venues and lists none: with --prune, every venue of the site would go.
  const path = writeFileIn(site.home.home, 'no-venues.yaml', 'venues:\n');
  const { writes } = site.sandbox.stats;
  const r = await site.cli(['apply', path, '--prune', '--yes']);
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr).toContain('event river-concert (on the site): venue: venue river-hall is to be removed');
  expect(site.sandbox.stats.writes).toBe(writes);
});

test('a removal nothing links to goes ahead', async () => {
  await created(site.sandbox, 'venues', { venue: 'Unused Room' });
  const path = writeFileIn(site.home.home, 'whole.yaml', exported);
  const r = await site.cli(['apply', path, '--prune', '--yes']);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).toContain('- venue unused-room: to the trash');
});
