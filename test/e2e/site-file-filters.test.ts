/**
 * export --site with the events list filters: the events narrowed, everything they link to
 * whole, the filter written into the file; and --prune on such a file removes only the
 * events the filter selects on the site, never the others.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { api, cliOn, startTestSandbox, tempHome, writeFileIn, type Sandbox } from './helpers.js';

let source: Sandbox;
let home: ReturnType<typeof tempHome>;

const on = (sandbox: Sandbox, args: string[], stdin?: string) => cliOn(sandbox, home, args, stdin);
const siteFile = (name: string, text: string) => writeFileIn(home.home, name, text);
const eventTitles = async (sandbox: Sandbox, status = 'publish,draft') =>
  (await api<{ events: Array<{ title: string }> }>(sandbox, 'GET', `events?status=${status}&start_date=1900-01-01&per_page=50`)).body.events
    .map((e) => e.title)
    .sort();

const event = (sandbox: Sandbox, title: string, day: string, extra: Record<string, unknown>) =>
  api(sandbox, 'POST', 'events', { title, start_date: `${day} 20:00:00`, end_date: `${day} 22:00:00`, ...extra });

beforeAll(async () => {
  source = await startTestSandbox();
  home = tempHome();
  const hall = await api<{ id: number }>(source, 'POST', 'venues', { venue: 'Salle Pleyel', city: 'Paris' });
  const music = await api<{ id: number }>(source, 'POST', 'categories', { name: 'Musique' });
  await api(source, 'POST', 'categories', { name: 'Théâtre' });
  await event(source, 'Concert d’été', '2027-07-01', { venue: hall.body.id, categories: [music.body.id] });
  await event(source, 'Récital', '2027-08-01', { venue: hall.body.id, categories: [music.body.id] });
  await event(source, 'Le Misanthrope', '2027-09-01', { venue: hall.body.id });
});

const targets: Sandbox[] = [];
afterAll(async () => {
  await Promise.all([source?.close(), ...targets.map((sandbox) => sandbox.close())]);
  home?.cleanup();
});

/** A target of the test's own: a copy of the source, plus a play the filter never selects and a concert the source does not have. */
async function copiedTarget(): Promise<Sandbox> {
  const target = await startTestSandbox();
  targets.push(target);
  const copied = await on(target, ['apply', '-'], (await on(source, ['export', '--site'])).stdout);
  expect(copied.code, copied.stderr).toBe(0);
  const targetMusic = (await api<{ categories: Array<{ id: number; slug: string }> }>(target, 'GET', 'categories?hide_empty=false')).body.categories.find(
    (c) => c.slug === 'musique',
  )!;
  await event(target, 'Tartuffe', '2027-09-02', {});
  await event(target, 'Vieux concert', '2027-06-01', { categories: [targetMusic.id] });
  return target;
}

