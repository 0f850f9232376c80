/**
 * Every write path keeps, in the stored record, what was not asked to change: the sandbox
 * stores titles, descriptions, excerpts and costs as typed and renders them on the way out,
 * as a real site does, so a write that sent back what it read would show here. Each path
 * runs on both APIs: tec/v1 (one PATCH of the changes) and a site without it (the tribe
 * route, sent what it would otherwise reset, and refusing what it cannot keep).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, cliOn, json, startTestSandbox, tempHome, type Sandbox } from './helpers.js';
import type { PostRecord } from '../../src/sandbox/store/store.js';

type Json = Record<string, any>;

const COST = '€10 – €30';
const EVENT = {
  title: 'Yoga – “Sun” & Moon… 🌞',
  description: '<!-- wp:heading -->\n<h2>Hello</h2>\n<!-- /wp:heading -->\n\n[gallery ids="1,2"]\nBring a mat…',
  excerpt: 'Short & sweet — really',
  start_date: '2027-03-10 18:00:00',
  end_date: '2027-03-10 20:00:00',
  timezone: 'Europe/Paris',
  cost: COST,
  featured: true,
  sticky: true,
  website: 'https://example.org/yoga',
  show_map: true,
  show_map_link: true,
};

/** A sandbox and a HOME of the test's own, made on demand (once or more) and all closed after the describe. */
function ownSite() {
  const made: Array<{ sandbox: Sandbox; home: ReturnType<typeof tempHome> }> = [];
  afterAll(async () => {
    for (const { sandbox, home } of made.splice(0)) {
      home.cleanup();
      await sandbox.close();
    }
  });
  return {
    async start() {
      const site = { sandbox: await startTestSandbox(), home: tempHome() };
      made.push(site);
      return site;
    },
  };
}

const APIS = [
  { api: 'tec', sandbox: {} },
  { api: 'tribe', sandbox: { tecV1: false } },
] as const;

