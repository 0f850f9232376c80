import { describe, expect, it } from 'vitest';
import { parseClockStart, sandboxClock } from '../../src/sandbox/common/clock.js';

describe('the sandbox clock', () => {
  it('starts at the given instant and runs on at the real pace', async () => {
    const clock = sandboxClock(new Date('2026-11-22T21:40:00Z'));
    const first = clock().getTime();
    expect(Math.abs(first - Date.parse('2026-11-22T21:40:00Z'))).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(clock().getTime() - first).toBeGreaterThanOrEqual(25);
  });

  it('is the real time without a start', () => {
    expect(Math.abs(sandboxClock()().getTime() - Date.now())).toBeLessThan(1000);
  });

  it('reads ISO 8601 instants only', () => {
    expect(parseClockStart('2026-11-22T16:40:00-05:00')?.toISOString()).toBe('2026-11-22T21:40:00.000Z');
    expect(parseClockStart('2026-11-22')?.toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(parseClockStart('2026-11-22T21:40:00')).toBeNull(); // no zone: ambiguous
    expect(parseClockStart('tomorrow')).toBeNull();
  });
});
