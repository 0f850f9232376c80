/**
 * Concurrent writers: 20 `calendar venues create` processes at once on the built-in sandbox
 * (one HOME, so one shared data file, no CALENDAR_BASE_URL) leave exactly those 20 venues.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../e2e/helpers.js';
import { reportFigure } from './helpers.js';

const WRITERS = 20;
const home = tempHome();
afterAll(() => home.cleanup());

describe('concurrent writers', () => {
  it('20 processes creating a venue each leave exactly 20 new venues', async () => {
    const names = Array.from({ length: WRITERS }, (_, i) => `Concurrent Writer ${String(i + 1).padStart(2, '0')}`);
    const results = await Promise.all(names.map((name) => runCli(['venues', 'create', '--name', name, '--format', 'ids'], { env: home.env, spawn: true })));
    expect(results.map((result) => result.code)).toEqual(names.map(() => 0));
    const listed = await runCli(['venues', 'list', '--all', '--format', 'json'], { env: home.env });
    expect(listed.code).toBe(0);
    const venues = JSON.parse(listed.stdout) as Array<{ id: number; venue: string }>;
    const created = venues.filter((venue) => venue.venue.startsWith('Concurrent Writer'));
    const present = names.filter((name) => created.filter((venue) => venue.venue === name).length === 1).length;
    reportFigure(`concurrent writers: ${present}/${WRITERS}`);
    expect(created.map((venue) => venue.venue).sort()).toEqual(names);
    // Each process printed the ID it got, and no two got the same one.
    expect(new Set(results.map((result) => result.stdout.trim())).size).toBe(WRITERS);
  }, 120_000);
});