describe.each(APIS)('every write on $api keeps what was not asked', ({ api: apiName, sandbox: options }) => {
  let sandbox: Sandbox;
  let home: ReturnType<typeof tempHome>;
  const ids: Record<string, number> = {};
  const cli = (...args: string[]) => cliOn(sandbox, home, args);

  beforeAll(async () => {
    sandbox = await startTestSandbox(options);
    home = tempHome();
    const made = async (path: string, body: Json) => (await api<Json>(sandbox, 'POST', path, body)).body.id as number;
    ids.venue = await made('venues', {
      venue: 'Café d’Été & Co — “Quoted”',
      city: 'Paris',
      address: '1 rue de l’Été',
      show_map: 'false',
      show_map_link: 'false',
      stateprovince: 'IDF',
    });
    ids.org1 = await made('organizers', { organizer: 'Kids\' Club "Stars"', email: 'kids@example.org', phone: '123' });
    ids.org2 = await made('organizers', { organizer: 'Second & Co', email: 'two@example.org' });
    ids.tag = await made('tags', { name: 'Outdoor' });
    ids.category = await made('categories', { name: 'Yoga & Co' });
    const linked = { venue: ids.venue, organizer: [ids.org1, ids.org2], categories: [ids.category] };
    for (const name of ['title', 'excerpt', 'tags', 'restore', 'import', 'apply']) {
      ids[name] = await made('events', { ...EVENT, ...linked, title: `${EVENT.title} ${name}` });
    }
    // Its map off, its cost with amounts: tec/v1 would turn the map on, the tribe route would rewrite the cost.
    ids.mapOff = await made('events', { ...EVENT, ...linked, title: 'Map off “event”', cost: 'CHF 60-140', show_map: false, show_map_link: false });
    // Its map off, its cost in words: the site shows such a cost as stored, so the tribe route is sent it back.
    ids.words = await made('events', { ...EVENT, ...linked, title: 'Words “event”', cost: 'Free entry', show_map: false, show_map_link: false });
    // Written to the profile-less environment: this run's API is pinned.
    home.env.CALENDAR_API = apiName;
  });
  afterAll(async () => {
    home.cleanup();
    await sandbox.close();
  });

  /** The stored record (raw, as the database holds it), without the time of the last write. */
  const stored = (id: number): Json => {
    const { modifiedUtc: _, ...post } = structuredClone(sandbox.store.post(id) as PostRecord) as Json;
    // No image and an image unset are one thing in the database (no _thumbnail_id).
    if (post.fields.image === null) delete post.fields.image;
    return post;
  };
  /** Only `changed` differs between the stored records. */
  const expectOnly = (before: Json, after: Json, changed: Json) =>
    expect(after).toEqual({ ...before, ...changed, fields: { ...before.fields, ...changed.fields } });

  test('events update --title changes the title only', async () => {
    const before = stored(ids.title);
    const r = await cli('events', 'update', String(ids.title), '--title', 'New “title” & more…', '--no-conflict-check');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expectOnly(before, stored(ids.title), { fields: { title: 'New “title” & more…' } });
  });

  test('events update --excerpt changes the excerpt only', async () => {
    const before = stored(ids.excerpt);
    const r = await cli('events', 'update', String(ids.excerpt), '--excerpt', 'Now <em>shorter</em>', '--format', 'json');
    expect(r.code, r.stderr).toBe(0);
    expectOnly(before, stored(ids.excerpt), { fields: { excerpt: 'Now <em>shorter</em>' } });
    // The record printed holds every text as typed, those not sent too, as a get gives them.
    const printed = json<Json>(r.stdout);
    expect([printed.title, printed.description, printed.excerpt]).toEqual([`${EVENT.title} excerpt`, EVENT.description, 'Now <em>shorter</em>']);
  });

  test('--add-tags adds the tag only', async () => {
    const before = stored(ids.tags);
    const r = await cli('events', 'update', String(ids.tags), '--add-tags', 'outdoor');
    expect(r.code, r.stderr).toBe(0);
    expectOnly(before, stored(ids.tags), { fields: { tags: [ids.tag] } });
  });

  test('venues update --city and organizers update --phone change that field only', async () => {
    const venue = stored(ids.venue);
    const organizer = stored(ids.org1);
    expect((await cli('venues', 'update', String(ids.venue), '--city', 'Lyon')).code).toBe(0);
    const printed = await cli('organizers', 'update', String(ids.org1), '--phone', '+33 1 23', '--format', 'json');
    expect(printed.code).toBe(0);
    expectOnly(venue, stored(ids.venue), { fields: { city: 'Lyon' } });
    expectOnly(organizer, stored(ids.org1), { fields: { phone: '+33 1 23' } });
    // A name not sent is printed as typed where tec/v1 took the change (its answer is in the edit
    // context); the tribe route answers it as the site displays it, and no typed read is made for it.
    expect(json<Json>(printed.stdout).organizer).toBe(apiName === 'tec' ? 'Kids\' Club "Stars"' : 'Kids&#8217; Club &#8220;Stars&#8221;');
  });

  test('restore brings back status and slug only, through the core route', async () => {
    const before = stored(ids.restore);
    expect((await cli('events', 'delete', String(ids.restore), '--yes')).code).toBe(0);
    const trashed = stored(ids.restore);
    expect(trashed.status).toBe('trash');
    // WordPress's own route restores on both: the status and slug change, nothing else.
    const r = await cli('events', 'restore', String(ids.restore));
    expect(r.code, r.stderr).toBe(0);
    expect(stored(ids.restore)).toEqual(before);
  });

  test('import --upsert-by slug sends the changed field of the changed row only', async () => {
    const before = stored(ids.import);
    const others = stored(ids.apply);
    const exported = await cli('export', 'events');
    expect(exported.code, exported.stderr).toBe(0);
    const rows = exported.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Json);
    // The export holds the texts as typed.
    const row = rows.find((r) => r.title === `${EVENT.title} import`)!;
    expect(row).toMatchObject({ description: EVENT.description, excerpt: EVENT.excerpt });
    row.excerpt = 'Imported “excerpt”';
    const file = join(home.home, 'events.ndjson');
    writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n'));
    const writes = sandbox.stats.writes;
    const r = await cli('import', 'events', file, '--upsert-by', 'slug', '--yes');
    // The excerpt goes by WordPress core's route, on either site: nothing to refuse for the cost.
    expect(r.code, r.stderr).toBe(0);
    expect(sandbox.stats.writes).toBe(writes + 1);
    expect(r.stderr).toMatch(/0 created, 1 updated/);
    expectOnly(before, stored(ids.import), { fields: { excerpt: 'Imported “excerpt”' } });
    expect(stored(ids.apply)).toEqual(others);
  });

  test('apply sends the changed field only', async () => {
    const before = stored(ids.apply);
    const file = join(home.home, 'site.json');
    const exported = await cli('export', '--site', '--format', 'json');
    expect(exported.code, exported.stderr).toBe(0);
    const site = JSON.parse(exported.stdout) as Json;
    const slug = Object.keys(site.events).find((s) => site.events[s].title === `${EVENT.title} apply`)!;
    expect(site.events[slug]).toMatchObject({ title: `${EVENT.title} apply`, description: EVENT.description });
    site.events[slug].excerpt = 'Applied — “excerpt”';
    writeFileSync(file, JSON.stringify(site));
    const writes = sandbox.stats.writes;
    const r = await cli('apply', file, '--yes');
    expect(r.code, r.stderr).toBe(0);
    expect(sandbox.stats.writes).toBe(writes + 1);
    expectOnly(before, stored(ids.apply), { fields: { excerpt: 'Applied — “excerpt”' } });
    const again = await cli('diff', file);
    expect(again.stdout).toMatch(/no changes|nothing to do/i);
  });

  // Its title is one core request; its meta is refused, or goes with the cost given.
  test('an event whose map is off and whose cost the site shows reformatted', async () => {
    const before = stored(ids.mapOff);
    let writes = sandbox.stats.writes;
    const titled = await cli('events', 'update', String(ids.mapOff), '--title', 'Map off, renamed', '--no-conflict-check');
    expect(titled.code, titled.stderr).toBe(0);
    expect(sandbox.stats.writes).toBe(writes + 1);
    const renamed = stored(ids.mapOff);
    expectOnly(before, renamed, { fields: { title: 'Map off, renamed' } });
    writes = sandbox.stats.writes;
    const refused = await cli('events', 'update', String(ids.mapOff), '--no-sticky', '--no-conflict-check');
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split('\n')).toHaveLength(2);
    expect(refused.stderr).toMatch(
      apiName === 'tec'
        ? /^calendar: show_map, show_map_link: [^\n]*\n.*--cost TEXT.*--show-map --show-map-link .*--force/
        : /^calendar: cost: [^\n]*\n.*--cost TEXT.*--force/,
    );
    expect(sandbox.stats.writes).toBe(writes);
    expect(stored(ids.mapOff)).toEqual(renamed);
    const r = await cli('events', 'update', String(ids.mapOff), '--no-sticky', '--cost', 'CHF 60-140', '--no-conflict-check');
    expect(r.code, r.stderr).toBe(0);
    expectOnly(renamed, stored(ids.mapOff), { fields: { sticky: false } });
  });

  test('an event whose map is off and whose cost is in words (shown as stored) is updated, its cost sent back as it is', async () => {
    const before = stored(ids.words);
    const r = await cli('events', 'update', String(ids.words), '--title', 'Words, renamed', '--no-conflict-check');
    expect(r.code, r.stderr).toBe(0);
    expectOnly(before, stored(ids.words), { fields: { title: 'Words, renamed' } });
  });

  test('export writes the texts as typed', async () => {
    const r = await cli('export', 'venues');
    const venue = r.stdout
      .trim()
      .split('\n')
      .map((line) => json<Json>(line))
      .find((v) => v.slug === stored(ids.venue).slug)!;
    expect(venue.venue).toBe('Café d’Été & Co — “Quoted”');
    expect(readFileSync(join(home.home, 'events.ndjson'), 'utf8')).toContain(JSON.stringify(EVENT.description));
  });
});

