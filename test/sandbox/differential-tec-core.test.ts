/**
 * The recorded differential runs of the second family (tec/v1 and WordPress core's routes for
 * the calendar's post types and taxonomies, each write read back through tribe/events/v1 and
 * the core route with `context=edit`; test/fixtures/differential/tec-core-seed-*.json.gz, from a
 * real WordPress 7.0.2 + The Events Calendar 6.17.1 site), each replayed against a fresh sandbox.
 *
 * Each seed must keep at least 98% of its answers identical, as the tribe family does (what
 * still differs is listed in docs/sandbox.md, "What still differs").
 */
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRecording, replay } from './differential-replay.js';

const DIR = resolve(import.meta.dirname, '../fixtures/differential');
const RECORDINGS = readdirSync(DIR).filter((name) => /^tec-core-seed-\d+\.json(\.gz)?$/.test(name));
const REQUIRED = 0.98;

describe('differential replays of the recorded tec/v1 and core-route seeds', () => {
  it('holds several recorded seeds', () => {
    expect(RECORDINGS.length).toBeGreaterThanOrEqual(3);
  });

  for (const name of RECORDINGS) {
    it.concurrent(`${name}: at least ${REQUIRED * 100}% of the answers identical to the real site's`, async () => {
      const path = resolve(DIR, name);
      const result = await replay(path);
      const listing = result.mismatches.map((m) => `#${m.n} ${m.request.slice(0, 100)}: ${m.problems.join('; ')}`).join('\n');
      expect(result.total).toBe(readRecording(path).exchanges.length);
      expect(result.identical / result.total, `${result.identical}/${result.total}\n${listing}`).toBeGreaterThanOrEqual(REQUIRED);
    }, 180_000);
  }
});
