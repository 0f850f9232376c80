import { describe, expect, test } from 'vitest';
import { Writable } from 'node:stream';
import { listWriter, printRecord } from '../../src/cli/output/writer.js';
import { layoutTable } from '../../src/cli/output/table.js';
import { cellText, csvCell, pickFields } from '../../src/cli/output/values.js';
import { decodeEntities } from '../../src/core/records/identity.js';
import { recordsYaml } from '../../src/core/site/yaml.js';
import { parse as parseYaml } from 'yaml';
import { resources } from '../../src/spec/resources.js';
import type { Context } from '../../src/core/context.js';

function capture(isTTY = false): { ctx: Context; out: () => string } {
  let text = '';
  const stdout = Object.assign(new Writable({ write: (chunk, _enc, done) => ((text += String(chunk)), done()) }), { isTTY, columns: 100 });
  const ctx = { stdout, stderr: stdout, stdin: process.stdin, env: {}, cwd: '/' } as unknown as Context;
  return { ctx, out: () => text };
}

const events = [
  {
    id: 1,
    title: 'Rock &amp; Roll',
    start_date: '2027-01-10 20:00:00',
    end_date: '2027-01-10 23:00:00',
    timezone_abbr: 'EST',
    venue: { venue: 'Hall, "A"' },
    status: 'publish',
  },
  { id: 2, title: 'Quiet', start_date: '2027-01-11 10:00:00', end_date: '2027-01-11 11:00:00', timezone_abbr: 'EST', venue: [], status: 'draft' },
];

async function render(format: Parameters<typeof listWriter>[1]['format'], fields?: string[], isTTY = false) {
  const { ctx, out } = capture(isTTY);
  const writer = listWriter(resources.events, { format, fields, color: false }, ctx);
  for (const e of events) await writer.write(e);
  await writer.end({ total: 7 });
  return out();
}

