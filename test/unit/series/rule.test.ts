import { describe, expect, test } from 'vitest';
import { boundedRule, expandRule, exceptedStarts, parseRule, type SeriesAnchor } from '../../../src/core/series/rule.js';

const paris: SeriesAnchor = { start: '2027-01-05 19:00:00', end: '2027-01-05 20:30:00', allDay: false, timezone: 'Europe/Paris' };
const starts = async (anchor: SeriesAnchor, rule: string, cap = 500) => (await expandRule(anchor, rule, { cap })).map((o) => o.start);
const refusal = async (anchor: SeriesAnchor, rule: string, cap = 500) => {
  try {
    await expandRule(anchor, rule, { cap });
  } catch (err) {
    return { message: (err as Error).message, exit: (err as { exitCode?: number }).exitCode };
  }
  return undefined;
};

describe('series rules expand in the event zone', () => {
  test('weekly with COUNT, the RRULE: prefix allowed', async () => {
    expect(await starts(paris, 'RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=3')).toEqual(['2027-01-05 19:00:00', '2027-01-12 19:00:00', '2027-01-19 19:00:00']);
  });

  test('the duration of the first event goes with each occurrence', async () => {
    const [, second] = await expandRule(paris, 'FREQ=WEEKLY;COUNT=2', { cap: 500 });
    expect(second).toEqual({ original: '2027-01-12 19:00:00', start: '2027-01-12 19:00:00', end: '2027-01-12 20:30:00' });
  });

  test('monthly by weekday (second Tuesday) and by the last day of the month', async () => {
    expect(await starts(paris, 'FREQ=MONTHLY;BYDAY=2TU;COUNT=3')).toEqual(['2027-01-12 19:00:00', '2027-02-09 19:00:00', '2027-03-09 19:00:00']);
    expect(await starts(paris, 'FREQ=MONTHLY;BYMONTHDAY=-1;UNTIL=20270501T000000Z')).toEqual([
      '2027-01-31 19:00:00',
      '2027-02-28 19:00:00',
      '2027-03-31 19:00:00',
      '2027-04-30 19:00:00',
    ]);
  });

  test('yearly, and BYSETPOS (the last weekday of the month)', async () => {
    expect(await starts(paris, 'FREQ=YEARLY;COUNT=3')).toEqual(['2027-01-05 19:00:00', '2028-01-05 19:00:00', '2029-01-05 19:00:00']);
    expect(await starts(paris, 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=3')).toEqual([
      '2027-01-29 19:00:00',
      '2027-02-26 19:00:00',
      '2027-03-31 19:00:00',
    ]);
  });

  test('UNTIL as a date includes that day', async () => {
    expect(await starts(paris, 'FREQ=DAILY;UNTIL=20270107')).toEqual(['2027-01-05 19:00:00', '2027-01-06 19:00:00', '2027-01-07 19:00:00']);
  });

  test('the same wall-clock time across daylight saving, both ways, in a zone other than the site', async () => {
    const spring: SeriesAnchor = { start: '2027-03-21 09:30:00', end: '2027-03-21 10:30:00', allDay: false, timezone: 'Europe/Paris' };
    expect(await starts(spring, 'FREQ=WEEKLY;COUNT=2')).toEqual(['2027-03-21 09:30:00', '2027-03-28 09:30:00']);
    const autumn: SeriesAnchor = { start: '2027-10-31 18:00:00', end: '2027-11-01 01:30:00', allDay: false, timezone: 'America/New_York' };
    const occurrences = await expandRule(autumn, 'FREQ=WEEKLY;COUNT=2', { cap: 500 });
    // 7 days apart on the clock, so 7 days and one hour apart in time after the clocks go back.
    expect(occurrences.map((o) => [o.start, o.end])).toEqual([
      ['2027-10-31 18:00:00', '2027-11-01 01:30:00'],
      ['2027-11-07 18:00:00', '2027-11-08 01:30:00'],
    ]);
  });

  test('all-day series', async () => {
    const day: SeriesAnchor = { start: '2027-01-01', end: '2027-01-02', allDay: true, timezone: 'Asia/Tokyo' };
    const occurrences = await expandRule(day, 'FREQ=MONTHLY;COUNT=2', { cap: 500 });
    expect(occurrences).toEqual([
      { original: '2027-01-01', start: '2027-01-01', end: '2027-01-02' },
      { original: '2027-02-01', start: '2027-02-01', end: '2027-02-02' },
    ]);
  });

  test('--except by date or by date and time; a date without an occurrence is refused', async () => {
    const all = await expandRule(paris, 'FREQ=WEEKLY;COUNT=4', { cap: 500 });
    const excluded = exceptedStarts(all, ['2027-01-12', '2027-01-26 19:00']);
    expect(await starts(paris, 'FREQ=WEEKLY;COUNT=4')).toHaveLength(4);
    expect((await expandRule(paris, 'FREQ=WEEKLY;COUNT=4', { cap: 500, excluded })).map((o) => o.start)).toEqual([
      '2027-01-05 19:00:00',
      '2027-01-19 19:00:00',
    ]);
    expect(() => exceptedStarts(all, ['2027-01-13'])).toThrow('except 2027-01-13: the series has no occurrence then');
    expect(() => exceptedStarts(all, ['13/01/2027'])).toThrow('not a date');
  });

  test('a rule without an end takes COUNT from --max', () => {
    expect(boundedRule('FREQ=WEEKLY', 10)).toBe('FREQ=WEEKLY;COUNT=10');
    expect(boundedRule('freq=weekly;count=3', 10)).toBe('FREQ=WEEKLY;COUNT=3');
  });
});

