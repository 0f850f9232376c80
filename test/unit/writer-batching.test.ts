import { describe, expect, test } from 'vitest';
import { listWriter } from '../../src/cli/output/writer.js';
import type { Context, OutputStream } from '../../src/core/context.js';
import { cutListPage, RawRecord } from '../../src/core/records/raw-list.js';
import { resources } from '../../src/spec/resources.js';

/** A stdout that records each write, and says "full" (false) when asked to. */
function recordingStdout(full = false): OutputStream & { writes: string[]; chunks: Array<string | Uint8Array>; drain(): void } {
  const listeners: Array<() => void> = [];
  return {
    writes: [],
    chunks: [],
    write(chunk: string | Uint8Array) {
      this.chunks.push(chunk);
      this.writes.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return !full;
    },
    once(_event: 'drain', listener: () => void) {
      listeners.push(listener);
    },
    drain: () => listeners.splice(0).forEach((l) => l()),
  };
}

const contextWith = (stdout: OutputStream) => ({ stdout, stderr: stdout, stdin: process.stdin, env: {}, cwd: '/' }) as unknown as Context;
const record = (id: number) => ({ id, title: `Event ${id} ${'x'.repeat(200)}` });

describe('list output is written in chunks', () => {
  test('many records make few writes of about 64 KB, in order, all written by end()', async () => {
    const stdout = recordingStdout();
    const writer = listWriter(undefined, { format: 'ndjson', color: false }, contextWith(stdout));
    for (let id = 0; id < 1000; id++) await writer.write(record(id));
    await writer.end();
    expect(stdout.writes.length).toBeLessThan(6);
    expect(stdout.writes.slice(0, -1).every((chunk) => chunk.length >= 64 * 1024)).toBe(true);
    expect(
      stdout.writes
        .join('')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).id),
    ).toEqual([...Array(1000).keys()]);
  });

  test('what is gathered goes out as soon as the list waits, before end()', async () => {
    const stdout = recordingStdout();
    const writer = listWriter(undefined, { format: 'ids', color: false }, contextWith(stdout));
    await writer.write(record(1));
    await writer.write(record(2));
    expect(stdout.writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(stdout.writes).toEqual(['1\n2\n']);
    await writer.end();
    expect(stdout.writes).toEqual(['1\n2\n']);
  });

  test('a full stdout holds the writer until it drains', async () => {
    const stdout = recordingStdout(true);
    const writer = listWriter(undefined, { format: 'ndjson', color: false }, contextWith(stdout));
    let pending: Promise<void> | void | undefined;
    for (let id = 0; stdout.writes.length === 0; id++) pending = writer.write(record(id));
    // Below a chunk the writer asks for no wait; the write that fills one waits for the drain.
    expect(pending).toBeInstanceOf(Promise);
    let resumed = false;
    void pending!.then(() => (resumed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(resumed).toBe(false);
    stdout.drain();
    await pending;
    expect(resumed).toBe(true);
  });
});

describe('a record handed on as the page held it', () => {
  // Written in a form no serialiser would choose, so that the test sees which path wrote it.
  const raw = new RawRecord(Buffer.from('{"id":7,"title":"Fête","venue":{"id":3}}\n'), 7);

  test('NDJSON of whole records writes its text as it is', async () => {
    const stdout = recordingStdout();
    const writer = listWriter(resources.events, { format: 'ndjson', color: false }, contextWith(stdout));
    await writer.write(raw);
    await writer.end();
    expect(stdout.writes.join('')).toBe('{"id":7,"title":"Fête","venue":{"id":3}}\n');
  });

  test.each([
    ['ndjson', ['id', 'venue.id'], '{"id":7,"venue":{"id":3}}\n'],
    ['json', undefined, '[\n  {\n    "id": 7,\n    "title": "Fête",\n    "venue": {\n      "id": 3\n    }\n  }\n]\n'],
    ['ids', undefined, '7\n'],
    ['table', ['id', 'title'], '7\tFête\n'],
  ] as const)('%s %s: the record is decoded and written as any other', async (format, fields, expected) => {
    const stdout = recordingStdout();
    const writer = listWriter(resources.events, { format, fields: fields ? [...fields] : undefined, color: false }, contextWith(stdout));
    await writer.write(raw);
    await writer.end();
    expect(stdout.writes.join('')).toBe(expected);
  });
});

describe('records cut from a page are written from the page', () => {
  const page = Buffer.from('{"events":[{"id":1,"url":"http:\\/\\/x.test\\/1"},{"id":2,"title":"F\\u00eate"},{"id":3,"n":1.50}],"total":3}');

  test('a run of records from one buffer is one write of that buffer, not a copy; a record from elsewhere is its own', async () => {
    const records = cutListPage(page, 'events')!.records;
    const stdout = recordingStdout();
    const writer = listWriter(resources.events, { format: 'ndjson', color: false }, contextWith(stdout));
    for (const raw of records) await writer.write(raw);
    await writer.end();
    expect(stdout.writes.join('')).toBe('{"id":1,"url":"http://x.test/1"}\n{"id":2,"title":"Fête"}\n{"id":3,"n":1.5}\n');
    // The first two lie side by side; the third (a decimal) went through JSON itself.
    expect(stdout.chunks).toHaveLength(2);
    expect((stdout.chunks[0] as Buffer).buffer).toBe(records[0].line.buffer);
  });

  test('text and records mixed keep their order', async () => {
    const [first, second] = cutListPage(page, 'events')!.records;
    const stdout = recordingStdout();
    const writer = listWriter(resources.events, { format: 'ndjson', color: false }, contextWith(stdout));
    await writer.write(first);
    await writer.write({ id: 9 });
    await writer.write(second);
    await writer.end();
    expect(stdout.writes.join('')).toBe('{"id":1,"url":"http://x.test/1"}\n{"id":9}\n{"id":2,"title":"Fête"}\n');
  });
});
