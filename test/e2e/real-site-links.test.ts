/**
 * Defects seen on a real site around identity and credentials: links by name that landed
 * on another record's slug, organizer slugs the server ignores, fixed-offset zones stored
 * at the wrong time, and saved passwords sent to another host.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { api, created, json, runCli, useSite, type Site } from './helpers.js';

type Json = Record<string, any>;

// Each describe opens its own site with the records below created in it; a test that changes
// a record uses one of its own. Any test runs alone (-t) or in any order.
let site: Site;
let ids: Record<string, number>;
const cli = (...args: string[]) => site.cli(args);

/** A site of its own for the describe it is called in, holding the look-alike names. */
function useLinkedSite(): void {
  const own = useSite();
  const ownIds: Record<string, number> = {};
  beforeAll(async () => {
    const sandbox = own.sandbox;
    // "Stage" renamed "Old Stage" keeps the slug `stage`; the new "Stage" gets `stage-2`.
    ownIds.oldStage = await created(sandbox, 'venues', { venue: 'Stage' });
    await api(sandbox, 'POST', `venues/${ownIds.oldStage}`, { venue: 'Old Stage' });
    ownIds.stage = await created(sandbox, 'venues', { venue: 'Stage' });
    ownIds.blueNote = await created(sandbox, 'venues', { venue: 'Blue Note' });
    ownIds.blueNoteHall = await created(sandbox, 'venues', { venue: 'blue note hall' });
    ownIds.oldPop = await created(sandbox, 'tags', { name: 'Pop' });
    await api(sandbox, 'POST', `tags/${ownIds.oldPop}`, { name: 'Old Pop' });
    ownIds.pop = await created(sandbox, 'tags', { name: 'Pop' });
    // Two categories named Jazz under two parents: the second gets another slug.
    ownIds.music = await created(sandbox, 'categories', { name: 'Music' });
    ownIds.dance = await created(sandbox, 'categories', { name: 'Dance' });
    ownIds.jazz = await created(sandbox, 'categories', { name: 'Jazz', parent: ownIds.music });
    ownIds.danceJazz = await created(sandbox, 'categories', { name: 'Jazz', parent: ownIds.dance });
  });
  beforeEach(() => {
    site = own;
    ids = ownIds;
  });
}

const create = (...extra: string[]) =>
  cli('events', 'create', '--title', 'Linked', '--start-date', '2027-05-01 10:00', '--end-date', '2027-05-01 11:00', '--json', ...extra);

