/** `calendar week` and `calendar month` through the built binary: piped text, colour on request, width, data formats. */
import { beforeAll, describe, expect, test } from 'vitest';
import { created, useSite } from './helpers.js';
import { runOnTerminal, writePtyHelper } from './terminal.js';

const site = useSite({ timezone: 'UTC' });
const ESC = '\u001b[';

beforeAll(async () => {
  const music = await created(site.sandbox, 'categories', { name: 'Music' });
  for (const [title, start, end] of [
    ['Open Mic Night', '2027-06-09 20:00:00', '2027-06-09 23:00:00'],
    ['Brunch', '2027-06-13 11:00:00', '2027-06-13 12:00:00'],
    ['Next Month', '2027-07-02 10:00:00', '2027-07-02 11:00:00'],
  ]) {
    await created(site.sandbox, 'events', { title, start_date: start, end_date: end, categories: [music] });
  }
});

const lines = (text: string) => text.trimEnd().split('\n');
const widest = (text: string) => Math.max(...lines(text).map((line) => [...line].length));

describe('calendar week and month', () => {
  test('piped, the week is plain text as wide as COLUMNS, Monday first by default', async () => {
    const res = await site.cli(['week', '2027-06-10'], { env: { COLUMNS: '80', LANG: 'en_GB.UTF-8' } });
    expect(res.code).toBe(0);
    expect(res.stdout).not.toContain(ESC);
    expect(widest(res.stdout)).toBe(80);
    expect(lines(res.stdout)[0]).toBe('Week of 2027-06-07  (UTC)');
    expect(lines(res.stdout)[2]).toMatch(/^│ Mon /);
    expect(res.stdout).toContain('20:00 Op…');
    expect(res.stdout).not.toContain('Next Month');
  });

  test('--width and --week-start sunday; a US locale starts on Sunday too', async () => {
    const res = await site.cli(['week', '2027-06-10', '--width', '200', '--week-start', 'sunday']);
    expect(widest(res.stdout)).toBe(200);
    expect(lines(res.stdout)[0]).toBe('Week of 2027-06-06  (UTC)');
    expect(lines(res.stdout)[2]).toMatch(/^│ Sunday +│ Monday/);
    expect(res.stdout).toContain('20:00 Open Mic Night');
    const us = await site.cli(['week', '2027-06-10'], { env: { LANG: 'en_US.UTF-8', COLUMNS: '100' } });
    expect(lines(us.stdout)[0]).toBe('Week of 2027-06-06  (UTC)');
  });

  test('the month covers whole weeks; and is never coloured when piped', async () => {
    const month = await site.cli(['month', '2027-06-01', '--width', '120', '--week-start', 'monday']);
    expect(month.code).toBe(0);
    expect(lines(month.stdout)[0]).toBe('June 2027  (UTC)');
    expect(month.stdout).toContain('31 May');
    expect(month.stdout).toContain('10:00 Next Mon…');
    const noColor = await site.cli(['month', '2027-06-01', '--width', '120'], { env: { NO_COLOR: '1', FORCE_COLOR: '1' } });
    expect(noColor.stdout).not.toContain(ESC);
  });

  test('a terminal narrower than the grid gets the days as a list; --width draws the grid anyway', async () => {
    const week = await site.cli(['week', '2027-06-10'], { env: { COLUMNS: '40', LANG: 'en_GB.UTF-8' } });
    expect(week.code).toBe(0);
    expect(week.stdout).not.toMatch(/[│┌└]/);
    expect(lines(week.stdout)[0]).toBe('Week of 2027-06-07  (UTC)');
    expect(week.stdout).toMatch(/Wed 2027-06-09\n {2}20:00–23:00 {2}Open Mic Night/);
    expect(week.stdout).toContain('Brunch');
    expect(week.stdout).not.toContain('Next Month');
    expect(week.stderr).toContain('the terminal is 40 columns wide, the grid needs 80: the week is listed by day (--width 80 draws the grid)');
    // The month lists its own days only, not those of the weeks around it.
    const month = await site.cli(['month', '2027-06', '--week-start', 'monday'], { env: { COLUMNS: '40' } });
    expect(lines(month.stdout)[0]).toBe('June 2027  (UTC)');
    expect(month.stdout).toContain('Open Mic Night');
    expect(month.stdout).not.toContain('Next Month');
    const empty = await site.cli(['week', '2027-01-10'], { env: { COLUMNS: '40' } });
    expect(empty.stdout).toBe('Week of 2027-01-04  (UTC)\n\nNo events.\n');
    const grid = await site.cli(['week', '2027-06-10', '--width', '80'], { env: { COLUMNS: '40' } });
    expect(widest(grid.stdout)).toBe(80);
    expect(grid.stderr).toBe('');
  });

  test("--format ndjson gives the grid's events as records", async () => {
    const res = await site.cli(['month', '2027-06-01', '--week-start', 'monday', '--format', 'ndjson']);
    expect(res.code).toBe(0);
    // The grid runs from Monday 31 May to Sunday 4 July, so the July event is in it.
    expect(lines(res.stdout).map((line) => (JSON.parse(line) as { title: string }).title)).toEqual(['Open Mic Night', 'Brunch', 'Next Month']);
  });

  test('a month is named as YYYY-MM, or by any day in it', async () => {
    const byMonth = await site.cli(['month', '2027-06', '--width', '120']);
    expect(byMonth.code, byMonth.stderr).toBe(0);
    expect(lines(byMonth.stdout)[0]).toBe('June 2027  (UTC)');
    expect(byMonth.stdout).toContain('Brunch');
    expect((await site.cli(['month', '2027-06-20', '--width', '120'])).stdout).toBe(byMonth.stdout);
    expect((await site.cli(['month', '2027-6', '--width', '120'])).stdout).toBe(byMonth.stdout);
    const bad = await site.cli(['month', '2027-13']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('DATE: "2027-13" is not a month');
    expect(bad.stderr).toContain('YYYY-MM');
  });

  test('a width under 80 or an unknown week start is a usage error', async () => {
    const narrow = await site.cli(['week', '--width', '60']);
    expect(narrow.code).toBe(2);
    expect(narrow.stderr).toContain('at least 80');
    const start = await site.cli(['month', '--week-start', 'friday']);
    expect(start.code).toBe(2);
    expect(start.stderr).toContain('"friday" is not monday or sunday');
  });

  test('--week-start takes the first letters of the day', async () => {
    const full = await site.cli(['month', '2027-06', '--width', '120', '--week-start', 'sunday']);
    const short = await site.cli(['month', '2027-06', '--width', '120', '--week-start', 'Sun']);
    expect(short.code, short.stderr).toBe(0);
    expect(short.stdout).toBe(full.stdout);
    expect(short.stdout).not.toBe((await site.cli(['month', '2027-06', '--width', '120', '--week-start', 'mon'])).stdout);
    expect((await site.cli(['month', '--week-start', 's'])).code).toBe(2);
  });
});

describe('on a terminal', () => {
  test('today is highlighted and events take their category colour', async () => {
    const helper = writePtyHelper(site.home.home);
    const music = await created(site.sandbox, 'categories', { name: 'Live' });
    const today = new Date().toISOString().slice(0, 10);
    await created(site.sandbox, 'events', { title: 'Today Gig', start_date: `${today} 12:00:00`, end_date: `${today} 13:00:00`, categories: [music] });
    const res = await runOnTerminal(helper, ['week', today, '--timezone', 'UTC'], site.env);
    expect(res.code, res.output).toBe(0);
    expect(res.output).toMatch(/\u001b\[7m \d+( \w{3})? today/);
    expect(res.output).toMatch(/\u001b\[\d+m12:00 Today Gig/);
  });
});
