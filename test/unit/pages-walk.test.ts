import { describe, expect, test } from 'vitest';
import { ApiError, EXIT } from '../../src/core/errors.js';
import type { ApiClient, RequestOptions } from '../../src/core/http/client.js';
import { walkPages } from '../../src/core/records/pages.js';
import { RawRecord } from '../../src/core/records/raw-list.js';
import { resources } from '../../src/spec/resources.js';

type Answer = (page: number) => { status: number; body: unknown };

/**
 * A client that answers the events list page by page through `answer` and logs when a page
 * is asked for and when its body is decoded; any other route fails the test.
 */
function listClient(answer: Answer, pageText?: (body: unknown) => string, countHeaders?: (page: number) => Record<string, string>) {
  const log: string[] = [];
  const client = {
    hasCredentials: true,
    async callUndecoded(method: string, path: string, opts: RequestOptions = {}) {
      if (method !== 'GET' || path !== resources.events.path) throw new Error(`unexpected ${method} ${path}`);
      const page = Number(opts.query?.page);
      log.push(`ask ${page}`);
      await new Promise((resolve) => setTimeout(resolve, 1));
      const { status, body } = answer(page);
      return {
        headers: countHeaders?.(page) ?? {},
        successBytes: () => (status < 300 ? Buffer.from((pageText ?? JSON.stringify)(body)) : undefined),
        read() {
          log.push(`decode ${page}`);
          if (status >= 300) {
            const code = (body as { code: string }).code;
            throw new ApiError(`HTTP ${status}`, EXIT.refused, status, code, body);
          }
          return { status, headers: {}, body, raw: JSON.stringify(body), url: path, method: 'GET' };
        },
      };
    },
  };
  return { client: client as unknown as ApiClient, log };
}

const PER_PAGE = 50;
const eventsPage = (page: number, total: number) => ({
  events: Array.from({ length: Math.max(0, Math.min(PER_PAGE, total - (page - 1) * PER_PAGE)) }, (_, i) => ({ id: (page - 1) * PER_PAGE + i + 1 })),
  total,
  total_pages: Math.ceil(total / PER_PAGE),
});

async function walk(client: ApiClient, log: string[]) {
  const ids: number[] = [];
  const result = await walkPages(client, resources.events, {}, { all: true }, (record) => {
    const id = (record as { id: number }).id;
    ids.push(id);
    if (id % PER_PAGE === 1) log.push(`write ${id}`);
  });
  return { ids, result };
}

