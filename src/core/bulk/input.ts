/**
 * Records from an import file or stdin, one at a time: a JSON array, NDJSON or CSV.
 * Stdin is spooled to a temporary file first, because import reads its input twice
 * (once to check every record, once to send them) and must stay flat in memory.
 */
import { createReadStream, createWriteStream, mkdtempSync, openSync, readSync, closeSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Context } from '../context.js';
import { fileProblem, UsageError } from '../errors.js';
import { CsvError, CsvParser, delimiterName, DELIMITERS, detectDelimiter } from './csv.js';
import { JsonArrayError, JsonArraySplitter } from './json-array.js';
import { option } from '../words.js';

export const INPUT_FORMATS = ['json', 'ndjson', 'csv'] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];

export interface InputRecord {
  /** The parsed record: an object for JSON formats, cell texts by column for CSV. */
  value: unknown;
  /** Where it is, for messages: `line 4` or `index 2` (0-based array index). */
  where: string;
}

export interface Input {
  format: InputFormat;
  /** The name to show in messages: the file as given, or `stdin`. */
  name: string;
  records(): AsyncGenerator<InputRecord>;
  /** CSV: the header's column names, once the first row has been read. */
  columns: string[];
  close(): void;
}

const EXTENSIONS: Record<string, InputFormat> = { '.json': 'json', '.ndjson': 'ndjson', '.jsonl': 'ndjson', '.csv': 'csv' };

export function formatFromExtension(file: string): InputFormat | undefined {
  return EXTENSIONS[extname(file).toLowerCase()];
}

/**
 * Guesses the format from the first bytes: `[` is a JSON array, `{` NDJSON, a header of words
 * CSV; nothing at all (what `jq` gives for a filter that matched no record) is NDJSON of no record.
 */
export function sniffFormat(head: string): InputFormat | undefined {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text === '') return 'ndjson';
  if (text.startsWith('[')) return 'json';
  if (text.startsWith('{')) return 'ndjson';
  const firstLine = text.split(/\r?\n/)[0];
  if (/^"?[a-z_]+"?([,;\t]"?[a-z_]+"?)*$/.test(firstLine)) return 'csv';
  return undefined;
}

/** `--delimiter`: comma, semicolon, tab, or one character. */
export function parseDelimiter(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const named = DELIMITERS[raw.toLowerCase()];
  if (named) return named;
  if (raw.length === 1 && raw !== '"' && raw !== '\n' && raw !== '\r') return raw;
  throw new UsageError(`${option('delimiter')}: "${raw}" is not comma, semicolon, tab or a single character`);
}

/** `source`: a file, or `-` for the context's stdin (called `stdinName` in messages). */
export async function openInput(
  source: string,
  requested: string | undefined,
  ctx: Pick<Context, 'stdin' | 'cwd'>,
  delimiter?: string,
  stdinName = 'stdin',
): Promise<Input> {
  if (requested !== undefined && !(INPUT_FORMATS as readonly string[]).includes(requested)) {
    throw new UsageError(`${option('input_format')}: "${requested}" is not one of ${INPUT_FORMATS.join(', ')}`);
  }
  let path: string;
  let name: string;
  let spoolDir: string | undefined;
  if (source === '-') {
    name = stdinName;
    spoolDir = mkdtempSync(join(tmpdir(), 'calendar-import-'));
    path = join(spoolDir, 'stdin');
    await pipeline(ctx.stdin, createWriteStream(path));
  } else {
    name = source;
    path = resolve(ctx.cwd, source);
    let isFile = false;
    try {
      isFile = statSync(path).isFile();
    } catch (err) {
      throw new UsageError(`cannot read ${source}: ${fileProblem(err)}`);
    }
    if (!isFile) throw new UsageError(`cannot read ${source}: not a file`);
  }
  const cleanup = () => {
    if (spoolDir) rmSync(spoolDir, { recursive: true, force: true });
  };
  const format =
    (requested as InputFormat | undefined) ?? (source === '-' ? sniffFormat(readHead(path)) : (formatFromExtension(source) ?? sniffFormat(readHead(path))));
  if (!format) {
    cleanup();
    throw new UsageError(
      `cannot tell the format of ${name}`,
      `Give ${option('input_format')} ${INPUT_FORMATS.join('|')}${source === '-' ? '' : ', or name the file .json, .ndjson or .csv'}.`,
    );
  }
  const input: Input = {
    format,
    name,
    columns: [],
    records: () => readRecords(path, format, name, (header) => (input.columns = header), delimiter),
    close: cleanup,
  };
  return input;
}

function readHead(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    const n = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, n).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * The file as text, refusing bytes that are not UTF-8 (a Latin-1 export would otherwise be
 * stored with replacement characters) and naming the line they are on.
 */
async function* chunks(path: string, name = path): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let line = 1;
  for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 })) {
    let text: string;
    try {
      text = decoder.decode(chunk as Buffer, { stream: true });
    } catch {
      throw new UsageError(
        `${name} line ${line + badLineOffset(chunk as Buffer)}: not valid UTF-8 text (a Latin-1 or Windows-1252 export?)`,
        `Convert it first, e.g. iconv -f latin1 -t utf-8 ${name} > converted-${basename(name)}`,
      );
    }
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) line++;
    yield text;
  }
}

