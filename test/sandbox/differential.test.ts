/**
 * The recorded differential run of seed 1 (a real WordPress 7.0.2 + The Events Calendar 6.17.1
 * site's answers to 597 generated requests), replayed against a fresh sandbox: fidelity must
 * not fall below the figure reached (the same figure as the fidelity tool's). The comparison
 * rules are in differential-compare.ts.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replay } from './differential-replay.js';

const RECORDING = resolve(import.meta.dirname, '../fixtures/differential/seed-1.json');
const REACHED = 591;

describe('differential replay of seed 1', () => {
  it(`keeps at least ${REACHED} of 597 answers identical to the real site's`, async () => {
    const result = await replay(RECORDING);
    const listing = result.mismatches.map((m) => `#${m.n} ${m.request.slice(0, 100)}: ${m.problems.join('; ')}`).join('\n');
    expect(result.total).toBe(597);
    expect(result.identical, listing).toBeGreaterThanOrEqual(REACHED);
  }, 120_000);
});