describe('a walk over every page', () => {
  test('holds the pages that wait their turn undecoded, and decodes each as it is written', async () => {
    const { client, log } = listClient((page) => ({ status: 200, body: eventsPage(page, 1000) }));
    const { ids, result } = await walk(client, log);
    expect(ids).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    expect(result.written).toBe(1000);
    // Pages 2-9 are asked for together; page 3 is decoded only once page 2 has been written.
    expect(log.slice(0, 12)).toEqual(['ask 1', 'decode 1', 'write 1', 'ask 2', 'ask 3', 'ask 4', 'ask 5', 'ask 6', 'ask 7', 'ask 8', 'ask 9', 'decode 2']);
    const decodes = log.filter((line) => line.startsWith('decode')).map((line) => Number(line.split(' ')[1]));
    expect(decodes).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (let page = 2; page <= 20; page++) {
      expect(log.indexOf(`decode ${page}`)).toBeGreaterThan(log.indexOf(`write ${(page - 2) * PER_PAGE + 1}`));
    }
  });

  test('asks for the next pages as soon as the headers of the first answer say how many there are, before decoding it', async () => {
    const pages = (page: number) => ({ 'x-tec-total': '1000', 'x-tec-totalpages': String(eventsPage(page, 1000).total_pages) });
    const { client, log } = listClient((page) => ({ status: 200, body: eventsPage(page, 1000) }), undefined, pages);
    const { ids } = await walk(client, log);
    expect(ids).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    expect(log.slice(0, 11)).toEqual(['ask 1', 'ask 2', 'ask 3', 'ask 4', 'ask 5', 'ask 6', 'ask 7', 'ask 8', 'ask 9', 'decode 1', 'write 1']);
  });

  test.each([
    ['more pages than there are', '40'],
    ['fewer pages than there are', '2'],
  ])('headers that count %s: the count in the body holds, every record once', async (_name, headerPages) => {
    const { client, log } = listClient(
      (page) => (page <= 20 ? { status: 200, body: eventsPage(page, 1000) } : { status: 404, body: { code: 'event-archive-page-not-found' } }),
      undefined,
      () => ({ 'x-tec-totalpages': headerPages }),
    );
    const { ids, result } = await walk(client, log);
    expect(ids).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    expect(result).toMatchObject({ total: 1000, written: 1000, duplicates: 0 });
  });

  test('with a limit, only the pages it needs are asked for, early or not', async () => {
    const { client, log } = listClient(
      (page) => ({ status: 200, body: eventsPage(page, 1000) }),
      undefined,
      () => ({ 'x-tec-totalpages': '20' }),
    );
    const ids: number[] = [];
    await walkPages(client, resources.events, {}, { all: true, limit: 60 }, (record) => void ids.push((record as { id: number }).id));
    expect(ids).toHaveLength(60);
    expect(log.filter((line) => line.startsWith('ask'))).toEqual(['ask 1', 'ask 2']);
  });

  test('fails at a page that fails, after writing the pages before it', async () => {
    const { client, log } = listClient((page) =>
      page === 3 ? { status: 500, body: { code: 'internal_server_error' } } : { status: 200, body: eventsPage(page, 500) },
    );
    const ids: number[] = [];
    const failure = await walkPages(client, resources.events, {}, { all: true }, (record) => void ids.push((record as { id: number }).id)).catch(
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect(ids).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(log).not.toContain('decode 4');
  });

  test('ends at a page past the end when the list shrank meanwhile', async () => {
    const { client, log } = listClient((page) =>
      page <= 2 ? { status: 200, body: eventsPage(page, 500) } : { status: 404, body: { code: 'event-archive-page-not-found' } },
    );
    const { ids } = await walk(client, log);
    expect(ids).toHaveLength(100);
  });

  test('raw: records are handed on as the compact JSON the page holds, duplicates dropped, pages still decoded in turn', async () => {
    // Page 2 repeats the last record of page 1, as the server does when records tie.
    const body = (page: number) => {
      const events = eventsPage(page, 150).events.map((e) => ({ ...e, url: `http://site.test/event/${e.id}/`, title: 'Fête' }));
      return {
        ...eventsPage(page, 150),
        events: page === 2 ? [events[0], { id: 50, url: 'http://site.test/event/50/', title: 'Fête' }, ...events.slice(2)] : events,
      };
    };
    const php = (value: unknown) => JSON.stringify(value).replace(/\//g, '\\/').replace(/ê/g, '\\u00ea');
    const { client, log } = listClient((page) => ({ status: 200, body: body(page) }), php);
    const written: unknown[] = [];
    const result = await walkPages(client, resources.events, {}, { all: true, raw: true }, (record) => void written.push(record));
    expect(written.every((record) => record instanceof RawRecord)).toBe(true);
    const records = written as RawRecord[];
    expect(records.map((r) => r.id)).toEqual(Array.from({ length: 150 }, (_, i) => i + 1).filter((id) => id !== 52));
    expect(records[0].json).toBe('{"id":1,"url":"http://site.test/event/1/","title":"Fête"}');
    expect(result).toMatchObject({ total: 150, written: 149, duplicates: 1 });
    expect(log).not.toContain('decode 1'); // cut, not decoded
  });

  test('raw: a page that cannot be cut is decoded, and fails as it did', async () => {
    const { client, log } = listClient(
      (page) => ({ status: 200, body: eventsPage(page, 100) }),
      (value) => (JSON.stringify(value).includes('"id":51') ? '{"events":[{"id":51,"a":tru}]}' : JSON.stringify(value, null, 2)),
    );
    const ids: unknown[] = [];
    // The stub's read() decodes the body itself; the point is that the walk falls back to it.
    const result = await walkPages(client, resources.events, {}, { all: true, raw: true }, (record) => void ids.push((record as { id: number }).id));
    expect(ids).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(result.written).toBe(100);
    expect(log).toContain('decode 1');
    expect(log).toContain('decode 2');
  });
});
