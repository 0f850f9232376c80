/**
 * A file imported twice changes nothing the second time, for every resource and every kind
 * of field: text the server turns typographic (quotes, `&`, dashes), HTML, costs it
 * reformats (`5-10`, `Free`, `Donation`), booleans and boolean strings, dates, zones and
 * links by slug or name. A field the server normalises must compare equal to what was sent.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { created, useSiteEach } from './helpers.js';

// Every test has a site of its own and creates the records its file links to.
const site = useSiteEach();

function file(name: string, records: unknown[]): string {
  const path = join(site.home.home, name);
  writeFileSync(path, `${records.map((r) => JSON.stringify(r)).join('\n')}\n`);
  return path;
}

const importTwice = async (resource: string, records: unknown[], by = 'slug') => {
  const path = file(`${resource}.ndjson`, records);
  const first = await site.cli(['import', resource, path, '--upsert-by', by, '--yes']);
  expect(first.code, first.stderr).toBe(0);
  expect(first.stderr).toContain(`${records.length} created, 0 updated, 0 unchanged, 0 failed`);
  const second = await site.cli(['import', resource, path, '--upsert-by', by, '--yes']);
  expect(second.code, second.stderr).toBe(0);
  return second.stderr;
};

describe('unchanged on re-run', () => {
  test('tags and categories: names with entities, descriptions, parents', async () => {
    expect(
      await importTwice('tags', [
        { name: 'Rock & Roll', slug: 'rock-roll', description: 'Loud <b>and</b> proud' },
        { name: 'O’Brien\'s "Picks"', slug: 'obrien-picks' },
      ]),
    ).toContain('0 updated, 2 unchanged');
    expect(
      await importTwice('categories', [
        { name: 'Music', slug: 'music' },
        { name: 'Jazz – Live', slug: 'jazz-live', parent: 'music', description: 'Swing & bop' },
      ]),
    ).toContain('0 updated, 2 unchanged');
  });

  test('venues and organizers: contact fields, map flags, typographic names', async () => {
    const venues = [
      {
        venue: "Tom & Jerry's Hall",
        slug: 'tom-jerrys-hall',
        address: '1 Main St',
        city: 'Lyon',
        country: 'France',
        zip: '69001',
        phone: '+33 4 00 00 00 00',
        website: 'https://hall.example.com',
        show_map: 'false',
        show_map_link: 'true',
        description: '<p>Cosy</p>',
      },
      { venue: 'Blue Note — Annex', slug: 'blue-note-annex', state: 'NY', city: 'New York' },
    ];
    expect(await importTwice('venues', venues)).toContain('0 updated, 2 unchanged');
    const organizers = [{ organizer: 'Dupont & Fils, Société', email: 'contact@dupont.example.com', phone: '+33 1', website: 'https://dupont.example.com' }];
    expect(await importTwice('organizers', organizers, 'name')).toContain('0 updated, 1 unchanged');
  });

  test('events: every field kind, costs the server reformats included', async () => {
    await created(site.sandbox, 'tags', { name: 'Outdoors', slug: 'outdoors' });
    const music = await created(site.sandbox, 'categories', { name: 'Music', slug: 'music' });
    await created(site.sandbox, 'categories', { name: 'Jazz – Live', slug: 'jazz-live', parent: music });
    await created(site.sandbox, 'venues', { venue: "Tom & Jerry's Hall", slug: 'tom-jerrys-hall', city: 'Lyon' });
    await created(site.sandbox, 'organizers', { organizer: 'Dupont & Fils, Société', email: 'contact@dupont.example.com' });
    const events = [
      {
        title: 'O\'Brien\'s "Big" Night & More',
        slug: 'obriens-big-night',
        description: '<p>First &amp; second</p><p>Third – fourth</p>',
        excerpt: 'Short',
        start_date: '2027-04-01 19:00',
        end_date: '2027-04-01 22:30',
        timezone: 'Europe/Paris',
        cost: '5-10',
        website: 'https://night.example.com',
        featured: true,
        sticky: false,
        show_map: true,
        show_map_link: false,
        categories: ['jazz-live'],
        tags: ['Outdoors'],
        venue: 'tom-jerrys-hall',
        organizer: ['Dupont & Fils, Société'],
      },
      { title: 'Free Fair', slug: 'free-fair', start_date: '2027-05-01', end_date: '2027-05-02', all_day: true, cost: 'Free' },
      { title: 'Donation Day', slug: 'donation-day', start_date: '2027-06-01 10:00', end_date: '2027-06-01 12:00', cost: 'Donation' },
      // Typed as a European would: the server shows 15,50€ and parses 15.50.
      { title: 'Euro Night', slug: 'euro-night', start_date: '2027-06-02 20:00', end_date: '2027-06-02 23:00', cost: '15,50 €' },
      { title: 'Range Night', slug: 'range-night', start_date: '2027-06-03 20:00', end_date: '2027-06-03 23:00', cost: '5 - 10 $' },
      // A thousand euros as a European writes it: the server reads two amounts, 1.000 and 50, and keeps reading so.
      { title: 'Gala', slug: 'gala', start_date: '2027-06-04 20:00', end_date: '2027-06-04 23:00', cost: '1.000,50 €' },
    ];
    expect(await importTwice('events', events)).toContain('0 created, 0 updated, 6 unchanged');
  });
});

describe('an export imported back with --upsert-by slug', () => {
  test('drafts, which have no slug, are matched by their title; repeated titles of published events by their slugs', async () => {
    const day = (n: number) => `2027-09-${String(n).padStart(2, '0')}`;
    for (let n = 1; n <= 3; n++)
      await created(site.sandbox, 'events', { title: 'Jazz on the River', start_date: `${day(n)} 19:00:00`, end_date: `${day(n)} 21:00:00` });
    await created(site.sandbox, 'events', { title: 'Season Planning', status: 'draft', start_date: `${day(10)} 18:00:00`, end_date: `${day(10)} 19:00:00` });
    const exported = await site.cli(['export', 'events']);
    expect(exported.code, exported.stderr).toBe(0);
    const path = join(site.home.home, 'export.ndjson');
    writeFileSync(path, exported.stdout);
    expect(exported.stdout.split('\n').filter((line) => line.includes('Season Planning'))[0]).not.toContain('"slug"');
    for (let run = 0; run < 2; run++) {
      const again = await site.cli(['import', 'events', path, '--upsert-by', 'slug', '--yes']);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toContain('0 created, 0 updated, 4 unchanged, 0 failed');
    }
    writeFileSync(path, exported.stdout.replace('"title":"Season Planning",', '"title":"Season Planning","description":"Agenda to follow",'));
    const changed = await site.cli(['import', 'events', path, '--upsert-by', 'slug', '--yes']);
    expect(changed.stderr).toContain('0 created, 1 updated, 3 unchanged, 0 failed');
    const drafts = (...extra: string[]) =>
      site.cli(['events', 'list', '--status', 'draft', '--start-date', day(1), '--end-date', day(30), '--format', 'json', ...extra]);
    const descriptions = (stdout: string) => JSON.parse(stdout).map((event: { description: string }) => event.description);
    // As typed, and as the site renders it.
    expect(descriptions((await drafts()).stdout)).toEqual(['Agenda to follow']);
    expect(descriptions((await drafts('--rendered')).stdout)).toEqual(['<p>Agenda to follow</p>']);
  });

  test('a published record without a slug is refused before anything is sent', async () => {
    const writes = site.sandbox.stats.writes;
    const noSlug = await site.cli([
      'import',
      'events',
      file('published.ndjson', [{ title: 'Out Now', start_date: '2027-10-01 10:00', end_date: '2027-10-01 11:00' }]),
      '--upsert-by',
      'slug',
      '--yes',
    ]);
    expect(noSlug.code).toBe(2);
    expect(noSlug.stderr).toContain('slug: is required by --upsert-by slug (a published record needs its slug; drafts are matched by their title)');
    expect(site.sandbox.stats.writes).toBe(writes);
  });

  test('drafts of one title are told apart by their order: an export imports back unchanged, a change reaches the right one', async () => {
    for (const n of [1, 2])
      await created(site.sandbox, 'events', { title: 'Twin Draft', status: 'draft', start_date: `2027-11-0${n} 10:00:00`, end_date: `2027-11-0${n} 11:00:00` });
    const exported = await site.cli(['export', 'events', '--search', 'Twin Draft']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout.trim().split('\n')).toHaveLength(2);
    const back = await site.cli(['import', 'events', '-', '--upsert-by', 'slug', '--yes'], { stdin: exported.stdout });
    expect(back.code, back.stderr).toBe(0);
    expect(back.stderr).toContain('0 created, 0 updated, 2 unchanged, 0 failed');
    const later = exported.stdout.replace('"2027-11-02 11:00:00"', '"2027-11-02 12:30:00"');
    const changed = await site.cli(['import', 'events', '-', '--upsert-by', 'slug', '--yes'], { stdin: later });
    expect(changed.stderr).toContain('0 created, 1 updated, 1 unchanged, 0 failed');
    const drafts = await site.cli(['events', 'list', '--search', 'Twin Draft', '--status', 'draft', '--start-date', '2027-11-01', '--format', 'json']);
    expect(JSON.parse(drafts.stdout).map((event: { end_date: string }) => event.end_date)).toEqual(['2027-11-01 11:00:00', '2027-11-02 12:30:00']);
  });
});