describe('tec/v1 on the wire', () => {
  const own = ownSite();

  test('a venue update is one PATCH with the acknowledgement; a site whose tec/v1 is gone gets it once by the older route, said in --debug', async () => {
    const { sandbox, home } = await own.start();
    const venue = (await api<Json>(sandbox, 'POST', 'venues', { venue: 'Wire Hall', city: 'Paris' })).body.id as number;
    const r = await cliOn(sandbox, home, ['venues', 'update', String(venue), '--city', 'Lyon', '--debug']);
    expect(r.code, r.stderr).toBe(0);
    const writes = r.stderr.split('\n').filter((line) => /^debug: > (PATCH|PUT|POST)/.test(line));
    expect(writes).toEqual([expect.stringMatching(/^debug: > PATCH http:\/\/127\.0\.0\.1:\d+\/wp-json\/tec\/v1\/venues\/\d+\?context=edit /)]);
    expect((sandbox.store.post(venue)!.fields as Json).city).toBe('Lyon');

    const old = await startTestSandbox({ tecV1: false });
    try {
      const oldVenue = (await api<Json>(old, 'POST', 'venues', { venue: 'Old Hall', city: 'Paris' })).body.id as number;
      const pinned = await cliOn(old, { ...home, env: { ...home.env, CALENDAR_API: 'tec' } }, [
        'venues',
        'update',
        String(oldVenue),
        '--city',
        'Lyon',
        '--debug',
      ]);
      expect(pinned.code, pinned.stderr).toBe(0);
      expect(pinned.stderr).toMatch(
        /debug: tec\/v1 refused the PATCH \(HTTP 404 rest_no_route\): not the version this client speaks; the update goes once by tribe\/events\/v1/,
      );
      expect(pinned.stderr).toMatch(/debug: > PUT http:\/\/127\.0\.0\.1:\d+\/wp-json\/tribe\/events\/v1\/venues\/\d+ /);
      expect((old.store.post(oldVenue)!.fields as Json).city).toBe('Lyon');
    } finally {
      await old.close();
    }
  });
});

