/**
 * Text from a site or a file reaches a terminal with its control characters made visible
 * (`ESC]0;…BEL` would retitle it): tables, records, views, messages, errors, .ics parse errors.
 * Data formats (JSON, CSV through a pipe) keep the text as it is.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { created, useSite } from './helpers.js';

const site = useSite({ timezone: 'America/New_York' });
const RETITLE = '\u001b]0;pwned\u0007';
const EVIL = `Evil ${RETITLE}Hall`;
const SHOWN = 'Evil \\x1b]0;pwned\\x07Hall';
/** Colour asked through the pipe: the output a terminal gets. */
const AT_TERMINAL = { env: { FORCE_COLOR: '1', NO_COLOR: undefined } };
let venue: number;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'escapes-'));
  venue = await created(site.sandbox, 'venues', { venue: EVIL, city: `Bell\u0007ville` });
  await created(site.sandbox, 'events', { title: `Gala ${RETITLE}night`, start_date: '2027-06-01 20:00:00', end_date: '2027-06-01 22:00:00', venue });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const noRawControls = (text: string) => expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001a\u001c-\u001f\u007f-\u009f]|\u001b\]/);

describe('control characters at a terminal', () => {
  test('a list table and a record show them as \\xHH', async () => {
    const list = await site.cli(['venues', 'list'], AT_TERMINAL);
    expect(list.code, list.stderr).toBe(0);
    noRawControls(list.stdout);
    expect(list.stdout).toContain(SHOWN);
    const one = await site.cli(['venues', 'get', String(venue)], AT_TERMINAL);
    noRawControls(one.stdout);
    expect(one.stdout).toContain('Bell\\x07ville');
  });

  test('an error quoting the name, and a view, show them too', async () => {
    const taken = await site.cli(['venues', 'create', '--venue', EVIL]);
    expect(taken.code).toBe(2);
    noRawControls(taken.stderr);
    expect(taken.stderr).toContain(SHOWN);
    const agenda = await site.cli(['agenda', '2027-06-01', '2027-06-01']);
    expect(agenda.code, agenda.stderr).toBe(0);
    noRawControls(agenda.stdout);
    expect(agenda.stdout).toContain('Gala \\x1b]0;pwned\\x07night');
  });

  test('an .ics parse error does not echo the raw bytes of the bad line', async () => {
    const file = join(dir, 'bad.ics');
    writeFileSync(
      file,
      ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:a', `DTSTART:2027${RETITLE}0601T200000Z`, 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n'),
    );
    const res = await site.cli(['import', 'events', file, '--yes']);
    expect(res.code).toBe(2);
    noRawControls(res.stderr);
    expect(res.stderr).toMatch(/line 5: .*\\x1b\]0;pwned\\x07/i);
  });

  test('JSON, and CSV through a pipe, keep the text as it is', async () => {
    const json = await site.cli(['venues', 'get', String(venue), '--format', 'json']);
    expect(JSON.parse(json.stdout).venue).toBe(EVIL);
    const csv = await site.cli(['venues', 'list', '--format', 'csv']);
    expect(csv.stdout).toContain(EVIL);
  });
});
