/**
 * Names and slugs in every script, and references that fit two records (issue 38, items 1 and 5).
 * The plugin's venue and organizer search looks only for ASCII pieces of the text, so a name in
 * other letters is never found by it: the tool must still find the record, and refuse a create
 * that the server would merge into it.
 */
import { describe, expect, test } from 'vitest';
import { api, created, json, useSite } from './helpers.js';

type Json = Record<string, any>;

const site = useSite();
const cli = (...args: string[]) => site.cli(args);
const when = ['--start-date', '2027-03-01 19:00', '--end-date', '2027-03-01 21:00'];

describe('a venue named in Cyrillic or Japanese', () => {
  test('a create of its name (any case) is refused as taken, and the venue keeps its city', async () => {
    const id = await created(site.sandbox, 'venues', { venue: 'Дом культуры', city: 'Москва', phone: '111' });
    for (const name of ['Дом культуры', 'ДОМ КУЛЬТУРЫ ']) {
      const r = await cli('venues', 'create', '--name', name, '--city', 'Казань', '--phone', '222');
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`exists already (ID ${id})`);
    }
    expect((await api<Json>(site.sandbox, 'GET', `venues/${id}`)).body).toMatchObject({ city: 'Москва', phone: '111' });
  });

  test('is found by its name by get, by a link of a create and by a list filter', async () => {
    const tokyo = await created(site.sandbox, 'venues', { venue: '東京ホール', city: '東京' });
    const get = await cli('venues', 'get', '東京ホール', '--format', 'ids');
    expect([get.code, get.stdout.trim()], get.stderr).toEqual([0, String(tokyo)]);
    const made = await cli('events', 'create', '--title', 'Tokyo night', ...when, '--venue', '東京ホール', '--json');
    expect(made.code, made.stderr).toBe(0);
    expect(json<Json>(made.stdout).venue.id).toBe(tokyo);
    const listed = await cli('events', 'list', '--venue', '東京ホール', '--start-date', '2027-01-01', '--format', 'ids');
    expect([listed.code, listed.stdout.trim()], listed.stderr).toEqual([0, String(json<Json>(made.stdout).id)]);
  });
});

describe('a venue whose name holds a letter the database spells with two (ß)', () => {
  test('a create of the name typed with the two letters is refused as taken', async () => {
    const id = await created(site.sandbox, 'venues', { venue: 'Große Straße Halle', city: 'Köln' });
    const r = await cli('venues', 'create', '--name', 'GROSSE STRASSE HALLE', '--city', 'Bonn');
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`exists already (ID ${id})`);
    expect((await api<Json>(site.sandbox, 'GET', `venues/${id}`)).body.city).toBe('Köln');
  });
});

describe('an organizer slug typed in its own letters', () => {
  test('is found (WordPress keeps it percent-encoded)', async () => {
    const id = await created(site.sandbox, 'organizers', { organizer: 'Оркестр города' });
    const stored = (await api<Json>(site.sandbox, 'GET', `organizers/${id}`)).body.slug;
    expect(stored).toBe('%d0%be%d1%80%d0%ba%d0%b5%d1%81%d1%82%d1%80-%d0%b3%d0%be%d1%80%d0%be%d0%b4%d0%b0');
    for (const ref of ['оркестр-города', stored]) {
      const r = await cli('organizers', 'get', ref, '--format', 'ids');
      expect([r.code, r.stdout.trim()], `${ref}: ${r.stderr}`).toEqual([0, String(id)]);
    }
  });
});

describe("a slug that is one venue's and spells another's name", () => {
  test('is refused as ambiguous by events create and events list, listing both', async () => {
    // The first "Old Stage", renamed, keeps its slug; the next one gets another.
    const main = await created(site.sandbox, 'venues', { venue: 'Old Stage' });
    await api(site.sandbox, 'POST', `venues/${main}`, { venue: 'Main Hall' });
    const old = await created(site.sandbox, 'venues', { venue: 'Old Stage' });
    expect((await api<Json>(site.sandbox, 'GET', `venues/${main}`)).body.slug).toBe('old-stage');
    expect((await api<Json>(site.sandbox, 'GET', `venues/${old}`)).body.slug).toBe('old-stage-2');
    for (const args of [
      ['events', 'create', '--title', 'Where?', ...when, '--venue', 'old-stage'],
      ['events', 'list', '--venue', 'old-stage'],
    ]) {
      const r = await cli(...args);
      expect(r.code, `${args[1]}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toContain(`"old-stage" could mean 2 venues: ${main} "Main Hall" (old-stage), ${old} "Old Stage" (old-stage-2)`);
    }
    const byOtherSlug = await cli('events', 'create', '--title', 'There', ...when, '--venue', 'old-stage-2', '--json');
    expect(byOtherSlug.code, byOtherSlug.stderr).toBe(0);
    expect(json<Json>(byOtherSlug.stdout).venue.id).toBe(old);
  });
});

describe('an export whose links are slugs another record spells', () => {
  test("imports back unchanged: a file's link that is a record's slug is that record", async () => {
    const music = await created(site.sandbox, 'categories', { name: 'Music' });
    const dance = await created(site.sandbox, 'categories', { name: 'Dance' });
    const jazz = await created(site.sandbox, 'categories', { name: 'Jazz', parent: music });
    await created(site.sandbox, 'categories', { name: 'Jazz', parent: dance });
    await created(site.sandbox, 'events', {
      title: 'Round trip jazz',
      ...{ start_date: '2027-08-01 19:00:00', end_date: '2027-08-01 20:00:00' },
      categories: [jazz],
    });
    const exported = await cli('export', 'events', '--search', 'Round trip jazz', '--start-date', '2027-01-01');
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain('"categories":["jazz"]');
    const back = await site.cli(['import', 'events', '-', '--upsert-by', 'slug', '--yes'], { stdin: exported.stdout });
    expect(back.code, back.stderr).toBe(0);
    expect(back.stderr).toContain('0 created, 0 updated, 1 unchanged, 0 failed');
  });
});
