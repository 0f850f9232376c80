/**
 * An iCalendar copy from one site to another keeps what was typed and every field iCalendar
 * or an X- property can hold: the text as typed (blocks, quotes), excerpt, cost, featured,
 * tags, categories, status (a draft stays a draft), the venue's parts, the organizers and the
 * event's own website (not the source site's page).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { api, PASSWORD, USER, useSite, type Sandbox } from './helpers.js';

type Json = Record<string, any>;

const source = useSite({ timezone: 'America/New_York' });
const target = useSite({ timezone: 'America/New_York' });
let dir: string;

const CONTENT = '<!-- wp:paragraph -->\n<p>The "Grand" night & more -- see you...</p>\n<!-- /wp:paragraph -->';
const VENUE = {
  venue: 'Harbor Hall',
  address: '89 South St',
  city: 'New York',
  stateprovince: 'NY',
  zip: '10038',
  country: 'United States',
  phone: '+1 212 555 0100',
  website: 'https://harbor.example.org/',
};
const ORGANIZER = { organizer: 'Harbor Jazz', email: 'hello@harbor.example.org', phone: '+1 212 555 0199', website: 'https://jazz.example.org/' };

async function id(site: { sandbox: Sandbox }, path: string, body: Json): Promise<number> {
  const res = await api<Json>(site.sandbox, 'POST', path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

/** A record as the core route keeps its text, with the plugin's fields beside it. */
async function stored(sandbox: Sandbox, title: string): Promise<Json> {
  const list = (await api<Json>(sandbox, 'GET', `events?search=${encodeURIComponent(title)}&start_date=1900-01-01&status=publish,draft`)).body;
  const event = (list.events as Json[]).find((e) => e.title === title);
  expect(event, `${title} on the site`).toBeDefined();
  const auth = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
  const raw = (await (await fetch(`${sandbox.restRoot}/wp/v2/tribe_events/${event!.id}?context=edit`, { headers: { authorization: auth } })).json()) as Json;
  return { ...event, raw };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ical-copy-'));
  const venue = await id(source, 'venues', VENUE);
  const organizer = await id(source, 'organizers', ORGANIZER);
  const jazz = await id(source, 'categories', { name: 'Jazz' });
  const outdoors = await id(source, 'tags', { name: 'Outdoors' });
  const event = { content: CONTENT, start_date: '2027-06-01 20:00:00', end_date: '2027-06-01 22:00:00', venue, organizer: [organizer], categories: [jazz] };
  await id(source, 'events', {
    ...event,
    title: 'Copied gala',
    description: CONTENT,
    excerpt: 'A night by the water',
    cost: '$15',
    featured: true,
    tags: [outdoors],
    website: 'https://gala.example.org/',
  });
  await id(source, 'events', {
    ...event,
    title: 'Copied draft',
    description: CONTENT,
    status: 'draft',
    start_date: '2027-06-02 20:00:00',
    end_date: '2027-06-02 22:00:00',
  });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('an iCalendar copy between two sites', () => {
  test('restores the text as typed and every field', async () => {
    const exported = await source.cli(['export', 'events', '--format', 'ics']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).not.toContain('&#8220;');
    const file = join(dir, 'copy.ics');
    writeFileSync(file, exported.stdout);
    const imported = await target.cli(['import', 'events', file, '--create-missing', '--yes']);
    expect(imported.code, imported.stderr).toBe(0);

    const [was, is] = [await stored(source.sandbox, 'Copied gala'), await stored(target.sandbox, 'Copied gala')];
    expect(is.raw.content.raw).toBe(was.raw.content.raw);
    expect(is.raw.excerpt.raw).toBe('A night by the water');
    expect(is.cost).toBe(was.cost);
    expect(is.featured).toBe(true);
    expect(is.website).toBe('https://gala.example.org/');
    expect(is.tags.map((t: Json) => t.name)).toEqual(['Outdoors']);
    expect(is.categories.map((c: Json) => c.name)).toEqual(['Jazz']);
    const parts = (venue: Json) => Object.fromEntries(Object.keys(VENUE).map((key) => [key, venue[key]]));
    expect(parts(is.venue)).toEqual(parts(was.venue));
    const org = (o: Json) => ({ organizer: o.organizer, email: o.email, phone: o.phone, website: o.website });
    expect(is.organizer.map(org)).toEqual(was.organizer.map(org));

    const draft = await stored(target.sandbox, 'Copied draft');
    expect(draft.status).toBe('draft');
    // No website of its own: the site shows the event's page there, not the source site's.
    expect(draft.website).toBe(draft.url);
  });
});
