/**
 * The library (src/core/index.ts) in-process against a sandbox: the five verbs of each resource,
 * references by ID, slug and name, the lossless update, typed errors, messages to onMessage,
 * and site resolution from the environment as the CLI does it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ApiError, Calendar, CalendarError, EXIT, NameTakenError, NotFoundError, UsageError, type CalendarMessage } from '../../src/core/index.js';
import { api, calendarFailure as failure, created, PASSWORD, startTestSandbox, tempHome, USER, type Sandbox } from './helpers.js';

type Json = Record<string, any>;

let sandbox: Sandbox;
let cal: Calendar;
const messages: CalendarMessage[] = [];

beforeAll(async () => {
  sandbox = await startTestSandbox();
  cal = new Calendar({ baseUrl: sandbox.restRoot, username: USER, appPassword: PASSWORD, onMessage: (m) => messages.push(m) });
});

afterAll(async () => {
  await cal?.close();
  await sandbox?.close();
});

describe('events', () => {
  test('create, get by ID and slug, update losslessly, delete to the trash', async () => {
    const event = await cal.events.create(
      {
        title: 'Library Night',
        start_date: '2027-06-01 19:00:00',
        end_date: '2027-06-01 22:00:00',
        website: 'https://example.org/night',
        venue: 'Library Hall',
        categories: ['Talks'],
      },
      { createMissing: true },
    );
    expect(event).toMatchObject({ title: 'Library Night', start_date: '2027-06-01 19:00:00', slug: 'library-night' });
    expect((event.venue as Json).venue).toBe('Library Hall');
    expect(await cal.events.get(event.id)).toMatchObject({ id: event.id, title: 'Library Night' });
    expect(await cal.events.get('library-night')).toMatchObject({ id: event.id });

    const updated = await cal.events.update('library-night', { title: 'Library Night, again' });
    expect(updated).toMatchObject({ id: event.id, title: 'Library Night, again', website: 'https://example.org/night' });
    // What the update was not asked to change is kept as stored (the tribe route alone would reset it).
    const stored = (await api<Json>(sandbox, 'GET', `events/${event.id}`)).body;
    expect(stored).toMatchObject({ website: 'https://example.org/night', start_date: '2027-06-01 19:00:00' });
    expect(stored.venue.id).toBe((event.venue as Json).id);
    expect(stored.categories.map((c: Json) => c.name)).toEqual(['Talks']);

    const trashed = await cal.events.delete(event.id);
    expect(trashed.id).toBe(event.id);
    expect((await api<Json>(sandbox, 'GET', `events/${event.id}`)).body.status).toBe('trash');
  });

  test("an update the routes could not make without changing a field is refused (exit 2) unless forced, as the CLI's is", async () => {
    // The map turned off by the person: tec/v1 would turn it on, the tribe route would re-format the cost.
    const priced = { title: 'Priced', start_date: '2027-06-02 19:00:00', end_date: '2027-06-02 22:00:00', cost: '12' } as const;
    const event = await cal.events.create({ ...priced, show_map: false, show_map_link: false });
    // A title goes by WordPress core's route, which keeps the rest: nothing to refuse.
    expect((await cal.events.update(event.id, { title: 'Priced again' })).title).toBe('Priced again');
    const refused = await failure(cal.events.update(event.id, { featured: true }));
    expect(refused.exitCode).toBe(EXIT.usage);
    expect(refused.message).toContain('cost');
    // The core names the field by its API name and no flag; the values are there for a program.
    expect(refused.message).not.toContain('--');
    expect(refused).toMatchObject({ code: 'setting_forced', field: 'cost', values: { shown: '$12' } });
    expect((await cal.events.update(event.id, { featured: true }, { force: true })).featured).toBe(true);
  });

  test('an event is created with its map on, as the editor creates one, so a later update keeps its cost as typed', async () => {
    const event = await cal.events.create({ title: 'Priced map', start_date: '2027-06-03 19:00:00', end_date: '2027-06-03 22:00:00', cost: '12,50 €' });
    const updated = await cal.events.update(event.id, { title: 'Priced map again' });
    expect(updated.title).toBe('Priced map again');
    const stored = sandbox.store.event(event.id);
    expect([stored?.fields.cost, stored?.fields.showMap, stored?.fields.showMapLink]).toEqual(['12,50 €', true, true]);
  });

  test('list walks every page and honours limit; iterate hands the same records over one by one', async () => {
    for (let i = 1; i <= 12; i++) {
      await created(sandbox, 'events', {
        title: `Walk ${i}`,
        start_date: `2027-07-${String(i).padStart(2, '0')} 10:00:00`,
        end_date: `2027-07-${String(i).padStart(2, '0')} 11:00:00`,
      });
    }
    const filters = { search: 'Walk', start_date: '2027-07-01', end_date: '2027-07-31', per_page: 5 } as const;
    const all = await cal.events.list(filters);
    expect(all.map((e) => e.title)).toEqual(Array.from({ length: 12 }, (_, i) => `Walk ${i + 1}`));
    expect((await cal.events.list({ ...filters, limit: 7 })).length).toBe(7);
    expect((await cal.events.list({ ...filters, page: 3 })).map((e) => e.title)).toEqual(['Walk 11', 'Walk 12']);
    const walked: string[] = [];
    for await (const event of cal.events.iterate(filters)) {
      walked.push(String(event.title));
      if (walked.length === 6) break;
    }
    expect(walked).toEqual(all.slice(0, 6).map((e) => e.title));
    // Pages are read as the caller walks: a caller that takes one record of six pages and dwells
    // on it (while the walk could read on) has had its page read, one page ahead and one on the way,
    // and the typed texts of the pages handed on (one request a page).
    const before = sandbox.stats.requests;
    for await (const _event of cal.events.iterate({ ...filters, per_page: 2 })) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      break;
    }
    expect(sandbox.stats.requests - before).toBeLessThanOrEqual(5);
    expect(sandbox.stats.requests - before).toBeGreaterThan(0);
  });

  test("reads give the text as typed; the site's rendering only when asked (rendered: true)", async () => {
    const typed = { title: `L'été & more "Typed"`, description: '<p>It\'s "here" & now</p>' };
    const made = await cal.events.create({ ...typed, start_date: '2027-08-01 10:00:00', end_date: '2027-08-01 11:00:00' });
    const venue = await cal.venues.create({ venue: `Café d'Été & Co` });
    expect(await cal.events.get(made.id)).toMatchObject(typed);
    const [listed] = await cal.events.list({ search: 'Typed', start_date: '2027-08-01', end_date: '2027-08-02' });
    expect(listed).toMatchObject({ id: made.id, ...typed });
    expect((await cal.venues.get(venue.id)).venue).toBe(`Café d'Été & Co`);
    const [found] = await cal.venues.list({ search: 'Café' });
    expect(found.venue).toBe(`Café d'Été & Co`);
    // As the site displays them: quotes curled, & as an entity.
    const shown = await cal.events.get(made.id, { rendered: true });
    expect(shown.title).not.toBe(typed.title);
    expect(shown.title).toMatch(/&#8217;|&#038;|&amp;/);
  });

  test('links added and removed without restating the list; on: the events taking place that day', async () => {
    const event = await cal.events.create(
      { title: 'Linked', start_date: '2027-10-01 22:00:00', end_date: '2027-10-02 02:00:00', tags: ['Lib Keep', 'Lib Drop'] },
      { createMissing: true },
    );
    const changed = await cal.events.update(event.id, {}, { links: { tags: { add: ['Lib, Comma'], remove: ['Lib Drop'] } }, createMissing: true });
    expect((changed.tags as Json[]).map((t) => t.name).sort()).toEqual(['Lib Keep', 'Lib, Comma']);
    // Starting the day before, still on at 1 a.m.: an event of the 2nd.
    expect((await cal.events.list({ on: '2027-10-02', search: 'Linked' })).map((e) => e.id)).toEqual([event.id]);
    expect(await cal.events.list({ on: '2027-10-03', search: 'Linked' })).toEqual([]);
  });

  test('the update of a start alone moves the end, and says so to onMessage', async () => {
    const event = await cal.events.create({ title: 'Moved', start_date: '2027-08-01 10:00:00', end_date: '2027-08-01 12:00:00' });
    messages.length = 0;
    const moved = await cal.events.update(event.id, { start_date: '2027-08-02 10:00:00' });
    expect(moved).toMatchObject({ start_date: '2027-08-02 10:00:00', end_date: '2027-08-02 12:00:00' });
    expect(messages).toContainEqual({ level: 'notice', text: expect.stringContaining('The end moves to 2027-08-02 12:00:00') });
    const kept = await cal.events.update(event.id, { start_date: '2027-08-02 09:00:00' }, { keepDuration: false });
    expect(kept).toMatchObject({ start_date: '2027-08-02 09:00:00', end_date: '2027-08-02 12:00:00' });
  });

  test('a create or update at the venue and time of another event says the clash to onMessage; conflictCheck: false does not', async () => {
    const venue = await cal.venues.create({ venue: 'Clash Library Hall' });
    const first = await cal.events.create({ title: 'Lib Concert', start_date: '2027-09-01 20:00:00', end_date: '2027-09-01 22:00:00', venue: venue.id });
    messages.length = 0;
    const second = await cal.events.create({ title: 'Lib Rehearsal', start_date: '2027-09-01 21:00:00', end_date: '2027-09-01 23:00:00', venue: venue.id });
    expect(messages).toContainEqual({
      level: 'warning',
      text: expect.stringContaining(`clashes with "Lib Concert" (#${first.id}) at Clash Library Hall: 2027-09-01 21:00–22:00`),
    });
    messages.length = 0;
    await cal.events.update(second.id, { title: 'Lib Rehearsal 2' }, { conflictCheck: false });
    await cal.events.create(
      { title: 'Lib Late', start_date: '2027-09-01 22:00:00', end_date: '2027-09-01 23:30:00', venue: venue.id },
      { conflictCheck: false },
    );
    expect(messages.filter((m) => m.text.includes('clashes with'))).toEqual([]);
    // A title changes neither time nor venue: no clash is looked for (#38 item 20).
    const requests = sandbox.stats.requests;
    await cal.events.update(second.id, { title: 'Lib Rehearsal 3' });
    expect(messages.filter((m) => m.text.includes('clashes with'))).toEqual([]);
    expect(sandbox.stats.requests - requests).toBe(2);
    await cal.events.update(second.id, { end_date: '2027-09-01 23:15:00' });
    expect(messages.filter((m) => m.text.includes('clashes with')).length).toBe(2);
  });
});

describe('venues, organizers, categories, tags', () => {
  test('the five verbs of each, records named by ID, slug and exact name', async () => {
    const venue = await cal.venues.create({ venue: 'Salle Émile', city: 'Lyon' });
    expect(await cal.venues.get('Salle Émile')).toMatchObject({ id: venue.id, city: 'Lyon' });
    expect((await cal.venues.update(venue.id, { phone: '123' })).city).toBe('Lyon');
    expect((await cal.venues.list({ search: 'Émile' })).map((v) => v.id)).toEqual([venue.id]);
    await created(sandbox, 'events', { title: 'At Émile', start_date: '2027-11-01 10:00:00', end_date: '2027-11-01 11:00:00', venue: venue.id });
    messages.length = 0;
    await cal.venues.delete('Salle Émile');
    expect(messages).toEqual([{ level: 'warning', text: 'venue Salle Émile is linked to 1 event; the server unlinks it from upcoming published events' }]);

    const organizer = await cal.organizers.create({ organizer: 'Org Lib', email: 'org@example.org' });
    expect((await cal.organizers.update('org-lib', { phone: '555' })).email).toBe('org@example.org');
    await cal.organizers.delete(organizer.id, { permanently: true });
    expect((await failure(cal.organizers.get(organizer.id))).exitCode).toBe(EXIT.notFound);

    const category = await cal.categories.create({ name: 'Lib Category' });
    const child = await cal.categories.create({ name: 'Lib Child', parent: 'Lib Category' });
    expect(child.parent).toBe(category.id);
    expect((await cal.categories.get('lib-child')).id).toBe(child.id);
    expect((await cal.categories.list({ hide_empty: false, search: 'Lib' })).map((c) => c.name).sort()).toEqual(['Lib Category', 'Lib Child']);
    await cal.categories.delete('Lib Child');
    await cal.categories.delete(category.id);
    expect((await failure(cal.categories.get('lib-category'))).exitCode).toBe(EXIT.notFound);

    const tag = await cal.tags.create({ name: 'Lib Tag' });
    expect((await cal.tags.update('Lib Tag', { description: 'a tag' })).description).toBe('a tag');
    expect((await cal.tags.delete('lib-tag')).id).toBe(tag.id);
  });

  test('an update by slug with replace targets the record the slug names, never Number(slug)', async () => {
    const id = await created(sandbox, 'venues', { venue: 'Slug Replace Hall', city: 'Lyon', phone: '1' });
    const replaced = await cal.venues.update('slug-replace-hall', { venue: 'Slug Replace Hall', city: 'Lille' }, { replace: true });
    expect(replaced).toMatchObject({ id, city: 'Lille' });
  });
});

describe('views as data', () => {
  test('agenda: every day of the range with the events on it; conflicts: the pairs at one venue at overlapping times', async () => {
    const hall = await created(sandbox, 'venues', { venue: 'View Hall' });
    const at = (title: string, start: string, end: string) => created(sandbox, 'events', { title, start_date: start, end_date: end, venue: hall });
    const concert = await at('View Concert', '2027-09-10 20:00:00', '2027-09-10 22:00:00');
    const rehearsal = await at('View Rehearsal', '2027-09-10 21:00:00', '2027-09-10 23:00:00');
    await at('View Festival', '2027-09-11 10:00:00', '2027-09-12 18:00:00');

    const agenda = await cal.agenda({ from: '2027-09-10', to: '2027-09-12', venue: 'View Hall' });
    expect(agenda).toMatchObject({ from: '2027-09-10', to: '2027-09-12', zone: expect.any(String) });
    expect(agenda.days.map((d) => [d.date, d.entries.map((e) => `${e.event.title} ${e.day}/${e.days}`)])).toEqual([
      ['2027-09-10', ['View Concert 1/1', 'View Rehearsal 1/1']],
      ['2027-09-11', ['View Festival 1/2']],
      ['2027-09-12', ['View Festival 2/2']],
    ]);

    const found = await cal.conflicts({ from: '2027-09-01', to: '2027-09-30', venue: hall });
    expect(found.conflicts).toEqual([
      {
        events: [
          { id: concert, title: 'View Concert', start: '2027-09-10 20:00:00', end: '2027-09-10 22:00:00' },
          { id: rehearsal, title: 'View Rehearsal', start: '2027-09-10 21:00:00', end: '2027-09-10 23:00:00' },
        ],
        where: 'at View Hall',
        from: '2027-09-10 21:00:00',
        to: '2027-09-10 22:00:00',
      },
    ]);
    const backwards = await failure(cal.agenda({ from: '2027-09-12', to: '2027-09-10' }));
    expect(backwards).toMatchObject({ exitCode: EXIT.usage, message: 'to 2027-09-10 is before from 2027-09-12' });
  });
});

describe('errors', () => {
  test('a taken name is one error, exit 2, on create and on rename; force lets the server merge', async () => {
    const first = await cal.venues.create({ venue: 'Taken Library Hall' });
    const other = await cal.venues.create({ venue: 'Free Library Hall' });
    const onCreate = await failure(cal.venues.create({ venue: 'TAKEN LIBRARY HALL' }));
    expect(onCreate).toBeInstanceOf(NameTakenError);
    expect(onCreate.exitCode).toBe(EXIT.usage);
    expect(onCreate.message).toContain(`exists already (ID ${first.id})`);
    // Its name is the class's, never the venue's: String(err) is what a logger prints.
    expect(onCreate).toMatchObject({ name: 'NameTakenError', takenName: 'TAKEN LIBRARY HALL', code: 'usage', ids: [first.id] });
    expect(String(onCreate)).toMatch(/^NameTakenError: a venue named "TAKEN LIBRARY HALL" exists already/);
    const onRename = await failure(cal.venues.update(other.id, { venue: 'Taken Library Hall' }));
    expect(onRename).toBeInstanceOf(NameTakenError);
    expect(onRename.exitCode).toBe(EXIT.usage);
    expect((await cal.venues.create({ venue: 'Taken Library Hall', city: 'Merged' }, { force: true })).id).toBe(first.id);
  });

  test('bad input is refused before any request; the server refusals carry status and code', async () => {
    const bad = await failure(cal.events.create({ title: 'No end', start_date: '2027-01-01 10:00:00', end_date: 'tomorrowish' }));
    expect(bad.exitCode).toBe(EXIT.usage);
    expect(bad.message).toContain('end_date');
    expect(bad).toBeInstanceOf(UsageError);
    expect(bad).toMatchObject({ name: 'UsageError', code: 'usage', field: 'end_date', values: { given: 'tomorrowish' } });
    expect(bad.status).toBeUndefined();
    expect((await failure(cal.events.get('no such slug'))).exitCode).toBe(EXIT.usage);
    // Not found in our words, with the server's status and code kept (the plugin checks the ID as a parameter).
    const missing = await failure(cal.events.get(99_999_999));
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toBeInstanceOf(CalendarError);
    expect(missing).toMatchObject({
      name: 'NotFoundError',
      exitCode: EXIT.notFound,
      status: 400,
      code: 'rest_invalid_param',
      message: 'event 99999999 not found',
    });
    // A status the server does not know: its own refusal, typed.
    const refused = await failure(cal.events.list({ status: 'bogus' }));
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ name: 'ApiError', exitCode: EXIT.refused, status: 400, code: 'rest_invalid_param' });
    // Messages name what a program gives, not the CLI's flags.
    const endless = await failure(cal.events.create({ title: 'x', start_date: '2027-01-01 10:00', end_date: '2027-01-01 11:00' }, { repeat: 'FREQ=DAILY' }));
    expect(endless.message).toMatch(/^repeat FREQ=DAILY: the rule has no end and no cap/);
    expect(`${endless.message} ${endless.hint ?? ''}`).not.toMatch(/--[a-z]/);
    const unknownVenue = await failure(cal.events.list({ venue: 'No Such Library Venue' }));
    expect(unknownVenue).toMatchObject({ name: 'NotFoundError', message: 'venue: no venue matches "No Such Library Venue"' });
    // A name no record holds is not found too, the same class, without a status (no server said it).
    const noName = await failure(cal.venues.get('No Such Library Hall'));
    expect(noName).toBeInstanceOf(NotFoundError);
    expect(noName).toMatchObject({ name: 'NotFoundError', code: 'not_found', exitCode: EXIT.notFound });
    expect(noName.status).toBeUndefined();
  });

  test('without credentials a write is refused as the CLI refuses it (exit 4)', async () => {
    const anonymous = new Calendar({ baseUrl: sandbox.restRoot });
    try {
      expect((await anonymous.events.list({ limit: 1 })).length).toBeLessThanOrEqual(1);
      const denied = await failure(anonymous.tags.create({ name: 'Nope' }));
      expect(denied).toMatchObject({ exitCode: EXIT.auth, status: 401 });
    } finally {
      await anonymous.close();
    }
  });
});

describe('site resolution', () => {
  test('new Calendar() finds the site as the CLI does: the environment', async () => {
    const home = tempHome();
    const fromEnv = new Calendar({
      env: { ...home.env, CALENDAR_BASE_URL: sandbox.restRoot, CALENDAR_USERNAME: USER, CALENDAR_APP_PASSWORD: PASSWORD },
      cwd: home.home,
    });
    try {
      const tag = await fromEnv.tags.create({ name: 'From Env' });
      expect((await api<Json>(sandbox, 'GET', `tags/${tag.id}`)).body.name).toBe('From Env');
    } finally {
      await fromEnv.close();
      home.cleanup();
    }
  });

  test('with no site configured anywhere, no silent sandbox: a CalendarError before anything is written', async () => {
    const home = tempHome();
    // The tester's case: user and password set, no base URL.
    const env = { ...home.env, CALENDAR_USERNAME: USER, CALENDAR_APP_PASSWORD: PASSWORD };
    const unnamed = new Calendar({ env, cwd: home.home });
    try {
      const err = await failure(unnamed.import('tags', [{ name: 'Lost' }]));
      expect(err).toMatchObject({ name: 'CalendarError', exitCode: EXIT.usage, code: 'usage' });
      expect(err.message).toMatch(/^no site is named: give new Calendar\(\{ baseUrl, username, appPassword \}\).*new Calendar\(\{ sandbox: true \}\)/);
      expect(existsSync(join(home.home, '.local'))).toBe(false);
    } finally {
      await unnamed.close();
      home.cleanup();
    }
  });

  test('the built-in sandbox when asked for it, as the CLI and its MCP server use it: said once to onMessage, stopped by close()', async () => {
    const home = tempHome();
    const said: CalendarMessage[] = [];
    const builtIn = new Calendar({ env: home.env, cwd: home.home, onMessage: (m) => said.push(m), builtInSandbox: true });
    try {
      const events = await builtIn.events.list({ start_date: '1900-01-01', limit: 3 });
      expect(events).toHaveLength(3);
      expect(said).toEqual([{ level: 'notice', text: expect.stringContaining('Using the built-in sandbox calendar') }]);
    } finally {
      await builtIn.close();
      home.cleanup();
    }
  });

  test('new Calendar({ sandbox }) starts a sandbox of its own with the records given, and stops it on close', async () => {
    const own = new Calendar({
      sandbox: {
        seed: {
          venues: [{ venue: 'Seed Hall', city: 'Lyon' }],
          events: [{ title: 'Seeded', start_date: '2027-05-01 19:00', end_date: '2027-05-01 21:00', venue: 'Seed Hall' }],
        },
      },
    });
    try {
      const [event] = await own.events.list({ start_date: '2027-01-01' });
      expect(event).toMatchObject({ title: 'Seeded', venue: { venue: 'Seed Hall', city: 'Lyon' } });
      expect(await own.tags.list()).toEqual([]);
    } finally {
      await own.close();
    }
    const empty = new Calendar({ sandbox: true });
    try {
      expect(await empty.venues.list()).toEqual([]);
    } finally {
      await empty.close();
    }
  });

  test('an unknown profile is a usage error naming it', async () => {
    const home = tempHome();
    const named = new Calendar({ profile: 'nowhere', env: home.env, cwd: home.home });
    try {
      const err = await failure(named.events.list());
      expect(err.exitCode).toBe(EXIT.usage);
      expect(err.message).toContain('nowhere');
    } finally {
      await named.close();
      home.cleanup();
    }
  });
});