describe('rules refused with exit 2', () => {
  test.each([
    ['FREQ=FOO;COUNT=2', 'FREQ=FOO is not one of'],
    ['BYDAY=MO;COUNT=2', 'FREQ is missing'],
    ['FREQ=WEEKLY;FOO=1;COUNT=2', 'unknown part FOO'],
    ['FREQ=WEEKLY;COUNT=0', 'COUNT must be a whole number'],
    ['FREQ=WEEKLY;COUNT=2;UNTIL=20270601', 'COUNT and UNTIL cannot both be given'],
    ['FREQ=WEEKLY;BYDAY=XX;COUNT=2', 'cannot be expanded'],
    ['FREQ=WEEKLY;UNTIL=tomorrow', 'UNTIL=TOMORROW is not a date'],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30;COUNT=2', 'cannot be expanded here'],
    ['FREQ=WEEKLY', 'the rule has no end (add COUNT=N'],
    ['FREQ=DAILY;UNTIL=20260101', 'gives no occurrence'],
    ['FREQ=SECONDLY;COUNT=2', 'events start on the minute'],
    ['', 'an empty part'],
    ['FREQ=WEEKLY;;COUNT=2', 'an empty part'],
    ['FREQ', 'is not NAME=VALUE'],
  ])('%s', async (rule, message) => {
    const got = await refusal(paris, rule);
    expect(got?.message).toContain(message);
    expect(got?.exit).toBe(2);
  });

  test('more occurrences than the cap', async () => {
    expect((await refusal(paris, 'FREQ=DAILY;COUNT=501'))?.message).toContain('gives more than 500 occurrences');
    expect(await starts(paris, 'FREQ=DAILY;COUNT=501', 501)).toHaveLength(501);
    expect((await refusal(paris, 'FREQ=DAILY;COUNT=11', 10))?.message).toContain('more than 10');
  });

  test('parts are read in any case and written back upper-cased', () => {
    expect(parseRule('rrule:freq=weekly;byday=tu,th;count=4').rule).toBe('FREQ=WEEKLY;BYDAY=TU,TH;COUNT=4');
  });
});

describe('UNTIL in UTC is an instant (RFC 5545 3.3.10)', () => {
  const newYork: SeriesAnchor = { start: '2027-01-08 18:00:00', end: '2027-01-08 19:00:00', allDay: false, timezone: 'America/New_York' };

  test('an occurrence after the instant is left out, one at it kept', async () => {
    // 20:00 UTC is 15:00 in New York: the 18:00 of 10 January is after it.
    expect(await starts(newYork, 'FREQ=DAILY;UNTIL=20270110T200000Z')).toEqual(['2027-01-08 18:00:00', '2027-01-09 18:00:00']);
    expect(await starts(newYork, 'FREQ=DAILY;UNTIL=20270110T230000Z')).toHaveLength(3);
    expect(await starts(newYork, 'FREQ=DAILY;UNTIL=20270110T225959Z')).toHaveLength(2);
  });

  test('UNTIL as a date ends with that day in the series zone, even for an early start', async () => {
    const early: SeriesAnchor = { ...newYork, start: '2027-01-05 02:00:00', end: '2027-01-05 03:00:00' };
    expect(await starts(early, 'FREQ=DAILY;UNTIL=20270107')).toEqual(['2027-01-05 02:00:00', '2027-01-06 02:00:00', '2027-01-07 02:00:00']);
  });
});
