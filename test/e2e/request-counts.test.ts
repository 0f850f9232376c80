/**
 * Requests per command, counted from `--debug` (one `debug: > METHOD URL` line a request):
 * reads ask only what the output shows, a list whose dates the client filters stops once it
 * has its page unless a total is shown, and an update that changes nothing sends no write.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { Calendar } from '../../src/core/index.js';
import { api, PASSWORD, USER, useSite, type RunResult } from './helpers.js';

const site = useSite();
/** Events in the filtered window: more than two pages of the most the server gives (50). */
const EVENTS = 120;
let eventId = 0;
let slug = '';

beforeAll(async () => {
  const create = (n: number) =>
    api<{ id: number; slug: string }>(site.sandbox, 'POST', 'events', {
      title: `Count ${String(n).padStart(3, '0')}`,
      start_date: `2027-03-${String(1 + (n % 28)).padStart(2, '0')} 10:00:00`,
      end_date: `2027-03-${String(1 + (n % 28)).padStart(2, '0')} 11:00:00`,
    });
  for (let n = 0; n < EVENTS; n += 20) await Promise.all(Array.from({ length: 20 }, (_, i) => create(n + i)));
  const made = await api<{ id: number; slug: string }>(site.sandbox, 'POST', 'events', {
    title: 'Counted “Fish” & Chips <3',
    description: '<!-- wp:paragraph --><p>An <strong>x</strong> &amp; y</p><!-- /wp:paragraph -->',
    start_date: '2027-05-01 10:00:00',
    end_date: '2027-05-01 11:00:00',
    cost: '10',
  });
  eventId = made.body.id;
  slug = made.body.slug;
}, 60_000);

/** The requests a run sent, as `METHOD /path` (the REST root and the query left out). */
function requests(r: RunResult): string[] {
  return r.stderr
    .split('\n')
    .filter((line) => line.startsWith('debug: > '))
    .map((line) => {
      const [method, url] = line.slice('debug: > '.length).split(' ');
      return `${method} ${new URL(url).pathname.replace(/^\/wp-json/, '')}`;
    });
}

/** The order of the requests sent (`>`) and the answers (`<`). */
const exchange = (r: RunResult) =>
  r.stderr
    .split('\n')
    .filter((line) => /^debug: [<>] /.test(line))
    .map((line) => line[7]);

const writes = (sent: string[]) => sent.filter((line) => !line.startsWith('GET '));

