/**
 * Names and words as an editor types them: a category or tag whose name holds `&` is stored
 * by the server as `&amp;`, where a search for the typed name finds nothing; a format with a typo.
 */
import { describe, expect, test } from 'vitest';
import { api, created, json, useSite } from './helpers.js';

type Json = Record<string, any>;

const site = useSite();
const cli = (...args: string[]) => site.cli(args);

describe('a term named with an ampersand', () => {
  test('is found by the name as typed, in get and in links', async () => {
    const music = await created(site.sandbox, 'categories', { name: 'Music' });
    const rock = await created(site.sandbox, 'categories', { name: 'Rock & Roll', parent: music });
    const got = await cli('categories', 'get', 'Rock & Roll', '--json');
    expect(got.code, got.stderr).toBe(0);
    expect(json<Json>(got.stdout).id).toBe(rock);

    const event = await cli(
      'events',
      'create',
      '--title',
      'Gig',
      '--start-date',
      '2027-05-01 20:00',
      '--end-date',
      '2027-05-01 22:00',
      '--categories',
      'Rock & Roll',
      '--create-missing',
      '--json',
    );
    expect(event.code, event.stderr).toBe(0);
    expect(json<Json>(event.stdout).categories.map((c: Json) => c.id)).toEqual([rock]);
    const all = (await api<Json>(site.sandbox, 'GET', 'categories?hide_empty=false&per_page=50')).body.categories as Json[];
    expect(all.filter((c) => c.slug.startsWith('rock'))).toHaveLength(1);
  });

  test('a tag with an ampersand links once, without a duplicate', async () => {
    const tag = await created(site.sandbox, 'tags', { name: 'Arts & Crafts' });
    const r = await cli(
      'events',
      'create',
      '--title',
      'Fair',
      '--start-date',
      '2027-05-02 10:00',
      '--end-date',
      '2027-05-02 12:00',
      '--tags',
      'Arts & Crafts',
      '--create-missing',
      '--json',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(json<Json>(r.stdout).tags.map((t: Json) => t.id)).toEqual([tag]);
    const listed = await cli('events', 'list', '--tags', 'Arts & Crafts', '--start-date', '2027-05-01', '--format', 'ids');
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout.trim()).toBe(String(json<Json>(r.stdout).id));
  });
});

describe('a mistyped format', () => {
  test('is refused with the format it resembles, before any request', async () => {
    const r = await cli('events', 'list', '--format', 'jsno', '--debug');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"jsno" is not one of table, json');
    expect(r.stderr).toContain('Did you mean json?');
    expect(r.stderr).not.toMatch(/debug: > GET/);
  });
});
