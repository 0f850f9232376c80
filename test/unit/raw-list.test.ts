import { describe, expect, test } from 'vitest';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cutListPage, RawRecord } from '../../src/core/records/raw-list.js';
import { readResponse } from '../sandbox/recordings.js';

/** JSON as PHP's json_encode writes it by default, as WordPress answers: `\/`, and `\u` for anything not ASCII. */
function phpJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const page = (records: unknown[], encode = phpJson) =>
  encode({ events: records, rest_url: 'http://site.test/wp-json/tribe/events/v1/events?page=2', total: 120, total_pages: 3 });

/** What the list writer wrote before: every record parsed, then written by JSON.stringify. */
const expected = (text: string) => (JSON.parse(text) as { events: unknown[] }).events.map((record) => JSON.stringify(record));

/** The page cut from its UTF-8 bytes, as a list walk receives it. */
const cutText = (text: string, key = 'events') => cutListPage(Buffer.from(text), key);

function cutJson(text: string): string[] {
  const cut = cutText(text);
  if (!cut) throw new Error('not cut');
  return cut.records.map((record) => record.json);
}

const TRICKY: Array<[string, unknown]> = [
  ['plain ASCII with URLs', { id: 4, title: 'Bench event', url: 'http://site.test/event/bench/', venue: [], cost_details: { values: [] } }],
  ['accents and other scripts', { id: 5, title: 'Fête de la Musique à Zürich — Łódź, 東京, Ελλάδα', slug: 'fete' }],
  ['an emoji (a surrogate pair)', { id: 6, title: 'Party 🎉 tonight' }],
  ['quotes and HTML', { id: 7, description: '<p class="intro">A "quoted" <a href="https://x.test/a?b=1&c=2">link</a></p>' }],
  ['backslashes', { id: 8, title: 'C:\\Users\\me\\file', other: 'ends with \\', slashy: '\\/ and \\\\/' }],
  ['escapes JSON keeps', { id: 9, description: 'line\nbreak\ttab\r\fform\bback' }],
  ['control characters written as \\u', { id: 10, description: 'bell\u0007 nul\u0000 unit\u001f' }],
  ['the escaped characters JSON.stringify writes itself', { id: 11, title: 'quote " backslash \\ slash /' }],
  ['line and paragraph separators', { id: 12, title: 'a\u2028b\u2029c' }],
  ['numbers', { id: 13, lat: 48.8566, lng: -1.5, big: 1e21, small: 1e-7, zero: 0, negative: -42, half: 0.5 }],
  ['nested containers and literals', { id: 14, a: [[], {}, [1, [2, [3]]], { b: { c: null } }], t: true, f: false, n: null }],
  ['an id that is not first', { title: 'x', id: 15 }],
  ['an id of 0', { id: 0, title: 'zero' }],
  ['a negative id', { id: -3 }],
  ['a string id', { id: '16' }],
  ['no id', { title: 'none' }],
  ['a key that needs escaping', { id: 17, 'wéird "key"/': 1 }],
  ['empty strings and objects', { id: 18, title: '', details: {}, list: [] }],
];

