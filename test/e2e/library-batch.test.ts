/**
 * The library's batch calls in-process against a sandbox: import (an array, text, a file, an
 * iCalendar text synced twice), export as data, and a site file's diff and apply by digest.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Calendar, CalendarError, EXIT, type CalendarMessage } from '../../src/core/index.js';
import { api, PASSWORD, startTestSandbox, USER, type Sandbox } from './helpers.js';

type Json = Record<string, any>;

let sandbox: Sandbox;
let cal: Calendar;
const messages: CalendarMessage[] = [];
const dir = mkdtempSync(join(tmpdir(), 'library-batch-'));

beforeAll(async () => {
  sandbox = await startTestSandbox();
  cal = new Calendar({ baseUrl: sandbox.restRoot, username: USER, appPassword: PASSWORD, cwd: dir, onMessage: (m) => messages.push(m) });
});

afterAll(async () => {
  await cal?.close();
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The CalendarError a call rejects with. */
const failure = (call: Promise<unknown>): Promise<CalendarError> =>
  call.then(
    () => expect.unreachable('the call succeeded') as never,
    (err: unknown) => (expect(err).toBeInstanceOf(CalendarError), err as CalendarError),
  );

const FEED = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//batch test//EN',
  'BEGIN:VEVENT',
  'UID:batch-lib-1@example.org',
  'DTSTAMP:20270101T000000Z',
  'DTSTART:20270910T180000Z',
  'DTEND:20270910T200000Z',
  'SUMMARY:Soirée « iCal »',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

describe('cal.import', () => {
  test('an array of records: created, then with upsertBy unchanged; each row and ID as data', async () => {
    const records = [
      { venue: "Salle d'Été « Nord »", city: 'Lille' },
      { venue: 'Hall "Quoted"', city: 'Paris' },
    ];
    const first = await cal.import('venues', records);
    expect(first.error).toBeUndefined();
    expect(first.counts).toMatchObject({ created: 2, updated: 0, unchanged: 0, failed: 0 });
    expect(first.rows.map((r) => [r.index, r.result])).toEqual([
      [0, 'created'],
      [1, 'created'],
    ]);
    expect(first.ids).toHaveLength(2);
    const stored = (await api<Json>(sandbox, 'GET', `venues/${first.ids[0]}`)).body;
    // As the site displays it; cal.export gives it as typed.
    expect(stored.venue).toBe('Salle d&#8217;Été « Nord »');
    const again = await cal.import('venues', records, { upsertBy: 'name' });
    expect(again.counts).toMatchObject({ created: 0, updated: 0, unchanged: 2, failed: 0 });
    expect(again.ids).toEqual(first.ids);
    expect(messages.map((m) => m.text)).toContain('0 created, 0 updated, 2 unchanged, 0 failed');
  });

  test('a bad record is a CalendarError (exit 2) naming it, and nothing is sent', async () => {
    const writes = sandbox.stats.writes;
    const err = await failure(cal.import('events', [{ title: 'No start' }]));
    expect(err.exitCode).toBe(EXIT.usage);
    expect(err.message).toMatch(/^records index 0: /);
    expect(sandbox.stats.writes).toBe(writes);
    expect((await failure(cal.import('tags', [{ name: 'x' }], { concurrency: 99 }))).message).toBe('concurrency: "99" is not a whole number from 1 to 32');
  });

  test('CSV text and a file; rows that fail come back in the outcome with its error, and in the failedTo file', async () => {
    const csv = await cal.import('tags', { text: 'name,slug\nBatch Lib A,batch-lib-a\nBatch Lib B,batch-lib-b\n' });
    expect(csv.counts.created).toBe(2);
    const taken = await cal.import('tags', { text: 'name\nBatch Lib A\nBatch Lib C\n', format: 'csv' }, { failedTo: 'failed-tags.csv' });
    expect(taken.counts).toMatchObject({ created: 1, failed: 1 });
    expect(taken.rows.map((r) => [r.line, r.result])).toEqual([
      [2, 'failed'],
      [3, 'created'],
    ]);
    expect(taken.error?.exitCode).toBe(EXIT.partial);
    expect(taken.error?.message).toBe('1 of 2 records failed');
    expect(readFileSync(join(dir, 'failed-tags.csv'), 'utf8')).toBe('name\nBatch Lib A\n');
    const file = join(dir, 'events.ndjson');
    writeFileSync(
      file,
      `${JSON.stringify({ title: 'Lib Event', start_date: '2027-09-01 19:00', end_date: '2027-09-01 21:00', venue: 'No Such Venue Anywhere' })}\n`,
    );
    const refused = await failure(cal.import('events', { file: 'events.ndjson' }));
    expect(refused.message).toContain('not on the site');
    const outcome = await cal.import('events', { file: 'events.ndjson' }, { createMissing: true, failedTo: 'failed.ndjson' });
    expect(outcome.error).toBeUndefined();
    expect(outcome.counts.created).toBe(1);
  });

  test('an iCalendar text is synced: the second import of the same feed changes nothing', async () => {
    const first = await cal.import('events', { text: FEED, name: 'batch-lib-feed' }, { from: '2027-01-01' });
    expect(first.counts).toMatchObject({ created: 1, failed: 0 });
    expect(first.rows[0]).toMatchObject({ uid: 'batch-lib-1@example.org', result: 'created' });
    const second = await cal.import('events', { text: FEED, name: 'batch-lib-feed' }, { from: '2027-01-01' });
    expect(second.counts).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    const stored = (await api<Json>(sandbox, 'GET', `events/${first.rows[0].id}`)).body;
    expect(stored.title).toBe('Soirée « iCal »');
  });
});