describe('a link by name means the record of that name', () => {
  useLinkedSite();

  test("a name is never taken for another record's slug", async () => {
    const r = await create('--venue', 'Stage', '--tags', 'Pop');
    expect(r.code, r.stderr).toBe(0);
    const event = json<Json>(r.stdout);
    expect(event.venue.id).toBe(ids.stage);
    expect(event.tags.map((t: Json) => t.id)).toEqual([ids.pop]);
  });

  test('a name with spaces is matched exactly, not through the by-slug route', async () => {
    const r = await create('--venue', 'blue note hall');
    expect(r.code, r.stderr).toBe(0);
    expect(json<Json>(r.stdout).venue.id).toBe(ids.blueNoteHall);
  });

  test('a slug of one record that is (or spells) the name of another is refused, listing both; the other slug says which', async () => {
    const venue = await create('--venue', 'stage');
    expect(venue.code).toBe(2);
    expect(venue.stderr).toContain(`"stage" could mean 2 venues: ${ids.oldStage} "Old Stage" (stage), ${ids.stage} "Stage" (stage-2)`);
    const category = await create('--categories', 'jazz');
    expect(category.code).toBe(2);
    expect(category.stderr).toContain('"jazz" could mean 2 categories');
    const slug = (await api<Json>(site.sandbox, 'GET', `categories/${ids.danceJazz}`)).body.slug;
    expect(slug).not.toBe('jazz');
    const other = await create('--categories', slug);
    expect(other.code, other.stderr).toBe(0);
    expect(json<Json>(other.stdout).categories.map((c: Json) => c.id)).toEqual([ids.danceJazz]);
  });

  test('a name two records hold is refused, listing both, nothing written', async () => {
    const linked = async () => (await api<Json>(site.sandbox, 'GET', 'events?search=Linked&per_page=50')).body.events?.length ?? 0;
    const eventsBefore = await linked();
    const before = { ...site.sandbox.stats };
    const r = await create('--categories', 'Jazz');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`"Jazz" could mean 2 categories`);
    expect(r.stderr).toContain(`${ids.jazz} "Jazz" (jazz)`);
    expect(r.stderr).toContain(`${ids.danceJazz} "Jazz" (`);
    expect(r.stdout).toBe('');
    expect(site.sandbox.stats.requests - before.requests).toBeGreaterThan(0); // it looked, and then wrote nothing:
    expect(site.sandbox.stats.writes).toBe(before.writes);
    expect(await linked()).toBe(eventsBefore);
  });

  test('an unambiguous slug still works', async () => {
    const r = await create('--venue', 'stage-2');
    expect(r.code, r.stderr).toBe(0);
    expect(json<Json>(r.stdout).venue.id).toBe(ids.stage);
  });

  test('import links follow the same rule, but a slug of the file is its record (an export writes slugs)', async () => {
    const dir = join(site.home.home, 'links');
    mkdirSync(dir, { recursive: true });
    const good = join(dir, 'good.ndjson');
    writeFileSync(
      good,
      `${JSON.stringify({ title: 'Imported', start_date: '2027-06-01 10:00', end_date: '2027-06-01 11:00', venue: 'Stage', tags: ['Pop'] })}\n`,
    );
    const r = await cli('import', 'events', good);
    expect(r.code, r.stderr).toBe(0);
    const made = (await api<Json>(site.sandbox, 'GET', 'events?search=Imported&start_date=2027-01-01')).body.events[0];
    expect(made.venue.id).toBe(ids.stage);
    expect(made.tags.map((t: Json) => t.id)).toEqual([ids.pop]);
    const bad = join(dir, 'bad.ndjson');
    writeFileSync(
      bad,
      `${JSON.stringify({ title: 'Imported 2', start_date: '2027-06-01 10:00', end_date: '2027-06-01 11:00', tags: ['pop'], categories: ['Jazz'] })}\n`,
    );
    const refused = await cli('import', 'events', bad);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('"Jazz" could mean 2 categories');
    // A file's link that is a record's slug is that record: an export writes links as slugs.
    const bySlug = join(dir, 'slug.ndjson');
    writeFileSync(
      bySlug,
      `${JSON.stringify({ title: 'Imported 3', start_date: '2027-06-01 10:00', end_date: '2027-06-01 11:00', tags: ['pop'], categories: ['jazz'] })}\n`,
    );
    const slugged = await cli('import', 'events', bySlug, '--format', 'ids');
    expect(slugged.code, slugged.stderr).toBe(0);
    const third = (await api<Json>(site.sandbox, 'GET', `events/${slugged.stdout.trim()}`)).body;
    expect(third.tags.map((t: Json) => t.id)).toEqual([ids.oldPop]);
    expect(third.categories.map((c: Json) => c.id)).toEqual([ids.jazz]);
    expect((await api<Json>(site.sandbox, 'GET', 'events?search=Imported&start_date=2027-01-01')).body.events.map((e: Json) => e.title).sort()).toEqual([
      'Imported',
      'Imported 3',
    ]);
  });
});

describe('renames', () => {
  useLinkedSite();

  test('a rename to a name another venue holds is refused unless --force', async () => {
    const r = await cli('venues', 'update', String(ids.blueNote), '--venue', 'Blue Note HALL');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`a venue named "Blue Note HALL" exists already (ID ${ids.blueNoteHall})`);
    expect((await api<Json>(site.sandbox, 'GET', `venues/${ids.blueNote}`)).body.venue).toBe('Blue Note');
    const own = await cli('venues', 'update', String(ids.blueNote), '--venue', 'BLUE NOTE', '--json');
    expect(own.code, own.stderr).toBe(0);
    expect((await api<Json>(site.sandbox, 'GET', `venues/${ids.blueNote}`)).body.venue).toBe('BLUE NOTE');
    const forced = await cli('venues', 'update', String(ids.blueNote), '--venue', 'Blue Note Hall 2', '--force', '--json');
    expect(forced.code, forced.stderr).toBe(0);
    expect((await api<Json>(site.sandbox, 'GET', `venues/${ids.blueNote}`)).body.venue).toBe('Blue Note Hall 2');
    expect((await api<Json>(site.sandbox, 'GET', `venues/${ids.blueNoteHall}`)).body.venue).toBe('blue note hall');
  });
});

