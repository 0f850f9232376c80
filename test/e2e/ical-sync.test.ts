/**
 * Importing an iCalendar feed is a sync: a second run updates what changed, trashes what
 * the feed cancelled and (with --prune) what it dropped, from that feed only; private
 * events are skipped; a VEVENT that cannot be read is skipped with a line, a feed of which
 * nothing can be read stops before anything is sent; feeds come from URLs too.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { api, useSite, useSiteEach, type Site } from './helpers.js';
import { selfSignedCert } from './self-signed.js';
import { FIXTURES } from '../unit/ical/helpers.js';

// Every test runs on a site of its own (a describe's or a test's): a test that is the second
// run of a sync performs the first run itself, so any one runs alone (-t) or in any order.

type Json = Record<string, unknown>;

const vevent = (uid: string, lines: string[]) => ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20261101T000000Z', ...lines, 'END:VEVENT'];
const calendar = (...events: string[][]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//sync//EN', 'X-WR-TIMEZONE:America/New_York', ...events.flat(), 'END:VCALENDAR', ''].join('\r\n');

const talk = (title = 'Harbor talk') =>
  vevent('talk@feed.test', [
    `SUMMARY:${title}`,
    'DTSTART;TZID=America/New_York:20270115T190000',
    'DTEND;TZID=America/New_York:20270115T203000',
    'LOCATION:Harbor Library',
    'ORGANIZER;CN=Friends of the Library:mailto:friends@library.example.org',
    'CATEGORIES:Talks',
  ]);
const series = (...extra: string[]) =>
  vevent('yoga@feed.test', [
    'SUMMARY:Morning yoga',
    'DTSTART;TZID=America/New_York:20270104T070000',
    'DTEND;TZID=America/New_York:20270104T080000',
    'RRULE:FREQ=WEEKLY;COUNT=3',
    ...extra,
  ]);
const fair = (...extra: string[]) => vevent('fair@feed.test', ['SUMMARY:Book fair', 'DTSTART;VALUE=DATE:20270206', 'DTEND;VALUE=DATE:20270208', ...extra]);
const secret = vevent('board@feed.test', ['SUMMARY:Board meeting', 'DTSTART:20270120T170000Z', 'DTEND:20270120T180000Z', 'CLASS:PRIVATE']);
const newcomer = vevent('quiz@feed.test', ['SUMMARY:Pub quiz', 'DTSTART:20270301T000000Z', 'DURATION:PT2H']);
const otherFeed = calendar(vevent('gig@other.test', ['SUMMARY:Other feed gig', 'DTSTART:20270110T230000Z', 'DTEND:20270111T010000Z']));
const firstFeed = calendar(talk(), series(), fair(), secret);
const changedFeed = calendar(
  talk('Harbor talk (moved upstairs)'),
  series('EXDATE;TZID=America/New_York:20270111T070000'),
  fair('STATUS:CANCELLED'),
  secret,
  newcomer,
);
const afterFirstImport = [
  'Book fair 2027-02-06',
  'Harbor talk 2027-01-15',
  'Morning yoga 2027-01-04',
  'Morning yoga 2027-01-11',
  'Morning yoga 2027-01-18',
  'Other feed gig 2027-01-10',
];

const file = (site: Site, name: string, text: string) => {
  const path = join(site.home.home, name);
  writeFileSync(path, text);
  return path;
};
const writes = (stderr: string) => stderr.split('\n').filter((line) => /^debug: > (POST|PUT|PATCH|DELETE) /.test(line));

async function titles(site: Site, status = 'publish'): Promise<string[]> {
  const res = await api<{ events: Json[] }>(site.sandbox, 'GET', `events?start_date=2000-01-01&per_page=50&status=${status}`);
  return res.body.events.map((e) => `${e.title as string} ${String(e.start_date).slice(0, 10)}`).sort();
}

/** The first run of the story: another feed's event, then feed.ics with its links created. */
async function importFirstFeed(site: Site): Promise<void> {
  const other = await site.cli(['import', 'events', file(site, 'other.ics', otherFeed)]);
  expect(other.code, other.stderr).toBe(0);
  const first = await site.cli(['import', 'events', file(site, 'feed.ics', firstFeed), '--create-missing']);
  expect(first.code, first.stderr).toBe(0);
  expect(await titles(site)).toEqual(afterFirstImport);
}