describe('names as the server compares them', () => {
  const own = ownSite();

  test('a venue name taken but for accents and case is refused on create, rename and import: never an overwrite of another record', async () => {
    const { sandbox, home } = await own.start();
    const cafe = (await api<Json>(sandbox, 'POST', 'venues', { venue: 'Café de la Gare', city: 'Nantes' })).body.id as number;
    const other = (await api<Json>(sandbox, 'POST', 'venues', { venue: 'Other Hall', city: 'Lyon' })).body.id as number;
    const before = structuredClone(sandbox.store.post(cafe));
    const created = await cliOn(sandbox, home, ['venues', 'create', '--name', 'CAFE DE LA GARE', '--city', 'Paris']);
    expect(created.code, created.stderr).toBe(2);
    expect(created.stderr).toContain(`exists already (ID ${cafe})`);
    const renamed = await cliOn(sandbox, home, ['venues', 'update', String(other), '--name', 'cafe de la gare']);
    expect(renamed.code, renamed.stderr).toBe(2);
    expect(renamed.stderr).toContain(`exists already (ID ${cafe})`);
    const file = join(home.home, 'venues.ndjson');
    writeFileSync(file, `${JSON.stringify({ venue: 'Cafe de la Gare', city: 'Brest' })}\n`);
    const imported = await cliOn(sandbox, home, ['import', 'venues', file, '--yes']);
    expect(imported.code, imported.stderr).toBe(6);
    expect(imported.stderr).toContain(`exists already (ID ${cafe})`);
    expect(sandbox.store.post(cafe)).toEqual(before);
  });

  test("a name with an apostrophe, which lists show curled (d'Été as d’Été), is taken by the same name typed in capitals", async () => {
    const { sandbox, home } = await own.start();
    const cafe = (await api<Json>(sandbox, 'POST', 'venues', { venue: "Café d'Été, 12 rue de l'Été", city: 'Paris' })).body.id as number;
    const other = (await api<Json>(sandbox, 'POST', 'venues', { venue: 'Quai Hall', city: 'Lyon' })).body.id as number;
    const before = structuredClone(sandbox.store.post(cafe));
    const created = await cliOn(sandbox, home, ['venues', 'create', '--name', "CAFE D'ETE, 12 RUE DE L'ETE", '--city', 'Lyon']);
    expect(created.code, created.stderr).toBe(2);
    expect(created.stderr).toContain(`exists already (ID ${cafe})`);
    const renamed = await cliOn(sandbox, home, ['venues', 'update', String(other), '--name', "cafe d'ete, 12 rue de l'ete"]);
    expect(renamed.code, renamed.stderr).toBe(2);
    expect(renamed.stderr).toContain(`exists already (ID ${cafe})`);
    const file = join(home.home, 'apostrophe.ndjson');
    writeFileSync(file, `${JSON.stringify({ venue: "Cafe d'Ete, 12 rue de l'Ete", slug: 'cafe-brest', city: 'Brest' })}\n`);
    for (const upsert of [[], ['--upsert-by', 'slug']]) {
      const imported = await cliOn(sandbox, home, ['import', 'venues', file, '--yes', ...upsert]);
      expect(imported.code, imported.stderr).toBe(6);
      expect(imported.stderr).toContain(`exists already (ID ${cafe}); the server would overwrite it (the site has it as "Café d'Été, 12 rue de l'Été"`);
    }
    expect(sandbox.store.post(cafe)).toEqual(before);
  });
});