describe('fixed UTC offsets', () => {
  useLinkedSite();

  test('UTC+2 is refused before anything is sent, with a hint', async () => {
    const before = site.sandbox.stats.requests;
    const r = await create('--timezone', 'UTC+2', '--start-date', '2027-09-02T10:00:00Z', '--end-date', '2027-09-02T11:00:00Z');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--timezone: "UTC\+2" is a fixed UTC offset/);
    expect(r.stderr).toMatch(/IANA name/);
    expect(r.stdout).toBe('');
    expect(site.sandbox.stats.requests - before).toBe(0);
  });
});

describe('organizers are matched by the slug their name gives', () => {
  useLinkedSite();

  test('a second run of the same file creates nothing', async () => {
    const dir = join(site.home.home, 'orgs');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, 'orgs.ndjson');
    writeFileSync(
      path,
      [
        { organizer: 'CI Org C', slug: 'ci-org-c-custom' },
        { organizer: 'Café Crème Org', slug: 'cafe-org' },
      ]
        .map((o) => JSON.stringify(o))
        .join('\n'),
    );
    const first = await cli('import', 'organizers', path, '--upsert-by', 'slug', '--yes');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('2 created');
    expect(first.stderr).toMatch(/derives an organizer's slug from its name/);
    const second = await cli('import', 'organizers', path, '--upsert-by', 'slug', '--yes');
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain('0 created, 0 updated, 2 unchanged, 0 failed');
    const organizers = (await api<Json>(site.sandbox, 'GET', 'organizers?per_page=50')).body.organizers.map((o: Json) => o.organizer).sort();
    expect(organizers).toEqual(['CI Org C', 'Café Crème Org']);
  });
});

