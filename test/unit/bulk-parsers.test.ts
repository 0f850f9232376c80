import { describe, expect, test } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { CsvError, CsvParser, csvLine, parseCsv } from '../../src/core/bulk/csv.js';
import { JsonArrayError, JsonArraySplitter } from '../../src/core/bulk/json-array.js';
import { openInput, sniffFormat, type InputRecord } from '../../src/core/bulk/input.js';
import type { Context } from '../../src/core/context.js';

const cells = (text: string) => parseCsv(text).map((r) => r.cells);

describe('CSV parser', () => {
  test('plain rows, with or without a final line break, CRLF or LF', () => {
    expect(cells('a,b\n1,2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(cells('a,b\r\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  test('quoted cells keep commas, doubled quotes and line breaks', () => {
    const rows = parseCsv('name,note\n"Beta, Org","say ""hi"""\n"two\nlines",x\n');
    expect(rows.map((r) => r.cells)).toEqual([
      ['name', 'note'],
      ['Beta, Org', 'say "hi"'],
      ['two\nlines', 'x'],
    ]);
    expect(rows.map((r) => r.line)).toEqual([1, 2, 3]);
  });

  test('empty cells and blank lines', () => {
    expect(cells('a,b,c\n,,\n\n1,,3\n')).toEqual([
      ['a', 'b', 'c'],
      ['', '', ''],
      ['1', '', '3'],
    ]);
    expect(cells('a\n""\n')).toEqual([['a'], ['']]);
  });

  test('the same rows whatever the chunk boundaries', () => {
    const text = 'id,name\r\n1,"a ""quoted"", name"\r\n2,"multi\r\nline"\r\n3,plain';
    const parser = new CsvParser();
    const rows = [];
    for (const ch of text) rows.push(...parser.push(ch));
    rows.push(...parser.end());
    expect(rows.map((r) => r.cells)).toEqual(cells(text));
    expect(rows.map((r) => r.cells)).toEqual([
      ['id', 'name'],
      ['1', 'a "quoted", name'],
      ['2', 'multi\r\nline'],
      ['3', 'plain'],
    ]);
  });

  test('malformed quoting is an error naming the line', () => {
    expect(() => parseCsv('a\n"open\n')).toThrow(CsvError);
    try {
      parseCsv('a,b\nx,y"z\n');
    } catch (err) {
      expect((err as CsvError).line).toBe(2);
    }
    expect(() => parseCsv('a\n"closed"junk\n')).toThrow(/after the closing quote/);
  });

  test('csvLine quotes only what must be quoted and reads back the same', () => {
    const values = ['plain', 'a,b', 'say "x"', 'two\nlines', '', ' padded'];
    const line = csvLine(values);
    expect(line).toBe('plain,"a,b","say ""x""","two\nlines",," padded"\n');
    expect(cells(line)).toEqual([values]);
  });
});

describe('JSON array splitter', () => {
  const split = (text: string, size = text.length) => {
    const splitter = new JsonArraySplitter();
    const out = [];
    for (let i = 0; i < text.length; i += size) out.push(...splitter.push(text.slice(i, i + size)));
    splitter.end();
    return out.map((e) => JSON.parse(e.text));
  };

  test('elements come out one by one, whatever the chunk size', () => {
    const value = [{ a: 1, b: [1, 2, { c: ']' }] }, { s: 'quote \\" and , and }' }, 3, 'x', null, [[]]];
    const text = JSON.stringify(value, null, 2);
    for (const size of [1, 3, 7, text.length]) expect(split(text, size)).toEqual(value);
  });

  test('an empty array and surrounding whitespace', () => {
    expect(split(' \n[ ]\n')).toEqual([]);
  });

  test('not an array, a trailing comma, unclosed, text after the end', () => {
    expect(() => split('{"a":1}')).toThrow(JsonArrayError);
    expect(() => split('[1,2,]')).toThrow(/trailing comma/);
    expect(() => split('[1,2')).toThrow(/not closed/);
    expect(() => split('[1] x')).toThrow(/after the end/);
  });

  test('an error names the index of the element being read', () => {
    try {
      split('[1,,2]');
    } catch (err) {
      expect((err as JsonArrayError).index).toBe(1);
    }
  });
});

describe('input files', () => {
  const ctx = (stdin = ''): Context => ({
    stdout: { write: () => true },
    stderr: { write: () => true },
    stdin: Readable.from([stdin]),
    env: {},
    cwd: tmpdir(),
  });

  async function read(name: string, content: string, format?: string, stdin?: string): Promise<InputRecord[]> {
    const dir = mkdtempSync(join(tmpdir(), 'bulk-input-'));
    try {
      const file = join(dir, name);
      writeFileSync(file, content);
      const input = await openInput(stdin === undefined ? file : '-', format, ctx(stdin));
      const out: InputRecord[] = [];
      for await (const record of input.records()) out.push(record);
      input.close();
      return out;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  test('NDJSON by extension, blank lines skipped, lines numbered as in the file', async () => {
    const records = await read('v.ndjson', '{"venue":"A"}\n\n{"venue":"B"}\n');
    expect(records).toEqual([
      { value: { venue: 'A' }, where: 'line 1' },
      { value: { venue: 'B' }, where: 'line 3' },
    ]);
  });

  test('NDJSON over several read chunks: lines across a boundary, CRLF, no final line break', async () => {
    // Long enough for the file to be read in several 64 KB chunks, with lines cut at their edges.
    const lines = Array.from({ length: 3000 }, (_, i) => JSON.stringify({ venue: `Salle ${i} ${'é'.repeat(i % 37)}`, city: 'Nantes' }));
    const records = await read('v.ndjson', `${lines.join('\r\n')}`);
    expect(records).toHaveLength(3000);
    expect(records.map((r) => r.value)).toEqual(lines.map((line) => JSON.parse(line)));
    expect(records[2999].where).toBe('line 3000');
  });

  test('a JSON array, records named by index', async () => {
    const records = await read('v.json', '[{"venue":"A"},{"venue":"B"}]');
    expect(records.map((r) => r.where)).toEqual(['index 0', 'index 1']);
  });

  test('CSV: header row gives the field names, an empty cell leaves the field out', async () => {
    const records = await read('o.csv', 'organizer,email,phone\n"Beta, Org",,+33 2\n');
    expect(records).toEqual([{ value: { organizer: 'Beta, Org', phone: '+33 2' }, where: 'line 2' }]);
  });

  test('a CSV row with the wrong number of cells names its line', async () => {
    await expect(read('o.csv', 'organizer,email\nBeta, Org,b@x.org\n')).rejects.toThrow(/line 2: 3 cells where the header has 2/);
  });

  test('invalid JSON on a line names the line', async () => {
    await expect(read('v.ndjson', '{"venue":"A"}\n{"venue":\n')).rejects.toThrow(/line 2: not valid JSON/);
  });

  test('stdin is sniffed, or needs --input-format', async () => {
    expect(await read('x', '', undefined, '[{"venue":"A"}]')).toHaveLength(1);
    expect(await read('x', '', undefined, 'venue,city\nA,B\n')).toEqual([{ value: { venue: 'A', city: 'B' }, where: 'line 2' }]);
    await expect(read('x', '', undefined, 'just some words')).rejects.toMatchObject({
      message: 'cannot tell the format of stdin',
      hint: expect.stringMatching(/^Give format json\|ndjson\|csv\.$/),
    });
    expect(await read('x', '', 'ndjson', '{"venue":"A"}')).toHaveLength(1);
  });

  test('sniffing', () => {
    expect(sniffFormat('  [')).toBe('json');
    expect(sniffFormat('{"a":1}')).toBe('ndjson');
    expect(sniffFormat('title,start_date\n')).toBe('csv');
    expect(sniffFormat('hello world')).toBeUndefined();
    // Nothing at all (an export filtered down to no record) is no record, in any format.
    expect(sniffFormat('')).toBe('ndjson');
    expect(sniffFormat('\uFEFF \r\n')).toBe('ndjson');
  });

  test('an unknown --input-format and a missing file are usage errors', async () => {
    await expect(openInput('x.csv', 'xml', ctx())).rejects.toThrow(/^format: "xml" is not one of json, ndjson, csv$/);
    await expect(openInput('/nonexistent/file.csv', undefined, ctx())).rejects.toThrow(/no such file/);
  });
});