describe('export --site with list filters', () => {
  const FILTER = ['--categories', 'Musique', '--start-date', '2027-01-01'];
  let filtered: string;
  beforeAll(async () => {
    filtered = (await on(source, ['export', '--site', ...FILTER])).stdout;
  });

  test('narrows the events only; the filter is written into the file, linked records by slug', async () => {
    const r = await on(source, ['export', '--site', ...FILTER]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(filtered);
    expect(filtered.startsWith('filter:\n  events:\n    start_date: 2027-01-01\n    categories:\n      - musique\ncategories:\n')).toBe(true);
    expect(filtered).toMatch(/^ {2}concert-d\S*ete:\n {4}title: Concert d’été\n/m);
    expect(filtered).toContain('  recital:\n');
    expect(filtered).not.toContain('le-misanthrope');
    // Venues and terms stay whole: the play's category is there though none of its events is.
    expect(filtered).toContain('  theatre:\n    name: Théâtre\n');
    expect(filtered).toContain('  salle-pleyel:\n');
    expect(r.stderr).toContain('events hidden from listings are left out');
    const eventsOnly = await on(source, ['export', '--site', '--resources', 'events', '--categories', 'Musique', '--json']);
    const data = JSON.parse(eventsOnly.stdout) as { filter: { events: { categories: string[] } }; events: Record<string, unknown> };
    expect(Object.keys(data)).toEqual(['filter', 'events']);
    expect(data.filter.events.categories).toEqual(['musique']);
    expect(Object.keys(data.events)).toHaveLength(2);
  });

  test('filters that cannot apply are refused before anything is read', async () => {
    const before = source.stats.requests;
    const noEvents = await on(source, ['export', '--site', '--resources', 'venues', '--categories', 'musique']);
    expect(noEvents.code).toBe(2);
    expect(noEvents.stderr).toContain('calendar: --categories narrows the events, and --resources venues leaves them out');
    const trash = await on(source, ['export', '--site', '--status', 'trash']);
    expect(trash.code).toBe(2);
    expect(trash.stderr).toContain('a site file leaves the trash out');
    expect(source.stats.requests).toBe(before);
  });

  test('--prune removes only the events the filter selects that the file lacks; the others are left alone and counted', async () => {
    const target = await copiedTarget();
    const file = siteFile('musique.yaml', filtered);
    const plan = await on(target, ['diff', file, '--prune']);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('- event vieux-concert: to the trash\n');
    expect(plan.stdout).not.toContain('le-misanthrope');
    expect(plan.stdout).not.toContain('tartuffe');
    expect(plan.stdout).toMatch(
      new RegExp(
        String.raw`0 to create, 0 to change, 1 to remove, \d+ unchanged \(2 events only on the site` +
          String.raw` outside the file's filter \(start_date 2027-01-01, categories musique\), left alone\)\n$`,
      ),
    );
    expect(plan.stderr).toContain(
      'the file holds only the events its filter selects (start_date 2027-01-01, categories musique): --prune removes only those of them it lacks',
    );
    const applied = await on(target, ['apply', file, '--prune', '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(await eventTitles(target)).toEqual(['Concert d’été', 'Le Misanthrope', 'Récital', 'Tartuffe']);
    const again = await on(target, ['apply', file, '--prune', '--yes']);
    expect(again.stdout).toMatch(/^no changes/);
  });

  test('without --prune the note says which events --prune would spare', async () => {
    const target = await copiedTarget();
    const r = await on(target, ['diff', siteFile('musique.yaml', filtered)]);
    expect(r.stdout).toMatch(/only on the site; --prune removes them, events only where the file's filter selects them\)\n$/);
  });

  test('a filter naming a category the site lacks selects nothing there: no event is removed', async () => {
    const target = await copiedTarget();
    const file = siteFile('opera.yaml', filtered.replace('      - musique\n', '      - opera\n'));
    const r = await on(target, ['diff', file, '--prune', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const plan = JSON.parse(r.stdout) as { changes: Array<{ action: string; resource: string }>; eventsFilter: { outsideLeftAlone: number } };
    expect(plan.changes.filter((c) => c.action === 'remove' && c.resource === 'events')).toEqual([]);
    // Le Misanthrope, Tartuffe and Vieux concert: the filter selects none of them there.
    expect(plan.eventsFilter.outsideLeftAlone).toBe(3);
  });

  test('a filter edited by hand is checked like the rest of the file', async () => {
    const target = await copiedTarget();
    const before = target.stats.requests;
    const file = siteFile('typo.yaml', filtered.replace('    start_date: 2027-01-01\n', '    start_dat: 2027-01-01\n    status:\n      - trash\n'));
    const r = await on(target, ['apply', file, '--prune', '--yes']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${file}:3:5: filter: events: start_dat: not a filter a site file records (did you mean start_date?)`);
    expect(r.stderr).toContain(`${file}:5:7: filter: events: status: a site file leaves the trash out`);
    expect(target.stats.requests).toBe(before);
  });
});