describe('credentials belong to the origin they were saved for', () => {
  useLinkedSite();

  /** A server that records the Authorization header of every request and answers 401. */
  async function headerLogger() {
    const seen: IncomingHttpHeaders[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    return { seen, url: `http://127.0.0.1:${port}/wp-json`, close: () => new Promise((r) => server.close(r)) };
  }

  function profileHome(baseUrl: string): Record<string, string> {
    const home = join(site.home.home, `profile-${Math.random().toString(36).slice(2)}`);
    mkdirSync(join(home, '.config', 'calendar'), { recursive: true });
    writeFileSync(
      join(home, '.config', 'calendar', 'config.json'),
      JSON.stringify({ defaultProfile: 'prod', profiles: { prod: { baseUrl, username: 'editor', appPassword: 'saved-secret-123' } } }),
      { mode: 0o600 },
    );
    return { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_DATA_HOME: join(home, '.local', 'share') };
  }

  test('--base-url to another origin sends no saved password, and says why on a 401', async () => {
    const logger = await headerLogger();
    try {
      const env = profileHome(site.sandbox.restRoot);
      const r = await runCli(['--base-url', logger.url, 'venues', 'create', '--venue', 'X'], { env });
      expect(r.code).toBe(4);
      expect(logger.seen.length).toBeGreaterThan(0);
      for (const headers of logger.seen) expect(headers.authorization).toBeUndefined();
      expect(r.stderr).toContain('were not sent');
      expect(r.stderr).not.toContain('saved-secret-123');
      const viaEnv = await runCli(['venues', 'list'], { env: { ...env, CALENDAR_BASE_URL: logger.url } });
      expect(viaEnv.code).toBe(4);
      for (const headers of logger.seen) expect(headers.authorization).toBeUndefined();
    } finally {
      await logger.close();
    }
  });

  test('credentials given for this run are sent to the given URL', async () => {
    const logger = await headerLogger();
    try {
      const env = { ...profileHome(site.sandbox.restRoot), CALENDAR_USERNAME: 'other', CALENDAR_APP_PASSWORD: 'run-secret' };
      await runCli(['--base-url', logger.url, 'venues', 'list'], { env });
      expect(logger.seen.at(-1)?.authorization).toBe(`Basic ${Buffer.from('other:run-secret').toString('base64')}`);
    } finally {
      await logger.close();
    }
  });

  test('the same origin keeps the saved credentials', async () => {
    const env = profileHome(site.sandbox.restRoot.replace('/wp-json', '/wp-json/'));
    const r = await runCli(['--base-url', site.sandbox.restRoot, 'venues', 'list', '--format', 'count'], { env });
    // The sandbox's password differs from the saved one: a 401 proves the saved credentials were sent.
    expect(r.code).toBe(4);
    expect(r.stderr).not.toContain('were not sent');
  });
});

describe('no spurious notices on update', () => {
  useLinkedSite();

  test('a Donation cost, a restore from the trash and an unset website update silently', async () => {
    // Its map on: tec/v1, which keeps the cost as typed, takes the updates (it would turn an off map on).
    const made = json<Json>((await create('--cost', 'Donation', '--show-map', '--show-map-link')).stdout);
    const retitled = await cli('events', 'update', String(made.id), '--title', 'Linked again');
    expect(retitled.code, retitled.stderr).toBe(0);
    expect(retitled.stderr).toBe('');
    expect((await cli('events', 'delete', String(made.id), '--yes')).code).toBe(0);
    const restored = await cli('events', 'update', String(made.id), '--status', 'publish', '--json');
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stderr).not.toContain('__trashed');
    expect(restored.stderr).toBe('');
    expect(json<Json>(restored.stdout).slug).not.toContain('__trashed');
    const stored = (await api<Json>(site.sandbox, 'GET', `events/${made.id}`)).body;
    // The cost kept its casing through the title-only update and the restore.
    expect([stored.status, stored.title, stored.cost]).toEqual(['publish', 'Linked again', 'Donation']);
  });
});

describe('restore from the trash', () => {
  useLinkedSite();

  test('keeps all-day, cost and website, and refuses a record that is not in the trash', async () => {
    const made = json<Json>(
      (
        await cli(
          'events',
          'create',
          '--title',
          'Trashed Fair',
          '--start-date',
          '2027-07-01',
          '--end-date',
          '2027-07-01',
          '--all-day',
          '--cost',
          'Free',
          '--website',
          'https://fair.example.com',
          '--show-map',
          '--show-map-link',
          '--json',
        )
      ).stdout,
    );
    expect((await cli('events', 'delete', String(made.id), '--yes')).code).toBe(0);
    const r = await cli('events', 'restore', String(made.id), '--json');
    expect(r.code, r.stderr).toBe(0);
    const back = json<Json>(r.stdout);
    expect(back.status).toBe('publish');
    expect(back.all_day).toBe(true);
    expect(back.website).toBe('https://fair.example.com');
    expect(back.cost).toBe(made.cost);
    expect(back.slug).toBe(made.slug);
    const again = await cli('events', 'restore', String(made.id));
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('is not in the trash');
  });
});

describe('list filters take IDs, slugs or names, like writes', () => {
  useLinkedSite();

  test('by name, by slug, and an unknown one exits 3 naming it', async () => {
    const made = json<Json>((await create('--venue', 'stage-2', '--tags', 'Pop', '--start-date', '2027-05-02 10:00', '--end-date', '2027-05-02 11:00')).stdout);
    const byName = await cli('events', 'list', '--venue', 'Stage', '--start-date', '2027-05-02', '--end-date', '2027-05-02', '--format', 'ids');
    expect(byName.code, byName.stderr).toBe(0);
    expect(byName.stdout.trim().split('\n').map(Number)).toContain(made.id);
    const bySlug = await cli(
      'events',
      'list',
      '--tags',
      'Pop',
      '--venue',
      'stage-2',
      '--start-date',
      '2027-05-02',
      '--end-date',
      '2027-05-02',
      '--format',
      'ids',
    );
    expect(bySlug.stdout.trim().split('\n').map(Number)).toContain(made.id);
    const unknown = await cli('events', 'list', '--venue', 'No Such Hall');
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain('--venue: no venue matches "No Such Hall"');
    expect(unknown.stdout).toBe('');
  });
});

