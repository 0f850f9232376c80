/**
 * Nothing lost under faults: 1,000 venues imported with --upsert-by slug through a
 * `calendar serve` that resets connections (before and after storing), throttles, fails with
 * 503 and crashes with HTML pages, 10% each. Whatever the exit codes say (another run is
 * allowed after exit 5 or 6, as a CI job would do, three in all), every record ends up present
 * exactly once, checked on the data file through a fault-free sandbox.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, startTestSandbox, tempHome, USER, PASSWORD, type RunResult } from '../e2e/helpers.js';
import { reportFigure, startServe, stackLines } from './helpers.js';

const RECORDS = 1000;
const FAULTS = 'reset=0.1,reset-after=0.1,429=0.1,503=0.1,html=0.1';
// At a 50% fault rate a request can fail many times in a row: a CI job facing such a site
// raises --retries (default 3) so that a run rarely ends with failures.
const IMPORT_FLAGS = ['--upsert-by', 'slug', '--yes', '--concurrency', '32', '--retries', '10'];
// The CLI's backoff and Retry-After waits run on a clock 50 times faster: the order of retries
// and lookups is what is tested, not the length of the waits (their policy has unit tests).
const fastClock = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms / 50));

const dir = mkdtempSync(join(tmpdir(), 'calendar-faults-'));
const home = tempHome();
afterAll(() => {
  home.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const slugOf = (i: number) => `fault-venue-${String(i).padStart(4, '0')}`;

describe('faults', () => {
  it('an import under faults leaves every record present exactly once', async () => {
    const file = join(dir, 'venues.ndjson');
    const lines = Array.from({ length: RECORDS }, (_, i) =>
      JSON.stringify({ venue: `Fault Venue ${String(i).padStart(4, '0')}`, slug: slugOf(i), city: `City ${i % 23}`, address: `${i} Retry Road` }),
    );
    writeFileSync(file, `${lines.join('\n')}\n`);
    const dataFile = join(dir, 'calendar.json');
    const serve = await startServe(['--data', dataFile, '--user', USER, '--password', PASSWORD, '--faults', FAULTS, '--faults-seed', '20261122']);
    const env = { ...home.env, CALENDAR_BASE_URL: serve.restRoot, CALENDAR_USERNAME: USER, CALENDAR_APP_PASSWORD: PASSWORD };
    const runs: RunResult[] = [];
    try {
      // As a CI job would: run again after a partial failure (6) or a read that failed through
      // every retry (5), at most three runs in all. Each failed run must have said so.
      do runs.push(await runCli(['import', 'venues', file, ...IMPORT_FLAGS], { env, timeoutMs: 300_000, sleep: fastClock }));
      while (runs.length < 3 && (runs.at(-1)!.code === 5 || runs.at(-1)!.code === 6));
    } finally {
      expect(await serve.stop()).toBe(0);
    }
    for (const run of runs) {
      expect(stackLines(run.stderr)).toEqual([]);
      expect(run.stdout).toBe('');
    }
    expect(serve.stderr()).toContain(`injecting faults ${FAULTS}`);

    // The check goes around the faults: a fresh sandbox over the same data file.
    const checker = await startTestSandbox({ dataFile });
    try {
      const slugs: string[] = [];
      // The core route orders by ID, so this count is exact (the venues list pages tied records unstably).
      for (let page = 1; ; page++) {
        const response = await fetch(`${checker.restRoot}/wp/v2/tribe_venue?orderby=id&order=asc&_fields=id,slug&per_page=100&page=${page}`, {
          headers: { authorization: `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}` },
        });
        const body = (await response.json()) as Array<{ slug: string }>;
        if (response.status !== 200 || body.length === 0) break;
        slugs.push(...body.map((venue) => venue.slug));
      }
      const counts = new Map<string, number>();
      for (const slug of slugs) counts.set(slug, (counts.get(slug) ?? 0) + 1);
      const once = Array.from({ length: RECORDS }, (_, i) => slugOf(i)).filter((slug) => counts.get(slug) === 1).length;
      const note = runs.map((run, i) => `run ${i + 1} exit ${run.code}: ${run.stderr.trim().split('\n').slice(-2).join(' / ')}`).join('; ');
      reportFigure(`faults: ${once}/${RECORDS} present once`);
      console.log(`faults detail: ${slugs.length} venues stored; ${note}`);
      expect(slugs.length).toBe(RECORDS);
      expect(once).toBe(RECORDS);
      expect(runs.at(-1)!.code).toBe(0);
    } finally {
      await checker.close();
    }
  }, 400_000);
});
