import { beforeAll, describe, expect, test } from 'vitest';
import { api, json, useSite } from './helpers.js';

const site = useSite();
const VENUES = 173; // four pages of 50

const cli = site.cli;

/** Venue IDs by walking the pages one after the other, directly, until an empty or missing page. */
async function directIds(filter = ''): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await api<{ venues?: Array<{ id: number }> }>(site.sandbox, 'GET', `venues?per_page=50&page=${page}${filter}`);
    if (res.status !== 200 || !res.body.venues?.length) return ids;
    ids.push(...res.body.venues.map((v) => v.id));
  }
}

/** Every venue ID, from the WordPress core route, which orders by ID. */
async function coreIds(): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${site.sandbox.restRoot}/wp/v2/tribe_venue?orderby=id&order=asc&_fields=id&per_page=100&page=${page}`);
    const body = (await res.json()) as Array<{ id: number }>;
    if (res.status !== 200 || body.length === 0) return ids;
    ids.push(...body.map((v) => v.id));
  }
}

beforeAll(async () => {
  for (let start = 0; start < VENUES; start += 20) {
    const batch = Array.from({ length: Math.min(20, VENUES - start) }, (_, i) => start + i);
    await Promise.all(batch.map((i) => api(site.sandbox, 'POST', 'venues', { venue: `Listed ${String(i).padStart(3, '0')}`, city: 'Lyon' })));
  }
  for (let i = 0; i < 3; i++) {
    await api(site.sandbox, 'POST', 'events', { title: `Past ${i}`, start_date: `2001-0${i + 1}-01 10:00:00`, end_date: `2001-0${i + 1}-01 11:00:00` });
  }
});

describe('list --all', () => {
  test('walks every page: each record exactly once, though the server pages tied records unstably', async () => {
    const naive = await directIds();
    expect(naive).toHaveLength(VENUES);
    expect(new Set(naive).size).toBeLessThan(VENUES); // the server repeats some records and skips others
    const r = await cli(['venues', 'list', '--all', '--format', 'ids']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const ids = r.stdout.trim().split('\n').map(Number);
    expect(ids).toHaveLength(VENUES);
    expect(new Set(ids).size).toBe(VENUES);
    expect(new Set(ids)).toEqual(new Set(await coreIds()));
  });

  test('--format json streams one valid array; ndjson one record a line', async () => {
    const asJson = await cli(['venues', 'list', '--all', '--format', 'json']);
    const array = json<Array<{ id: number; venue: string }>>(asJson.stdout);
    expect(array).toHaveLength(VENUES);
    const asNdjson = await cli(['venues', 'list', '--all', '--format', 'ndjson']);
    const lines = asNdjson.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: number });
    expect(lines.map((v) => v.id)).toEqual(array.map((v) => v.id));
  });

  test('ndjson writes each record as JSON.stringify does: accents, emoji, quotes, backslashes, URLs', async () => {
    const titles = ['Fête à Zürich — Łódź', 'Party 🎉 “tonight”', 'Say "hi" <b>now</b>', 'C:\\dir\\file and \\/', 'tab\there', 'Bell \u0007 ring'];
    for (const title of titles)
      await api(site.sandbox, 'POST', 'events', { title, description: `<p>${title}</p>`, start_date: '2090-05-01 10:00:00', end_date: '2090-05-01 11:00:00' });
    const args = ['events', 'list', '--all', '--start-date', '2090-05-01', '--end-date', '2090-05-02'];
    const asJson = json<unknown[]>((await cli([...args, '--format', 'json'])).stdout);
    expect(asJson).toHaveLength(titles.length);
    const asNdjson = await cli([...args, '--format', 'ndjson']);
    expect(asNdjson.code, asNdjson.stderr).toBe(0);
    expect(asNdjson.stdout).toBe(asJson.map((record) => `${JSON.stringify(record)}\n`).join(''));
    expect(asNdjson.stdout).toContain('Fête à Zürich');
    expect(asNdjson.stdout).toContain('"url":"http://');
  });

  test('csv has one header then a row per record', async () => {
    const r = await cli(['venues', 'list', '--all', '--format', 'csv', '--fields', 'id,venue']);
    const rows = r.stdout.trim().split('\n');
    expect(rows[0]).toBe('id,venue');
    expect(rows).toHaveLength(VENUES + 1);
  });

  test('--limit stops after N records and stops fetching', async () => {
    const before = site.sandbox.stats.requests;
    const r = await cli(['venues', 'list', '--all', '--limit', '60', '--format', 'ndjson']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(60);
    // Pages 1 and 2 of 50 and the 60 names as typed (one core-route read), nothing more.
    expect(site.sandbox.stats.requests - before).toBe(3);
  });

  test('--all keeps the filters given, past the first page, and finds what the pages skipped through the core route', async () => {
    const r = await cli(['venues', 'list', '--all', '--search', 'Listed 1', '--format', 'ids']);
    expect(r.code, r.stderr).toBe(0);
    const pages = await directIds('&search=Listed%201');
    expect(pages.length).toBeGreaterThan(50);
    expect(pages.length).toBeLessThan(VENUES);
    // The pages repeat some venues and skip others; the CLI lists each of them once.
    expect(new Set(pages).size).toBeLessThan(pages.length);
    const ids = r.stdout.trim().split('\n').map(Number);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(pages.length);
    expect(ids.slice(0, new Set(pages).size)).toEqual([...new Set(pages)]);
    expect(r.stderr).toBe('');
  });

  test('a search that matched by a field the core route does not search says how many it could not list', async () => {
    const r = await cli(['venues', 'list', '--all', '--search', 'Lyon', '--format', 'ids']);
    expect(r.code, r.stderr).toBe(0);
    const pages = await directIds('&search=Lyon');
    expect(pages).toHaveLength(VENUES);
    const ids = r.stdout.trim().split('\n').map(Number);
    expect(ids).toEqual([...new Set(pages)]);
    const short = VENUES - ids.length;
    expect(short).toBeGreaterThan(0);
    expect(r.stderr).toContain(`warning: ${short} of the ${VENUES} venues the server counts could not be listed`);
  });

  test('events --all keeps the default window unless dates are given', async () => {
    const windowed = await cli(['events', 'list', '--all', '--format', 'count']);
    expect(windowed.stdout.trim()).toBe('0');
    const past = await cli(['events', 'list', '--all', '--start-date', '1900-01-01', '--format', 'ids']);
    expect(past.stdout.trim().split('\n')).toHaveLength(3);
  });
});
