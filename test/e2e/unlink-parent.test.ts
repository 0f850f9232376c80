/**
 * A category taken off its parent (issue 27, item 5): `categories update X --parent none`
 * and a site file's `parent: null` go by WordPress core's term route, the only one that
 * takes `parent: 0`; an event's venue cannot be removed by any route, and saying so is refused
 * with the reason, before anything is sent. The sandbox's store is read before and after.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cliOn, created, json, startTestSandbox, tempHome, writeFileIn, type Sandbox } from './helpers.js';
import type { TermRecord } from '../../src/sandbox/store/store.js';

type Json = Record<string, any>;

let home: ReturnType<typeof tempHome>;
const sites: Sandbox[] = [];
const on = (sandbox: Sandbox, args: string[]) => cliOn(sandbox, home, args);
/** A sandbox of its own, closed after the file's tests. */
async function site(): Promise<Sandbox> {
  const sandbox = await startTestSandbox();
  sites.push(sandbox);
  return sandbox;
}
const term = (sandbox: Sandbox, id: number) => structuredClone(sandbox.store.term(id) as TermRecord);

beforeAll(() => {
  home = tempHome();
});
afterAll(async () => {
  await Promise.all(sites.map((sandbox) => sandbox.close()));
  home?.cleanup();
});

describe('categories update --parent none', () => {
  test('takes the category off its parent by the core route and changes nothing else', async () => {
    const sandbox = await site();
    const music = await created(sandbox, 'categories', { name: 'Music' });
    const jazz = await created(sandbox, 'categories', { name: 'Jazz & Blues', description: 'Late sets', parent: music });
    const before = term(sandbox, jazz);
    const r = await on(sandbox, ['categories', 'update', 'jazz-blues', '--parent', 'none', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(json<Json>(r.stdout)).toMatchObject({ id: jazz, parent: 0 });
    expect(term(sandbox, jazz)).toEqual({ ...before, parent: 0 });
    expect(term(sandbox, music).parent).toBe(0);
    const listed = await on(sandbox, ['categories', 'list', '--no-hide-empty', '--json']);
    expect(json<Json[]>(listed.stdout).map((c) => [c.name, c.parent])).toEqual([
      ['Jazz &amp; Blues', 0],
      ['Music', 0],
    ]);
  });

  test('--dry-run shows the one core request; with other changes they go in it', async () => {
    const sandbox = await site();
    const music = await created(sandbox, 'categories', { name: 'Music' });
    const jazz = await created(sandbox, 'categories', { name: 'Jazz', parent: music });
    const dry = await on(sandbox, ['categories', 'update', String(jazz), '--parent', 'none', '--name', 'Jazz Club', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toBe(
      `POST ${sandbox.restRoot}/wp/v2/tribe_events_cat/${jazz}\nAuthorization: Basic ********\nContent-Type: application/json\n\n` +
        `${JSON.stringify({ name: 'Jazz Club', parent: 0 }, null, 2)}\n`,
    );
    expect(term(sandbox, jazz)).toMatchObject({ name: 'Jazz', parent: music });
    const r = await on(sandbox, ['categories', 'update', String(jazz), '--parent', 'none', '--name', 'Jazz Club']);
    expect(r.code, r.stderr).toBe(0);
    expect(term(sandbox, jazz)).toMatchObject({ name: 'Jazz Club', slug: 'jazz', parent: 0 });
  });

  test('--parent 0 is refused with the way to say it; --venue none is refused with the reason; nothing is sent', async () => {
    const sandbox = await site();
    const music = await created(sandbox, 'categories', { name: 'Music' });
    const jazz = await created(sandbox, 'categories', { name: 'Jazz', parent: music });
    const hall = await created(sandbox, 'venues', { venue: 'Hall' });
    const event = await created(sandbox, 'events', { title: 'Gig', start_date: '2027-05-01 20:00:00', end_date: '2027-05-01 22:00:00', venue: hall });
    const zero = await on(sandbox, ['categories', 'update', String(jazz), '--parent', '0']);
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain('to remove the parent, give none');
    const requests = sandbox.stats.requests;
    const venue = await on(sandbox, ['events', 'update', String(event), '--venue', 'none']);
    expect(venue.code).toBe(2);
    expect(venue.stderr.split('\n')[0]).toBe(
      "calendar: --venue none: an event's venue cannot be removed; no route of the site removes it (tribe/events/v1 " +
        'keeps the venue or answers 400, tec/v1 takes only venue IDs)',
    );
    expect(sandbox.stats.requests).toBe(requests);
    expect(term(sandbox, jazz).parent).toBe(music);
  });
});

describe('create with none', () => {
  test('--parent none and --venue none create the record with no link', async () => {
    const sandbox = await site();
    const r = await on(sandbox, ['categories', 'create', '--name', 'Top level', '--parent', 'none', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(json<Json>(r.stdout)).toMatchObject({ name: 'Top level', parent: 0 });
    const e = await on(sandbox, [
      'events',
      'create',
      '--title',
      'Nowhere',
      '--start-date',
      '2027-05-01 10:00',
      '--end-date',
      '2027-05-01 11:00',
      '--venue',
      'none',
      '--json',
    ]);
    expect(e.code, e.stderr).toBe(0);
    expect(json<Json>(e.stdout).venue).toEqual([]);
  });
});

describe('a site file says "no parent" with parent: null', () => {
  test('export --site writes it; diff and apply take the parent off a site that has one', async () => {
    const source = await site();
    await created(source, 'categories', { name: 'Music' });
    await created(source, 'categories', { name: 'Jazz' });
    const target = await site();
    const music = await created(target, 'categories', { name: 'Music' });
    const jazz = await created(target, 'categories', { name: 'Jazz', parent: music });
    const exported = await on(source, ['export', '--site', '--resources', 'categories']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toBe('categories:\n  jazz:\n    name: Jazz\n    parent: null\n  music:\n    name: Music\n    parent: null\n');
    const file = writeFileIn(home.home, 'no-parent.yaml', exported.stdout);
    const diff = await on(target, ['diff', file]);
    expect(diff.stdout).toContain('~ category jazz: parent "music" -> none\n');
    const applied = await on(target, ['apply', file, '--yes', '--debug']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(term(target, jazz).parent).toBe(0);
    expect(applied.stderr).toContain(`> POST ${target.restRoot}/wp/v2/tribe_events_cat/${jazz} `);
    expect((await on(target, ['diff', file, '--exit-code'])).code).toBe(0);
  });

  test('a new category with parent: null is created without one; venue: null is refused, naming the line', async () => {
    const target = await site();
    const file = writeFileIn(home.home, 'new.yaml', 'categories:\n  folk:\n    name: Folk\n    parent:\n');
    const applied = await on(target, ['apply', file, '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(json<Json>((await on(target, ['categories', 'get', 'folk', '--json'])).stdout).parent).toBe(0);
    const events = writeFileIn(
      home.home,
      'venue.yaml',
      'events:\n  gig:\n    title: Gig\n    start_date: 2027-05-01 20:00:00\n    end_date: 2027-05-01 22:00:00\n    venue: null\n',
    );
    const refused = await on(target, ['apply', events, '--yes']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${events}:6:12: event gig: venue: an event's venue cannot be removed; no route of the site removes it`);
    expect(target.store.postsOfType('event')).toEqual([]);
  });
});