describe('cal.export', () => {
  test('records in the shape import takes back, narrowed by list filters', async () => {
    const venues = await cal.export('venues');
    expect(venues.find((v) => v.venue === "Salle d'Été « Nord »")).toMatchObject({ city: 'Lille', slug: expect.any(String) });
    expect(venues.some((v) => 'id' in v)).toBe(false);
    const tags = await cal.export('tags', { search: 'Batch Lib' });
    expect(tags.map((t) => t.slug).sort()).toEqual(['batch-lib-a', 'batch-lib-b', 'batch-lib-c']);
  });
});

describe('cal.site', () => {
  const FILE = 'tags:\n  batch-lib-site:\n    name: Site « Lib »\n';

  test('diff gives the plan, its summary and digest; apply takes that digest and the second diff is empty', async () => {
    const diff = await cal.site.diff(FILE);
    expect(diff.summary).toMatch(/^1 to create, 0 to change, 0 to remove, 0 unchanged \(\d+ only on the site; prune: true removes them\)$/);
    expect(diff.plan).toMatchObject({ changes: [{ action: 'create', resource: 'tags', slug: 'batch-lib-site' }] });
    expect(diff.digest).toMatch(/^[0-9a-f]{64}$/);
    // The same document as an object has the same plan.
    expect((await cal.site.diff({ tags: { 'batch-lib-site': { name: 'Site « Lib »' } } })).digest).toBe(diff.digest);
    const applied = await cal.site.apply(FILE, { digest: diff.digest });
    expect(applied.counts).toMatchObject({ created: 1, failed: 0 });
    const again = await cal.site.diff(FILE);
    expect(again.summary).toMatch(/^no changes, 1 unchanged/);
  });

  test('apply with a digest of another plan is refused (exit 2) and sends nothing', async () => {
    const path = join(dir, 'site.yaml');
    writeFileSync(path, 'tags:\n  batch-lib-other:\n    name: Other\n');
    const { digest } = await cal.site.diff({ file: 'site.yaml' });
    writeFileSync(path, 'tags:\n  batch-lib-other:\n    name: Other, edited\n');
    const writes = sandbox.stats.writes;
    const err = await failure(cal.site.apply({ file: 'site.yaml' }, { digest }));
    expect(err.exitCode).toBe(EXIT.usage);
    expect(err.message).toContain('the plan is no longer the one of digest');
    expect(sandbox.stats.writes).toBe(writes);
    expect(readFileSync(path, 'utf8')).toContain('edited');
    expect((await failure(cal.site.apply({ file: 'site.yaml' }, {} as never))).message).toBe('site.apply needs the digest of the plan site.diff gave');
  });
});
