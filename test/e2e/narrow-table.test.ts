import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { created, useSite } from './helpers.js';
import { runOnTerminal, writePtyHelper } from './terminal.js';

const site = useSite();
let dir: string;
let helper: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'calendar-narrow-'));
  helper = writePtyHelper(dir);
  const venue = await created(site.sandbox, 'venues', { venue: 'Maple Park Pavilion' });
  await created(site.sandbox, 'events', { title: 'Morning Yoga in the Park', start_date: '2027-05-01 07:00:00', end_date: '2027-05-01 08:00:00', venue });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('events list on a 60-column terminal', () => {
  test('the title keeps what the venue gives up; the start date stays whole; no line is wider than 60', async () => {
    const r = await runOnTerminal(helper, ['events', 'list', '--start-date', '2027-05-01'], site.env, { COLUMNS: '60' });
    expect(r.code, r.output).toBe(0);
    const lines = r.output
      .replace(/\x1b\[[0-9;]*m/g, '')
      .split(/\r?\n/)
      .filter((line) => line.startsWith('│') || line.startsWith('┌'));
    for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(60);
    const row = lines.find((line) => line.includes('2027-05-01 07:00'));
    expect(row, r.output).toBeDefined();
    const [, , start, title, venue] = row!.split('│').map((cell) => cell.trim());
    expect(start).toMatch(/^2027-05-01 07:00 \S+$/);
    // The venue shrinks to 8 first: the title keeps 17 columns (it had 12: 'Morning Yog…').
    expect(title).toBe('Morning Yoga in …');
    expect(venue).toBe('Maple P…');
  });
});
