/**
 * One library call as a caller bounds and watches it: a signal that stops a walk mid-way, a
 * deadline, hooks counting requests, a dispatcher of the caller's, the debug lines, list totals,
 * and creates sent again after a 429 (the server did not take them).
 */
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AbortError, Calendar, type RequestEvent } from '../../src/core/index.js';
import { PASSWORD, startTestSandbox, USER, type Sandbox } from './helpers.js';

let sandbox: Sandbox;
const site = () => ({ baseUrl: sandbox.restRoot, username: USER, appPassword: PASSWORD });

beforeAll(async () => {
  sandbox = await startTestSandbox();
  const cal = new Calendar(site());
  try {
    for (let i = 1; i <= 12; i++) await cal.tags.create({ name: `Walk Tag ${String(i).padStart(2, '0')}` });
  } finally {
    await cal.close();
  }
});

afterAll(async () => {
  await sandbox?.close();
});

describe('a call bounded and watched', () => {
  test('a signal aborted mid-walk stops it: no request is sent after the abort', async () => {
    const requests: RequestEvent[] = [];
    const cal = new Calendar({ ...site(), hooks: { request: (event) => requests.push(event) } });
    try {
      const controller = new AbortController();
      const taken: string[] = [];
      let sentAtAbort = 0;
      const walking = (async () => {
        for await (const tag of cal.tags.iterate({ search: 'Walk Tag', hide_empty: false, per_page: 3 }, { signal: controller.signal })) {
          taken.push(tag.name as string);
          if (taken.length === 4) {
            controller.abort();
            sentAtAbort = requests.length;
          }
        }
      })();
      const error = await walking.then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(error).toBeInstanceOf(AbortError);
      expect(error).toMatchObject({ name: 'AbortError', code: 'aborted' });
      // Nothing is handed over after the abort, not even records already read.
      expect(taken).toHaveLength(4);
      expect(requests.length).toBe(sentAtAbort);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(requests.length).toBe(sentAtAbort);
    } finally {
      await cal.close();
    }
  });

  test('a deadline ends a call that would take longer, retries and all; bad limits are refused before any request', async () => {
    const slow = await startTestSandbox({ faults: 'slow=2000:1' });
    const cal = new Calendar({ baseUrl: slow.restRoot, username: USER, appPassword: PASSWORD });
    try {
      const started = Date.now();
      const error = await cal.tags.list({}, { deadline: 0.3 }).catch((err: unknown) => err);
      expect(error).toMatchObject({ name: 'AbortError', code: 'deadline', exitCode: 5 });
      expect((error as Error).message).toMatch(/^the deadline of 0\.3 s passed/);
      // Well before the slow answer (2 s) would have come, with room for a loaded machine.
      expect(Date.now() - started).toBeLessThan(1500);
      await expect(cal.tags.list({}, { timeout: -1 })).rejects.toMatchObject({
        name: 'UsageError',
        message: 'timeout: "-1" is not a number of seconds above 0',
      });
      expect(slow.stats.requests).toBe(1);
    } finally {
      await cal.close();
      await slow.close();
    }
  });

  test('a key a call does not take is refused before any request: filters, options and view filters alike', async () => {
    const requests: string[] = [];
    const cal = new Calendar({ ...site(), hooks: { request: (event: RequestEvent) => void requests.push(event.url) } });
    // As a JavaScript caller writes them: no type check.
    const untyped = cal as unknown as Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>> & {
      agenda: (...args: unknown[]) => Promise<unknown>;
    };
    try {
      await expect(untyped.events.list({ per_pag: 5 })).rejects.toMatchObject({
        name: 'UsageError',
        exitCode: 2,
        message: 'per_pag: not one of the filters of events (did you mean per_page?)',
      });
      await expect(untyped.venues.delete(1, { permanent: true })).rejects.toMatchObject({
        message: 'permanent: not one of the options of venues.delete (did you mean permanently?)',
      });
      await expect(untyped.tags.update(1, { name: 'x' }, { forse: true })).rejects.toMatchObject({
        message: /^forse: not one of the options of tags\.update \(did you mean force\?\)/,
      });
      await expect(untyped.tags.get(1, { render: true })).rejects.toMatchObject({
        message: /^render: not one of the options of a read \(did you mean rendered\?\)/,
      });
      await expect(untyped.agenda({ days: 3 })).rejects.toMatchObject({ message: 'days: not one of the filters of the agenda' });
      expect(requests).toEqual([]);
      // A series' options are an event's own: taken by events, refused elsewhere.
      await expect(untyped.events.delete(1, { scope: 'bogus' })).rejects.toMatchObject({ message: /^scope: "bogus" is not/ });
      await expect(untyped.venues.delete(1, { scope: 'series' })).rejects.toMatchObject({ message: /^scope: not one of the options of venues\.delete/ });
      const tags = await cal.tags.list({ search: 'Walk Tag', hide_empty: false, per_page: 5 }, { rendered: true });
      expect([tags.length, requests.length]).toEqual([12, 3]);
    } finally {
      await cal.close();
    }
  });

  test('hooks count the requests, a dispatcher of the caller carries them, debug lines say them without credentials', async () => {
    const counted = { requests: 0, responses: 0, dispatched: 0 };
    const lines: string[] = [];
    const agent = new Agent();
    const dispatcher = agent.compose((dispatch) => (options, handler) => {
      counted.dispatched++;
      return dispatch(options, handler);
    });
    const cal = new Calendar({
      ...site(),
      dispatcher,
      debug: (line) => lines.push(line),
      hooks: { request: () => void counted.requests++, response: () => void counted.responses++ },
    });
    try {
      const tags = await cal.tags.list({ search: 'Walk Tag', hide_empty: false, per_page: 5 });
      expect(tags).toHaveLength(12);
      // What the server counts, and the pages of the size asked.
      expect(tags.total).toBe(12);
      expect(tags.totalPages).toBe(3);
      expect(counted.requests).toBeGreaterThanOrEqual(3);
      expect(counted.responses).toBe(counted.requests);
      expect(counted.dispatched).toBe(counted.requests);
      expect(lines.some((line) => /^debug: > GET http:\/\/127\.0\.0\.1:\d+\/wp-json\/tribe\/events\/v1\/tags\?/.test(line))).toBe(true);
      expect(lines.join('\n')).not.toContain(PASSWORD);
      expect(lines.join('\n')).not.toContain(Buffer.from(`${USER}:${PASSWORD}`).toString('base64'));
    } finally {
      await cal.close();
      await agent.close();
    }
  });

  test('creates that got a 429 are sent again: every one is made, once', async () => {
    const busy = await startTestSandbox({ faults: '429=0.25', faultsSeed: 7 });
    const retried: number[] = [];
    const cal = new Calendar({ baseUrl: busy.restRoot, username: USER, appPassword: PASSWORD, hooks: { retry: (event) => retried.push(event.status ?? 0) } });
    try {
      for (let i = 1; i <= 4; i++) await cal.tags.create({ name: `Busy ${i}` });
      const made = await cal.tags.list({ search: 'Busy', hide_empty: false });
      expect(made.map((tag) => tag.name).sort()).toEqual([1, 2, 3, 4].map((i) => `Busy ${i}`));
      expect(retried.length).toBeGreaterThan(0);
      expect(new Set(retried)).toEqual(new Set([429]));
    } finally {
      await cal.close();
      await busy.close();
    }
  });

  test('close({ abort: true }) stops a call in flight at once', async () => {
    const slow = await startTestSandbox({ faults: 'slow=3000:1' });
    const cal = new Calendar({ baseUrl: slow.restRoot, username: USER, appPassword: PASSWORD });
    const pending = cal.tags.list().catch((err: unknown) => err);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await cal.close({ abort: true });
    expect(await pending).toMatchObject({ name: 'AbortError', code: 'aborted' });
    expect(Date.now() - started).toBeLessThan(1000);
    await slow.close();
  });
});
