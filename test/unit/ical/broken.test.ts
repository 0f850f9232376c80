import { describe, expect, it } from 'vitest';
import { readIcs } from '../../../src/core/ical/reader.js';
import { IcsSyntaxError } from '../../../src/core/ical/scan.js';
import { EXIT } from '../../../src/core/errors.js';

const options = { timezone: 'UTC', from: Date.UTC(2026, 0, 1), until: Date.UTC(2027, 0, 1), source: 'feed.ics' };

const calendar = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//t//t//EN', ...lines, 'END:VCALENDAR'].join('\r\n');

async function errorOf(text: string): Promise<IcsSyntaxError> {
  try {
    await readIcs(text, options);
  } catch (err) {
    expect(err).toBeInstanceOf(IcsSyntaxError);
    return err as IcsSyntaxError;
  }
  throw new Error('no error');
}

describe('broken iCalendar files', () => {
  it('names the line of a VEVENT that is never closed', async () => {
    const err = await errorOf(['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:a', 'DTSTART:20260101T100000Z', 'END:VCALENDAR'].join('\r\n'));
    expect(err.line).toBe(6);
    expect(err.message).toBe('feed.ics line 6: END:VCALENDAR where BEGIN:VEVENT (line 3) is still open (VEVENT a)');
    const cut = await errorOf(['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:a'].join('\r\n'));
    expect(cut.line).toBe(3);
    expect(cut.message).toContain('BEGIN:VEVENT is never closed');
  });

  it('skips a VEVENT with a bad value, naming its line and UID, and reads the others', async () => {
    const good = ['BEGIN:VEVENT', 'UID:good', 'DTSTART:20260301T100000Z', 'SUMMARY:Good', 'END:VEVENT'];
    const feed = await readIcs(
      calendar(
        'BEGIN:VEVENT',
        'DTSTART:20261301T100000',
        'UID:bad-date@example.org',
        'END:VEVENT',
        ...good,
        'BEGIN:VEVENT',
        'UID:bad-rule',
        'DTSTART:20260101T100000Z',
        'RRULE:FREQ=SOMETIMES',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:no-start',
        'SUMMARY:No start',
        'END:VEVENT',
      ),
      options,
    );
    expect(feed.occurrences.map((o) => o.uid)).toEqual(['good']);
    expect(feed.skipped).toBe(3);
    expect(feed.warnings).toEqual([
      'feed.ics line 5: DTSTART "20261301T100000" is not a real date or time (VEVENT bad-date@example.org): this event is skipped, the others are read',
      expect.stringMatching(/^feed\.ics line 16: RRULE: invalid frequency "SOMETIMES".*\(VEVENT bad-rule\): this event is skipped, the others are read$/),
      'feed.ics line 18: VEVENT has no DTSTART (VEVENT no-start): this event is skipped, the others are read',
    ]);
  });

  it('reads what the big producers write: a date with a Z, lower-case date-times and rules, an RDATE that repeats DTSTART', async () => {
    const feed = await readIcs(
      calendar(
        'BEGIN:VEVENT',
        'UID:birthday',
        'DTSTART;VALUE=DATE:20260310',
        'DTEND;VALUE=DATE:20260311',
        'RRULE:FREQ=YEARLY',
        'RDATE:20260310Z',
        'SUMMARY:Birthday',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:club',
        'DTSTART:20260105t180000z',
        'RRULE:freq=weekly;count=2;byday=mo',
        'EXDATE:20260105T180000z',
        'SUMMARY:Club',
        'END:VEVENT',
      ),
      options,
    );
    expect(feed.warnings).toEqual([]);
    expect(feed.occurrences.map((o) => [o.uid, o.start, o.end])).toEqual([
      ['birthday', '2026-03-10', '2026-03-10'],
      ['club', '2026-01-12 18:00:00', '2026-01-12 18:00:00'],
    ]);
  });

  it('names the line and UID of an impossible date, even when the UID comes after it, when no VEVENT can be read', async () => {
    const err = await errorOf(calendar('BEGIN:VEVENT', 'DTSTART:20261301T100000', 'UID:bad-date@example.org', 'END:VEVENT'));
    expect(err.line).toBe(5);
    expect(err.uid).toBe('bad-date@example.org');
    expect(err.message).toBe('feed.ics line 5: DTSTART "20261301T100000" is not a real date or time (VEVENT bad-date@example.org)');
    expect((await errorOf(calendar('BEGIN:VEVENT', 'UID:x', 'DTEND:2026-01-01', 'END:VEVENT'))).line).toBe(6);
    expect((await errorOf(calendar('BEGIN:VEVENT', 'UID:x', 'DTSTART;VALUE=DATE:20260101T100000', 'END:VEVENT'))).message).toContain('marked VALUE=DATE');
    expect((await errorOf(calendar('BEGIN:VEVENT', 'UID:x', 'DTSTART:20260101', 'DURATION:1 hour', 'END:VEVENT'))).line).toBe(7);
  });

  it('names the line of a bad fold', async () => {
    const err = await errorOf(
      calendar('BEGIN:VEVENT', 'UID:x', 'DTSTART:20260101T100000Z', 'DESCRIPTION:a long text that was folded', 'without the leading space', 'END:VEVENT'),
    );
    expect(err.line).toBe(8);
    expect(err.message).toContain('a folded line must start with a space');
    expect((await errorOf(' starts folded\r\nBEGIN:VCALENDAR')).line).toBe(1);
  });

  it('refuses text that is not iCalendar, and stray END lines', async () => {
    expect((await errorOf('hello: world')).message).toMatch(/line 1: HELLO outside BEGIN:VCALENDAR/);
    expect((await errorOf('BEGIN:VEVENT\r\nEND:VEVENT')).message).toContain('expected BEGIN:VCALENDAR');
    expect((await errorOf(calendar('END:VEVENT'))).line).toBe(4);
    expect((await errorOf(calendar('BEGIN:VEVENT', 'UID:r', 'DTSTART:20260101T100000Z', 'RRULE:FREQ=SOMETIMES', 'END:VEVENT'))).message).toMatch(
      /^feed\.ics line 7: RRULE: invalid frequency "SOMETIMES".*\(VEVENT r\)$/,
    );
  });

  it('is a usage error (exit 2) with a hint and no stack in its message', async () => {
    const err = await errorOf(calendar('BEGIN:VEVENT', 'UID:x'));
    expect(err.exitCode).toBe(EXIT.usage);
    expect(err.hint).toBeTruthy();
    expect(err.message).not.toMatch(/\n|\bat /);
  });

  it('ignores unknown components, properties and parameters', async () => {
    const feed = await readIcs(
      calendar(
        'X-CUSTOM-THING;X-PARAM="a:b":value',
        'BEGIN:X-VENDOR-COMPONENT',
        'FOO:bar',
        'END:X-VENDOR-COMPONENT',
        'BEGIN:VEVENT',
        'UID:ok',
        'DTSTART:20260101T100000Z',
        'ATTENDEE;CN=Guest:mailto:guest@example.org',
        'X-UNKNOWN;FOO=bar:baz',
        'BEGIN:VALARM',
        'TRIGGER:-PT5M',
        'ACTION:AUDIO',
        'END:VALARM',
        'END:VEVENT',
      ),
      options,
    );
    expect(feed.occurrences.map((o) => [o.uid, o.start, o.end])).toEqual([['ok', '2026-01-01 10:00:00', '2026-01-01 10:00:00']]);
  });

  it('accepts LF-only line ends and a byte order mark', async () => {
    const text = `\uFEFF${calendar('BEGIN:VEVENT', 'UID:lf', 'DTSTART;VALUE=DATE:20260301', 'SUMMARY:LF', 'END:VEVENT').replace(/\r\n/g, '\n')}`;
    const feed = await readIcs(text, options);
    expect(feed.occurrences[0].title).toBe('LF');
  });
});
