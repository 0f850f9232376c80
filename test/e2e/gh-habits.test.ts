/** Habits from gh: --jq, --json FIELDS, and "Showing N of M" at a terminal. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { created, json, useSite } from './helpers.js';
import { runOnTerminal, writePtyHelper } from './terminal.js';

const site = useSite();
const VENUES = ['Jq Hall', 'Jq Barn', 'Jq Loft'];
beforeAll(async () => {
  for (const venue of VENUES) await created(site.sandbox, 'venues', { venue, city: 'Lyon' });
});

describe('--jq EXPR', () => {
  test('filters the JSON a list prints; strings come out raw, one a line', async () => {
    const r = await site.cli(['venues', 'list', '--jq', '.[] | select(.city == "Lyon") | .venue']);
    const listed = json<Array<{ venue: string }>>((await site.cli(['venues', 'list', '--json'])).stdout).map((v) => v.venue);
    expect(listed.slice().sort()).toEqual(VENUES.slice().sort());
    expect(r).toEqual({ code: 0, stdout: `${listed.join('\n')}\n`, stderr: '' });
  });

  test('reads NDJSON as one input a line, and a single record as one document', async () => {
    const ndjson = await site.cli(['venues', 'list', '--format', 'ndjson', '--jq', '.id']);
    const ids = json<Array<{ id: number }>>((await site.cli(['venues', 'list', '--json'])).stdout).map((v) => v.id);
    expect(ndjson.stdout).toBe(`${ids.join('\n')}\n`);
    const one = await site.cli(['venues', 'get', 'jq-hall', '--jq', '{name: .venue, city}', '--format', 'json']);
    expect(json(one.stdout)).toEqual({ name: 'Jq Hall', city: 'Lyon' });
  });

  test('a filter that does not compile is exit 2 before any request', async () => {
    // Nothing listens on port 9: a request would be exit 5.
    const r = await site.cli(['venues', 'list', '--jq', '.[] |'], { env: { CALENDAR_BASE_URL: 'http://127.0.0.1:9/wp-json' } });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^calendar: --jq: syntax error, unexpected end of file/);
  });

  test('with a format that is not JSON is a usage error; one that fails on the data is exit 1', async () => {
    const csv = await site.cli(['venues', 'list', '--format', 'csv', '--jq', '.']);
    expect(csv).toEqual({
      code: 2,
      stdout: '',
      stderr: 'calendar: --jq filters JSON; it does not apply to --format csv\nLeave --format out, or use --format json or ndjson.\n',
    });
    const failing = await site.cli(['venues', 'list', '--jq', '.[0].venue.x']);
    expect(failing).toEqual({ code: 1, stdout: '', stderr: 'calendar: --jq: Cannot index string with string "x"\n' });
  });
});

describe("gh's --json FIELDS", () => {
  test('--json id,venue prints what --fields id,venue --format json prints', async () => {
    const [gh, ours] = await Promise.all([
      site.cli(['venues', 'list', '--json', 'id,venue']),
      site.cli(['venues', 'list', '--fields', 'id,venue', '--format', 'json']),
    ]);
    expect(gh.code, gh.stderr).toBe(0);
    expect(gh.stdout).toBe(ours.stdout);
    expect(Object.keys(json<object[]>(gh.stdout)[0])).toEqual(['id', 'venue']);
  });

  test('--json with one field name points to --fields', async () => {
    const r = await site.cli(['venues', 'list', '--json', 'venue']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/\n--json takes no field name here: for JSON with only that field use --fields venue --format json\.\n$/);
  });
});

describe('Showing N of M', () => {
  let dir: string;
  let helper: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'calendar-showing-'));
    helper = writePtyHelper(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('at a terminal, a page that is not the whole list says how many there are and how to see more', async () => {
    const r = await runOnTerminal(helper, ['venues', 'list', '--per-page', '2'], site.env);
    expect(r.code, r.output).toBe(0);
    expect(r.output).toContain('Showing 2 of 3 venues (use --all or --limit N to see more)');
    const whole = await runOnTerminal(helper, ['venues', 'list'], site.env);
    expect(whole.output).not.toContain('Showing');
  });

  test('read by a script (piped), nothing is said', async () => {
    const r = await site.cli(['venues', 'list', '--per-page', '2']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });
});
