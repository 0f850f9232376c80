/** Completion of record IDs and slugs sees past the first page, and only what starts as typed. */
import { beforeAll, describe, expect, test } from 'vitest';
import { created, useSite } from './helpers.js';

const site = useSite();
const SESSIONS = Array.from({ length: 60 }, (_, i) => `Session ${String(i).padStart(2, '0')}`);
beforeAll(async () => {
  // Each its own post date: records that tie on it come back in no stable page order (as on WordPress).
  for (const [i, venue] of SESSIONS.entries()) await created(site.sandbox, 'venues', { venue, date: `2026-01-01 10:${String(i).padStart(2, '0')}:00` });
}, 60_000);

const candidates = async (...args: string[]) => {
  const r = await site.cli(['__complete', 'ids', 'venues', ...args]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.split('\n').filter(Boolean);
};

describe('__complete ids RESOURCE TYPED', () => {
  test('offers the records of every page, not the first 50 only', async () => {
    const slugs = (await candidates()).map((line) => line.split('\t')[0]).filter((value) => value.startsWith('session-'));
    expect(slugs.sort()).toEqual(SESSIONS.map((name) => name.toLowerCase().replace(' ', '-')).sort());
  });

  test('only what starts with the typed text, IDs and slugs alike, after the last comma of a list', async () => {
    expect(await candidates('session-5')).toEqual(expect.arrayContaining(['session-50\tSession 50', 'session-59\tSession 59']));
    expect((await candidates('session-5')).every((line) => line.startsWith('session-5'))).toBe(true);
    expect(await candidates('session-05')).toEqual(['session-05\tSession 05']);
    expect(await candidates('12,session-05')).toEqual(['session-05\tSession 05']);
    const ids = await candidates('1');
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((line) => /^1\d*\t/.test(line))).toBe(true);
  });
});

describe('a typed slug is completed from the server search', () => {
  const events = useSite({ timezone: 'America/New_York' });
  const made: string[] = [];
  beforeAll(async () => {
    // Past events (before the server's default window) and more than a page of them.
    for (let i = 1; i <= 120; i++) {
      const day = `2020-05-${String((i % 28) + 1).padStart(2, '0')}`;
      await created(events.sandbox, 'events', { title: `Session ${i}`, start_date: `${day} 10:00:00`, end_date: `${day} 11:00:00` });
      made.push(`session-${i}`);
    }
    await created(events.sandbox, 'venues', { venue: 'Hall \u001b]0;pwned\u0007 One' });
  }, 60_000);

  test('events get session-11<TAB> offers every session-11…, past ones included, in one request', async () => {
    const before = events.sandbox.stats.requests;
    const r = await events.cli(['__complete', 'ids', 'events', 'session-11']);
    expect(r.code, r.stderr).toBe(0);
    const slugs = r.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\t')[0]);
    expect(slugs.sort()).toEqual(made.filter((slug) => slug.startsWith('session-11')).sort());
    expect(events.sandbox.stats.requests - before).toBe(1);
  });

  test("a name's control characters are shown, not sent to the terminal", async () => {
    const r = await events.cli(['__complete', 'ids', 'venues', 'hall']);
    expect(r.stdout).toBe('hall-0pwned-one\tHall \\x1b]0;pwned\\x07 One\n');
  });
});