describe('a feed imported twice', () => {
  const site = useSiteEach();

  test('first import: each occurrence one event, links created, private skipped', async () => {
    const other = await site.cli(['import', 'events', file(site, 'other.ics', otherFeed)]);
    expect(other.code, other.stderr).toBe(0);
    const r = await site.cli(['import', 'events', file(site, 'feed.ics', firstFeed), '--create-missing']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('5 created, 0 updated, 0 unchanged, 0 failed, 1 skipped');
    expect(await titles(site)).toEqual(afterFirstImport);
    expect(await titles(site, 'private')).toEqual([]);
    const talkEvent = (await api<{ events: Json[] }>(site.sandbox, 'GET', 'events?start_date=2000-01-01&search=Harbor')).body.events[0];
    expect((talkEvent.venue as Json).venue).toBe('Harbor Library');
    expect((talkEvent.organizer as Json[]).map((o) => [o.organizer, o.email])).toEqual([['Friends of the Library', 'friends@library.example.org']]);
    expect((talkEvent.categories as Json[]).map((c) => c.name)).toEqual(['Talks']);
    expect(talkEvent.slug).toMatch(/^harbor-talk-ics-[0-9a-z]{4}-[0-9a-z]{10}$/);
  });

  test('--format json: a second run reports each occurrence by line, UID and start, with what became of it', async () => {
    await importFirstFeed(site);
    const r = await site.cli(['import', 'events', file(site, 'feed.ics', changedFeed), '--format', 'json', '--prune', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as { summary: Json; rows: Json[] };
    expect(report).toMatchObject({
      resource: 'events',
      dry_run: false,
      summary: { created: 1, updated: 1, unchanged: 2, failed: 0, not_sent: 0, trashed: 2, skipped: 1 },
    });
    expect(report.rows.map((row) => [row.uid, row.start, row.result])).toEqual([
      ['talk@feed.test', '2027-01-15 19:00:00', 'updated'],
      ['yoga@feed.test', '2027-01-04 07:00:00', 'unchanged'],
      ['yoga@feed.test', '2027-01-18 07:00:00', 'unchanged'],
      ['fair@feed.test', '2027-02-06', 'trashed'],
      ['board@feed.test', '2027-01-20 12:00:00', 'skipped'],
      ['quiz@feed.test', '2027-02-28 19:00:00', 'created'],
      [undefined, undefined, 'trashed'],
    ]);
    expect(report.rows.every((row) => row.result === 'skipped' || typeof row.id === 'number')).toBe(true);
    expect(typeof report.rows[0].line).toBe('number');
  });

  test('without --create-missing a row naming an unknown venue fails, listing it (exit 6)', async () => {
    const r = await site.cli([
      'import',
      'events',
      file(site, 'unknown.ics', calendar(vevent('x@feed.test', ['SUMMARY:Nowhere', 'DTSTART:20270401T100000Z', 'LOCATION:Atlantis Hall']))),
    ]);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('unknown.ics line 5 (UID x@feed.test): not on the site: venue "Atlantis Hall"');
    expect(await titles(site)).toEqual([]);
    expect((await api<{ venues: Json[] }>(site.sandbox, 'GET', 'venues')).body.venues).toEqual([]);
  });

  test('the dry run of the changed feed prints the plan and sends nothing', async () => {
    await importFirstFeed(site);
    const r = await site.cli(['import', 'events', file(site, 'feed.ics', changedFeed), '--prune', '--dry-run', '--debug']);
    expect(r.code, r.stderr).toBe(0);
    expect(writes(r.stderr)).toEqual([]);
    const plan = r.stdout.trim().split('\n').sort();
    expect(plan).toHaveLength(4);
    expect(plan[0]).toBe('create event "Pub quiz" (2027-02-28 19:00:00)');
    expect(plan[1]).toMatch(/^prune event "Morning yoga" \(ID \d+\)$/);
    expect(plan[2]).toMatch(/^trash \(cancelled\) event "Book fair" \(ID \d+\)$/);
    expect(plan[3]).toMatch(/^update event "Harbor talk \(moved upstairs\)" \(2027-01-15 19:00:00\) \(ID \d+\): title$/);
    expect(r.stderr).toContain('dry run, nothing sent: 1 to create, 1 to update, 2 unchanged, 2 to remove, 0 failed, 1 skipped (private or cancelled)');
    expect(await titles(site)).toEqual(afterFirstImport);
    expect(await titles(site, 'trash')).toEqual([]);
  });

  test('off a terminal --prune needs --yes, and is refused before anything is read', async () => {
    const before = site.sandbox.stats.requests;
    const r = await site.cli(['import', 'events', file(site, 'feed.ics', calendar(talk())), '--prune']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--yes');
    expect(r.stdout).toBe('');
    expect(site.sandbox.stats.requests).toBe(before);
  });

  test('the changed feed: updated, cancelled and dropped occurrences trashed, other feeds left alone', async () => {
    await importFirstFeed(site);
    const r = await site.cli(['import', 'events', file(site, 'feed.ics', changedFeed), '--prune', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('1 created, 1 updated, 2 unchanged, 2 removed, 0 failed, 1 skipped (private or cancelled)');
    expect(await titles(site)).toEqual([
      'Harbor talk (moved upstairs) 2027-01-15',
      'Morning yoga 2027-01-04',
      'Morning yoga 2027-01-18',
      'Other feed gig 2027-01-10',
      'Pub quiz 2027-02-28',
    ]);
    expect(await titles(site, 'trash')).toEqual(['Book fair 2027-02-06', 'Morning yoga 2027-01-11']);

    const again = await site.cli(['import', 'events', file(site, 'feed.ics', changedFeed), '--prune', '--yes', '--debug']);
    expect(again.stderr).toContain('0 created, 0 updated, 4 unchanged, 0 failed, 2 skipped (private or cancelled)');
    expect(writes(again.stderr)).toEqual([]);
  });

  test('--include-private imports a private event as private', async () => {
    await importFirstFeed(site);
    const r = await site.cli(['import', 'events', file(site, 'feed.ics', calendar(secret)), '--include-private']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('1 created');
    expect(await titles(site, 'private')).toEqual(['Board meeting 2027-01-20']);
    expect(await titles(site)).toEqual(afterFirstImport);
  });
});

describe('stdin and --failed-to', () => {
  const site = useSite();

  test('a feed on stdin is recognised by BEGIN:VCALENDAR; the VEVENTs that failed go to an .ics to import again', async () => {
    const feed = calendar(
      vevent('ok@stdin.test', ['SUMMARY:Fine on stdin', 'DTSTART:20270601T100000Z']),
      vevent('bad@stdin.test', ['SUMMARY:Lost venue', 'DTSTART:20270602T100000Z', 'LOCATION:Nowhere Hall']),
    );
    const failedTo = join(site.home.home, 'failed.ics');
    const r = await site.cli(['import', 'events', '-', '--failed-to', failedTo], { stdin: feed });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('1 created, 0 updated, 0 unchanged, 1 failed');
    expect(await titles(site)).toEqual(['Fine on stdin 2027-06-01']);
    const failed = readFileSync(failedTo, 'utf8');
    expect(failed).toContain('UID:bad@stdin.test');
    expect(failed).not.toContain('UID:ok@stdin.test');
    const retried = await site.cli(['import', 'events', failedTo, '--create-missing']);
    expect(retried.code, retried.stderr).toBe(0);
    expect(await titles(site)).toEqual(['Fine on stdin 2027-06-01', 'Lost venue 2027-06-02']);
    // The retry kept the feed's identities: the whole feed again changes nothing.
    const whole = await site.cli(['import', 'events', '-', '--create-missing'], { stdin: feed });
    expect(whole.stderr).toContain('0 created, 0 updated, 2 unchanged, 0 failed');
  });

  test.runIf(process.platform === 'linux')('a --failed-to on a full disk is one line after the summary, exit 1', async () => {
    const feed = calendar(vevent('bad@full.test', ['SUMMARY:Lost again', 'DTSTART:20270603T100000Z', 'LOCATION:Nowhere Else Hall']));
    const r = await site.cli(['import', 'events', '-', '--failed-to', '/dev/full'], { stdin: feed });
    expect(r.code).toBe(1);
    const said = r.stderr.trim().split('\n');
    expect(said.at(-1)).toBe('calendar: cannot write /dev/full: no space left on the device (ENOSPC)');
    expect(said.at(-2)).toBe('0 created, 0 updated, 0 unchanged, 1 failed');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('a bad feed', () => {
  const site = useSite();

  test('a VEVENT that cannot be read is skipped with a line naming its line and UID; the others are imported, nothing pruned', async () => {
    const broken = calendar(talk(), vevent('broken@feed.test', ['SUMMARY:Broken', 'DTSTART:20271301T100000Z']));
    const r = await site.cli(['import', 'events', file(site, 'broken.ics', broken), '--timezone', 'Europe/Paris', '--create-missing', '--prune', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      new RegExp(
        String.raw`^warning: \S*broken\.ics line 1[0-9]: DTSTART "20271301T100000Z" is not a real date` +
          String.raw` or time \(VEVENT broken@feed\.test\): this event is skipped, the others are read$`,
        'm',
      ),
    );
    expect(r.stderr).toContain('nothing was pruned: 1 event of');
    expect(r.stderr).toContain('1 created');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  test('exit 2 naming the line and UID when no VEVENT can be read; no request at all when the zone is given', async () => {
    const broken = calendar(vevent('broken@feed.test', ['SUMMARY:Broken', 'DTSTART:20271301T100000Z']));
    const before = site.sandbox.stats.requests;
    const r = await site.cli(['import', 'events', file(site, 'broken.ics', broken), '--timezone', 'Europe/Paris']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/broken\.ics line [0-9]\b.*broken@feed\.test/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(site.sandbox.stats.requests).toBe(before);
  });

  test("Google Calendar's feeds are read as Google means them: a date with a Z, lower-case rules and times", async () => {
    const google = readFileSync(join(FIXTURES, 'google-birthdays.ics'), 'utf8');
    const r = await site.cli(['import', 'events', file(site, 'google.ics', google), '--timezone', 'UTC', '--from', '2027-01-01', '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(
      [
        'create event "Ada Lovelace\'s birthday" (2027-12-10)',
        'create event "Book club" (2027-01-04 18:00:00)',
        'create event "Book club" (2027-01-11 18:00:00)',
        '',
      ].join('\n'),
    );
    expect(r.stderr).toBe('dry run, nothing sent: 3 to create, 0 to update, 0 unchanged, 0 failed\n');
  });

  test('an iCalendar file given to another resource is refused', async () => {
    const before = site.sandbox.stats.requests;
    const r = await site.cli(['import', 'venues', file(site, 'venues.ics', calendar(talk()))]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('import it with calendar import events');
    expect(site.sandbox.stats.requests).toBe(before);
  });
});

describe('feeds from URLs', () => {
  const site = useSite();
  const feeds = new Map<string, string>();
  const serve: RequestListener = (req, res) => {
    if (req.url === '/huge.ics') {
      res.writeHead(200, { 'content-type': 'text/calendar', 'content-length': String(60 * 1024 * 1024) });
      res.write('BEGIN:VCALENDAR\r\n');
      return;
    }
    const body = feeds.get(req.url ?? '');
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(body);
  };
  const servers: Server[] = [];
  let http = '';
  let https = '';
  let certFile = '';

  beforeAll(async () => {
    const made = await selfSignedCert(site.home.home);
    certFile = made.certFile;
    const keyFile = made.keyFile;
    const listen = async (server: Server) => {
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `127.0.0.1:${(server.address() as AddressInfo).port}`;
    };
    http = await listen(createHttpServer(serve));
    https = await listen(createHttpsServer({ cert: readFileSync(certFile), key: readFileSync(keyFile) }, serve));
  });
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('an http:// feed is fetched and synced; a second run changes nothing', async () => {
    feeds.set('/events/?ical=1', calendar(vevent('url-1@feed.test', ['SUMMARY:From a URL', 'DTSTART:20270501T160000Z', 'DTEND:20270501T170000Z'])));
    const url = `http://${http}/events/?ical=1`;
    const first = await site.cli(['import', 'events', url]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('1 created');
    expect(await titles(site)).toContain('From a URL 2027-05-01');
    const second = await site.cli(['import', 'events', url]);
    expect(second.stderr).toContain('0 created, 0 updated, 1 unchanged, 0 failed');
    expect((await titles(site)).filter((t) => t.startsWith('From a URL'))).toEqual(['From a URL 2027-05-01']);
  });

  test('webcal:// is fetched over https, with the certificate checked', async () => {
    feeds.set('/cal.ics', calendar(vevent('webcal-1@feed.test', ['SUMMARY:From webcal', 'DTSTART:20270502T160000Z', 'DTEND:20270502T170000Z'])));
    const refused = await site.cli(['import', 'events', `webcal://${https}/cal.ics`]);
    expect(refused.code).toBe(5);
    expect(refused.stderr).toContain('is not trusted');
    expect(await titles(site)).not.toContain('From webcal 2027-05-02');
    const r = await site.cli(['import', 'events', `webcal://${https}/cal.ics`, '--ca-cert', certFile]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('1 created');
    expect(await titles(site)).toContain('From webcal 2027-05-02');
  });

  test('a single event link the site answers with its whole list is refused, nothing sent', async () => {
    const listed = (slug: string, day: string) =>
      vevent(`${slug}@site.test`, [`SUMMARY:${slug}`, `DTSTART:202706${day}T160000Z`, `DTEND:202706${day}T170000Z`, `URL:http://${http}/event/${slug}/`]);
    // What the plugin serves, with a 200, for a slug it does not publish and for the rewrite form of the link.
    const list = calendar(listed('harbor-talk', '01'), listed('book-fair', '02'));
    feeds.set('/event/gone-event/?ical=1', list);
    feeds.set('/?tribe_events=gone-event&ical=1', list);
    feeds.set('/event/book-fair/ical/', list);
    feeds.set('/event/book-fair/?ical=1', calendar(listed('book-fair', '02')));
    const before = site.sandbox.stats.writes;
    for (const path of ['/event/gone-event/?ical=1', '/?tribe_events=gone-event&ical=1']) {
      const r = await site.cli(['import', 'events', `http://${http}${path}`, '--yes']);
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toContain('asks for the event gone-event, which the site does not publish; the site answered with 2 events');
    }
    const rewrite = await site.cli(['import', 'events', `http://${http}/event/book-fair/ical/`, '--yes']);
    expect(rewrite.code, rewrite.stderr).toBe(2);
    expect(rewrite.stderr).toContain('/event/book-fair/?ical=1 gives that event alone');
    expect(site.sandbox.stats.writes).toBe(before);
    const one = await site.cli(['import', 'events', `http://${http}/event/book-fair/?ical=1`, '--yes']);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stderr).toContain('1 created, 0 updated, 0 unchanged, 0 failed');
  });

  test('a feed over the size cap and a missing feed are clear errors', async () => {
    const huge = await site.cli(['import', 'events', `http://${http}/huge.ics`]);
    expect(huge.code).toBe(2);
    expect(huge.stderr).toContain('is larger than 50 MB');
    const missing = await site.cli(['import', 'events', `http://${http}/nothing.ics`]);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('answered HTTP 404');
  });
});
