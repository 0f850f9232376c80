/**
 * References and links on update and delete, as seen on a real site: a slug is never taken
 * for an ID, --create-missing works for --add-x as for --x, and a delete prompt counts every
 * event that uses a venue, those hidden from listings too.
 */
import { describe, expect, test } from 'vitest';
import { api, created, json, useSite } from './helpers.js';

type Json = Record<string, any>;

const site = useSite();
const cli = (...args: string[]) => site.cli(args);

describe('venues update SLUG --replace', () => {
  test('keeping its own name is no clash with itself', async () => {
    const id = await created(site.sandbox, 'venues', { venue: 'Replace Hall', city: 'Lyon' });
    const r = await cli('venues', 'update', 'replace-hall', '--replace', '--venue', 'Replace Hall', '--city', 'Lille', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(json<Json>(r.stdout)).toMatchObject({ id, venue: 'Replace Hall', city: 'Lille' });
  });

  test('another venue of that name is still refused, naming it', async () => {
    const other = await created(site.sandbox, 'venues', { venue: 'Taken Hall' });
    await created(site.sandbox, 'venues', { venue: 'Renamed Hall' });
    const r = await cli('venues', 'update', 'renamed-hall', '--replace', '--venue', 'Taken Hall');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`a venue named "Taken Hall" exists already (ID ${other})`);
  });
});

describe('--add-tags with --create-missing', () => {
  test('creates the tag it names and links it', async () => {
    const event = await created(site.sandbox, 'events', { title: 'Tagged later', start_date: '2027-05-01 10:00:00', end_date: '2027-05-01 11:00:00' });
    const refused = await cli('events', 'update', String(event), '--add-tags', 'Brand New Tag');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--create-missing');
    const r = await cli('events', 'update', String(event), '--add-tags', 'Brand New Tag', '--create-missing', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(json<Json>(r.stdout).tags.map((t: Json) => t.name)).toEqual(['Brand New Tag']);
  });

  test('--remove-tags never creates', async () => {
    const event = await created(site.sandbox, 'events', { title: 'Untagged', start_date: '2027-05-02 10:00:00', end_date: '2027-05-02 11:00:00' });
    const r = await cli('events', 'update', String(event), '--remove-tags', 'Never Made', '--create-missing');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no tags matches "Never Made"');
    expect((await api<Json>(site.sandbox, 'GET', 'tags?search=Never%20Made&hide_empty=false')).body.tags ?? []).toEqual([]);
  });
});

describe('venues delete', () => {
  test('the prompt counts the events hidden from listings that use the venue', async () => {
    const venue = await created(site.sandbox, 'venues', { venue: 'Counted Hall' });
    const event = (title: string, day: string, extra: Json = {}) =>
      created(site.sandbox, 'events', { title, start_date: `2027-06-${day} 10:00:00`, end_date: `2027-06-${day} 11:00:00`, venue, ...extra });
    await event('Listed one', '01');
    await event('Listed two', '02');
    await event('Hidden one', '03', { hide_from_listings: true });
    await event('Hidden draft', '04', { hide_from_listings: true, status: 'draft' });
    await created(site.sandbox, 'events', { title: 'Elsewhere, hidden', start_date: '2027-06-05 10:00:00', end_date: '2027-06-05 11:00:00', hide_from_listings: true });
    const r = await cli('venues', 'delete', 'counted-hall', '--yes');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('is linked to 4 events');
  });
});

describe('zone labels of an event that crosses a change of summer time', () => {
  test('the end is labelled with the name in force at the end', async () => {
    const newYork = await created(site.sandbox, 'events', { title: 'Overnight NY', start_date: '2027-03-13 21:30:00', end_date: '2027-03-14 05:00:00', timezone: 'America/New_York' });
    const paris = await created(site.sandbox, 'events', { title: 'Overnight Paris', start_date: '2027-03-27 22:00:00', end_date: '2027-03-28 05:00:00', timezone: 'Europe/Paris' });
    const r = await cli('events', 'get', String(newYork), String(paris), '--fields', 'id,start_date,end_date');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`${newYork}\t2027-03-13 21:30 EST\t2027-03-14 05:00 EDT`);
    expect(r.stdout).toContain(`${paris}\t2027-03-27 22:00 CET\t2027-03-28 05:00 CEST`);
    const list = await cli('events', 'list', '--search', 'Overnight', '--start-date', '2027-03-01');
    expect(list.stdout).toContain('2027-03-14 05:00 EDT');
  });
});
