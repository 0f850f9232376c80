/**
 * The traps of the real server, reproduced by the sandbox, and how calendar defends
 * against each (docs/traps.md).
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { api, json, runCli, siteEnv, startTestSandbox, useSite } from './helpers.js';

const site = useSite();
const cli = (...args: string[]) => site.cli(args);
type Json = Record<string, any>;

// The records below are created once and only read; a test that changes a record, or reads
// what a write left, makes its own, so any test runs alone (-t) or in any order.
const ids: Record<string, number> = {};
const eventTotal = async () => (await api<Json>(site.sandbox, 'GET', 'events?start_date=1900-01-01&per_page=1')).body.total as number;

beforeAll(async () => {
  ids.venue = (
    await api<Json>(site.sandbox, 'POST', 'venues', { venue: 'Blue Note Hall', city: 'New York', show_map: 'false', show_map_link: 'false', state: 'NY' })
  ).body.id;
  ids.organizer = (await api<Json>(site.sandbox, 'POST', 'organizers', { organizer: 'Jazz Society' })).body.id;
  ids.organizer2 = (await api<Json>(site.sandbox, 'POST', 'organizers', { organizer: 'Parks Department' })).body.id;
  ids.music = (await api<Json>(site.sandbox, 'POST', 'categories', { name: 'Music' })).body.id;
  ids.jazz = (await api<Json>(site.sandbox, 'POST', 'categories', { name: 'Jazz', parent: ids.music })).body.id;
  ids.outdoors = (await api<Json>(site.sandbox, 'POST', 'tags', { name: 'Outdoors' })).body.id;
});

describe('an update of one field keeps every other field', () => {
  test('events', async () => {
    const created = await cli(
      'events',
      'create',
      '--title',
      'Winter Jazz Night',
      '--start-date',
      '2027-12-05 19:00',
      '--end-date',
      '2027-12-05 22:30',
      '--venue',
      String(ids.venue),
      '--organizer',
      `${ids.organizer},${ids.organizer2}`,
      '--categories',
      String(ids.jazz),
      '--tags',
      String(ids.outdoors),
      '--cost',
      '15',
      '--website',
      'https://jazz.example.com/winter',
      '--featured',
      '--sticky',
      '--show-map',
      '--show-map-link',
      '--timezone',
      'Europe/Paris',
      '--excerpt',
      'Live jazz',
      '--json',
    );
    expect(created.code, created.stderr).toBe(0);
    const before = json<Json>(created.stdout);
    const r = await cli('events', 'update', String(before.id), '--title', 'Winter Jazz Night (updated)', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const after = json<Json>(r.stdout);
    expect(after.title).toBe('Winter Jazz Night (updated)');
    for (const key of [
      'featured',
      'sticky',
      'show_map',
      'show_map_link',
      'hide_from_listings',
      'all_day',
      'cost',
      'website',
      'timezone',
      'start_date',
      'end_date',
      'utc_start_date',
      'status',
      'date',
    ]) {
      expect(after[key], key).toEqual(before[key]);
    }
    // The create's answer shows the excerpt as the site displays it; the update hands it back as typed and kept.
    expect([before.excerpt, after.excerpt]).toEqual(['<p>Live jazz</p>', 'Live jazz']);
    expect(after.organizer.map((o: Json) => o.id)).toEqual([ids.organizer, ids.organizer2]);
    expect(after.venue.id).toBe(ids.venue);
    expect(after.categories.map((c: Json) => c.id)).toEqual(before.categories.map((c: Json) => c.id));
    expect(after.tags.map((t: Json) => t.id)).toEqual([ids.outdoors]);
  });

  test('--replace gives the server behaviour for those who want it', async () => {
    const made = json<Json>(
      (
        await cli(
          'events',
          'create',
          '--title',
          'Replace Me',
          '--start-date',
          '2027-11-01 10:00',
          '--end-date',
          '2027-11-01 11:00',
          '--featured',
          '--organizer',
          String(ids.organizer),
          '--json',
        )
      ).stdout,
    );
    const r = await cli('events', 'update', String(made.id), '--title', 'Replaced', '--replace', '--json');
    expect(r.code, r.stderr).toBe(0);
    const after = json<Json>(r.stdout);
    expect(after.featured).toBe(false);
    expect(after.organizer).toEqual([]);
  });

  test('a draft stays a draft', async () => {
    const made = json<Json>(
      (
        await cli(
          'events',
          'create',
          '--title',
          'Draft Plan',
          '--start-date',
          '2027-11-02 10:00',
          '--end-date',
          '2027-11-02 11:00',
          '--status',
          'draft',
          '--json',
        )
      ).stdout,
    );
    const after = json<Json>((await cli('events', 'update', String(made.id), '--excerpt', 'Still secret', '--json')).stdout);
    expect(after.status).toBe('draft');
    expect((await api<Json>(site.sandbox, 'GET', `events/${made.id}`)).body).toMatchObject({
      status: 'draft',
      excerpt: expect.stringContaining('Still secret'),
    });
  });

  test('changing only the start sends the end too, so the change is kept', async () => {
    const made = json<Json>(
      (await cli('events', 'create', '--title', 'Moved', '--start-date', '2027-10-01 10:00', '--end-date', '2027-10-01 18:00', '--json')).stdout,
    );
    const after = json<Json>((await cli('events', 'update', String(made.id), '--start-date', '2027-10-01 12:00', '--no-keep-duration', '--json')).stdout);
    expect(after.start_date).toBe('2027-10-01 12:00:00');
    expect(after.end_date).toBe('2027-10-01 18:00:00');
  });

  test('venues keep their map settings, image and state', async () => {
    await api(site.sandbox, 'POST', 'venues', { venue: 'Map Room', city: 'New York', show_map: 'false', show_map_link: 'false', state: 'NY' });
    const r = await cli('venues', 'update', 'map-room', '--phone', '+1 212 555 0199', '--json');
    expect(r.code, r.stderr).toBe(0);
    const venue = json<Json>(r.stdout);
    expect(venue.phone).toBe('+1 212 555 0199');
    expect(venue.show_map).toBe(false);
    expect(venue.show_map_link).toBe(false);
    expect(venue.stateprovince).toBe('NY');
    expect(venue.city).toBe('New York');
  });
});

describe('names and slugs resolve to IDs', () => {
  test('venue, organizer, categories and tags by slug or name', async () => {
    const r = await cli(
      'events',
      'create',
      '--title',
      'Named Links',
      '--start-date',
      '2027-09-01 20:00',
      '--end-date',
      '2027-09-01 22:00',
      '--venue',
      'blue-note-hall',
      '--organizer',
      'Jazz Society,parks-department',
      '--categories',
      'music,Jazz',
      '--tags',
      'Outdoors',
      '--json',
    );
    expect(r.code, r.stderr).toBe(0);
    const event = json<Json>(r.stdout);
    expect(event.venue.id).toBe(ids.venue);
    expect(event.organizer.map((o: Json) => o.id)).toEqual([ids.organizer, ids.organizer2]);
    expect(event.categories.map((c: Json) => c.id).sort()).toEqual([ids.music, ids.jazz].sort());
    expect(event.tags.map((t: Json) => t.id)).toEqual([ids.outdoors]);
  });

  test('no junk tag is ever created from an existing tag name', async () => {
    const linked = await cli(
      'events',
      'create',
      '--title',
      'Tagged By Name',
      '--start-date',
      '2027-09-04 20:00',
      '--end-date',
      '2027-09-04 22:00',
      '--tags',
      'Outdoors',
      '--json',
    );
    expect(linked.code, linked.stderr).toBe(0);
    expect(json<Json>(linked.stdout).tags.map((t: Json) => t.id)).toEqual([ids.outdoors]);
    const tags = (await api<Json>(site.sandbox, 'GET', 'tags?hide_empty=false&per_page=50')).body.tags as Json[];
    expect(tags.map((t) => t.name)).not.toContain(String(ids.outdoors));
  });

  test('unknown names fail with exit 2 and nothing is written', async () => {
    const before = await eventTotal();
    const r = await cli(
      'events',
      'create',
      '--title',
      'Ghost',
      '--start-date',
      '2027-09-02',
      '--end-date',
      '2027-09-02',
      '--venue',
      'no-such-hall',
      '--tags',
      'nope,Outdoors',
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown tags: nope; venue: no-such-hall/);
    expect(await eventTotal()).toBe(before);
  });

  test('unknown numeric IDs fail too instead of being dropped by the server', async () => {
    const before = await eventTotal();
    const r = await cli('events', 'create', '--title', 'Ghost', '--start-date', '2027-09-02', '--end-date', '2027-09-02', '--categories', '99999');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown categories: 99999/);
    expect(await eventTotal()).toBe(before);
  });

  test('--create-missing creates them first', async () => {
    const r = await cli(
      'events',
      'create',
      '--title',
      'New Links',
      '--start-date',
      '2027-09-03',
      '--end-date',
      '2027-09-03',
      '--tags',
      'Brand New Tag',
      '--create-missing',
      '--json',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(json<Json>(r.stdout).tags.map((t: Json) => t.name)).toEqual(['Brand New Tag']);
    const tags = (await api<Json>(site.sandbox, 'GET', 'tags?hide_empty=false&per_page=50&search=Brand')).body.tags as Json[];
    expect(tags.map((t) => t.name)).toEqual(['Brand New Tag']);
  });

  test('categories get, update and delete accept a slug', async () => {
    const swing = (await api<Json>(site.sandbox, 'POST', 'categories', { name: 'Swing', parent: ids.music })).body.id;
    const got = await cli('categories', 'get', 'swing', '--format', 'ids');
    expect(got.stdout).toBe(`${swing}\n`);
    const r = await cli('categories', 'update', 'swing', '--description', 'Swing and bop', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(json<Json>(r.stdout).id).toBe(swing);
    expect((await api<Json>(site.sandbox, 'GET', `categories/${swing}`)).body.description).toBe('Swing and bop');
    const deleted = await cli('categories', 'delete', 'swing', '--yes');
    expect(deleted.code, deleted.stderr).toBe(0);
    expect((await cli('categories', 'get', String(swing))).code).toBe(3);
  });
});

describe('not found means not found', () => {
  const cases: Array<[string, string, string]> = [];
  for (const [resource, singular] of [
    ['events', 'event'],
    ['venues', 'venue'],
    ['organizers', 'organizer'],
    ['categories', 'category'],
    ['tags', 'tag'],
  ]) {
    for (const verb of ['get', 'update', 'delete']) for (const ref of ['999999', 'no-such-slug']) cases.push([resource, `${verb} ${ref}`, singular]);
  }
  test.each(cases)('%s %s exits 3', async (resource, verbRef, singular) => {
    const [verb, ref] = verbRef.split(' ');
    const extra = verb === 'update' ? ['--description', 'x'] : verb === 'delete' ? ['--yes'] : [];
    const r = await cli(resource, verb, ref, ...extra);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(new RegExp(`^calendar: ${singular} ${ref} not found\\n`));
  });

  test('a 400 about another parameter stays a validation error naming it', async () => {
    const r = await cli('events', 'list', '--post-parent', '987654');
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/post_parent/);
  });
});

describe('writes checked before sending', () => {
  test('end before start exits 2 with no request sent', async () => {
    const before = site.sandbox.stats.requests;
    const r = await cli('events', 'create', '--title', 'Backwards', '--start-date', '2027-12-01 11:00', '--end-date', '2027-12-01 10:00');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/end_date 2027-12-01 10:00:00 is before start_date 2027-12-01 11:00:00/);
    expect(site.sandbox.stats.requests).toBe(before);
  });

  test('an update that would put the end before the stored start is refused', async () => {
    const made = json<Json>(
      (await cli('events', 'create', '--title', 'Ordered', '--start-date', '2027-08-01 10:00', '--end-date', '2027-08-01 12:00', '--json')).stdout,
    );
    const r = await cli('events', 'update', String(made.id), '--end-date', '2027-07-31 10:00', '--debug');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^calendar: .*end.*before.*start/im);
    expect(r.stderr).toMatch(/end_date 2027-07-31 10:00:00 is before start_date 2027-08-01 10:00:00/);
    expect(r.stderr).not.toMatch(/^debug: > (POST|PUT|PATCH)/m);
    const stored = json<Json>((await cli('events', 'get', String(made.id), '--json')).stdout);
    expect(stored.end_date).toBe('2027-08-01 12:00:00');
  });

  test('a start or end at a time the clocks skip in the event zone is refused, before anything is sent', async () => {
    const before = site.sandbox.stats.requests;
    const gap = await cli(
      'events',
      'create',
      '--title',
      'Spring Forward',
      '--start-date',
      '2027-03-14 02:30',
      '--end-date',
      '2027-03-14 04:00',
      '--timezone',
      'America/New_York',
    );
    expect(gap.code).toBe(2);
    expect(gap.stderr).toContain('start_date: 2027-03-14 02:30 does not exist in America/New_York: the clocks skip it that night');
    expect(gap.stderr).toContain('Give a time the clocks show, e.g. 2027-03-14 03:30.');
    expect(site.sandbox.stats.requests).toBe(before);
    // The hour the clocks repeat exists (in New York the site takes its first pass), and an all-day event is left alone.
    expect(
      (
        await cli(
          'events',
          'create',
          '--title',
          'Fall Back',
          '--start-date',
          '2027-11-07 01:30',
          '--end-date',
          '2027-11-07 02:30',
          '--timezone',
          'America/New_York',
        )
      ).code,
    ).toBe(0);
    expect(
      (
        await cli(
          'events',
          'create',
          '--title',
          'Santiago Day',
          '--start-date',
          '2027-09-05',
          '--end-date',
          '2027-09-05',
          '--all-day',
          '--timezone',
          'America/Santiago',
        )
      ).code,
    ).toBe(0);
    // An update reads the zone of the stored event.
    const paris = json<Json>(
      (
        await cli(
          'events',
          'create',
          '--title',
          'Paris Night',
          '--start-date',
          '2027-03-27 22:00',
          '--end-date',
          '2027-03-27 23:00',
          '--timezone',
          'Europe/Paris',
          '--json',
        )
      ).stdout,
    );
    const moved = await cli('events', 'update', String(paris.id), '--start-date', '2027-03-28 02:10', '--end-date', '2027-03-28 04:00');
    expect(moved.code).toBe(2);
    expect(moved.stderr).toContain('2027-03-28 02:10 does not exist in Europe/Paris');
  });

  test('without a zone, a night-time start is checked against the site zone; a daytime one costs no request', async () => {
    const writes = site.sandbox.stats.writes;
    const gap = await cli(
      'events',
      'create',
      '--title',
      'Spring Forward Here',
      '--start-date',
      '2027-03-14 02:30',
      '--end-date',
      '2027-03-14 04:00',
      '--debug',
    );
    expect(gap.code).toBe(2);
    expect(gap.stderr).toContain('start_date: 2027-03-14 02:30 does not exist in America/New_York');
    expect(gap.stderr).toMatch(/^debug: > GET \S+\/wp-json\/$/m);
    expect(site.sandbox.stats.writes).toBe(writes);
    const day = await cli('events', 'create', '--title', 'Spring Day Here', '--start-date', '2027-03-14 14:30', '--end-date', '2027-03-14 16:00', '--debug');
    expect(day.code, day.stderr).toBe(0);
    expect(day.stderr).not.toMatch(/^debug: > GET \S+\/wp-json\/$/m);
  });

  test('offset dates land at the right wall-clock time in the event timezone', async () => {
    const r = await cli(
      'events',
      'create',
      '--title',
      'Offset',
      '--start-date',
      '2027-05-01T10:00:00Z',
      '--end-date',
      '2027-05-01T11:30:00+00:00',
      '--timezone',
      'Europe/Paris',
      '--json',
    );
    expect(r.code, r.stderr).toBe(0);
    const event = json<Json>(r.stdout);
    expect(event.start_date).toBe('2027-05-01 12:00:00');
    expect(event.end_date).toBe('2027-05-01 13:30:00');
    expect(event.utc_start_date).toBe('2027-05-01 10:00:00');
  });

  test('without a timezone, offsets use the site timezone from the REST index', async () => {
    const r = await cli('events', 'create', '--title', 'Site Zone', '--start-date', '2027-01-15T15:00:00Z', '--end-date', '2027-01-15T16:00:00Z', '--json');
    const event = json<Json>(r.stdout);
    expect(event.start_date).toBe('2027-01-15 10:00:00');
    expect(event.utc_start_date).toBe('2027-01-15 15:00:00');
  });

  test('image is sent as a string and venue show_map as a string', async () => {
    const dry = await cli('venues', 'create', '--venue', 'Dry Hall', '--no-show-map', '--image', '27', '--dry-run');
    expect(dry.stdout).toContain('"show_map": "false"');
    expect(dry.stdout).toContain('"image": "27"');
  });
});

describe('a create never overwrites a venue or organizer of the same name', () => {
  test('the server would merge it into the existing one; calendar refuses and says which', async () => {
    const before = (await api<Json>(site.sandbox, 'GET', `venues/${ids.venue}`)).body;
    const r = await cli('venues', 'create', '--venue', 'BLUE NOTE HALL', '--city', 'Othercity');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`a venue named "BLUE NOTE HALL" exists already \\(ID ${ids.venue}\\)`));
    expect(r.stderr).toMatch(/--force/);
    expect((await api<Json>(site.sandbox, 'GET', `venues/${ids.venue}`)).body.city).toBe(before.city);
  });

  test('--force lets the server do it', async () => {
    const own = (await api<Json>(site.sandbox, 'POST', 'organizers', { organizer: 'Swing Society' })).body.id;
    const r = await cli('organizers', 'create', '--organizer', 'swing society', '--phone', '+1 555 0100', '--force', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(json<Json>(r.stdout).id).toBe(own);
    expect((await api<Json>(site.sandbox, 'GET', `organizers/${own}`)).body.phone).toBe('+1 555 0100');
  });
});

describe('--include finds the events it names', () => {
  test('a past event given by ID is listed although the server would put its default window back', async () => {
    const past = json<Json>(
      (await cli('events', 'create', '--title', 'Long Ago', '--start-date', '2001-05-01 10:00', '--end-date', '2001-05-01 11:00', '--json')).stdout,
    );
    const r = await cli('events', 'list', '--include', String(past.id), '--format', 'ids');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe(String(past.id));
    const raw = (await api<Json>(site.sandbox, 'GET', `events?include=${past.id}&start_date=2000-01-01`)).body;
    expect(raw.events).toEqual([]);
  });
});

describe('lists explain themselves', () => {
  test('an empty default window says which window it asked for and how to widen it', async () => {
    const empty = await startTestSandbox();
    try {
      const r = await runCli(['events', 'list'], { env: siteEnv(empty, site.home.env) });
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/from today/);
      expect(r.stderr).toMatch(/between \d{4}-\d{2}-\d{2} 00:00:00 and \d{4}-\d{2}-\d{2} 23:59:59/);
      expect(r.stderr).toMatch(/--start-date/);
    } finally {
      await empty.close();
    }
  });

  test('a start date past the default end of the window says the window searched is empty, and which date to add', async () => {
    const far = await cli('events', 'list', '--start-date', '2031-06-01');
    expect(far.code).toBe(0);
    expect(far.stdout).toBe('');
    expect(far.stderr).toMatch(
      /the window the server searched runs from 2031-06-01 00:00:00 to \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}, which is empty\. Give --end-date/,
    );
    const past = await cli('events', 'list', '--end-date', '2020-01-01');
    expect(past.code).toBe(0);
    expect(past.stderr).toMatch(/Give --start-date/);
    const plain = await cli('events', 'list', '--start-date', '2031-06-01', '--end-date', '2031-06-30');
    expect(plain.stderr).toBe('');
  });

  test('drafts shown to an authenticated user are marked in the table', async () => {
    await api(site.sandbox, 'POST', 'events', { title: 'Quiet Draft', start_date: '2027-11-12 10:00:00', end_date: '2027-11-12 11:00:00', status: 'draft' });
    const r = await cli('events', 'list', '--start-date', '2027-11-12', '--end-date', '2027-11-12');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Quiet Draft\t\tdraft/);
  });
});
