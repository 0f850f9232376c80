/**
 * `calendar mcp`'s tools, driven by the SDK's own client in this process (a linked in-memory
 * pair) against a sandbox: every tool once at least, what read-only hides, bad calls as tool
 * errors after which the server goes on, and no secret in any answer.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CalendarServer } from '../../src/mcp/server.js';
import { api, created, PASSWORD, startTestSandbox, USER, type Sandbox } from './helpers.js';
import { call, connect, objectsOf, ok, rows, seen } from './mcp-client.js';

let sandbox: Sandbox;
let client: Client;
let served: CalendarServer;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  ({ client, served } = await connect(sandbox));
});

afterAll(async () => {
  await client?.close();
  await served?.close();
  await sandbox?.close();
  // Last: every answer of the file, errors included.
  const basic = Buffer.from(`${USER}:${PASSWORD}`).toString('base64');
  expect(seen.length).toBeGreaterThan(0);
  for (const text of seen) {
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(basic);
  }
});

describe('tools/list', () => {
  test('offers <resource>_<verb> for the five resources and verbs, the views and the site file, with their hints', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const resource of ['events', 'venues', 'organizers', 'categories', 'tags']) {
      for (const verb of ['list', 'get', 'create', 'update', 'delete']) expect(names).toContain(`${resource}_${verb}`);
    }
    for (const resource of ['events', 'venues', 'organizers']) expect(names).toContain(`${resource}_restore`);
    expect(names).toEqual(expect.arrayContaining(['site_info', 'agenda', 'conflicts', 'site_diff', 'site_apply']));
    expect(names).toHaveLength(33);
    const hints = (name: string) => tools.find((t) => t.name === name)!.annotations;
    expect(hints('venues_list')).toMatchObject({ readOnlyHint: true });
    expect(hints('events_get')).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    expect(hints('events_create')).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    expect(hints('events_update')).toMatchObject({ readOnlyHint: false, idempotentHint: true });
    expect(hints('tags_delete')).toMatchObject({ destructiveHint: true, idempotentHint: true });
    expect(hints('site_diff')).toMatchObject({ readOnlyHint: true });
    expect(hints('site_apply')).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  test("input schemas come from the resource table: the API's names, JSON types, required fields, descriptions", async () => {
    const { tools } = await client.listTools();
    const schema = (name: string) =>
      tools.find((t) => t.name === name)!.inputSchema as { properties: Record<string, Record<string, unknown>>; required?: string[] };
    const create = schema('events_create');
    expect(create.required).toEqual(['title', 'start_date', 'end_date']);
    expect(create.properties.all_day).toMatchObject({ type: 'boolean' });
    expect(create.properties.venue.description).toMatch(/ID, slug or name/);
    expect(Object.keys(create.properties)).toContain('create_missing');
    expect(schema('events_update').required).toEqual(['ref']);
    expect(schema('events_list').properties).toHaveProperty('starts_after');
    expect(schema('venues_delete').properties).toHaveProperty('permanently');
    expect(schema('tags_delete').properties).not.toHaveProperty('permanently');
    expect(schema('tags_create').properties).not.toHaveProperty('create_missing');
    expect(schema('categories_list').properties.orderby).toMatchObject({ enum: expect.arrayContaining(['name', 'count']) });
  });
});

describe('every verb of every resource, with accents and quotes', () => {
  test('venues: create, get by exact name, list, update by slug (the rest kept), trash, delete for good', async () => {
    const venue = await ok(client, 'venues_create', { venue: 'Salle Étoile "Nord"', city: 'Nantes', address: "2 rue de l'Été" });
    // The name as typed, where the plugin's route shows it with its quotes curled into entities.
    expect((await api<{ venue: string }>(sandbox, 'GET', `venues/${venue.id}`)).body.venue).toBe('Salle Étoile &#8220;Nord&#8221;');
    expect(venue).toMatchObject({ venue: 'Salle Étoile "Nord"', city: 'Nantes' });
    expect(await ok(client, 'venues_get', { ref: 'Salle Étoile "Nord"' })).toMatchObject({ id: venue.id });
    const listed = await rows(client, 'venues_list', { search: 'Étoile' });
    expect(listed).toEqual([{ id: venue.id, venue: 'Salle Étoile "Nord"', city: 'Nantes', country: venue.country ?? null, status: 'publish' }]);
    const updated = await ok(client, 'venues_update', { ref: venue.slug, city: 'Paris' });
    expect(updated).toMatchObject({ id: venue.id, city: 'Paris', address: venue.address, venue: venue.venue });
    await ok(client, 'venues_delete', { ref: venue.id, confirm: true });
    expect((await api<{ status: string }>(sandbox, 'GET', `venues/${venue.id}`)).body.status).toBe('trash');
    await ok(client, 'venues_delete', { ref: venue.id, permanently: true, confirm: true });
    expect((await api(sandbox, 'GET', `venues/${venue.id}`)).status).toBeGreaterThanOrEqual(400);
  });

  test('organizers: create, get, list, update, delete', async () => {
    const organizer = await ok(client, 'organizers_create', { organizer: 'Zoë & Co', email: 'zoe@example.org' });
    expect(await ok(client, 'organizers_get', { ref: organizer.id })).toMatchObject({ organizer: 'Zoë & Co', email: 'zoe@example.org' });
    expect((await rows(client, 'organizers_list', { search: 'Zoë' })).map((o) => o.id)).toEqual([organizer.id]);
    expect(await ok(client, 'organizers_update', { ref: 'Zoë & Co', phone: '+33 1 23 45 67 89' })).toMatchObject({
      email: 'zoe@example.org',
      phone: '+33 1 23 45 67 89',
    });
    await ok(client, 'organizers_delete', { ref: organizer.id, confirm: true });
    expect((await api<{ status: string }>(sandbox, 'GET', `organizers/${organizer.id}`)).body.status).toBe('trash');
    expect(await ok(client, 'organizers_restore', { ref: organizer.id, status: 'draft' })).toMatchObject({ status: 'draft', organizer: 'Zoë & Co' });
  });

  test('categories and tags: a parent by name, get by name, list, update, delete for good', async () => {
    const jazz = await ok(client, 'categories_create', { name: 'Jazz à Nantes' });
    const bebop = await ok(client, 'categories_create', { name: 'Bebop', parent: 'Jazz à Nantes' });
    expect(bebop.parent).toBe(jazz.id);
    expect(await ok(client, 'categories_get', { ref: 'Bebop' })).toMatchObject({ id: bebop.id });
    const children = await rows(client, 'categories_list', { parent: jazz.id, hide_empty: false });
    expect(children.map((c) => c.id)).toEqual([bebop.id]);
    const described = await ok(client, 'categories_update', { ref: bebop.id, description: 'Le bop, à Nantes' });
    expect(described).toMatchObject({ name: 'Bebop', description: 'Le bop, à Nantes', parent: jazz.id });
    await ok(client, 'categories_delete', { ref: 'Bebop', confirm: true });
    expect((await api(sandbox, 'GET', `categories/${bebop.id}`)).status).toBeGreaterThanOrEqual(400);

    const tag = await ok(client, 'tags_create', { name: "plein'air" });
    expect(await ok(client, 'tags_get', { ref: "plein'air" })).toMatchObject({ id: tag.id });
    expect((await rows(client, 'tags_list', { search: 'plein', hide_empty: false })).map((t) => t.id)).toEqual([tag.id]);
    expect(await ok(client, 'tags_update', { ref: tag.id, name: 'plein air' })).toMatchObject({ name: 'plein air', slug: tag.slug });
    await ok(client, 'tags_delete', { ref: tag.id, confirm: true });
    expect((await api(sandbox, 'GET', `tags/${tag.id}`)).status).toBeGreaterThanOrEqual(400);
  });

  test('events: create with linked records by name (create_missing), get by slug, list, update (the end follows the start), delete', async () => {
    const venue = await created(sandbox, 'venues', { venue: 'Théâtre Graslin' });
    const event = await ok(client, 'events_create', {
      title: 'Concert d\'été "live"',
      start_date: '2031-06-01 20:00:00',
      end_date: '2031-06-01 22:00:00',
      venue: 'Théâtre Graslin',
      tags: ['nouveauté'],
      create_missing: true,
    });
    expect(event).toMatchObject({ title: 'Concert d\'été "live"', venue: { id: venue } });
    expect((event.tags as Array<{ name: string }>).map((t) => t.name)).toEqual(['nouveauté']);
    expect(await ok(client, 'events_get', { ref: event.slug })).toMatchObject({ id: event.id });
    const listed = await rows(client, 'events_list', { starts_after: '2031-05-31', search: 'été' });
    expect(listed.map((e) => e.id)).toEqual([event.id]);
    const update = await call(client, 'events_update', { ref: event.id, start_date: '2031-06-02 20:00:00' });
    const moved = update.data as Record<string, unknown>;
    // The core's notice, which the CLI prints on stderr, is among the server's words, in the tool's terms.
    expect(update.about.notices).toEqual([expect.stringMatching(/^The end moves to 2031-06-02 22:00:00 .*\(keep_duration: false keeps/)]);
    expect(update.about.changed).toEqual(['start_date', 'end_date']);
    expect(moved).toMatchObject({ start_date: '2031-06-02 20:00:00', end_date: '2031-06-02 22:00:00', title: event.title, venue: { id: venue } });
    await ok(client, 'events_delete', { ref: event.id, confirm: true });
    expect((await api<{ status: string }>(sandbox, 'GET', `events/${event.id}`)).body.status).toBe('trash');
    expect(await ok(client, 'events_restore', { ref: event.id })).toMatchObject({ status: 'publish', title: event.title });
    const again = await call(client, 'events_restore', { ref: event.id });
    expect(again.texts[0]).toMatch(/is not in the trash \(status publish\)/);
  });

  test('a list gives a page, the total and the cursor of the next page', async () => {
    for (const n of [1, 2, 3]) await created(sandbox, 'tags', { name: `limited ${n}` });
    const answer = await call(client, 'tags_list', { search: 'limited', hide_empty: false, limit: 2 });
    expect(answer.isError).toBe(false);
    expect(answer.data.rows).toHaveLength(2);
    expect(answer.about).toMatchObject({ total: 3, page: 1, per_page: 2, next: expect.any(String) });
    const rest = await call(client, 'tags_list', { cursor: answer.about.next });
    expect(objectsOf(rest.data).map((t) => t.name)).toEqual(['limited 3']);
    expect(rest.about).toMatchObject({ total: 3, page: 2, next: null });
    const all = await call(client, 'tags_list', { search: 'limited', hide_empty: false, limit: 3 });
    expect(all.data.rows).toHaveLength(3);
    expect(all.about.next).toBeNull();
  });
});

describe('recurring events', () => {
  test('events_create takes repeat, except and max; events_update and events_delete a scope; other resources neither', async () => {
    const { tools } = await client.listTools();
    const tool = (name: string) => tools.find((t) => t.name === name)!;
    const properties = (name: string) => (tool(name).inputSchema as { properties: Record<string, Record<string, unknown>> }).properties;
    expect(properties('events_create')).toMatchObject({ repeat: { type: 'string' }, max: { type: 'integer', minimum: 1 } });
    expect(properties('events_create').except.type).toEqual(['array', 'string']);
    for (const name of ['events_update', 'events_delete']) expect(properties(name).scope).toMatchObject({ enum: ['occurrence', 'series', 'following'] });
    expect(properties('venues_update')).not.toHaveProperty('scope');
    expect(properties('venues_create')).not.toHaveProperty('repeat');
    expect(tool('events_create').description).toMatch(/With repeat, creates a recurring series/);
    expect(tool('events_delete').description).toMatch(/scope series moves every occurrence to the trash/);
    expect(tool('events_get').description).toMatch(/also has `series`/);
    // A delete of a whole series is a delete: destructive, as any.
    expect(tool('events_delete').annotations).toMatchObject({ destructiveHint: true });
  });

  test('a weekly series across the change to summer time: created, placed, changed in part and whole, deleted', async () => {
    const made = await ok<Array<Record<string, any>>>(client, 'events_create', {
      title: 'Cours du mardi « été »',
      start_date: '2031-03-18 19:00',
      end_date: '2031-03-18 20:00',
      timezone: 'Europe/Paris',
      repeat: 'FREQ=WEEKLY;COUNT=5',
      except: '2031-04-01',
    });
    expect(made.map((e) => [e.start_date, String(e.utc_start_date).slice(11, 16)])).toEqual([
      ['2031-03-18 19:00:00', '18:00'],
      ['2031-03-25 19:00:00', '18:00'],
      ['2031-04-08 19:00:00', '17:00'],
      ['2031-04-15 19:00:00', '17:00'],
    ]);
    const ids = made.map((e) => e.id as number);
    const got = await ok<Record<string, any>>(client, 'events_get', { ref: ids[2] });
    expect(got).toMatchObject({ id: ids[2], series: { rule: 'FREQ=WEEKLY;COUNT=5', position: 4, count: 5 } });
    expect(got.slug).toContain(`-series-${got.series.id}-`);

    const following = await ok<Array<Record<string, any>>>(client, 'events_update', { ref: ids[2], title: 'Cours tardif', scope: 'following' });
    expect(following.map((e) => e.id)).toEqual(ids.slice(2));
    const later = await ok<Record<string, any>>(client, 'events_get', { ref: ids[3] });
    expect(later.series).toMatchObject({ position: 2, count: 2, rule: 'FREQ=WEEKLY;COUNT=2' });
    expect(later.series.id).not.toBe(got.series.id);
    const all = await ok<Array<Record<string, any>>>(client, 'events_update', { ref: ids[0], start_date: '2031-03-18 18:30', scope: 'series' });
    expect(all.map((e) => e.start_date)).toEqual(['2031-03-18 18:30:00', '2031-03-25 18:30:00']);

    const preview = await call(client, 'events_delete', { ref: ids[1], scope: 'series' });
    expect(preview.about).toMatchObject({ preview: true, would: expect.stringMatching(/^move 2 occurrence\(s\)/) });
    expect(preview.data.occurrences.map((m: { id: number }) => m.id)).toEqual(ids.slice(0, 2));
    const trashed = await ok<{ occurrences: Array<Record<string, any>> }>(client, 'events_delete', {
      ref: ids[1],
      scope: 'series',
      digest: preview.about.digest,
    });
    expect(trashed.occurrences.map((m) => [m.id, m.status])).toEqual(ids.slice(0, 2).map((id) => [id, 'trash']));
    const rest = await ok<{ occurrences: Array<Record<string, any>> }>(client, 'events_delete', { ref: ids[2], scope: 'following', confirm: true });
    // Listed as they now are: in the trash.
    expect(rest.occurrences.map((m) => m.status)).toEqual(['trash', 'trash']);
    for (const id of ids) expect((await api<{ status: string }>(sandbox, 'GET', `events/${id}`)).body.status).toBe('trash');
    // An event of no series has no `series`.
    const single = await ok<Record<string, any>>(client, 'events_create', { title: 'Seul', start_date: '2031-03-18 10:00', end_date: '2031-03-18 11:00' });
    expect(await ok(client, 'events_get', { ref: single.id })).not.toHaveProperty('series');
  });

  test.each([
    [{ title: 'x', start_date: '2031-03-18 19:00', end_date: '2031-03-18 20:00', repeat: 'FREQ=WEEKLY' }, 'the rule has no end and no cap'],
    [{ title: 'x', start_date: '2031-03-18 19:00', end_date: '2031-03-18 20:00', repeat: 'FREQ=DAILY;COUNT=20', max: 10 }, 'gives more than 10'],
    [{ title: 'x', start_date: '2031-03-18 19:00', end_date: '2031-03-18 20:00', except: '2031-03-25' }, 'except goes with repeat'],
  ])('events_create %j: a tool error, nothing sent', async (args, message) => {
    const before = sandbox.stats.requests;
    const refused = await call(client, 'events_create', args);
    expect(refused.isError).toBe(true);
    expect(refused.texts[0]).toContain(message);
    expect(sandbox.stats.requests - before).toBe(0);
  });

  test('a scope with permanently, or a scope that is none: tool errors, nothing sent', async () => {
    const before = sandbox.stats.requests;
    expect((await call(client, 'events_delete', { ref: 1, scope: 'series', permanently: true })).texts[0]).toContain(
      'permanently does not go with scope "series"',
    );
    expect((await call(client, 'events_update', { ref: 1, title: 'x', scope: 'all' })).texts[0]).toContain('is not one of occurrence, series, following');
    expect(sandbox.stats.requests - before).toBe(0);
  });
});

describe('the views', () => {
  test('agenda: the days with their events (no whole records); conflicts: the pair at one venue; a day that is none is refused', async () => {
    const hall = await created(sandbox, 'venues', { venue: 'Salle des conflits' });
    const first = await ok(client, 'events_create', { title: 'Répétition', start_date: '2032-03-01 18:00:00', end_date: '2032-03-01 20:00:00', venue: hall });
    const second = await ok(client, 'events_create', { title: 'Concert', start_date: '2032-03-01 19:00:00', end_date: '2032-03-01 21:00:00', venue: hall });
    const agenda = await ok<{ days: Array<{ date: string; entries: Array<{ event: Record<string, unknown>; from?: string }> }> }>(client, 'agenda', {
      from: '2032-03-01',
      to: '2032-03-02',
      venue: 'Salle des conflits',
    });
    expect(agenda.days.map((d) => d.date)).toEqual(['2032-03-01', '2032-03-02']);
    expect(agenda.days[0].entries.map((e) => [e.event.id, e.from])).toEqual([
      [first.id, '18:00'],
      [second.id, '19:00'],
    ]);
    expect(agenda.days[0].entries[0].event).not.toHaveProperty('record');
    const conflicts = await ok<{ conflicts: Array<{ events: Array<{ id: number }>; where: string; from: string; to: string }> }>(client, 'conflicts', {
      from: '2032-03-01',
      to: '2032-03-31',
    });
    expect(conflicts.conflicts).toEqual([
      {
        events: [expect.objectContaining({ id: first.id }), expect.objectContaining({ id: second.id })],
        where: 'at Salle des conflits',
        from: '2032-03-01 19:00:00',
        to: '2032-03-01 20:00:00',
      },
    ]);
    const badDay = await call(client, 'agenda', { from: 'the day after' });
    expect(badDay.isError).toBe(true);
    expect(badDay.texts[0]).toMatch(/^from: "the day after" is not a date/);
  });
});

describe('the site file', () => {
  const file = ['tags:', '  mcp-plein-air:', '    name: Plein air', 'venues:', '  mcp-kiosque:', '    venue: Kiosque « Nord »', '    city: Nantes', ''].join(
    '\n',
  );

  test('site_diff gives the plan and its digest; site_apply carries out that plan only, and never twice', async () => {
    // The plan is site data; its summary and digest are the server's words.
    const planned = await call(client, 'site_diff', { document: file });
    const diff = { ...planned.data, ...planned.about } as {
      plan: { changes: Array<{ action: string; resource: string; slug: string }> };
      summary: string;
      digest: string;
    };
    expect(diff.plan.changes.map((c) => `${c.action} ${c.resource} ${c.slug}`).sort()).toEqual(['create tags mcp-plein-air', 'create venues mcp-kiosque']);
    expect(diff.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(diff.summary).toMatch(/2 to create/);
    // Not the digest of this plan: refused, nothing sent.
    const wrong = await call(client, 'site_apply', { document: file, digest: '0'.repeat(64) });
    expect(wrong.isError).toBe(true);
    expect(wrong.texts[0]).toMatch(/no longer the one of digest 000000000000/);
    expect(await rows(client, 'venues_list', { search: 'Kiosque' })).toEqual([]);
    const applied = await ok<{ counts: Record<string, number> }>(client, 'site_apply', { document: file, digest: diff.digest });
    expect(applied.counts).toMatchObject({ created: 2 });
    expect(await ok(client, 'venues_get', { ref: 'mcp-kiosque' })).toMatchObject({ city: 'Nantes' });
    const again = await call(client, 'site_apply', { document: file, digest: diff.digest });
    expect(again.isError).toBe(true);
    const missing = await call(client, 'site_diff', {});
    expect(missing.isError).toBe(true);
    expect(missing.texts[0]).toMatch(/document .* or as file/);
  });
});

describe("bad calls are tool errors with the CLI's message, and the server goes on", () => {
  test('an unknown ref, an invalid value, a field that is none, a missing ref', async () => {
    const unknown = await call(client, 'events_get', { ref: 987654 });
    expect(unknown).toMatchObject({ isError: true });
    expect(unknown.texts[0]).toMatch(/not found/);
    const badDate = await call(client, 'events_create', { title: 'x', start_date: 'someday', end_date: '2031-01-01 10:00:00' });
    expect(badDate.isError).toBe(true);
    expect(badDate.texts[0]).toMatch(/start_date/);
    const noField = await call(client, 'venues_create', { venue: 'Nowhere', capacity: 300 });
    expect(noField.isError).toBe(true);
    expect(noField.texts[0]).toMatch(/^capacity: not one of the arguments of venues_create\nThey are: venue, description, /);
    const noRef = await call(client, 'venues_update', { city: 'Lyon' });
    expect(noRef.isError).toBe(true);
    expect(noRef.texts[0]).toMatch(/ref/);
    // Nothing was written, and the server still answers.
    expect(await rows(client, 'venues_list', { search: 'Nowhere' })).toHaveLength(0);
  });
});

describe('read-only', () => {
  test('offers the reads only, and refuses a write by name', async () => {
    const reader = await connect(sandbox, { readOnly: true });
    try {
      const { tools } = await reader.client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(
        [
          ...['events', 'venues', 'organizers', 'categories', 'tags'].flatMap((r) => [`${r}_list`, `${r}_get`]),
          'site_info',
          'agenda',
          'conflicts',
          'site_diff',
        ].sort(),
      );
      expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
      const write = await call(reader.client, 'tags_create', { name: 'should not exist' });
      expect(write.isError).toBe(true);
      expect((await api<unknown[]>(sandbox, 'GET', 'tags?search=should&hide_empty=false')).body).toMatchObject({ tags: [] });
    } finally {
      await reader.client.close();
      await reader.served.close();
    }
  });
});
