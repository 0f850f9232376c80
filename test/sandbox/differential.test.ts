/**
 * The recorded differential runs (a real WordPress 7.0.2 + The Events Calendar 6.17.1 site's
 * answers to ~600 generated requests per seed; test/fixtures/differential), each replayed
 * against a fresh sandbox: every seed must keep at least 98% of its answers identical to the
 * real site's, so that a rule fitted to one seed that breaks another is seen. Two families:
 * tribe/events/v1 (`seed-N`), and tec/v1 with WordPress core's routes for the calendar's post
 * types and taxonomies, each write read back through tribe/events/v1 and the core route with
 * `context=edit` (`tec-core-seed-N`). The comparison rules are in differential-compare.ts (those
 * of the fidelity tool, reduced).
 */
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRecording, replay } from './differential-replay.js';

const DIR = resolve(import.meta.dirname, '../fixtures/differential');
const REQUIRED = 0.98;
const FAMILIES = [
  { name: 'tribe/events/v1', prefix: 'seed-', least: 5 },
  { name: 'tec/v1 and core routes', prefix: 'tec-core-seed-', least: 3 },
];

const recordingsOf = (prefix: string) =>
  readdirSync(DIR)
    .filter((name) => name.startsWith(prefix) && /^\d+\.json(\.gz)?$/.test(name.slice(prefix.length)))
    .sort((a, b) => parseInt(a.slice(prefix.length), 10) - parseInt(b.slice(prefix.length), 10));

// One suite, so that every seed of both families is replayed at once.
describe('differential replays of the recorded seeds', () => {
  for (const family of FAMILIES) {
    it(`holds several recorded seeds of the ${family.name} family`, () => {
      expect(recordingsOf(family.prefix).length).toBeGreaterThanOrEqual(family.least);
    });
  }

  for (const name of FAMILIES.flatMap((family) => recordingsOf(family.prefix))) {
    it.concurrent(`${name}: at least ${REQUIRED * 100}% of the answers identical to the real site's`, async () => {
      const path = resolve(DIR, name);
      const result = await replay(path);
      const listing = result.mismatches.map((m) => `#${m.n} ${m.request.slice(0, 100)}: ${m.problems.join('; ')}`).join('\n');
      expect(result.total).toBe(readRecording(path).exchanges.length);
      expect(result.identical / result.total, `${result.identical}/${result.total}\n${listing}`).toBeGreaterThanOrEqual(REQUIRED);
    }, 180_000);
  }
});
