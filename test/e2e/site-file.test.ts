import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, cliOn, PASSWORD, runCli, startTestSandbox, tempHome, USER, writeFileIn, type Sandbox } from './helpers.js';

let source: Sandbox;
let home: ReturnType<typeof tempHome>;

const on = (sandbox: Sandbox, args: string[], stdin?: string) => cliOn(sandbox, home, args, stdin);
const siteFile = (name: string, text: string) => writeFileIn(home.home, name, text);

beforeAll(async () => {
  source = await startTestSandbox();
  home = tempHome();
  const venue = await api<{ id: number }>(source, 'POST', 'venues', {
    venue: 'Blue Note Hall',
    city: 'Nantes',
    description: 'A hall\nwith two lines',
    show_map: 'false',
  });
  const organizer = await api<{ id: number }>(source, 'POST', 'organizers', { organizer: 'Org One', email: 'o@example.com' });
  const music = await api<{ id: number }>(source, 'POST', 'categories', { name: 'Music', description: 'Concerts' });
  await api(source, 'POST', 'categories', { name: 'Theatre' });
  await api(source, 'POST', 'categories', { name: 'Jazz', parent: music.body.id });
  const outdoors = await api<{ id: number }>(source, 'POST', 'tags', { name: 'Outdoors' });
  await api(source, 'POST', 'tags', { name: 'Indoors' });
  await api(source, 'POST', 'events', {
    title: 'Summer Fest',
    start_date: '2027-07-10 20:00:00',
    end_date: '2027-07-10 23:00:00',
    venue: venue.body.id,
    organizer: [organizer.body.id],
    categories: [music.body.id],
    tags: [outdoors.body.id],
    cost: '15',
    featured: true,
    description: '<p>Bring a hat</p>',
  });
  await api(source, 'POST', 'events', { title: 'Long ago', start_date: '1999-05-01 10:00:00', end_date: '1999-05-01 12:00:00', venue: venue.body.id });
  await api(source, 'POST', 'events', { title: 'Still a draft', start_date: '2028-03-01 09:00:00', end_date: '2028-03-01 10:00:00', status: 'draft' });
  await api(source, 'POST', 'events', { title: 'Unlisted', start_date: '2028-04-01 09:00:00', end_date: '2028-04-01 10:00:00', hide_from_listings: true });
  await api(source, 'POST', 'events', { title: 'Staff only', start_date: '2028-05-01 09:00:00', end_date: '2028-05-01 10:00:00', status: 'private' });
  const trashed = await api<{ id: number }>(source, 'POST', 'events', { title: 'Binned', start_date: '2028-06-01 09:00:00', end_date: '2028-06-01 10:00:00' });
  await api(source, 'DELETE', `events/${trashed.body.id}`);
});

afterAll(async () => {
  await source?.close();
  home?.cleanup();
});

