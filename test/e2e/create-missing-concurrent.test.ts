/**
 * --create-missing under concurrency (issue 38, item 4): creates of one new category at the same
 * time make it once; a create another process beat is answered `term_exists` with the term the
 * site holds, which is then the one linked; what still fails names the term.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiError, Calendar } from '../../src/core/index.js';
import { Resolver } from '../../src/core/records/resolve.js';
import { ApiClient } from '../../src/core/http/client.js';
import { parseRestRoot } from '../../src/core/http/url.js';
import { api, calendarFailure, created, PASSWORD, startTestSandbox, USER, type Sandbox } from './helpers.js';

type Json = Record<string, any>;

let sandbox: Sandbox;
let cal: Calendar;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  cal = new Calendar({ baseUrl: sandbox.restRoot, username: USER, appPassword: PASSWORD });
});

afterAll(async () => {
  await cal?.close();
  await sandbox?.close();
});

const clientOf = (password = PASSWORD) =>
  new ApiClient({
    root: parseRestRoot(sandbox.restRoot),
    namespace: 'tribe/events/v1',
    username: USER,
    password,
    timeoutMs: 10_000,
    retries: 0,
    debug: false,
    stderr: { write: () => true },
  });

describe('six creates at once that name one new category', () => {
  test('create it once and link all six to it', async () => {
    const events = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        cal.events.create(
          { title: `Concurrent ${i}`, start_date: '2027-06-01 19:00:00', end_date: '2027-06-01 20:00:00', categories: ['Concurrent Cat'] },
          { createMissing: true },
        ),
      ),
    );
    const categories = (await api<Json>(sandbox, 'GET', 'categories?search=Concurrent&hide_empty=false')).body.categories;
    expect(categories.map((c: Json) => c.name)).toEqual(['Concurrent Cat']);
    expect(events.map((event) => (event.categories as Json[]).map((c) => c.id))).toEqual(Array(6).fill([categories[0].id]));
  });
});

describe('a create another process beat', () => {
  test('is answered term_exists, and the term the site holds is the one meant', async () => {
    const held = await created(sandbox, 'categories', { name: 'Beaten Cat' });
    // This resolver looked the name up before the other process created it: it creates.
    expect(await new Resolver(clientOf()).create('categories', 'Beaten Cat')).toBe(held);
    expect(await new Resolver(clientOf()).create('tags', 'Beaten Tag')).toBeGreaterThan(0);
    const tags = (await api<Json>(sandbox, 'GET', 'tags?search=Beaten&hide_empty=false')).body.tags;
    expect(await new Resolver(clientOf()).create('tags', 'beaten tag')).toBe(tags[0].id);
    expect((await api<Json>(sandbox, 'GET', 'categories?search=Beaten&hide_empty=false')).body.categories).toHaveLength(1);
  });

  test('a create that fails for another reason names the term', async () => {
    const failure = await calendarFailure(new Resolver(clientOf('wrong password')).create('categories', 'Refused Cat'));
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.message).toMatch(/^category "Refused Cat" could not be created: /);
  });
});
