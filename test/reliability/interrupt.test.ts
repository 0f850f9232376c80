/**
 * Ctrl-C during an import: the first SIGINT stops sending, lets the requests in flight
 * finish, prints the summary, writes every row not confirmed to --failed-to and exits 130.
 * Running the same import again completes it: every record exactly once, each one listed.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestSandbox, tempHome } from '../e2e/helpers.js';
import { reportFigure } from './helpers.js';
import { stopAndRerun } from './interrupted.js';

const RECORDS = 200;
const dir = mkdtempSync(join(tmpdir(), 'calendar-interrupt-'));
const home = tempHome();
afterAll(() => {
  home.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const slugOf = (i: number) => `interrupted-show-${String(i).padStart(3, '0')}`;

describe('interrupted import', () => {
  it('stops cleanly on Ctrl-C, and a re-run leaves every record exactly once and listed', async () => {
    const file = join(dir, 'events.ndjson');
    const failedTo = join(dir, 'failed.ndjson');
    const lines = Array.from({ length: RECORDS }, (_, i) =>
      JSON.stringify({
        title: `Interrupted Show ${i}`,
        slug: slugOf(i),
        start_date: `2027-05-${String((i % 28) + 1).padStart(2, '0')} 19:00`,
        end_date: `2027-05-${String((i % 28) + 1).padStart(2, '0')} 21:00`,
      }),
    );
    writeFileSync(file, `${lines.join('\n')}\n`);
    const { first, second, dataFile } = await stopAndRerun(dir, home, {
      name: 'calendar',
      args: ['import', 'events', file],
      flags: ['--upsert-by', 'slug', '--yes', '--concurrency', '4'],
      failedTo,
      marker: 'interrupted-show-',
      enough: 20,
    });
    expect(first.code, first.stderr).toBe(130);
    expect(first.stderr).toContain('interrupted: no new request is sent');
    expect(first.stderr).toMatch(/\d+ created, 0 updated, 0 unchanged, 0 failed, \d+ not sent/);
    expect(existsSync(failedTo)).toBe(true);
    const leftover = readFileSync(failedTo, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).slug as string);
    const created = Number(/(\d+) created/.exec(first.stderr)?.[1]);
    expect(created).toBeGreaterThan(0);
    expect(created + leftover.length).toBe(RECORDS);
    expect(leftover).toEqual([...leftover].sort()); // in input order
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(`${leftover.length} created, 0 updated, ${created} unchanged, 0 failed`);

    const checker = await startTestSandbox({ dataFile });
    try {
      const counts = new Map<string, number>();
      for (let page = 1; ; page++) {
        const res = await fetch(`${checker.restRoot}/tribe/events/v1/events?per_page=50&page=${page}&start_date=2027-01-01&end_date=2027-12-31`);
        if (res.status !== 200) break;
        const body = (await res.json()) as { events: Array<{ slug: string }>; total_pages: number };
        for (const event of body.events) counts.set(event.slug, (counts.get(event.slug) ?? 0) + 1);
        if (page >= body.total_pages) break;
      }
      const once = Array.from({ length: RECORDS }, (_, i) => slugOf(i)).filter((slug) => counts.get(slug) === 1).length;
      reportFigure(`interrupted import: ${once}/${RECORDS} listed exactly once after a re-run`);
      expect(once).toBe(RECORDS);
      expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(RECORDS);
    } finally {
      await checker.close();
    }
  }, 180_000);
});

describe('import stopped by SIGTERM', () => {
  it('winds down as on Ctrl-C: summary, rows not confirmed in --failed-to, exit 130', async () => {
    const count = 120;
    const file = join(dir, 'term.ndjson');
    const failedTo = join(dir, 'term-failed.ndjson');
    const slug = (i: number) => `terminated-show-${String(i).padStart(3, '0')}`;
    writeFileSync(
      file,
      Array.from(
        { length: count },
        (_, i) => `${JSON.stringify({ title: `Terminated Show ${i}`, slug: slug(i), start_date: '2027-06-01 19:00', end_date: '2027-06-01 21:00' })}\n`,
      ).join(''),
    );
    const { first, second } = await stopAndRerun(dir, home, {
      name: 'term',
      args: ['import', 'events', file],
      flags: ['--upsert-by', 'slug', '--yes', '--concurrency', '2'],
      failedTo,
      marker: 'terminated-show-',
      enough: 10,
      signal: 'SIGTERM',
    });
    expect(first.code, first.stderr).toBe(130);
    expect(first.stderr).toContain('terminated (SIGTERM): no new request is sent; the ones in flight finish (a second signal aborts at once)');
    expect(first.stderr).toMatch(/\d+ created, 0 updated, 0 unchanged, 0 failed, \d+ not sent/);
    const leftover = readFileSync(failedTo, 'utf8').trim().split('\n');
    const created = Number(/(\d+) created/.exec(first.stderr)?.[1]);
    expect(created + leftover.length).toBe(count);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(`${leftover.length} created, 0 updated, ${created} unchanged, 0 failed`);
  }, 180_000);
});