describe('export --site', () => {
  test('every resource in one YAML document: records by slug, links by slug, drafts, past, hidden and private events, no trash', async () => {
    const r = await on(source, ['export', '--site']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n').filter((l) => /^\S/.test(l))).toEqual(['categories:', 'tags:', 'venues:', 'organizers:', 'events:']);
    expect(r.stdout).toContain('  jazz:\n    name: Jazz\n    parent: music\n');
    // The description as typed, not as the site displays it (in paragraphs, with a <br />).
    expect(r.stdout).toMatch(/ {2}blue-note-hall:\n {4}venue: Blue Note Hall\n {4}description: \|-\n {6}A hall\n {6}with two lines\n/);
    expect(r.stdout).toMatch(/summer-fest:[\s\S]*tags:\n\s+- outdoors\n\s+venue: blue-note-hall\n\s+organizer:\n\s+- org-one/);
    for (const slug of ['long-ago:', 'still-a-draft:', 'unlisted:', 'staff-only:']) expect(r.stdout).toContain(`  ${slug}\n`);
    expect(r.stdout).not.toContain('binned');
    expect(r.stdout).not.toMatch(/^\s+(id|author|date_utc|slug):/m);
  });

  test('two exports of an unchanged site are byte-identical; JSON holds the same data; --resources narrows it', async () => {
    const [first, second, json] = await Promise.all([
      on(source, ['export', '--site']),
      on(source, ['export', '--site']),
      on(source, ['export', '--site', '--format', 'json']),
    ]);
    expect(second.stdout).toBe(first.stdout);
    const data = JSON.parse(json.stdout) as Record<string, Record<string, Record<string, unknown>>>;
    expect(Object.keys(data)).toEqual(['categories', 'tags', 'venues', 'organizers', 'events']);
    expect(data.events['summer-fest']).toMatchObject({ cost: '15', featured: true, categories: ['music'], venue: 'blue-note-hall' });
    const narrow = await on(source, ['export', '--site', '--resources', 'venues,tags', '--json']);
    expect(Object.keys(JSON.parse(narrow.stdout) as object)).toEqual(['tags', 'venues']);
    const bad = await on(source, ['export', '--site', '--resources', 'venue']);
    expect(bad.code).toBe(2);
    const both = await on(source, ['export', 'venues', '--site']);
    expect(both.code).toBe(2);
  });
});

describe('apply and diff', () => {
  // Each test applies the source's export to a target of its own.
  const targets: Sandbox[] = [];
  afterAll(() => Promise.all(targets.map((sandbox) => sandbox.close())));
  let exported: string;
  beforeAll(async () => {
    exported = (await on(source, ['export', '--site'])).stdout;
  });
  const emptyTarget = async () => {
    const sandbox = await startTestSandbox();
    targets.push(sandbox);
    return sandbox;
  };
  const appliedTarget = async () => {
    const sandbox = await emptyTarget();
    const applied = await on(sandbox, ['apply', '-'], exported);
    expect(applied.code, applied.stderr).toBe(0);
    return sandbox;
  };
  const editedFile = () =>
    siteFile(
      'edited.yaml',
      exported
        .replace('cost: "15"', 'cost: "20"')
        .replace(/(summer-fest:[\s\S]*?tags:\n\s+- )outdoors/, '$1indoors')
        .replace('venues:\n', 'venues:\n  green-room:\n    venue: Green Room\n    city: Lyon\n')
        .replace(/ {2}long-ago:\n( {4}.*\n)+/, ''),
    );

  test('apply to an empty site, then diff shows nothing and its export is byte-identical', async () => {
    const target = await emptyTarget();
    const file = siteFile('calendar.yaml', exported);
    const plan = await on(target, ['apply', file, '--dry-run']);
    expect(plan.stdout).toMatch(/^\+ category music: name "Music"/m);
    expect(plan.stdout).toContain('12 to create, 0 to change, 0 to remove, 0 unchanged');
    expect(target.stats.writes).toBe(0);
    const applied = await on(target, ['apply', file]);
    expect(applied.code, applied.stderr).toBe(0);
    const diff = await on(target, ['diff', file, '--exit-code']);
    expect(diff.code, diff.stdout).toBe(0);
    expect(diff.stdout).toBe('no changes, 12 unchanged\n');
    expect((await on(target, ['export', '--site'])).stdout).toBe(exported);
  });

  test('a second apply sends zero writes and says no changes', async () => {
    const target = await appliedTarget();
    const before = target.stats.writes;
    expect(before).toBeGreaterThanOrEqual(12);
    const again = await on(target, ['apply', '-'], exported);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('no changes');
    expect(target.stats.writes).toBe(before);
  });

  test('an edited file: the plan shows exactly the edits, apply makes them, diff is empty again', async () => {
    const target = await appliedTarget();
    const file = editedFile();
    const plan = await on(target, ['diff', file, '--prune', '--exit-code']);
    expect(plan.code).toBe(7);
    expect(plan.stdout).toBe(
      [
        '+ venue green-room: venue "Green Room", city "Lyon"',
        '',
        '- event long-ago: to the trash',
        '~ event summer-fest: cost "15" -> "20", tags +indoors -outdoors',
        '',
        '1 to create, 1 to change, 1 to remove, 10 unchanged',
        '',
      ].join('\n'),
    );
    const json = JSON.parse((await on(target, ['diff', file, '--prune', '--format', 'json'])).stdout) as { summary: unknown };
    expect(json.summary).toEqual({ create: 1, change: 1, remove: 1, unchanged: 10 });
    const refused = await on(target, ['apply', file, '--prune']);
    expect(refused.code).toBe(2);
    const applied = await on(target, ['apply', file, '--prune', '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    expect((await on(target, ['diff', file, '--prune', '--exit-code'])).code).toBe(0);
    const events = await api<{ events: Array<{ title: string }> }>(target, 'GET', 'events?status=trash&start_date=1900-01-01');
    expect(events.body.events.map((e) => e.title)).toEqual(['Long ago']);
  });

  test('without --prune, records only the site has are left alone and counted', async () => {
    const target = await appliedTarget();
    const file = siteFile('tags-only.yaml', 'tags:\n  outdoors:\n    name: Outdoors\n');
    const r = await on(target, ['diff', file]);
    expect(r.stdout).toMatch(/^no changes, 1 unchanged \(1 only on the site; --prune removes them\)\n$/);
    const pruned = await on(target, ['diff', file, '--prune']);
    expect(pruned.stdout).toContain('- tag indoors: deleted for good');
  });

  test('a venue the site holds under another slug is matched by its name, not created again', async () => {
    const target = await appliedTarget();
    const file = siteFile('renamed.yaml', 'venues:\n  the-blue-note:\n    venue: Blue Note Hall\n    city: Paris\n');
    const r = await on(target, ['diff', file]);
    expect(r.stdout).toContain('~ venue the-blue-note: matched by name (blue-note-hall on the site), city "Nantes" -> "Paris"');
  });

  test('diff --from --to compares two profiles read-only', async () => {
    const target = await appliedTarget();
    const edited = await on(target, ['apply', editedFile(), '--prune', '--yes']);
    expect(edited.code, edited.stderr).toBe(0);
    mkdirSync(join(home.env.XDG_CONFIG_HOME, 'calendar'), { recursive: true });
    const profile = (sandbox: Sandbox) => ({ baseUrl: sandbox.restRoot, namespace: 'tribe/events/v1', username: USER, appPasswordEnv: 'SITE_PASSWORD' });
    writeFileSync(
      join(home.env.XDG_CONFIG_HOME, 'calendar', 'config.json'),
      JSON.stringify({ profiles: { staging: profile(source), production: profile(target) } }),
      { mode: 0o600 },
    );
    const writes = [source.stats.writes, target.stats.writes];
    const r = await runCli(['diff', '--from', 'staging', '--to', 'production', '--prune'], { env: { ...home.env, SITE_PASSWORD: PASSWORD } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^\+ event long-ago: title "/m);
    expect(r.stdout).toContain('- venue green-room: to the trash\n');
    expect(r.stdout).toContain('~ event summer-fest: cost "20" -> "15", tags +outdoors -indoors\n');
    expect([source.stats.writes, target.stats.writes]).toEqual(writes);
  });

  test('a record that cannot be applied is reported, the rest are applied, exit 6', async () => {
    const target = await appliedTarget();
    const file = siteFile('conflict.yaml', 'venues:\n  blue-note-hall:\n    venue: Blue Note Club\n  fresh-hall:\n    venue: Blue Note Hall\n');
    const r = await on(target, ['apply', file]);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain("calendar: venue fresh-hall: the site's venue blue-note-hall has this name; the server would overwrite it on create");
    expect(r.stderr).toContain('1 of 2 changes failed: venue fresh-hall');
    const venues = await api<{ venues: Array<{ venue: string }> }>(target, 'GET', 'venues?per_page=50');
    expect(venues.body.venues.map((v) => v.venue).sort()).toEqual(['Blue Note Club']);
  });
});