describe('list formats', () => {
  test('json is one array and parses back to the records', async () => {
    expect(JSON.parse(await render('json'))).toEqual(events);
  });
  test('an empty json list is []', async () => {
    const { ctx, out } = capture();
    const writer = listWriter(resources.events, { format: 'json', color: false }, ctx);
    await writer.end();
    expect(JSON.parse(out())).toEqual([]);
  });
  test('ndjson, ids and count', async () => {
    expect(
      (await render('ndjson'))
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual([1, 2]);
    expect(await render('ids')).toBe('1\n2\n');
    expect(await render('count')).toBe('7\n');
  });
  test('csv quotes what needs it and shows characters for entities', async () => {
    expect(await render('csv', ['id', 'title', 'venue.venue'])).toBe('id,title,venue.venue\n1,Rock & Roll,"Hall, ""A"""\n2,Quiet,\n');
  });
  test('the plain table decodes entities and shows dates with their zone', async () => {
    expect(await render('table')).toBe(
      '1\t2027-01-10 20:00 EST\t2027-01-10 23:00 EST\tRock & Roll\tHall, "A"\tpublish\n2\t2027-01-11 10:00 EST\t2027-01-11 11:00 EST\tQuiet\t\tdraft\n',
    );
  });
  test('the terminal table has borders and a header', async () => {
    const text = await render('table', undefined, true);
    expect(text).toMatch(/┌/);
    expect(text).toMatch(/│ ID │ START/);
    expect(text).toMatch(/Rock & Roll/);
  });
  test('yaml reads as a list of mappings', async () => {
    expect(await render('yaml', ['id', 'venue.venue'])).toBe('- id: 1\n  venue:\n    venue: "Hall, \\"A\\""\n- id: 2\n  venue:\n    venue: []\n');
  });
});

describe('one record', () => {
  test('the plain table is field<TAB>value, skipping empty and bulky fields', async () => {
    const { ctx, out } = capture();
    await printRecord({ id: 4, venue: 'Hall', city: '', json_ld: { a: 1 }, show_map: true }, resources.venues, { format: 'table', color: false }, ctx);
    expect(out()).toBe('id\t4\nvenue\tHall\nshow_map\ttrue\n');
  });
});

describe('helpers', () => {
  test('pickFields keeps nesting and skips missing paths', () => {
    expect(pickFields({ id: 1, venue: { venue: 'A', city: 'B' } }, ['id', 'venue.venue', 'nope.x'])).toEqual({ id: 1, venue: { venue: 'A' } });
  });
  test('pickFields reaches into lists', () => {
    expect(pickFields({ organizer: [{ organizer: 'A' }, { organizer: 'B' }] }, ['organizer.organizer'])).toEqual({ organizer: { organizer: ['A', 'B'] } });
  });
  test('a number in a path indexes a list, earlier positions kept as null', () => {
    const record = {
      organizer: [
        { id: 5, organizer: 'A' },
        { id: 6, organizer: 'B' },
      ],
    };
    expect(pickFields(record, ['organizer.0.organizer', 'organizer.0.id'])).toEqual({ organizer: [{ organizer: 'A', id: 5 }] });
    expect(pickFields(record, ['organizer.1.organizer'])).toEqual({ organizer: [null, { organizer: 'B' }] });
    expect(pickFields(record, ['organizer.7.organizer'])).toEqual({});
  });
  test('a list writer refuses a field no record of the resource can have, before writing anything', async () => {
    const { ctx, out } = capture();
    const writer = listWriter(resources.events, { format: 'json', fields: ['id', 'nosuch'], color: false }, ctx);
    expect(() => writer.write(events[0])).toThrow(/"nosuch" is not a field of events/);
    expect(out()).toBe('');
    const known = listWriter(resources.events, { format: 'json', fields: ['id', 'excerpt', 'timezone_abbr'], color: false }, ctx);
    await known.write(events[0]);
    await known.end();
    expect(JSON.parse(out())).toEqual([{ id: 1, timezone_abbr: 'EST' }]);
  });
  test('entities and cells', () => {
    expect(decodeEntities('It&#8217;s &amp; &lt;ok&gt; &#x263A; &bogus;')).toBe('It’s & <ok> ☺ &bogus;');
    expect(cellText('<p>Hi <strong>there</strong></p>')).toBe('Hi there');
    expect(cellText('<style>p { color: red }</style><p>Shown</p><script type="text/javascript">alert("x")</script> text<SCRIPT>never closed')).toBe(
      'Shown text',
    );
    expect(cellText([{ name: 'Jazz' }, { name: 'Music' }])).toBe('Jazz, Music');
    expect(csvCell(' lead')).toBe('" lead"');
  });
  test('yaml of scalars, empty containers and odd keys; strings always quoted and read back as written', async () => {
    const value = {
      a: [],
      b: {},
      'c d': null,
      e: 'x: y',
      date: '2027-01-10',
      yes: 'yes',
      zip: '01234',
      n: 5,
      long: 'word '.repeat(40).trim(),
      multi: 'one\ntwo',
    };
    const text = await recordsYaml(value);
    expect(text).toContain('e: "x: y"');
    expect(text).toContain('date: "2027-01-10"');
    expect(text).toContain('zip: "01234"');
    expect(text).toContain('n: 5');
    expect(text.split('\n').filter((l) => l.startsWith('long:'))).toHaveLength(1);
    expect(parseYaml(text)).toEqual(value);
  });
  test('layoutTable shrinks the widest text column first, to 8, before dropping columns', () => {
    const columns = [
      { path: 'id', header: 'ID' },
      { path: 't', header: 'TITLE', kind: 'text' as const },
      { path: 'd', header: 'DATE', kind: 'date' as const, dropOrder: 1 },
    ];
    const cells = [['1', 'x'.repeat(60), '2027-01-01 10:00 EST']];
    expect(layoutTable(columns, cells, 60)).toEqual({ shown: [0, 1, 2], widths: [2, 60 - 10 - 2 - 20, 20] });
    expect(layoutTable(columns, cells, 40)).toEqual({ shown: [0, 1, 2], widths: [2, 8, 20] });
    expect(layoutTable(columns, cells, 36)).toEqual({ shown: [0, 1], widths: [2, 36 - 7 - 2] });
  });
  test("layoutTable: the record's name (a text column that never drops) gives way last, and is the last cut below 8", () => {
    const columns = [
      { path: 'id', header: 'ID' },
      { path: 's', header: 'START', kind: 'date' as const },
      { path: 't', header: 'TITLE', kind: 'text' as const },
      { path: 'v', header: 'VENUE', kind: 'text' as const, dropOrder: 3 },
    ];
    const cells = [['16', '2026-11-27 07:00 EST', 'Morning Yoga in the Park', 'Maple Park Pavilion']];
    // 60 columns: 13 of frame, ID 2, START 20; the venue shrinks to 8 so that the title keeps 17.
    expect(layoutTable(columns, cells, 60)).toEqual({ shown: [0, 1, 2, 3], widths: [2, 20, 17, 8] });
    // Wide enough for both: nothing is cut; a little less: the venue gives way first.
    expect(layoutTable(columns, cells, 78)).toEqual({ shown: [0, 1, 2, 3], widths: [2, 20, 24, 19] });
    expect(layoutTable(columns, cells, 70)).toEqual({ shown: [0, 1, 2, 3], widths: [2, 20, 24, 11] });
    // Text still shrinks to 8 before the venue is dropped.
    expect(layoutTable(columns, cells, 51)).toEqual({ shown: [0, 1, 2, 3], widths: [2, 20, 8, 8] });
    expect(layoutTable(columns, cells, 50)).toEqual({ shown: [0, 1, 2], widths: [2, 20, 50 - 10 - 22] });
  });
});

/** Columns a line takes on a terminal: East Asian wide characters take two. */
function lineWidth(line: string): number {
  return [...line].reduce((w, c) => w + (/[\u3000-\u9fff\uff00-\uff60]/.test(c) ? 2 : 1), 0);
}

/** A record whose every column holds a long value, as a busy real site has. */
function wideRecord(resource: (typeof resources)[keyof typeof resources], n: number): Record<string, unknown> {
  const record: Record<string, unknown> = { timezone_abbr: 'CEST' };
  for (const column of resource.columns) {
    const value =
      column.path === 'id'
        ? 10000 + n
        : column.kind === 'date'
          ? '2027-01-10 20:00:00'
          : column.kind === 'status'
            ? 'private'
            : `${column.header.toLowerCase()} of a rather long record number ${n} 東京の会場`;
    const [head, tail] = column.path.split('.');
    record[head] = tail ? { [tail]: value } : value;
  }
  return record;
}

async function terminalTable(resourceName: keyof typeof resources, stream: { columns?: number }, env: Record<string, string> = {}) {
  let text = '';
  const stdout = { write: (s: string) => ((text += s), true), isTTY: true, ...stream };
  const ctx = { stdout, stderr: stdout, stdin: process.stdin, env, cwd: '/' } as unknown as Context;
  const writer = listWriter(resources[resourceName], { format: 'table', color: true }, ctx);
  for (const n of [1, 2, 3]) await writer.write(wideRecord(resources[resourceName], n));
  await writer.end();
  expect(text).toContain('\u001b[');
  return text
    .replace(/\u001b\[[0-9;]*m/g, '')
    .trimEnd()
    .split('\n');
}

describe('terminal tables fit the terminal', () => {
  for (const name of Object.keys(resources) as Array<keyof typeof resources>) {
    for (const columns of [40, 70, 80, 120]) {
      test(`${name} at ${columns} columns`, async () => {
        const lines = await terminalTable(name, { columns });
        expect(lines.length).toBeGreaterThan(4);
        for (const line of lines) expect(lineWidth(line), line).toBeLessThanOrEqual(columns);
        expect(lines[1]).toMatch(/│ ID\b/);
        if (columns >= 80) expect(Math.max(...lines.map(lineWidth))).toBeGreaterThan(columns - 10);
      });
    }
  }

  test('the events table keeps the start and the title and drops the end first', async () => {
    const header = (await terminalTable('events', { columns: 70 }))[1];
    expect(header).toMatch(/START.*TITLE/);
    expect(header).not.toMatch(/END/);
    expect((await terminalTable('events', { columns: 120 }))[1]).toMatch(/END/);
  });

  test('COLUMNS from the environment, and a terminal that reports 0 columns is not taken as narrow', async () => {
    const fromEnv = await terminalTable('venues', { columns: 200 }, { COLUMNS: '50' });
    expect(Math.max(...fromEnv.map(lineWidth))).toBeLessThanOrEqual(50);
    const zero = await terminalTable('venues', { columns: 0 });
    expect(Math.max(...zero.map(lineWidth))).toBeGreaterThan(90);
    const zeroWithEnv = await terminalTable('venues', { columns: 0 }, { COLUMNS: '130' });
    expect(Math.max(...zeroWithEnv.map(lineWidth))).toBeGreaterThan(120);
  });
});
