/** Recurring events with the built CLI against the sandbox: create --repeat, each edit and delete form, the views, iCalendar out and in. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { json, useSite, useSiteEach, type Site } from './helpers.js';
import { runOnTerminal, writePtyHelper } from './terminal.js';

type Json = Record<string, any>;
const YOGA = ['events', 'create', '--title', 'Weekly yoga', '--start-date', '2027-03-02 19:00', '--end-date', '2027-03-02 20:00', '--timezone', 'Europe/Paris'];

const listed = async (site: Site) =>
  json<Json[]>((await site.cli(['events', 'list', '--start-date', '2027-01-01', '--all', '--format', 'json'])).stdout).map((e) => [
    e.slug,
    e.title,
    e.start_date,
  ]);

describe('events create --repeat', () => {
  const site = useSite({ timezone: 'America/New_York' });

  test.each([
    [['--repeat', 'FREQ=WEEKLY'], 'the rule has no end and no cap'],
    [['--repeat', 'FREQ=DAILY;COUNT=501'], 'gives more than 500 occurrences'],
    [['--repeat', 'FREQ=DAILY;COUNT=11', '--max', '10'], 'gives more than 10 occurrences'],
    [['--repeat', 'FREQ=FORTNIGHTLY;COUNT=2'], 'FREQ=FORTNIGHTLY is not one of'],
    [['--repeat', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30;COUNT=2'], 'cannot be expanded here'],
    [['--repeat', 'FREQ=WEEKLY;COUNT=3', '--except', '2027-03-03'], '--except 2027-03-03: the series has no occurrence then'],
    [['--except', '2027-03-03'], '--except goes with --repeat'],
    [['--repeat', 'FREQ=WEEKLY;COUNT=3', '--max', '0'], '--max'],
  ])('%j: exit 2, one line, nothing sent', async (args, message) => {
    const res = await site.cli([...YOGA, ...args]);
    expect(res.code, res.stderr).toBe(2);
    expect(res.stderr).toContain(message);
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    // --debug shows every request: none went out, not even a read.
    expect((await site.cli([...YOGA, ...args, '--debug'])).stderr).not.toMatch(/debug: > /);
    expect(await listed(site)).toEqual([]);
  });

  test('--dry-run lists the occurrences and sends nothing', async () => {
    const res = await site.cli([...YOGA, '--repeat', 'RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=4', '--except', '2027-03-16', '--dry-run', '--format', 'json']);
    expect(res.code, res.stderr).toBe(0);
    // The plan of each write: the series' tag, then each occurrence's create.
    const plans = json<Json[]>(res.stdout);
    expect(plans.map((p) => [p.action, p.resource])).toEqual([['create', 'tags'], ...Array(3).fill(['create', 'events'])]);
    expect(plans.slice(1).map((p) => p.requests[0].body.start_date)).toEqual(['2027-03-02 19:00:00', '2027-03-09 19:00:00', '2027-03-23 19:00:00']);
    expect(res.stderr).toMatch(/Would create 3 events, series [0-9a-z]{6} \(FREQ=WEEKLY;BYDAY=TU;COUNT=4, Europe\/Paris\); nothing was sent/);
    expect(await listed(site)).toEqual([]);
  });

  test('a rule without an end takes its first --max occurrences, across the change to summer time', async () => {
    const res = await site.cli([...YOGA, '--repeat', 'FREQ=WEEKLY', '--max', '5', '--format', 'json']);
    expect(res.code, res.stderr).toBe(0);
    const made = json<Json[]>(res.stdout);
    expect(made.map((e) => e.start_date)).toEqual([
      '2027-03-02 19:00:00',
      '2027-03-09 19:00:00',
      '2027-03-16 19:00:00',
      '2027-03-23 19:00:00',
      '2027-03-30 19:00:00',
    ]);
    // 18:00 UTC in winter, 17:00 UTC once Paris is on summer time (28 March).
    expect(made.map((e) => e.utc_start_date.slice(11, 16))).toEqual(['18:00', '18:00', '18:00', '18:00', '17:00']);
    expect(made[0].slug).toMatch(/^weekly-yoga-series-[0-9a-z]{6}-20270302$/);
  });
});

describe('editing and deleting part of a series', () => {
  const site = useSiteEach({ timezone: 'America/New_York' });
  let ids: number[];
  let dir: string;
  let helper: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'series-tty-'));
    helper = writePtyHelper(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const create = async () => {
    const res = await site.cli([...YOGA, '--repeat', 'FREQ=WEEKLY;BYDAY=TU;COUNT=4', '--format', 'json']);
    expect(res.code, res.stderr).toBe(0);
    ids = json<Json[]>(res.stdout).map((e) => e.id);
  };

  test('one occurrence moved stays in its series; get says where; --series changes all, the moved one by as much', async () => {
    await create();
    const moved = await site.cli(['events', 'update', String(ids[1]), '--start-date', '2027-03-10 19:00']);
    expect(moved.code, moved.stderr).toBe(0);
    const got = await site.cli(['events', 'get', String(ids[1]), '--format', 'json']);
    expect(got.stderr).toMatch(/occurrence 2 of 4 of series [0-9a-z]{6} \(FREQ=WEEKLY;BYDAY=TU;COUNT=4\)/);
    const all = await site.cli(['events', 'update', String(ids[0]), '--series', '--title', 'Yoga', '--start-date', '2027-03-02 18:30']);
    expect(all.code, all.stderr).toBe(0);
    expect((await listed(site)).map(([, title, start]) => [title, start])).toEqual([
      ['Yoga', '2027-03-02 18:30:00'],
      ['Yoga', '2027-03-10 18:30:00'],
      ['Yoga', '2027-03-16 18:30:00'],
      ['Yoga', '2027-03-23 18:30:00'],
    ]);
  });

  test('--following: this and the later ones become a series of their own; --series then changes only that one', async () => {
    await create();
    const res = await site.cli(['events', 'update', String(ids[2]), '--following', '--title', 'Evening yoga']);
    expect(res.code, res.stderr).toBe(0);
    const rows = await listed(site);
    expect(rows.map(([, title]) => title)).toEqual(['Weekly yoga', 'Weekly yoga', 'Evening yoga', 'Evening yoga']);
    expect(rows[2][0]).toMatch(/^evening-yoga-series-[0-9a-z]{6}-20270316$/);
    expect(rows[2][0].slice(-15, -9)).not.toBe(rows[0][0].slice(-15, -9));
    const got = await site.cli(['events', 'get', String(ids[0])]);
    expect(got.stderr).toMatch(/occurrence 1 of 2 of series [0-9a-z]{6} \(FREQ=WEEKLY;BYDAY=TU;UNTIL=20270316T175959Z\)/);
    await site.cli(['events', 'update', String(ids[3]), '--series', '--excerpt', 'Bring a mat']);
    const excerpts = json<Json[]>((await site.cli(['events', 'list', '--start-date', '2027-01-01', '--format', 'json'])).stdout).map((e) => e.excerpt);
    expect(excerpts.map((e) => e.includes('Bring a mat'))).toEqual([false, false, true, true]);
  });

  test('a UTC UNTIL is an instant: the series, --following and its iCalendar agree on where it ends', async () => {
    const evening = ['events', 'create', '--title', 'Evening call', '--start-date', '2027-01-08 18:00', '--end-date', '2027-01-08 19:00'];
    // 20:00 UTC on 10 January is 15:00 in New York: the 18:00 call that day is after it.
    const until = await site.cli([...evening, '--repeat', 'FREQ=DAILY;UNTIL=20270110T200000Z', '--format', 'ids']);
    expect(until.code, until.stderr).toBe(0);
    expect(until.stdout.trim().split('\n')).toHaveLength(2);
    const daily = await site.cli([...evening, '--title', 'Daily call', '--repeat', 'FREQ=DAILY;COUNT=6', '--format', 'ids']);
    const days = daily.stdout.trim().split('\n');
    const split = await site.cli(['events', 'update', days[3], '--following', '--title', 'Late call']);
    expect(split.code, split.stderr).toBe(0);
    const got = await site.cli(['events', 'get', days[0]]);
    expect(got.stderr).toMatch(/occurrence 1 of 3 of series [0-9a-z]{6} \(FREQ=DAILY;UNTIL=20270111T225959Z\)/);
    const ics = (await site.cli(['export', 'events', '--search', 'Daily call', '--format', 'ics'])).stdout;
    expect(ics).toMatch(/^RRULE:FREQ=DAILY;UNTIL=20270111T225959Z$/m);
    expect(ics).not.toContain('EXDATE');
  });

  test('--series refuses to move the occurrences to another day', async () => {
    await create();
    const res = await site.cli(['events', 'update', String(ids[0]), '--series', '--start-date', '2027-03-03 19:00']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('changes the time of day of the occurrences, not their day');
  });

  test('delete --following trashes this and the later ones; delete --series the rest; the views mark occurrences', async () => {
    await create();
    const agenda = await site.cli(['agenda', '2027-03-01', '2027-03-10']);
    expect(agenda.stdout).toContain('↻ Weekly yoga');
    const week = await site.cli(['week', '2027-03-02', '--width', '200', '--timezone', 'Europe/Paris']);
    expect(week.stdout).toContain('19:00 ↻ Weekly yoga');
    const table = await runOnTerminal(helper, ['events', 'list', '--start-date', '2027-03-01'], site.env, { COLUMNS: '120' });
    expect(table.output).toContain('↻ Weekly yoga');
    // Piped, rows stay as they were: the slug says which are occurrences.
    expect((await site.cli(['events', 'list', '--start-date', '2027-03-01'])).stdout).not.toContain('↻');
    const following = await site.cli(['events', 'delete', String(ids[2]), '--following', '--yes']);
    expect(following.code, following.stderr).toBe(0);
    expect(following.stderr).toMatch(/Moved 2 occurrences to the trash; series [0-9a-z]{6} now ends before 2027-03-16/);
    expect((await listed(site)).length).toBe(2);
    const rest = await site.cli(['events', 'delete', String(ids[0]), '--series', '--yes']);
    expect(rest.code, rest.stderr).toBe(0);
    expect(rest.stderr).toMatch(/series [0-9a-z]{6} is gone/);
    expect(await listed(site)).toEqual([]);
  });

  test('an event that is not an occurrence: --series is refused', async () => {
    const single = await site.cli([
      'events',
      'create',
      '--title',
      'Single',
      '--start-date',
      '2027-03-02 19:00',
      '--end-date',
      '2027-03-02 20:00',
      '--format',
      'json',
    ]);
    const res = await site.cli(['events', 'delete', String(json<Json>(single.stdout).id), '--series', '--yes']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('is not an occurrence of a series');
  });
});

describe('a series as iCalendar, into another site and again', () => {
  const one = useSite({ timezone: 'America/New_York' });
  const two = useSite({ timezone: 'America/New_York' });
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'series-ics-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('export events --format ics writes one VEVENT with RRULE, EXDATE and overrides; importing it elsewhere twice creates the occurrences once', async () => {
    const made = json<Json[]>((await one.cli([...YOGA, '--repeat', 'FREQ=WEEKLY;COUNT=4', '--except', '2027-03-09', '--format', 'json'])).stdout);
    await one.cli(['events', 'update', String(made[1].id), '--title', 'Yoga outdoors']);
    const exported = await one.cli(['export', 'events', '--format', 'ics']);
    expect(exported.code, exported.stderr).toBe(0);
    const text = exported.stdout;
    expect(text.match(/^RRULE:FREQ=WEEKLY;COUNT=4$/gm)).toHaveLength(1);
    expect(text).toContain('EXDATE;TZID=Europe/Paris:20270309T190000');
    expect(text.match(/^RECURRENCE-ID;TZID=Europe\/Paris:20270316T190000$/gm)).toHaveLength(1);
    const file = join(dir, 'yoga.ics');
    writeFileSync(file, text);
    const first = await two.cli(['import', 'events', file, '--yes']);
    expect(first.code, first.stderr).toBe(0);
    expect((await listed(two)).map(([, title, start]) => [title, start])).toEqual([
      ['Weekly yoga', '2027-03-02 19:00:00'],
      ['Yoga outdoors', '2027-03-16 19:00:00'],
      ['Weekly yoga', '2027-03-23 19:00:00'],
    ]);
    const again = await two.cli(['import', 'events', file, '--yes']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/0 created, 0 updated.*3 unchanged/);
    expect((await listed(two)).length).toBe(3);
  });
});
