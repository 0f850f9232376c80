import { beforeEach, describe, expect, test } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, useSite, useSiteEach, type Site } from './helpers.js';

// Each describe has a site of its own, and the upsert story a site per test: a test that runs
// an import again performs the first import itself, so any one runs alone (-t) or in any order.
let site: Site;
const cli = (args: string[], stdin?: string) => site.cli(args, { stdin, timeoutMs: 120_000 });
const file = (name: string, content: string) => {
  const path = join(site.home.home, name);
  writeFileSync(path, content);
  return path;
};
const total = async (resource: string) => (await api<{ total: number }>(site.sandbox, 'GET', `${resource}?per_page=1&hide_empty=false`)).body.total;
const ndjson = (records: unknown[]) => `${records.map((r) => JSON.stringify(r)).join('\n')}\n`;
/** The site of the describe it is called in, for the helpers above. */
function ownSite(open: () => Site = useSite): void {
  const own = open();
  beforeEach(() => void (site = own));
}

describe('import with --upsert-by', () => {
  ownSite(useSiteEach);
  const venues = Array.from({ length: 1000 }, (_, i) => ({
    venue: `Venue ${String(i).padStart(4, '0')}`,
    slug: `venue-${String(i).padStart(4, '0')}`,
    city: 'Nantes',
  }));
  /**
   * The first run of the story: `count` venues created (1,000 where the size is the point; the
   * stories after it need only more than two pages of the index).
   */
  async function importVenues(count = venues.length): Promise<string> {
    const path = file('venues.ndjson', ndjson(venues.slice(0, count)));
    const first = await cli(['import', 'venues', path, '--upsert-by', 'slug', '--concurrency', '8', '--yes']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain(`${count} created, 0 updated, 0 unchanged, 0 failed`);
    expect(first.stdout).toBe('');
    expect(await total('venues')).toBe(count);
    return path;
  }
  const SOME = 120;

  test('1,000 venues, then the same file again changes nothing', async () => {
    const path = await importVenues();
    const before = site.sandbox.stats.requests;
    const writesBefore = site.sandbox.stats.writes;
    const second = await cli(['import', 'venues', path, '--upsert-by', 'slug', '--concurrency', '8', '--yes']);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain('0 created, 0 updated, 1000 unchanged, 0 failed');
    expect(await total('venues')).toBe(1000);
    // The index: 20 pages of 50, then the records the server's unstable page order skipped, read by ID; no write.
    expect(site.sandbox.stats.requests - before).toBeLessThan(1000);
    expect(site.sandbox.stats.writes).toBe(writesBefore);
    expect(await total('venues')).toBe(1000);
  });

  test('a changed record is updated, the others are left alone', async () => {
    await importVenues(SOME);
    const changed = venues.slice(0, SOME).map((v, i) => (i === 5 ? { ...v, city: 'Rennes' } : v));
    const r = await cli(['import', 'venues', file('changed.ndjson', ndjson(changed)), '--upsert-by', 'slug', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`0 created, 1 updated, ${SOME - 1} unchanged, 0 failed`);
    const venue = await api<{ city: string }>(site.sandbox, 'GET', 'venues/by-slug/venue-0005');
    expect(venue.body.city).toBe('Rennes');
    expect((await api<{ city: string }>(site.sandbox, 'GET', 'venues/by-slug/venue-0006')).body.city).toBe('Nantes');
    expect(await total('venues')).toBe(SOME);
  });

  test('off a terminal, --upsert-by needs --yes; --dry-run does not and writes nothing', async () => {
    await importVenues(SOME);
    const path = file('one.ndjson', ndjson([{ ...venues[0], city: 'Brest' }]));
    const refused = await cli(['import', 'venues', path, '--upsert-by', 'slug']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--yes/);
    expect(refused.stdout).toBe('');
    const dry = await cli(['import', 'venues', path, '--upsert-by', 'slug', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/^update venue "Venue 0000" \(ID \d+\): city\n$/);
    expect((await api<{ city: string }>(site.sandbox, 'GET', 'venues/by-slug/venue-0000')).body.city).toBe('Nantes');
    expect(await total('venues')).toBe(SOME);
  });

  test('--upsert-by id updates the record of each ID and never creates one for an ID the site lacks', async () => {
    const id = Number(
      (await api<{ id: number }>(site.sandbox, 'POST', 'events', { title: 'By Id', start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 11:00:00' })).body
        .id,
    );
    const rows = [
      { id, title: 'By Id Renamed', start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 11:00:00' },
      { id: 99_998, title: 'Ghost', start_date: '2027-03-02 10:00:00', end_date: '2027-03-02 11:00:00' },
    ];
    const path = file('by-id.ndjson', ndjson(rows));
    for (const run of [1, 2]) {
      const r = await cli(['import', 'events', path, '--upsert-by', 'id', '--yes']);
      expect(r.code, r.stderr).toBe(6);
      expect(r.stderr).toMatch(/by-id\.ndjson line 2: no event has ID 99998/);
      expect(r.stderr).toContain(`0 created, ${run === 1 ? 1 : 0} updated, ${run === 1 ? 0 : 1} unchanged, 1 failed`);
    }
    const listed = await api<{ events: Array<{ title: string }> }>(site.sandbox, 'GET', 'events?start_date=2027-01-01&per_page=50');
    expect(listed.body.events.map((e) => e.title)).toEqual(['By Id Renamed']);
  });
});

describe('checks before anything is sent', () => {
  ownSite();

  test('one bad record: exit 2 naming the line and field, no request at all', async () => {
    const path = file('bad.ndjson', ndjson([{ organizer: 'Fine' }, { organizer: 'Also fine' }, { email: 'no-name@example.com' }]));
    const before = site.sandbox.stats.requests;
    const r = await cli(['import', 'organizers', path]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('bad.ndjson line 3: organizer: is required');
    expect(site.sandbox.stats.requests).toBe(before);
  });

  test('a JSON array names the index; CSV the line', async () => {
    const json = await cli(['import', 'tags', file('bad.json', JSON.stringify([{ name: 'ok' }, { name: 'x', colour: 'red' }]))]);
    expect(json.code).toBe(2);
    expect(json.stderr).toMatch(/index 1: colour: not a writable tag field/);
    const csv = await cli(['import', 'events', file('bad.csv', 'title,start_date,end_date\nA,2027-01-01,2027-01-01\nB,someday,2027-01-01\n')]);
    expect(csv.code).toBe(2);
    expect(csv.stderr).toMatch(/line 3: start_date: "someday" is not a date/);
  });

  test('list output piped into import: one line per record saying what import takes, nothing sent', async () => {
    await cli(['venues', 'create', '--venue', 'Listed Hall']);
    await cli(['categories', 'create', '--name', 'Listed Music']);
    for (const resource of ['venues', 'categories']) {
      const listed = await cli([resource, 'list', '--json', ...(resource === 'categories' ? ['--no-hide-empty'] : [])]);
      const writes = site.sandbox.stats.writes;
      const r = await cli(['import', resource, '-', '--upsert-by', 'slug', '--yes'], listed.stdout);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        new RegExp(
          `stdin index 0: a record as the API lists it \\(it has (global_id|urls)\\): import takes the writable fields, ` +
            `as calendar export ${resource} writes them`,
        ),
      );
      expect(r.stderr).not.toContain('not a writable');
      expect(site.sandbox.stats.writes).toBe(writes);
      const exported = await cli(['export', resource]);
      expect((await cli(['import', resource, '-', '--upsert-by', 'slug', '--yes'], exported.stdout)).stderr).toContain('0 created, 0 updated, 1 unchanged');
    }
  });

  test('a link to what the site lacks names the line that gives it, nothing written', async () => {
    const event = (title: string, extra: Record<string, unknown> = {}) => ({
      title,
      start_date: '2027-03-01 10:00:00',
      end_date: '2027-03-01 11:00:00',
      ...extra,
    });
    const path = file(
      'links.ndjson',
      ndjson([event('Plain'), event('Far', { venue: 'Atlantis Hall' }), event('Farther', { venue: 'Atlantis Hall', categories: ['Nowhere Music'] })]),
    );
    const writes = site.sandbox.stats.writes;
    const r = await cli(['import', 'events', path]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`calendar: not on the site: venue "Atlantis Hall" (${path} line 2), category "Nowhere Music" (${path} line 3)\n`);
    expect(site.sandbox.stats.writes).toBe(writes);
  });

  test('bad options are usage errors', async () => {
    const path = file('fine.ndjson', ndjson([{ name: 'fine' }]));
    for (const args of [
      ['--upsert-by', 'title'],
      ['--concurrency', '0'],
      ['--input-format', 'xml'],
    ]) {
      const r = await cli(['import', 'tags', path, ...args]);
      expect(r.code, args.join(' ')).toBe(2);
    }
    expect((await cli(['import', 'nothing', path])).code).toBe(2);
    expect((await cli(['import', 'tags', join(site.home.home, 'missing.csv')])).stderr).toMatch(/no such file/);
    expect(await total('tags')).toBe(0);
  });
});

describe('partial failures', () => {
  ownSite();

  test('exit 6, each failure on stderr with its line, and a failed file that imports again', async () => {
    const events = [
      { title: 'Good 1', start_date: '2027-01-01 10:00:00', end_date: '2027-01-01 11:00:00' },
      { title: 'Bad author', start_date: '2027-01-02 10:00:00', end_date: '2027-01-02 11:00:00', author: 9999 },
      { title: 'Good 2', start_date: '2027-01-03 10:00:00', end_date: '2027-01-03 11:00:00' },
    ];
    const failedPath = join(site.home.home, 'failed.json');
    const r = await cli(['import', 'events', file('events.json', JSON.stringify(events)), '--failed-to', failedPath]);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/events\.json index 1: .*author/);
    expect(r.stderr).toContain('2 created, 0 updated, 0 unchanged, 1 failed');
    const failed = JSON.parse(readFileSync(failedPath, 'utf8')) as Array<Record<string, unknown>>;
    expect(failed).toEqual([events[1]]);

    writeFileSync(failedPath, JSON.stringify(failed.map(({ author: _author, ...rest }) => rest)));
    const again = await cli(['import', 'events', failedPath]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('1 created');
    const stored = await api<{ events: Array<{ title: string }> }>(site.sandbox, 'GET', 'events?start_date=2000-01-01');
    expect(stored.body.events.map((e) => e.title).sort()).toEqual(['Bad author', 'Good 1', 'Good 2']);
  });

  test('--fail-fast stops at the first failure; no failure, no file', async () => {
    const bad = Array.from({ length: 30 }, (_, i) => ({ organizer: `Failing ${i}`, author: 9999 }));
    const r = await cli(['import', 'organizers', file('bad-orgs.ndjson', ndjson(bad)), '--fail-fast', '--concurrency', '1']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('0 created, 0 updated, 0 unchanged, 1 failed');
    expect(await total('organizers')).toBe(0);
    const none = join(site.home.home, 'none.ndjson');
    const ok = await cli(['import', 'tags', file('ok-tags.ndjson', ndjson([{ name: 'fine tag' }])), '--failed-to', none]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(existsSync(none)).toBe(false);
    expect(await total('tags')).toBe(1);
  });

  test('a --failed-to that cannot be written is refused before anything is sent', async () => {
    const input = file('unwritable.ndjson', ndjson([{ name: 'never sent' }]));
    const before = site.sandbox.stats.requests;
    for (const target of [join(site.home.home, 'no-such-dir', 'failed.ndjson'), site.home.home]) {
      const r = await cli(['import', 'tags', input, '--failed-to', target]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/^calendar: --failed-to: cannot write .*(no such directory|is a directory)/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    expect(site.sandbox.stats.requests).toBe(before);
  });

  test('a --failed-to file left by an earlier run is removed when nothing fails', async () => {
    const stale = file('stale-failed.ndjson', `${JSON.stringify({ name: 'failed last time' })}\n`);
    const r = await cli(['import', 'tags', file('fine-now.ndjson', ndjson([{ name: 'fine now' }])), '--failed-to', stale]);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(stale)).toBe(false);
  });
});

describe('CSV and stdin', () => {
  ownSite();

  test('a CSV with a quoted comma; the same file again through stdin is sniffed', async () => {
    const before = await total('organizers');
    const csv = 'organizer,email,phone\nAlpha Org,a@example.com,+33 1\n"Beta, Org",b@example.com,+33 2\n';
    const r = await cli(['import', 'organizers', file('orgs.csv', csv)]);
    expect(r.code, r.stderr).toBe(0);
    expect(await total('organizers')).toBe(before + 2);
    const list = await api<{ organizers: Array<{ organizer: string }> }>(site.sandbox, 'GET', 'organizers?search=Beta');
    expect(list.body.organizers.map((o) => o.organizer)).toContain('Beta, Org');
    const dry = await cli(['import', 'organizers', '-', '--dry-run'], csv.replace('Beta, Org', 'Gamma, Org'));
    // A dry run is a plan: it succeeds and lists the conflict the real run would report as failed.
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(
      new RegExp(
        String.raw`^conflict organizer "Alpha Org": the name is taken by ID \d+\ncreate organizer "Gamma, Org"\n$` +
          String.raw`|^create organizer "Gamma, Org"\nconflict organizer "Alpha Org": the name is taken by ID \d+\n$`,
      ),
    );
    expect(dry.stderr).toContain('1 conflicts (names taken)');
    const real = await cli(['import', 'organizers', '-'], csv);
    expect(real.code).toBe(6);
    expect(real.stderr).toMatch(/stdin line 2: an? organizer named "Alpha Org" exists already \(ID \d+\)/);
  });

  test('a list cell, as docs/bulk.md writes it: items separated by commas, each an ID, slug or name, spaces trimmed', async () => {
    const jazz = (await api<{ id: number }>(site.sandbox, 'POST', 'categories', { name: 'Jazz Cell', slug: 'jazz-cell' })).body.id;
    const live = (await api<{ id: number }>(site.sandbox, 'POST', 'categories', { name: 'Live Music Cell' })).body.id;
    const folk = (await api<{ id: number }>(site.sandbox, 'POST', 'categories', { name: 'Folk Cell' })).body.id;
    const csv = `title,start_date,end_date,categories\nCell night,2027-06-01 20:00:00,2027-06-01 22:00:00,"jazz-cell, Live Music Cell,${folk}"\n`;
    const r = await cli(['import', 'events', file('cells.csv', csv), '--format', 'ids']);
    expect(r.code, r.stderr).toBe(0);
    const event = await api<{ categories: Array<{ id: number }> }>(site.sandbox, 'GET', `events/${r.stdout.trim()}`);
    expect(event.body.categories.map((c) => c.id).sort((a, b) => a - b)).toEqual([jazz, live, folk].sort((a, b) => a - b));
    const semicolons = `title;start_date;end_date;categories\nCell day;2027-06-02 20:00:00;2027-06-02 22:00:00;jazz-cell, Live Music Cell,${folk}\n`;
    const unquoted = await cli(['import', 'events', file('cells-semicolon.csv', semicolons), '--format', 'ids']);
    expect(unquoted.code, unquoted.stderr).toBe(0);
    const other = await api<{ categories: Array<{ id: number }> }>(site.sandbox, 'GET', `events/${unquoted.stdout.trim()}`);
    expect(other.body.categories).toHaveLength(3);
  });

  test('an empty stdin, as a filter that matched nothing gives, imports nothing and exits 0', async () => {
    for (const stdin of ['', '\n', '\uFEFF']) {
      const r = await cli(['import', 'venues', '-', '--upsert-by', 'slug', '--yes'], stdin);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('stdin holds no records: 0 created, 0 updated, 0 unchanged, 0 failed\n');
      expect(r.stdout).toBe('');
    }
  });

  test('a row whose name is taken is a conflict, never an overwrite; a second run creates nothing', async () => {
    const csv = 'venue,city\nDelta Hall,Lyon\nEpsilon Club,Nice\n';
    const first = await cli(['import', 'venues', file('dup.csv', csv)]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('2 created, 0 updated, 0 unchanged, 0 failed');
    const before = await total('venues');
    const again = await cli([
      'import',
      'venues',
      file('dup2.csv', csv.replace('Lyon', 'Paris').replace('Delta Hall', 'DELTA hall')),
      '--failed-to',
      file('failed.csv', ''),
    ]);
    expect(again.code).toBe(6);
    expect(again.stderr).toContain('0 created, 0 updated, 0 unchanged, 2 failed');
    expect(await total('venues')).toBe(before);
    const delta = await api<{ venues: Array<{ venue: string; city: string }> }>(site.sandbox, 'GET', 'venues?search=Delta');
    expect(delta.body.venues.map((v) => [v.venue, v.city])).toEqual([['Delta Hall', 'Lyon']]);
    const forced = await cli(['import', 'venues', file('dup3.csv', 'venue,city\nEpsilon Club,Cannes\n'), '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    const epsilon = await api<{ venues: Array<{ venue: string; city: string }> }>(site.sandbox, 'GET', 'venues?search=Epsilon');
    expect(epsilon.body.venues.map((v) => [v.venue, v.city])).toEqual([['Epsilon Club', 'Cannes']]);
  });

  test('the same name twice in one file is refused before anything is sent', async () => {
    const before = site.sandbox.stats.requests;
    const r = await cli(['import', 'venues', file('twice.csv', 'venue\nZeta Room\nzeta room\n')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('line 3: venue: "zeta room" conflicts with "Zeta Room" on line 2: one name but for case, accents or spacing');
    expect(site.sandbox.stats.requests).toBe(before);
  });

  test('two names the server takes for one (accents and case aside) are a conflict: neither is created', async () => {
    const before = site.sandbox.stats.requests;
    for (const extra of [[], ['--upsert-by', 'name']]) {
      const r = await cli(['import', 'organizers', file('eclat.csv', 'organizer\nEnsemble Eclat\nensemble éclat\n'), ...extra]);
      expect(r.code, extra.join(' ')).toBe(2);
      expect(r.stderr).toContain('line 3: organizer: "ensemble éclat" conflicts with "Ensemble Eclat" on line 2');
    }
    expect(site.sandbox.stats.requests).toBe(before);
  });
});

describe('CSV from spreadsheets', () => {
  ownSite();

  test('a semicolon-separated file is read by its header; --delimiter tab too', async () => {
    const semi = await cli(['import', 'tags', file('semi.csv', 'name;description\nSemi One;"a; b"\nSemi Two;plain\n')]);
    expect(semi.code, semi.stderr).toBe(0);
    expect(semi.stderr).toContain('2 created');
    const tab = await cli(['import', 'tags', file('tab.txt', 'name\tdescription\nTab One\tx\n'), '--input-format', 'csv', '--delimiter', 'tab']);
    expect(tab.code, tab.stderr).toBe(0);
    const bad = await cli(['import', 'tags', file('bad-semi.csv', 'name;description\n"Bad"x;y\n')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('cells separated by semicolon');
    const tags = await api<{ tags: Array<{ name: string; description: string }> }>(site.sandbox, 'GET', 'tags?hide_empty=false');
    expect(tags.body.tags.map((t) => [t.name, t.description]).sort()).toEqual([
      ['Semi One', 'a; b'],
      ['Semi Two', 'plain'],
      ['Tab One', 'x'],
    ]);
  });

  test('a file that is not UTF-8 is refused with its line and a hint, nothing sent', async () => {
    const path = join(site.home.home, 'latin1.csv');
    writeFileSync(path, Buffer.concat([Buffer.from('venue,city\nGood Place,Lyon\n'), Buffer.from('Caf\xe9 Bleu,Paris\n', 'latin1')]));
    const before = site.sandbox.stats.requests;
    const r = await cli(['import', 'venues', path]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('line 3: not valid UTF-8');
    expect(r.stderr).toContain('iconv');
    expect(site.sandbox.stats.requests).toBe(before);
  });
});

describe('event times the clocks skip', () => {
  ownSite();

  test('a row naming its zone is refused with its line before anything is sent', async () => {
    const writes = site.sandbox.stats.writes;
    const rows = [
      { title: 'Fine', start_date: '2027-03-14 01:00', end_date: '2027-03-14 01:45', timezone: 'America/New_York' },
      { title: 'Skipped', start_date: '2027-03-14 02:30', end_date: '2027-03-14 04:00', timezone: 'America/New_York' },
    ];
    const r = await cli(['import', 'events', file('gap.ndjson', ndjson(rows))]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('line 2: start_date: 2027-03-14 02:30 does not exist in America/New_York: the clocks skip it that night');
    expect(site.sandbox.stats.writes).toBe(writes);
  });
});

describe('import --format ids', () => {
  ownSite();

  test('prints the ID of every row written or found, in input order', async () => {
    const existing = (await api<{ id: number }>(site.sandbox, 'POST', 'tags', { name: 'Ids Middle' })).body.id;
    const r = await cli([
      'import',
      'tags',
      file('ids.ndjson', ndjson([{ name: 'Ids First' }, { name: 'Ids Middle' }, { name: 'Ids Last' }])),
      '--upsert-by',
      'name',
      '--yes',
      '--concurrency',
      '3',
      '--format',
      'ids',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const ids = r.stdout.trim().split('\n').map(Number);
    expect(ids).toHaveLength(3);
    expect(ids[1]).toBe(existing);
    expect(new Set(ids).size).toBe(3);
    const names = await Promise.all(ids.map(async (id) => (await api<{ name: string }>(site.sandbox, 'GET', `tags/${id}`)).body.name));
    expect(names).toEqual(['Ids First', 'Ids Middle', 'Ids Last']);
  });
});

describe('import --format json', () => {
  ownSite();

  test('prints the summary and what became of each row, in input order, as one JSON document', async () => {
    const taken = (await api<{ id: number }>(site.sandbox, 'POST', 'venues', { venue: 'Json Taken Hall' })).body.id;
    const path = file('report.ndjson', ndjson([{ venue: 'Json New Hall' }, { venue: 'Json Taken Hall' }, { venue: 'Json Other Hall', city: 'Rennes' }]));
    const r = await cli(['import', 'venues', path, '--format', 'json', '--concurrency', '2']);
    expect(r.code).toBe(6);
    const report = JSON.parse(r.stdout) as { rows: Array<{ id?: number }> };
    const [first, , third] = report.rows.map((row) => row.id);
    expect(report).toEqual({
      resource: 'venues',
      input: path,
      dry_run: false,
      interrupted: false,
      unreachable: false,
      summary: { created: 2, updated: 0, unchanged: 0, failed: 1, not_sent: 0, conflicts: 0 },
      rows: [
        { line: 1, result: 'created', id: first, plan: expect.objectContaining({ action: 'create', resource: 'venues' }) },
        { line: 2, result: 'failed', error: expect.stringContaining(`exists already (ID ${taken})`) },
        { line: 3, result: 'created', id: third, plan: expect.objectContaining({ action: 'create', resource: 'venues' }) },
      ],
      error: expect.objectContaining({ exit_code: 6 }),
    });
    expect((await api<{ venue: string }>(site.sandbox, 'GET', `venues/${third}`)).body.venue).toBe('Json Other Hall');
    // A dry run's plan is the same document, without its lines of text.
    const moved = file('moved.ndjson', ndjson([{ venue: 'Json New Hall' }, { venue: 'Json Taken Hall' }, { venue: 'Json Other Hall', city: 'Brest' }]));
    const dry = await cli(['import', 'venues', moved, '--json', '--dry-run', '--upsert-by', 'name']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({
      dry_run: true,
      summary: { created: 0, updated: 1, unchanged: 2 },
      rows: [
        { line: 1, result: 'unchanged', id: first },
        { line: 2, result: 'unchanged', id: taken },
        { line: 3, result: 'updated', id: third },
      ],
    });
  });
});

describe('import --format json of a run that stops before its rows', () => {
  ownSite();

  test('prints the report with the error on exit 2, 4 and 5', async () => {
    const path = file('stopped.csv', 'venue,city\nStopped Hall,Caen\n');
    const runs: Array<[string[], Record<string, string>, number]> = [
      [[file('bad.csv', 'venue,show_map\nBad Hall,perhaps\n')], {}, 2],
      [[path, '--concurrency', '99'], {}, 2],
      [[path], { CALENDAR_APP_PASSWORD: 'wrong password' }, 4],
      [[path, '--retries', '0'], { CALENDAR_BASE_URL: 'http://127.0.0.1:1/wp-json' }, 5],
    ];
    for (const [args, env, code] of runs) {
      const r = await site.cli(['import', 'venues', ...args, '--format', 'json'], { env });
      expect(r.code, r.stderr).toBe(code);
      const report = JSON.parse(r.stdout);
      expect(report).toMatchObject({ resource: 'venues', dry_run: false, unreachable: code === 5, rows: [], error: { exit_code: code } });
      expect(report.summary).toEqual({ created: 0, updated: 0, unchanged: 0, failed: 0, not_sent: 0, conflicts: 0 });
      expect(r.stderr).toContain(report.error.message);
    }
    expect(await total('venues')).toBe(0);
  });
});

describe('names already taken', () => {
  ownSite();

  test('are read from the core route in pages, not record by record, and every one is found', async () => {
    // Created in the same second, these venues tie on post date: the venues list pages them in
    // an unstable order, so a walk of it alone skips some (see bulk-list.test.ts).
    for (let i = 0; i < 220; i++) await api(site.sandbox, 'POST', 'venues', { venue: `Tied Hall ${i}` });
    const taken = Array.from({ length: 220 }, (_, i) => ({ venue: `Tied Hall ${i}` }));
    const r = await cli(['import', 'venues', file('tied.ndjson', ndjson([...taken, { venue: 'Brand New Hall' }])), '--debug']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('1 created, 0 updated, 0 unchanged, 220 failed');
    const debug = r.stderr.split('\n').filter((line) => line.startsWith('debug: '));
    const reads = debug.filter((line) => /^debug: > GET /.test(line));
    expect(reads.filter((line) => /\/venues\/\d+/.test(line))).toEqual([]);
    expect(reads.length).toBe(3);
    expect(reads.every((line) => line.includes('/wp/v2/tribe_venue?'))).toBe(true);
    // Once the first page has told how many there are, the others are asked for together.
    const asked = (page: number) => debug.findIndex((line) => line.startsWith('debug: > GET') && line.includes(`&page=${page}&`));
    const answered = (page: number) => debug.findIndex((line) => line.startsWith('debug: < 200 GET') && line.includes(`&page=${page}&`));
    expect(asked(3)).toBeGreaterThan(answered(1));
    expect(asked(3)).toBeLessThan(answered(2));
    expect(await total('venues')).toBe(221);
  });
});

describe('import --create-missing', () => {
  ownSite();

  test('--create-missing with a CSV (or NDJSON) file creates each name the site lacks once, as create --create-missing does', async () => {
    const csv = [
      'title,start_date,end_date,venue,organizer,categories,tags',
      'Made 1,2027-04-01 10:00:00,2027-04-01 11:00:00,Made Hall,Made Org,"Made Music, Made Jazz",Made Tag',
      'Made 2,2027-04-02 10:00:00,2027-04-02 11:00:00,Made Hall,,Made Music,',
      '',
    ].join('\n');
    const path = file('made.csv', csv);
    const writes = site.sandbox.stats.writes;
    const dry = await cli(['import', 'events', path, '--create-missing', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    for (const line of ['venue "Made Hall"', 'organizer "Made Org"', 'category "Made Music"', 'category "Made Jazz"', 'tag "Made Tag"'])
      expect(dry.stdout).toContain(`create ${line}\n`);
    expect(dry.stdout.match(/create category "Made Music"/g)).toHaveLength(1);
    expect(site.sandbox.stats.writes).toBe(writes);
    // An unknown ID is never created: the import stops before writing anything.
    const byId = await cli(['import', 'events', file('made-id.csv', csv.replace('Made Tag', '987654')), '--create-missing']);
    expect(byId.code).toBe(2);
    expect(byId.stderr).toContain('not on the site: tag "987654"');
    expect(site.sandbox.stats.writes).toBe(writes);
    const r = await cli(['import', 'events', path, '--create-missing', '--format', 'ids']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('created category "Made Music"');
    const [first, second] = r.stdout.trim().split('\n');
    const one = (
      await api<{ venue: { venue: string }; organizer: Array<{ organizer: string }>; categories: Array<{ name: string }>; tags: Array<{ name: string }> }>(
        site.sandbox,
        'GET',
        `events/${first}`,
      )
    ).body;
    expect(one.venue.venue).toBe('Made Hall');
    expect(one.organizer.map((o) => o.organizer)).toEqual(['Made Org']);
    expect(one.categories.map((c) => c.name).sort()).toEqual(['Made Jazz', 'Made Music']);
    expect(one.tags.map((t) => t.name)).toEqual(['Made Tag']);
    const two = (await api<{ venue: { id: number }; categories: Array<{ name: string }> }>(site.sandbox, 'GET', `events/${second}`)).body;
    expect(two.categories.map((c) => c.name)).toEqual(['Made Music']);
    const categories = (await api<{ categories: Array<{ name: string }> }>(site.sandbox, 'GET', 'categories?per_page=50&hide_empty=false&search=Made')).body
      .categories;
    expect(categories.map((c) => c.name).sort()).toEqual(['Made Jazz', 'Made Music']);
    // NDJSON takes the same path: a new name is created, the existing ones are reused.
    const more = await cli(
      ['import', 'events', '-', '--create-missing', '--format', 'ids'],
      ndjson([
        { title: 'Made 3', start_date: '2027-04-03 10:00:00', end_date: '2027-04-03 11:00:00', venue: 'Made Hall', categories: ['Made Music', 'Made Folk'] },
      ]),
    );
    expect(more.code, more.stderr).toBe(0);
    const three = (await api<{ venue: { id: number }; categories: Array<{ name: string }> }>(site.sandbox, 'GET', `events/${more.stdout.trim()}`)).body;
    expect(three.venue.id).toBe(two.venue.id);
    expect(three.categories.map((c) => c.name).sort()).toEqual(['Made Folk', 'Made Music']);
    expect(await total('venues')).toBe(1);
  });
});