describe('the iCalendar sync', () => {
  const own = ownSite();

  test("a changed SUMMARY changes the title only; what the site's editors added to the event stays as typed", async () => {
    const { sandbox, home } = await own.start();
    const feed = (summary: string) =>
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//test//lossless//EN',
        'BEGIN:VEVENT',
        'UID:talk@lossless.test',
        'DTSTAMP:20261101T000000Z',
        `SUMMARY:${summary}`,
        'DTSTART;TZID=Europe/Paris:20270115T190000',
        'DTEND;TZID=Europe/Paris:20270115T203000',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n');
    const file = join(home.home, 'feed.ics');
    writeFileSync(file, feed('Harbor talk'));
    expect((await cliOn(sandbox, home, ['import', 'events', file])).code).toBe(0);
    const event = sandbox.store.events().find((e) => e.fields.title === 'Harbor talk')!;
    // An editor adds a cost in words, block markup and the map on the site itself.
    const added = await api<Json>(sandbox, 'POST', `events/${event.id}`, {
      cost: 'Free entry',
      description: '<!-- wp:paragraph -->\n<p>Bring “friends” & food…</p>\n<!-- /wp:paragraph -->',
      show_map: true,
      show_map_link: true,
      start_date: '2027-01-15 19:00:00',
      end_date: '2027-01-15 20:30:00',
      timezone: 'Europe/Paris',
    });
    expect(added.status).toBe(200);
    const before = structuredClone(sandbox.store.post(event.id)) as Json;
    writeFileSync(file, feed('Harbor talk (moved upstairs)'));
    const r = await cliOn(sandbox, home, ['import', 'events', file]);
    expect(r.code, r.stderr).toBe(0);
    const { modifiedUtc: _a, ...after } = structuredClone(sandbox.store.post(event.id)) as Json;
    const { modifiedUtc: _b, ...was } = before;
    expect(after).toEqual({ ...was, fields: { ...was.fields, title: 'Harbor talk (moved upstairs)' }, slug: after.slug });
  });
});

describe('import venues --upsert-by slug', () => {
  const own = ownSite();

  test('run twice: the new venue is given the file slug (the server makes its own on create), so the second run finds it unchanged', async () => {
    const { sandbox, home } = await own.start();
    const file = join(home.home, 'venues.ndjson');
    writeFileSync(file, `${JSON.stringify({ venue: 'Blue Note Hall', slug: 'blue-note', city: 'New York' })}\n`);
    const first = await cliOn(sandbox, home, ['import', 'venues', file, '--upsert-by', 'slug', '--yes']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toBe('1 created, 0 updated, 0 unchanged, 0 failed\n');
    const second = await cliOn(sandbox, home, ['import', 'venues', file, '--upsert-by', 'slug', '--yes']);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain('0 created, 0 updated, 1 unchanged');
    expect(sandbox.store.postsOfType('venue').map((v) => v.slug)).toEqual(['blue-note']);
  });
});

describe('apply of a new venue', () => {
  const own = ownSite();

  test('gives it the slug the site file names (the server makes its own on create), so an event linked by it and a second apply find it', async () => {
    const { sandbox, home } = await own.start();
    const file = join(home.home, 'site.yaml');
    writeFileSync(
      file,
      [
        'venues:',
        '  blue-note:',
        '    venue: Blue Note Hall',
        '    city: New York',
        'events:',
        '  jazz-night:',
        '    title: Jazz Night',
        "    start_date: '2027-03-01 20:00:00'",
        "    end_date: '2027-03-01 22:00:00'",
        '    venue: blue-note',
        '',
      ].join('\n'),
    );
    const first = await cliOn(sandbox, home, ['apply', file, '--yes']);
    expect(first.code, first.stderr).toBe(0);
    expect(sandbox.store.postsOfType('venue').map((v) => v.slug)).toEqual(['blue-note']);
    const second = await cliOn(sandbox, home, ['diff', file, '--exit-code']);
    expect(second.code, `${second.stdout}${second.stderr}`).toBe(0);
  });
});