describe('a list page cut into records', () => {
  test.each(TRICKY)('%s: written exactly as JSON.stringify(JSON.parse()) writes it, with its id', (_name, record) => {
    const text = page([record]);
    expect(cutJson(text)).toEqual(expected(text));
    const id = (record as { id?: unknown }).id;
    expect(cutText(text)!.records[0].id).toBe(typeof id === 'number' ? id : undefined);
  });

  test('every tricky record on one page, and the rest of the page read apart', () => {
    const text = page(TRICKY.map(([, record]) => record));
    expect(cutJson(text)).toEqual(expected(text));
    expect(cutText(text)!.rest).toEqual({ events: [], rest_url: 'http://site.test/wp-json/tribe/events/v1/events?page=2', total: 120, total_pages: 3 });
  });

  test('numbers JSON.stringify would write another way, and integers too large for a double', () => {
    const numbers = ['1.50', '1E3', '-0', '12345678901234567890', '9007199254740993', '0.1e1'];
    const text = `{"events":[${numbers.map((n, i) => `{"id":${i + 1},"n":${n},"m":100}`).join(',')}],"total":6}`;
    expect(cutJson(text)).toEqual(['1.5', '1000', '0', '12345678901234567000', '9007199254740992', '1'].map((n, i) => `{"id":${i + 1},"n":${n},"m":100}`));
  });

  test('whitespace inside a record, and escapes JSON.stringify does not write', () => {
    const text = '{"events":[{"id": 1,\n "title" : "caf\\u00E9 \\u0041"},{"id":2,"t":"\\ud83c\\udf89 \\udc00"}],"total":2}';
    expect(cutJson(text)).toEqual(expected(text));
  });

  test('random records, written as the API and as other servers write JSON', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = ['a', 'Z', ' ', '"', '\\', '/', '\n', '\t', '\u0001', 'é', '€', '\u2028', '🎉', '\ud800', '<', '&', '0', '{', '}', '[', ']', ',', ':'];
    const text = () => Array.from({ length: Math.floor(random() * 12) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    const value = (depth: number): unknown => {
      const kind = Math.floor(random() * (depth > 3 ? 5 : 7));
      if (kind === 0) return text();
      if (kind === 1) return Math.floor(random() * 1e6) - 5e5;
      if (kind === 2) return random() * 100;
      if (kind === 3) return [true, false, null][Math.floor(random() * 3)];
      if (kind === 4) return '';
      if (kind === 5) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 5) }, () => [text(), value(depth + 1)]));
    };
    const records = Array.from({ length: 400 }, (_, i) => ({ id: i + 1, ...(value(0) as object) }));
    for (const encode of [phpJson, (v: unknown) => JSON.stringify(v)]) {
      const pageText = page(records, encode);
      expect(cutJson(pageText)).toEqual(expected(pageText));
      expect(cutText(pageText)!.records.map((r) => r.id)).toEqual(records.map((r) => r.id));
    }
  });

  test('an empty list', () => {
    expect(cutText('{"events":[],"total":0,"total_pages":0}')).toEqual({ records: [], rest: { events: [], total: 0, total_pages: 0 } });
  });

  test.each([
    ['pretty-printed', JSON.stringify({ events: [{ id: 1 }], total: 1 }, null, 2)],
    ['another list key', '{"venues":[{"id":1}],"total":1}'],
    ['the key inside a value first', '{"meta":{"events":[{"id":9}]},"events":[{"id":1}],"total":1}'],
    ['the key only inside a value', '{"meta":{"events":[{"id":9}]},"total":1}'],
    ['text before the JSON (a PHP notice)', '<b>Notice</b>: x {"events":[{"id":1}],"total":1}'],
    ['text after the JSON', '{"events":[{"id":1}],"total":1}<br>'],
    ['a literal misspelt', '{"events":[{"id":1,"a":tru}],"total":1}'],
    ['a missing comma', '{"events":[{"id":1 "a":1}],"total":1}'],
    ['a missing colon', '{"events":[{"id" 1}],"total":1}'],
    ['a trailing comma', '{"events":[{"id":1,}],"total":1}'],
    ['a bracket for a brace', '{"events":[{"id":1]],"total":1}'],
    ['a raw tab inside a string', '{"events":[{"id":1,"a":"x\ty"}],"total":1}'],
    ['an escape JSON does not know', '{"events":[{"id":1,"a":"\\x41"}],"total":1}'],
    ['a short \\u escape', '{"events":[{"id":1,"a":"\\u00e"}],"total":1}'],
    ['a leading zero', '{"events":[{"id":01}],"total":1}'],
    ['a string never closed', '{"events":[{"id":1,"a":"x}],"total":1}'],
    ['cut short', '{"events":[{"id":1,"a":{"b":[1,2'],
    ['a record that is not closed before the next', '{"events":[{"id":1,{"id":2}],"total":1}'],
    ['nested deeper than the scanner follows', `{"events":[${'['.repeat(40)}${']'.repeat(40)}],"total":1}`],
  ])('%s: not cut, so the page is decoded as before', (_name, text) => {
    expect(cutText(text)).toBeUndefined();
  });

  test('a body that is not UTF-8 is not cut: decoded the usual way, its bad bytes become replacement characters', () => {
    const body = Buffer.concat([Buffer.from('{"events":[{"id":1,"title":"caf'), Buffer.from([0xe9]), Buffer.from('"}],"total":1}')]);
    expect(cutListPage(body, 'events')).toBeUndefined();
  });

  test('the page is only read: its bytes are the same after a cut, and after one that failed', () => {
    for (const text of [page(TRICKY.map(([, record]) => record)), '{"events":[{"id":1,"u":"a\\/b"},{"id":2,"a":tru}],"total":2}']) {
      const body = Buffer.from(text);
      const before = Buffer.from(body);
      cutListPage(body, 'events');
      expect(body.equals(before)).toBe(true);
    }
  });

  test('a page that is a view into a larger buffer is read within its bounds', () => {
    const whole = Buffer.from('XX{"events":[{"id":1,"a":"x\\/y"}],"total":1}{"events":[{"id":2,"a":"cut short"}],"total":1}');
    const first = whole.subarray(2, whole.indexOf('}{') + 1);
    expect(cutListPage(first, 'events')!.records.map((r) => r.json)).toEqual(['{"id":1,"a":"x/y"}']);
    // A body that ends inside a string must not be completed by the bytes after it.
    const short = whole.subarray(2, whole.indexOf('"x\\/y"') + 3);
    expect(cutListPage(short, 'events')).toBeUndefined();
    expect(cutListPage(new Uint8Array(whole.buffer, whole.byteOffset + 2, first.length), 'events')!.records[0].id).toBe(1);
  });

  test('each record is its own line, the newline included', () => {
    const cut = cutText(page([{ id: 1, url: 'http://x.test/a' }, { id: 2 }]))!;
    expect(cut.records.map((r) => r.line.toString())).toEqual(['{"id":1,"url":"http://x.test/a"}\n', '{"id":2}\n']);
  });

  test('a record built from a value is that value as JSON.stringify writes it', () => {
    expect(RawRecord.of({ id: 3, title: 'é/x' })).toEqual(new RawRecord(Buffer.from('{"id":3,"title":"é/x"}\n'), 3));
    expect(RawRecord.of({ title: 'x' }).id).toBeUndefined();
  });

  test('every list page the real sites answered in the recordings: cut as JSON would', () => {
    const fixtures = resolve(import.meta.dirname, '../fixtures');
    let cutPages = 0;
    let records = 0;
    for (const folder of ['recordings', 'recordings-2']) {
      for (const name of readdirSync(join(fixtures, folder)).filter((file) => file.endsWith('.http'))) {
        const { status, text: body } = readResponse(name.replace(/\.http$/, ''), join(fixtures, folder));
        for (const key of ['events', 'venues', 'organizers', 'categories', 'tags']) {
          if (status !== 200 || !body.startsWith(`{"${key}":[`)) continue;
          const cut = cutText(body, key);
          expect(cut, name).toBeDefined();
          expect(
            cut!.records.map((r) => r.json),
            name,
          ).toEqual((JSON.parse(body)[key] as unknown[]).map((r) => JSON.stringify(r)));
          cutPages++;
          records += cut!.records.length;
        }
      }
    }
    expect(cutPages).toBeGreaterThanOrEqual(44);
    expect(records).toBeGreaterThanOrEqual(300);
  });
});