describe('a name one or two letters off', () => {
  useLinkedSite();

  test('is not guessed, but the error says which record it likely meant', async () => {
    const get = await cli('venues', 'get', 'Blue Ntoe');
    expect(get.code).toBe(3);
    expect(get.stdout).toBe('');
    expect(get.stderr).toContain('venue "Blue Ntoe" not found');
    expect(get.stderr).toContain(`Did you mean "Blue Note" (ID ${ids.blueNote})?`);
    const filter = await cli('events', 'list', '--venue', 'old stagee');
    expect(filter.code).toBe(3);
    expect(filter.stderr).toContain(`Did you mean "Old Stage" (ID ${ids.oldStage})?`);
    const writes = site.sandbox.stats.writes;
    const write = await create('--venue', 'Blue Note Hal', '--tags', 'Popp');
    expect(write.code).toBe(2);
    expect(write.stderr).toContain(`Did you mean "blue note hall" (ID ${ids.blueNoteHall})?`);
    expect(write.stderr).toContain(`Did you mean "Pop" (ID ${ids.pop})?`);
    expect(site.sandbox.stats.writes).toBe(writes);
    const far = await cli('venues', 'get', 'Concert Hall');
    expect(far.code).toBe(3);
    expect(far.stderr).not.toContain('Did you mean');
  });

  test('a --add- change says so too, and nothing is written', async () => {
    const made = await created(site.sandbox, 'events', { title: 'Tag Me', start_date: '2027-05-04 10:00:00', end_date: '2027-05-04 11:00:00' });
    const writes = site.sandbox.stats.writes;
    const r = await cli('events', 'update', String(made), '--add-tags', 'Old Poop');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`Did you mean "Old Pop" (ID ${ids.oldPop})?`);
    expect(site.sandbox.stats.writes).toBe(writes);
  });
});

describe('titles outside the Latin alphabet', () => {
  useLinkedSite();

  test('an event is read by its slug as listed, or by the text of it, and its slug is predicted as WordPress makes it', async () => {
    const made = json<Json>(
      (await cli('events', 'create', '--title', '東京ジャズ', '--start-date', '2027-03-01 19:00', '--end-date', '2027-03-01 21:00', '--json')).stdout,
    );
    expect(made.slug).toBe('%e6%9d%b1%e4%ba%ac%e3%82%b8%e3%83%a3%e3%82%ba');
    for (const ref of [made.slug as string, '東京ジャズ']) {
      const got = await cli('events', 'get', ref, '--fields', 'id,title', '--format', 'json');
      expect(got.code, `${ref}: ${got.stderr}`).toBe(0);
      expect(json<Json>(got.stdout)).toEqual({ id: made.id, title: '東京ジャズ' });
    }
    const organizer = await cli('organizers', 'create', '--organizer', '한국 재즈 협회', '--json');
    expect(json<Json>(organizer.stdout).slug).toBe('%ed%95%9c%ea%b5%ad-%ec%9e%ac%ec%a6%88-%ed%98%91%ed%9a%8c');
  });
});

describe('moving an event', () => {
  useLinkedSite();

  test('--start-date alone keeps the length, says so; --no-keep-duration keeps the end', async () => {
    const made = json<Json>(
      (await cli('events', 'create', '--title', 'Mover', '--start-date', '2027-08-01 10:00', '--end-date', '2027-08-01 12:00', '--json')).stdout,
    );
    const moved = await cli('events', 'update', String(made.id), '--start-date', '2027-08-02 15:00', '--json');
    expect(moved.code, moved.stderr).toBe(0);
    expect(json<Json>(moved.stdout).end_date).toBe('2027-08-02 17:00:00');
    expect(moved.stderr).toContain("The end moves to 2027-08-02 17:00:00 to keep the event's length");
    const kept = await cli('events', 'update', String(made.id), '--start-date', '2027-08-02 16:00', '--no-keep-duration', '--json');
    expect(kept.code, kept.stderr).toBe(0);
    expect(json<Json>(kept.stdout).end_date).toBe('2027-08-02 17:00:00');
    expect(kept.stderr).toBe('');
  });
});

