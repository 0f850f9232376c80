import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, convertWallClock, formatWallClock, isValidTimeZone, wallClockAt, wallClockExists, zonedToUtcMs } from '../../src/base/time.js';

const iso = (wall: string, zone: string) => new Date(zonedToUtcMs(wall, zone)).toISOString();

describe('wall-clock time to instant', () => {
  it('reads the hour right after a spring-forward change at the new offset (it used to come out an hour late)', () => {
    expect(iso('2026-03-08 03:00:00', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    expect(iso('2026-03-08 03:30:00', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(iso('2026-03-29 03:15:00', 'Europe/Paris')).toBe('2026-03-29T01:15:00.000Z');
    expect(iso('2026-10-04 03:00:00', 'Australia/Sydney')).toBe('2026-10-03T16:00:00.000Z');
    expect(convertWallClock('2026-03-08 03:30:00', 'America/New_York', 'UTC')).toBe('2026-03-08 07:30:00');
  });

  it('moves a skipped time forward, and reads a repeated time as the site does: the earlier instant west of Greenwich, the later east', () => {
    expect(iso('2026-03-08 01:59:00', 'America/New_York')).toBe('2026-03-08T06:59:00.000Z');
    expect(iso('2026-03-08 02:30:00', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(iso('2026-11-01 01:30:00', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(iso('2026-11-01 02:30:00', 'America/New_York')).toBe('2026-11-01T07:30:00.000Z');
    expect(iso('2026-10-04 02:30:00', 'Australia/Sydney')).toBe('2026-10-03T16:30:00.000Z');
    // The real site (WordPress 7.0.2 + The Events Calendar 6.17.1, PHP) stored these on 2026-11-28:
    // skipped times a little after the jump, repeated ones by the offset at the wall clock read as UTC.
    expect(iso('2027-03-14 02:30:00', 'America/New_York')).toBe('2027-03-14T07:30:00.000Z');
    expect(iso('2027-03-28 02:30:00', 'Europe/Zurich')).toBe('2027-03-28T01:30:00.000Z');
    expect(iso('2027-11-07 01:00:00', 'America/New_York')).toBe('2027-11-07T05:00:00.000Z');
    expect(iso('2027-11-07 01:30:00', 'America/New_York')).toBe('2027-11-07T05:30:00.000Z');
    expect(iso('2027-11-07 01:59:00', 'America/New_York')).toBe('2027-11-07T05:59:00.000Z');
    expect(iso('2027-10-31 02:00:00', 'Europe/Zurich')).toBe('2027-10-31T01:00:00.000Z');
    expect(iso('2027-10-31 02:30:00', 'Europe/Zurich')).toBe('2027-10-31T01:30:00.000Z');
    expect(iso('2027-10-31 02:59:00', 'Europe/Zurich')).toBe('2027-10-31T01:59:00.000Z');
    expect(iso('2027-04-04 02:30:00', 'Australia/Sydney')).toBe('2027-04-03T16:30:00.000Z');
    expect(iso('2027-04-04 03:30:00', 'Australia/Sydney')).toBe('2027-04-03T17:30:00.000Z');
  });

  it('reads UTC and fixed offsets', () => {
    expect(iso('2026-07-01 12:00:00', 'UTC')).toBe('2026-07-01T12:00:00.000Z');
    expect(iso('2026-07-01 12:00:00', 'UTC+2')).toBe('2026-07-01T10:00:00.000Z');
    expect(iso('2026-07-01 12:00:00', 'UTC-5.5')).toBe('2026-07-01T17:30:00.000Z');
  });
});

describe('timezone names', () => {
  it.each(['America/New_York', 'Europe/Paris', 'UTC', 'UTC+2', 'UTC-5.5', 'US/Eastern', 'Asia/Calcutta', 'Etc/GMT+5', 'europe/paris'])(
    '%s is a timezone',
    (zone) => {
      expect(isValidTimeZone(zone)).toBe(true);
    },
  );

  it.each(['', 'Mars/Olympus', 'Europe/Pariss', 'UTC+', 'New York'])('%j is not', (zone) => {
    expect(isValidTimeZone(zone)).toBe(false);
  });

  it.each([
    ['europe/paris', 'Europe/Paris'],
    ['Europe/Paris', 'Europe/Paris'],
    // Zones ICU lists under an older name, typed in lower case or as the site spells them.
    ['asia/kolkata', 'Asia/Kolkata'],
    ['Asia/Kolkata', 'Asia/Kolkata'],
    ['europe/kyiv', 'Europe/Kyiv'],
    ['america/argentina/buenos_aires', 'America/Argentina/Buenos_Aires'],
    ['asia/ho_chi_minh', 'Asia/Ho_Chi_Minh'],
    ['US/Eastern', 'US/Eastern'],
    ['us/eastern', 'America/New_York'],
    ['UTC+2', 'UTC+2'],
    ['Mars/Olympus', undefined],
  ])('%s is spelt %s', (typed, spelt) => {
    expect(canonicalTimeZone(typed)).toBe(spelt);
  });
});

describe('instant to wall clock', () => {
  it('gives every instant of a second its wall clock, on both sides of an offset change', () => {
    const wall = (utcMs: number, zone: string) => formatWallClock(wallClockAt(utcMs, zone));
    const change = Date.parse('2026-03-08T07:00:00Z'); // 02:00 in New York becomes 03:00
    expect(wall(change - 1, 'America/New_York')).toBe('2026-03-08 01:59:59');
    expect(wall(change - 1000, 'America/New_York')).toBe('2026-03-08 01:59:59');
    expect(wall(change, 'America/New_York')).toBe('2026-03-08 03:00:00');
    expect(wall(change + 999, 'America/New_York')).toBe('2026-03-08 03:00:00');
    expect(wall(Date.parse('2026-10-03T15:29:59.500Z'), 'Australia/Lord_Howe')).toBe('2026-10-04 01:59:59');
    expect(wall(Date.parse('2026-10-03T15:30:00.250Z'), 'Australia/Lord_Howe')).toBe('2026-10-04 02:30:00');
    expect(wall(Date.parse('1969-12-31T23:59:59.500Z'), 'Europe/Paris')).toBe('1970-01-01 00:59:59');
  });
});

describe('times the clocks skip', () => {
  it("are the ones of the hour that jumps forward, in the zone's own rules", () => {
    expect(wallClockExists('2027-03-14 02:30:00', 'America/New_York')).toBe(false);
    expect(wallClockExists('2027-03-14 02:00', 'America/New_York')).toBe(false);
    expect(wallClockExists('2027-03-14 03:00', 'America/New_York')).toBe(true);
    expect(wallClockExists('2027-03-14 01:59:59', 'America/New_York')).toBe(true);
    expect(wallClockExists('2027-11-07 01:30', 'America/New_York')).toBe(true); // repeated, not skipped
    expect(wallClockExists('2027-03-28 02:30', 'Europe/Paris')).toBe(false);
    expect(wallClockExists('2027-10-03 02:15', 'Australia/Lord_Howe')).toBe(false); // a half-hour jump
    expect(wallClockExists('2027-10-03 02:45', 'Australia/Lord_Howe')).toBe(true);
    expect(wallClockExists('2027-03-14 02:30', 'UTC')).toBe(true);
    expect(wallClockExists('2027-03-14', 'America/New_York')).toBe(true);
  });
});
