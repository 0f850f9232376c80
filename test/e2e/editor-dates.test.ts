/**
 * Dates as an editor types them: `now` and `+3h` are moments, whatever the zone of the
 * machine, the event or the site.
 */
import { describe, expect, test } from 'vitest';
import { json, useSite } from './helpers.js';
import { utcMsToZoned } from '../../src/base/time.js';

type Json = Record<string, any>;

// A site zone west of this machine, so that this machine's clock read there is hours late.
const SITE_ZONE = new Date().getTimezoneOffset() === 720 ? 'Pacific/Pago_Pago' : 'Etc/GMT+12';
const site = useSite({ timezone: SITE_ZONE });
const cli = (...args: string[]) => site.cli(args);

const minutes = (wall: string) => Date.parse(`${wall.replace(' ', 'T')}Z`) / 60_000;

describe('now and +Nh', () => {
  test('are written as the wall clock of the event zone', async () => {
    const r = await cli('events', 'create', '--title', 'Right now', '--start-date', 'now', '--end-date', '+2h', '--timezone', 'Pacific/Honolulu', '--dry-run');
    expect(r.code, r.stderr).toBe(0);
    const body = json<Json>(r.stdout.slice(r.stdout.indexOf('{')));
    const expected = utcMsToZoned(Date.now(), 'Pacific/Honolulu');
    expect(Math.abs(minutes(body.start_date) - minutes(expected))).toBeLessThan(2);
    expect(minutes(body.end_date) - minutes(body.start_date)).toBe(120);
  });

  test('a list filter from now keeps the events of the next hours', async () => {
    const start = utcMsToZoned(Date.now() + 3_600_000, SITE_ZONE);
    const end = utcMsToZoned(Date.now() + 7_200_000, SITE_ZONE);
    const made = await cli('events', 'create', '--title', 'In an hour', '--start-date', start, '--end-date', end, '--format', 'ids');
    expect(made.code, made.stderr).toBe(0);
    const r = await cli('events', 'list', '--starts-after', 'now', '--format', 'ids');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')).toContain(made.stdout.trim());
  });
});

describe('a date or a zone the tool cannot read', () => {
  test('a date says which forms are accepted', async () => {
    const r = await cli('events', 'create', '--title', 'Gig', '--start-date', '7pm', '--end-date', '2027-05-01 22:00');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"7pm" is not a date');
    expect(r.stderr).toMatch(/Accepted forms: YYYY-MM-DD/);
  });

  test('a mistyped zone is refused before any request, with the zone it resembles', async () => {
    const made = await cli('events', 'create', '--title', 'Zoned', '--start-date', '2027-05-01 20:00', '--end-date', '2027-05-01 22:00', '--format', 'ids');
    const r = await cli('events', 'update', made.stdout.trim(), '--timezone', 'Europe/Pari', '--debug');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"Europe/Pari" is not a timezone');
    expect(r.stderr).toContain('Did you mean Europe/Paris?');
    expect(r.stderr).not.toMatch(/debug: > (GET|POST)/);
  });

  test('a zone typed in the wrong case is sent as the site knows it', async () => {
    const r = await cli(
      'events',
      'create',
      '--title',
      'Zoned',
      '--start-date',
      '2027-05-01 20:00',
      '--end-date',
      '2027-05-01 22:00',
      '--timezone',
      'europe/paris',
      '--dry-run',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(json<Json>(r.stdout.slice(r.stdout.indexOf('{'))).timezone).toBe('Europe/Paris');
  });

  test('an import with an unknown zone in one row sends nothing', async () => {
    const rows = [
      { title: 'Good row', start_date: '2027-06-01 10:00', end_date: '2027-06-01 11:00' },
      { title: 'Bad zone', start_date: '2027-06-01 10:00', end_date: '2027-06-01 11:00', timezone: 'Mars/Base' },
    ];
    const r = await site.cli(['import', 'events', '-'], { stdin: rows.map((row) => JSON.stringify(row)).join('\n') });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/line 2: timezone: "Mars\/Base" is not a timezone/);
    const listed = await cli('events', 'list', '--search', 'Good row', '--start-date', '2027-06-01', '--format', 'ids');
    expect(listed.stdout.trim()).toBe('');
  });
});

describe('an event given days without times', () => {
  const create = (...extra: string[]) =>
    cli('events', 'create', '--title', 'Fair', '--start-date', '2027-07-01', '--end-date', '2027-07-03', '--format', 'ids', ...extra);

  test('says it runs from midnight to midnight, and how to make it all-day', async () => {
    const r = await create();
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/from 2027-07-01 00:00 to 2027-07-03 00:00.*--all-day/);
  });

  test('says nothing when it is all-day or the times are given', async () => {
    expect((await create('--all-day')).stderr).not.toContain('--all-day');
    const timed = await cli('events', 'create', '--title', 'Fair', '--start-date', '2027-07-01 00:00', '--end-date', '2027-07-03 00:00', '--format', 'ids');
    expect(timed.stderr).not.toContain('--all-day');
  });
});

describe('the zone of a view', () => {
  test('is shown as the zone database spells it, and a typo is met with the zone it resembles', async () => {
    const week = await cli('week', '2027-07-05', '--timezone', 'europe/paris');
    expect(week.code, week.stderr).toBe(0);
    expect(week.stdout.split('\n')[0]).toContain('(Europe/Paris)');
    const typo = await cli('agenda', '--timezone', 'Europe/Pari');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('Did you mean Europe/Paris?');
  });
});