describe('links changed in place', () => {
  useLinkedSite();

  test('--add-tags/--remove-tags, --organizer none, and --venue none refused', async () => {
    const org = (await api<Json>(site.sandbox, 'POST', 'organizers', { organizer: 'Inline Org' })).body.id;
    const jazz = (await api<Json>(site.sandbox, 'POST', 'tags', { name: 'Inline Jazz' })).body.id;
    const made = json<Json>((await create('--tags', 'Pop', '--organizer', String(org), '--venue', 'stage-2')).stdout);
    const added = json<Json>((await cli('events', 'update', String(made.id), '--add-tags', 'Inline Jazz', '--json')).stdout);
    expect(added.tags.map((t: Json) => t.id).sort()).toEqual([ids.pop, jazz].sort());
    const removed = await cli('events', 'update', String(made.id), '--remove-tags', 'Pop', '--json');
    expect(removed.code, removed.stderr).toBe(0);
    expect(json<Json>(removed.stdout).tags.map((t: Json) => t.id)).toEqual([jazz]);
    const noOrg = json<Json>((await cli('events', 'update', String(made.id), '--organizer', 'none', '--json')).stdout);
    expect(noOrg.organizer).toEqual([]);
    expect(noOrg.venue.id).toBe(ids.stage);
    const venue = await cli('events', 'update', String(made.id), '--venue', 'none');
    expect(venue.code).toBe(2);
    expect(venue.stderr).toContain("an event's venue cannot be removed; no route of the site removes it");
  });
});

describe('several records at once', () => {
  useLinkedSite();

  test('get and delete take several refs, or - for stdin; --permanently deletes for good', async () => {
    const make = async (title: string) =>
      json<Json>((await cli('events', 'create', '--title', title, '--start-date', '2027-09-01 10:00', '--end-date', '2027-09-01 11:00', '--json')).stdout);
    const [a, b, c] = [await make('Batch A'), await make('Batch B'), await make('Batch C')];
    const got = await cli('events', 'get', String(a.id), b.slug, '--format', 'ids');
    expect(got.code, got.stderr).toBe(0);
    expect(got.stdout).toBe(`${a.id}\n${b.id}\n`);
    const partial = await cli('events', 'get', String(a.id), '987654', '--format', 'ids');
    expect(partial.code).toBe(3);
    expect(partial.stdout).toBe(`${a.id}\n`);
    const piped = await site.cli(['events', 'get', '-', '--format', 'ids'], { stdin: `${b.id}\n${c.id}\n` });
    expect(piped.stdout).toBe(`${b.id}\n${c.id}\n`);
    const refused = await cli('events', 'delete', String(a.id), String(b.id));
    expect(refused.code).toBe(2);
    expect((await api<Json>(site.sandbox, 'GET', `events/${a.id}`)).body.status).toBe('publish');
    const trashed = await cli('events', 'delete', String(a.id), String(b.id), '--yes');
    expect(trashed.code, trashed.stderr).toBe(0);
    expect((await api<Json>(site.sandbox, 'GET', `events/${a.id}`)).body.status).toBe('trash');
    expect((await api<Json>(site.sandbox, 'GET', `events/${b.id}`)).body.status).toBe('trash');
    const gone = await cli('events', 'delete', String(c.id), '--permanently', '--yes');
    expect(gone.code, gone.stderr).toBe(0);
    expect(gone.stderr).toContain('for good');
    expect((await api<Json>(site.sandbox, 'GET', `events/${c.id}`)).status).toBe(400);
  });

  test('trashing a venue still used by events says how many', async () => {
    const venue = (await api<Json>(site.sandbox, 'POST', 'venues', { venue: 'Busy Hall' })).body.id;
    await create('--venue', String(venue));
    const r = await cli('venues', 'delete', String(venue), '--yes');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/linked to 1 event/);
    expect((await api<Json>(site.sandbox, 'GET', `venues/${venue}`)).body.status).toBe('trash');
  });
});