/** Lines before the first line of `chunk` that is not UTF-8. */
function badLineOffset(chunk: Buffer): number {
  const check = new TextDecoder('utf-8', { fatal: true });
  let start = 0;
  for (let offset = 0; start < chunk.length; offset++) {
    const end = chunk.indexOf(10, start);
    const stop = end < 0 ? chunk.length : end;
    try {
      check.decode(chunk.subarray(start, stop));
    } catch {
      return offset;
    }
    start = stop + 1;
  }
  return 0;
}

function readRecords(path: string, format: InputFormat, name: string, onHeader: (header: string[]) => void, delimiter?: string): AsyncGenerator<InputRecord> {
  if (format === 'csv') return csvRecords(path, name, onHeader, delimiter);
  if (format === 'json') return arrayRecords(path, name);
  return ndjsonRecords(path, name);
}

function parseJson(text: string, name: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${name} ${where}: not valid JSON (${(err as Error).message.split('\n')[0]})`);
  }
}

async function* ndjsonRecords(path: string, name: string): AsyncGenerator<InputRecord> {
  let rest = '';
  let line = 0;
  const parse = (text: string): InputRecord | undefined => {
    line++;
    const trimmed = text.replace(/^\uFEFF/, '').trim();
    if (trimmed === '') return undefined;
    return { value: parseJson(trimmed, name, `line ${line}`), where: `line ${line}` };
  };
  for await (const chunk of chunks(path, name)) {
    // Line by line rather than split() into an array: an import sends a chunk's records over
    // seconds, and a thousand lines held that long are copied into the old generation.
    const text = rest + chunk;
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; start = end + 1, end = text.indexOf('\n', start)) {
      const record = parse(text.slice(start, end));
      if (record) yield record;
    }
    rest = text.slice(start);
  }
  const last = parse(rest);
  if (last) yield last;
}

async function* arrayRecords(path: string, name: string): AsyncGenerator<InputRecord> {
  const splitter = new JsonArraySplitter();
  try {
    for await (const chunk of chunks(path, name)) {
      for (const element of splitter.push(chunk)) {
        yield { value: parseJson(element.text, name, `index ${element.index}`), where: `index ${element.index}` };
      }
    }
    splitter.end();
  } catch (err) {
    if (err instanceof JsonArrayError) throw new UsageError(`${name} index ${err.index}: ${err.message}`);
    throw err;
  }
}

async function* csvRecords(path: string, name: string, onHeader: (header: string[]) => void, requested?: string): AsyncGenerator<InputRecord> {
  const delimiter =
    requested ??
    detectDelimiter(
      readHead(path)
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/)[0],
    );
  const parser = new CsvParser(delimiter);
  const separated = `cells separated by ${delimiterName(delimiter)}`;
  let header: string[] | undefined;
  function* rows(list: ReturnType<CsvParser['push']>): Generator<InputRecord> {
    for (const row of list) {
      if (!header) {
        header = row.cells.map((c, i) => (i === 0 ? c.replace(/^\uFEFF/, '') : c).trim());
        const blank = header.indexOf('');
        if (blank >= 0) throw new UsageError(`${name} line ${row.line}: column ${blank + 1} of the header has no name`);
        const dup = header.find((h, i) => header!.indexOf(h) !== i);
        if (dup) throw new UsageError(`${name} line ${row.line}: column "${dup}" appears twice in the header`);
        onHeader(header);
        continue;
      }
      if (row.cells.length !== header.length) {
        throw new UsageError(
          `${name} line ${row.line}: ${row.cells.length} cells where the header has ${header.length} (${separated})`,
          `Quote cells that hold the separator: "Beta${delimiter === '\t' ? '\t' : delimiter} Org"; or give ${option('delimiter')}.`,
        );
      }
      const value: Record<string, string> = {};
      row.cells.forEach((cell, i) => {
        if (cell !== '') value[header![i]] = cell; // an empty cell leaves the field out
      });
      yield { value, where: `line ${row.line}` };
    }
  }
  try {
    for await (const chunk of chunks(path, name)) yield* rows(parser.push(chunk));
    yield* rows(parser.end());
  } catch (err) {
    if (err instanceof CsvError)
      throw new UsageError(
        `${name} line ${err.line}: ${err.message} (${separated})`,
        `Give ${option('delimiter')} comma, semicolon or tab if the separator was guessed wrong.`,
      );
    throw err;
  }
}

/** Records a program holds (the library's `import`), each `index N` in messages as in a JSON array. */
export function arrayInput(records: readonly unknown[], name = 'records'): Input {
  return {
    format: 'json',
    name,
    columns: [],
    async *records() {
      for (const [index, value] of records.entries()) yield { value, where: `index ${index}` };
    },
    close() {},
  };
}

/** Records given as text (JSON, NDJSON or CSV), read as stdin is. */
export function textInput(text: string, format: InputFormat | undefined, name = 'text', delimiter?: string): Promise<Input> {
  return openInput('-', format, { stdin: Readable.from([text]), cwd: '.' }, delimiter, name);
}
