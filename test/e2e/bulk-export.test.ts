import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, runCli, siteEnv, startTestSandbox, tempHome, type Sandbox } from './helpers.js';

let source: Sandbox;
let target: Sandbox;
let home: ReturnType<typeof tempHome>;

const ORDER = ['venues', 'organizers', 'categories', 'tags', 'events'] as const;
const on = (sandbox: Sandbox, args: string[]) => runCli(args, { env: siteEnv(sandbox, home.env), timeoutMs: 120_000 });
const lines = (text: string) => text.trim().split('\n').filter(Boolean);

beforeAll(async () => {
  [source, target] = await Promise.all([startTestSandbox(), startTestSandbox()]);
  home = tempHome();
  const venue = await api<{ id: number }>(source, 'POST', 'venues', { venue: 'The Hall', city: 'Nantes', address: '1 Quai', show_map: 'false' });
  const organizers = await Promise.all(
    ['Org One', 'Org, Two'].map((organizer) => api<{ id: number }>(source, 'POST', 'organizers', { organizer, email: 'o@example.com' })),
  );
  // The child is created before its parent's sibling, so that IDs differ on the new site.
  const music = await api<{ id: number }>(source, 'POST', 'categories', { name: 'Music', description: 'Concerts' });
  await api(source, 'POST', 'categories', { name: 'Theatre' });
  await api(source, 'POST', 'categories', { name: 'Jazz', parent: music.body.id });
  const tag = await api<{ id: number }>(source, 'POST', 'tags', { name: 'Late' });
  await api(source, 'POST', 'events', {
    title: 'Jazz Night',
    start_date: '2027-01-10 20:00:00',
    end_date: '2027-01-10 23:00:00',
    venue: venue.body.id,
    organizer: organizers.map((o) => o.body.id),
    categories: [music.body.id],
    tags: [tag.body.id],
    cost: '15',
    featured: true,
  });
  await api(source, 'POST', 'events', { title: 'Long ago', start_date: '1999-05-01 10:00:00', end_date: '1999-05-01 12:00:00', venue: venue.body.id });
  await api(source, 'POST', 'events', { title: 'Still a draft', start_date: '2028-03-01 09:00:00', end_date: '2028-03-01 10:00:00', status: 'draft' });
});

afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
  home?.cleanup();
});

async function exportAll(sandbox: Sandbox, format = 'ndjson'): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const resource of ORDER) {
    const r = await on(sandbox, ['export', resource, '--format', format]);
    expect(r.code, r.stderr).toBe(0);
    out[resource] = r.stdout;
  }
  return out;
}

describe('export', () => {
  test('every record, past events and drafts included, links as slugs', async () => {
    const exported = await exportAll(source);
    const events = lines(exported.events).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(events.map((e) => e.title).sort()).toEqual(['Jazz Night', 'Long ago', 'Still a draft']);
    const jazz = events.find((e) => e.title === 'Jazz Night')!;
    expect(jazz).toMatchObject({ venue: 'the-hall', organizer: ['org-one', 'org-two'], categories: ['music'], tags: ['late'], featured: true, cost: '15' });
    expect(jazz.id).toBeUndefined();
    const categories = lines(exported.categories).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(categories.find((c) => c.name === 'Jazz')).toMatchObject({ parent: 'music' });
  });

  test('a cost with amounts, which no route gives as typed, is said once on stderr; a cost in words is not', async () => {
    const words = await on(source, ['export', 'events', '--search', 'Long ago']);
    expect(words.code, words.stderr).toBe(0);
    expect(words.stderr).not.toMatch(/costs with amounts/);
    const event = await api<{ id: number }>(source, 'POST', 'events', {
      title: 'Euro night',
      start_date: '2027-02-10 20:00:00',
      end_date: '2027-02-10 22:00:00',
      cost: '€10 – €30',
    });
    await api(source, 'POST', 'events', { title: 'Euro night two', start_date: '2027-02-11 20:00:00', end_date: '2027-02-11 22:00:00', cost: '€12 – €40' });
    try {
      const r = await on(source, ['export', 'events', '--search', 'Euro night']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr.match(/costs with amounts/g)).toHaveLength(1);
      expect(r.stderr).toMatch(/read as their amounts \(".*10.*30" as "10 - 30"\)/);
    } finally {
      await api(source, 'DELETE', `events/${event.body.id}?force=true`);
      const other = await on(source, ['events', 'list', '--search', 'Euro night two', '--format', 'ids']);
      for (const id of lines(other.stdout)) await api(source, 'DELETE', `events/${id}?force=true`);
    }
  });

  test('a format import does not read back is refused', async () => {
    const r = await on(source, ['export', 'venues', '--format', 'table']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/json, ndjson, csv/);
  });
});

describe('export then import into an empty site', () => {
  test('reproduces the calendar: the second export equals the first', async () => {
    const first = await exportAll(source);
    for (const resource of ORDER) {
      const path = join(home.home, `${resource}.ndjson`);
      writeFileSync(path, first[resource]);
      const r = await on(target, ['import', resource, path]);
      expect(r.code, `${resource}: ${r.stderr}`).toBe(0);
    }
    const second = await exportAll(target);
    for (const resource of ORDER) {
      const sorted = (text: string) => lines(text).sort();
      expect(sorted(second[resource]), resource).toEqual(sorted(first[resource]));
    }
  });

  test('the CSV export imports back too, unchanged with --upsert-by (events by name: a draft has no slug)', async () => {
    const csv = await exportAll(target, 'csv');
    expect(lines(csv.organizers)[0]).toBe('organizer,slug,description,status,author,date,date_utc,phone,website,email,image');
    for (const resource of ORDER) {
      const path = join(home.home, `${resource}.csv`);
      writeFileSync(path, csv[resource]);
      const r = await on(target, ['import', resource, path, '--upsert-by', resource === 'events' ? 'name' : 'slug', '--yes']);
      expect(r.code, `${resource}: ${r.stderr}`).toBe(0);
      expect(r.stderr, resource).toMatch(/0 created, 0 updated, \d+ unchanged, 0 failed/);
    }
  });
});