describe('a list filtered by dates alone', () => {
  const pages = (sent: string[]) => sent.filter((line) => line === 'GET /tribe/events/v1/events');

  test('shows its first 10 rows from one page when no total is shown', async () => {
    const r = await site.cli(['events', 'list', '--start-date', '2027-03-01', '--per-page', '10', '--format', 'ids', '--debug']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(10);
    expect(pages(requests(r))).toHaveLength(1);
  });

  test('--limit past the first page reads the pages it needs, one after another', async () => {
    const r = await site.cli(['events', 'list', '--start-date', '2027-03-01', '--limit', '60', '--format', 'ids', '--debug']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(60);
    expect(pages(requests(r))).toHaveLength(2);
  });

  test('--format count reads every page: the count is of all the events kept', async () => {
    const r = await site.cli(['events', 'list', '--start-date', '2027-03-01', '--per-page', '10', '--format', 'count', '--debug']);
    expect(r.code, r.stderr).toBe(0);
    expect(Number(r.stdout.trim())).toBe(EVENTS + 1);
    expect(pages(requests(r))).toHaveLength(3);
  });
});

describe('the library, a list filtered by dates alone', () => {
  async function pagesOf(read: (cal: Calendar) => Promise<number>): Promise<{ records: number; pages: number }> {
    let pages = 0;
    const hooks = { request: (event: { url: string }) => void (new URL(event.url).pathname.endsWith('/tribe/events/v1/events') && pages++) };
    const cal = new Calendar({ baseUrl: site.sandbox.restRoot, username: USER, appPassword: PASSWORD, hooks });
    try {
      return { records: await read(cal), pages };
    } finally {
      await cal.close();
    }
  }

  test('iterate() with a limit stops at its page; list() reads every page for its total', async () => {
    const iterated = await pagesOf(async (cal) => {
      let n = 0;
      for await (const _ of cal.events.iterate({ start_date: '2027-03-01', limit: 10 }, { rendered: true })) n++;
      return n;
    });
    expect(iterated).toEqual({ records: 10, pages: 1 });
    let total: number | undefined;
    const listed = await pagesOf(async (cal) => {
      const records = await cal.events.list({ start_date: '2027-03-01', limit: 10 }, { rendered: true });
      total = records.total;
      return records.length;
    });
    expect(listed).toEqual({ records: 10, pages: 3 });
    expect(total).toBe(EVENTS + 1);
  });
});

describe('get', () => {
  const typedRead = (id: number) => `GET /wp/v2/tribe_events/${id}`;

  test('by ID: the record and its typed texts, 2 requests, no more', async () => {
    const r = await site.cli(['events', 'get', String(eventId), '--format', 'json', '--debug']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).title).toBe('Counted “Fish” & Chips <3');
    expect(requests(r).sort()).toEqual([`GET /tribe/events/v1/events/${eventId}`, typedRead(eventId)].sort());
  });

  test('an event by slug: 2 requests, the texts once the ID is known (core lists no ended event by slug)', async () => {
    const r = await site.cli(['events', 'get', slug, '--format', 'json', '--debug']);
    expect(r.code, r.stderr).toBe(0);
    expect(requests(r)).toEqual([`GET /tribe/events/v1/events/by-slug/${slug}`, typedRead(eventId)]);
    expect(exchange(r)).toEqual(['>', '<', '>', '<']);
  });

  test('a venue by slug: 2 requests sent at once, its texts from core by slug', async () => {
    const venue = await api<{ id: number; slug: string }>(site.sandbox, 'POST', 'venues', {
      venue: 'Counted “Hall” & Co',
      description: '<p>A <em>hall</em></p>',
    });
    const r = await site.cli(['venues', 'get', venue.body.slug, '--format', 'json', '--debug']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: venue.body.id, venue: 'Counted “Hall” & Co', description: '<p>A <em>hall</em></p>' });
    expect(requests(r).sort()).toEqual([`GET /tribe/events/v1/venues/by-slug/${venue.body.slug}`, 'GET /wp/v2/tribe_venue'].sort());
    expect(exchange(r)).toEqual(['>', '>', '<', '<']);
  });

  test('--fields that name no text, --rendered and --format ids: 1 request, no read of the typed texts', async () => {
    for (const extra of [['--fields', 'id,start_date,cost'], ['--rendered'], ['--format', 'ids']]) {
      const r = await site.cli(['events', 'get', String(eventId), ...extra, '--debug']);
      expect(r.code, r.stderr).toBe(0);
      expect(requests(r), extra.join(' ')).toEqual([`GET /tribe/events/v1/events/${eventId}`]);
    }
  });

  test('--fields that name a text read it as typed', async () => {
    const r = await site.cli(['events', 'get', String(eventId), '--fields', 'id,description', '--format', 'json', '--debug']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).description).toContain('<!-- wp:paragraph -->');
    expect(requests(r)).toContain(typedRead(eventId));
  });
});

describe('update', () => {
  test('of a post field: one read, one write by the core route', async () => {
    const r = await site.cli(['events', 'update', String(eventId), '--title', 'Counted again', '--debug']);
    expect(r.code, r.stderr).toBe(0);
    const sent = requests(r);
    expect(writes(sent)).toEqual([`POST /wp/v2/tribe_events/${eventId}`]);
    expect(sent).toHaveLength(2);
  });

  test('that changes nothing: no write', async () => {
    const r = await site.cli(['events', 'update', String(eventId), '--title', 'Counted again', '--debug']);
    expect(r.code, r.stderr).toBe(0);
    expect(writes(requests(r))).toEqual([]);
  });
});
