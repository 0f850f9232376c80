/**
 * The recorded differential runs (a real WordPress 7.0.2 + The Events Calendar 6.17.1 site's
 * answers to ~600 generated requests per seed; test/fixtures/differential), each replayed
 * against a fresh sandbox: every seed must keep at least 98% of its answers identical to the
 * real site's, so that a rule fitted to one seed that breaks another is seen. The comparison
 * rules are in differential-compare.ts (those of the fidelity tool, reduced).
 */
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRecording, replay } from './differential-replay.js';

const DIR = resolve(import.meta.dirname, '../fixtures/differential');
const RECORDINGS = readdirSync(DIR)
  .filter((name) => /^seed-\d+\.json(\.gz)?$/.test(name))
  .sort((a, b) => parseInt(a.slice(5), 10) - parseInt(b.slice(5), 10));
const REQUIRED = 0.98;

describe('differential replays of the recorded seeds', () => {
  it('holds several recorded seeds', () => {
    expect(RECORDINGS.length).toBeGreaterThanOrEqual(5);
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
