/** Reading the real-server recordings: the request of each (from index.tsv) and its response. */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Copies of the real-server recordings, kept in the repository so a clone anywhere can run the tests. */
export const RECORDINGS_DIR = resolve(import.meta.dirname, '../fixtures/recordings');
export const RECORDINGS_2_DIR = resolve(import.meta.dirname, '../fixtures/recordings-2');
export const RECORDED_BASE = 'http://127.0.0.1:8080';

export interface RecordedRequest {
  method: string;
  url: string;
  user?: string;
  password?: string;
  headers: Record<string, string>;
  body?: string;
  form?: [string, string][];
}

export interface Recording {
  name: string;
  what: string;
  request: RecordedRequest;
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Splits a shell command line the way the recordings escape it (backslashes, quotes). */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let current = '';
  let inWord = false;
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quote) {
      if (char === quote) quote = null;
      else if (char === '\\' && quote === '"' && i + 1 < line.length) current += line[++i];
      else current += char;
    } else if (char === '\\' && i + 1 < line.length) {
      current += line[++i];
      inWord = true;
    } else if (char === '"' || char === "'") {
      quote = char;
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
    } else {
      current += char;
      inWord = true;
    }
  }
  if (inWord) words.push(current);
  return words;
}

export function parseCurl(command: string): RecordedRequest {
  const words = shellWords(command);
  const request: RecordedRequest = { method: '', url: '', headers: {} };
  for (let i = 1; i < words.length; i++) {
    const word = words[i];
    if (word === '-sS' || word === '-i') continue;
    if (word === '-u') {
      const credentials = words[++i];
      const colon = credentials.indexOf(':');
      request.user = credentials.slice(0, colon);
      request.password = credentials.slice(colon + 1);
    } else if (word === '-H') {
      const header = words[++i];
      const colon = header.indexOf(':');
      request.headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim();
    } else if (word === '-X') request.method = words[++i];
    else if (word === '--data-binary') request.body = words[++i];
    else if (word === '--data-urlencode') {
      const pair = words[++i];
      const eq = pair.indexOf('=');
      (request.form ??= []).push([pair.slice(0, eq), pair.slice(eq + 1)]);
    } else request.url = word;
  }
  if (!request.method) request.method = request.body !== undefined || request.form ? 'POST' : 'GET';
  return request;
}

/** One recorded response: status, headers (lower-cased) and body (parsed when it is JSON). */
export function readResponse(name: string, dir = RECORDINGS_DIR): { status: number; headers: Record<string, string>; body: unknown; text: string } {
  const raw = readFileSync(join(dir, `${name}.http`), 'utf8');
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).split('\r\n');
  const text = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const headerLine of head.slice(1)) {
    const colon = headerLine.indexOf(':');
    headers[headerLine.slice(0, colon).trim().toLowerCase()] = headerLine.slice(colon + 1).trim();
  }
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: Number(head[0].split(' ')[1]), headers, body, text };
}

export function loadRecordings(): Recording[] {
  const lines = readFileSync(join(RECORDINGS_DIR, 'index.tsv'), 'utf8').split('\n').filter(Boolean);
  return lines.map((line) => {
    const [name, what, command] = line.split('\t');
    const { status, headers, body } = readResponse(name);
    return { name, what, request: parseCurl(command), status, headers, body };
  });
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'number' ? 'number' : typeof value;
}

/** Differences of keys and JSON types, recursively; arrays compared by their first element. */
export function shapeDiff(expected: unknown, actual: unknown, ignore: (path: string) => boolean = () => false, path = '$'): string[] {
  if (ignore(path)) return [];
  const te = jsonType(expected);
  const ta = jsonType(actual);
  if (te !== ta) return [`${path}: ${te} expected, got ${ta}`];
  const out: string[] = [];
  if (te === 'object') {
    const e = expected as Record<string, unknown>;
    const a = actual as Record<string, unknown>;
    for (const key of Object.keys(e)) {
      if (!(key in a)) {
        if (!ignore(`${path}.${key}`)) out.push(`${path}.${key} missing`);
      } else out.push(...shapeDiff(e[key], a[key], ignore, `${path}.${key}`));
    }
    for (const key of Object.keys(a)) if (!(key in e) && !ignore(`${path}.${key}`)) out.push(`${path}.${key} unexpected`);
  } else if (te === 'array' && (expected as unknown[]).length && (actual as unknown[]).length) {
    out.push(...shapeDiff((expected as unknown[])[0], (actual as unknown[])[0], ignore, `${path}[]`));
  }
  return out;
}
