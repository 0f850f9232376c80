/**
 * Unlinking a category from its parent, against the real site's answers
 * (test/fixtures/term-parent, written by scripts/realsite/probe-term-parent.mjs): the plugin's
 * route refuses `parent: 0`, WordPress core's term route takes it. Each request of requests.json
 * is sent to the sandbox in the same order, on terms of the same names, the child linked to
 * its parent before each; status, `Allow` and body must match, IDs and host aside.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { client, send, type Client } from './helpers.js';

type Json = Record<string, any>;
const DIR = resolve(import.meta.dirname, '../fixtures/term-parent');
const real = (name: string): Json => JSON.parse(readFileSync(resolve(DIR, `${name}.json`), 'utf8'));
const { created, requests } = real('requests') as {
  created: Record<string, Json>;
  requests: Record<string, { method: string; path: string; body: Json; anonymous: boolean }>;
};

let site: Client;
const ids: Record<string, number> = {};

/** IDs and the host out of an answer: what is left must be the same on both sites. */
function comparable(answer: { status: number; allow: string | null; body: unknown }): unknown {
  const text = JSON.stringify(answer.body)
    .replace(/https?:\/\/[^/"]+/g, 'HOST')
    .replace(/"id":\d+/g, '"id":"ID"')
    .replace(/(tribe_events_cat|tags)(\/|=)\d+/g, '$1$2ID');
  return { status: answer.status, allow: answer.allow, body: JSON.parse(text) };
}

const fill = (text: string) => text.replace(/\{(parent|child|tag)\}/g, (_, name: string) => String(ids[name]));

async function sendAsRecorded(name: string): Promise<{ status: number; allow: string | null; body: unknown }> {
  const { method, path, body, anonymous } = requests[name];
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (!anonymous) headers.authorization = `Basic ${Buffer.from('admin:test-pass').toString('base64')}`;
  const filled = Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, typeof value === 'string' && /^\{\w+\}$/.test(value) ? Number(fill(value)) : value]),
  );
  const answer = await send(`${site.sandbox.restRoot}${fill(path)}`, { method, headers, body: JSON.stringify(filled) });
  return { status: answer.status, allow: answer.headers.get('allow'), body: answer.body };
}

const parentOf = async (id: number) => (await site.call('GET', `/categories/${id}`)).body.parent;

beforeAll(async () => {
  site = await client();
  ids.parent = (await site.call('POST', '/categories', created.parent)).body.id;
  ids.child = (await site.call('POST', '/categories', { ...created.child, parent: ids.parent })).body.id;
  ids.tag = (await site.call('POST', '/tags', created.tag)).body.id;
});
afterAll(() => site.close());

describe('a category unlinked from its parent, as the real site answers', () => {
  test.each(Object.keys(requests))('%s', async (name) => {
    await site.call('POST', `/categories/${ids.child}`, { parent: ids.parent });
    const answer = await sendAsRecorded(name);
    expect(comparable(answer)).toEqual(comparable(real(name) as never));
  });

  test('only core takes parent 0, and it changes the parent alone', async () => {
    await site.call('POST', `/categories/${ids.child}`, { parent: ids.parent });
    const before = (await site.call('GET', `/categories/${ids.child}`)).body;
    expect((await sendAsRecorded('tribe-category-parent-0')).status).toBe(400);
    expect(await parentOf(ids.child)).toBe(ids.parent);
    expect((await sendAsRecorded('core-category-unlink')).status).toBe(200);
    const after = (await site.call('GET', `/categories/${ids.child}`)).body;
    expect(after.parent).toBe(0);
    const kept = (term: Json) => [term.id, term.name, term.slug, term.description, term.count, term.taxonomy];
    expect(kept(after)).toEqual(kept(before));
    expect(await parentOf(ids.parent)).toBe(0);
  });
});
