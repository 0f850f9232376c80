/**
 * `calendar mcp`'s writes as an assistant makes them, through the SDK's client in this process:
 * tags added and removed with the rest kept, a plain list replacing, the fields changed named,
 * deletes previewed then confirmed or applied by digest, restore, the record a name matched,
 * clash reports on series, errors in the tools' terms, and site files only under the roots.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { api, created } from './helpers.js';
import { call, connect, ok, sharedSession } from './mcp-client.js';

const session = sharedSession();

const event = (title: string, extra: Record<string, unknown> = {}) =>
  created(session.sandbox, 'events', { title, start_date: '2031-05-01 20:00:00', end_date: '2031-05-01 22:00:00', ...extra });
const tagNames = async (id: number) =>
  (await api<{ tags: Array<{ name: string }> }>(session.sandbox, 'GET', `events/${id}`)).body.tags.map((t) => t.name).sort();

describe('list fields', () => {
  test('add_tags adds and remove_tags removes, the other tags kept; the answer names the field changed', async () => {
    const late = await created(session.sandbox, 'tags', { name: 'late night' });
    const outdoor = await created(session.sandbox, 'tags', { name: 'outdoor' });
    const id = await event('Tagged', { tags: [late, outdoor] });
    const added = await call(session.client, 'events_update', { ref: id, add_tags: ['free entry'], create_missing: true });
    expect(added.isError, added.texts.join('\n')).toBe(false);
    expect(added.about.changed).toEqual(['tags']);
    expect(await tagNames(id)).toEqual(['free entry', 'late night', 'outdoor']);
    const removed = await call(session.client, 'events_update', { ref: id, remove_tags: ['outdoor'] });
    expect(removed.about.changed).toEqual(['tags']);
    expect(await tagNames(id)).toEqual(['free entry', 'late night']);
    // A plain list replaces, as its schema says.
    const { tools } = await session.client.listTools();
    const tags = (tools.find((t) => t.name === 'events_update')!.inputSchema as { properties: Record<string, { description: string }> }).properties;
    expect(tags.tags.description).toMatch(/replaces the whole list/);
    expect(Object.keys(tags)).toEqual(
      expect.arrayContaining(['add_tags', 'remove_tags', 'add_categories', 'remove_categories', 'add_organizers', 'remove_organizers']),
    );
    await ok(session.client, 'events_update', { ref: id, tags: ['outdoor'] });
    expect(await tagNames(id)).toEqual(['outdoor']);
  });

  test('an update that changes nothing names no field; one of a title names the title only', async () => {
    const id = await event('Same');
    expect((await call(session.client, 'events_update', { ref: id, title: 'Same' })).about.changed).toEqual([]);
    expect((await call(session.client, 'events_update', { ref: id, title: 'Other "quoted"' })).about).toMatchObject({ changed: ['title'] });
    expect(await ok(session.client, 'events_get', { ref: id })).toMatchObject({ title: 'Other "quoted"' });
  });

  test('a venue that create_missing matched under another name is named in the answer', async () => {
    const cafe = await created(session.sandbox, 'venues', { venue: 'Café Müller' });
    const made = await call(session.client, 'events_create', {
      title: 'Tanz',
      start_date: '2031-06-01 20:00',
      end_date: '2031-06-01 21:00',
      venue: 'Cafe Muller',
      create_missing: true,
    });
    expect(made.isError, made.texts.join('\n')).toBe(false);
    expect(made.about.linked_by_name).toEqual([{ field: 'venue', given: 'Cafe Muller', id: cafe, name: 'Café Müller' }]);
  });
});

describe('warnings are true', () => {
  test('a category renamed with an ampersand: no warning (WordPress stores every & of a term name as &amp;)', async () => {
    const cat = await created(session.sandbox, 'categories', { name: 'Classical & Opera Nights' });
    const renamed = await call(session.client, 'categories_update', { ref: cat, name: 'Classical & Opera Evenings' });
    expect(renamed.isError, renamed.texts.join('\n')).toBe(false);
    expect(renamed.about).toEqual({ changed: ['name'] });
    expect(renamed.data.name).toBe('Classical & Opera Evenings');
  });

  test('a cost the site shows in its own currency format is said so, and an update of another field keeps it', async () => {
    const { id } = await ok(session.client, 'events_create', {
      title: 'Priced',
      start_date: '2031-05-01 20:00',
      end_date: '2031-05-01 22:00',
      cost: '€10 – €30',
    });
    const got = await call(session.client, 'events_get', { ref: id });
    // The plugin shows the amounts in the site's currency, as the real site does.
    expect(got.data.cost).toBe('$10 – $30');
    expect(got.about.notices).toEqual([
      'cost: the site shows "$10 – $30" in its own currency format; the cost as stored (amounts 10, 30) cannot be read through the API ' +
        'and its symbol may differ: send cost only to change it',
    ]);
    const stored = (await api<{ cost: string }>(session.sandbox, 'GET', `events/${id}`)).body.cost;
    const moved = await call(session.client, 'events_update', { ref: id, title: 'Priced again' });
    expect(moved.isError, moved.texts.join('\n')).toBe(false);
    expect(moved.about.changed).toEqual(['title']);
    expect((await api<{ cost: string }>(session.sandbox, 'GET', `events/${id}`)).body.cost).toBe(stored);
  });
});

describe('deletes show their effect first', () => {
  test('a venue: the preview lists the events it unlinks and changes nothing; the digest then deletes; restore brings it back', async () => {
    const hall = await created(session.sandbox, 'venues', { venue: 'Salle à supprimer' });
    const band = await created(session.sandbox, 'organizers', { organizer: 'Co-organisateur' });
    const linked = await event('Linked', { venue: hall, organizer: [band] });
    const before = session.sandbox.stats.requests;
    const preview = await call(session.client, 'venues_delete', { ref: hall });
    expect(preview.isError).toBe(false);
    expect(preview.about).toMatchObject({ preview: true, digest: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(preview.about.would).toMatch(/^move venue \d+ "Salle à supprimer" to the trash .*linked to 1 event\(s\): the server unlinks it/);
    expect(preview.data.record).toMatchObject({ id: hall, venue: 'Salle à supprimer' });
    expect(preview.data.unlinks).toEqual([
      { id: linked, title: 'Linked', start_date: '2031-05-01 20:00:00', status: 'publish', also_drops: ['Co-organisateur'] },
    ]);
    expect(session.sandbox.stats.requests - before).toBeGreaterThan(0);
    expect((await api<{ status: string }>(session.sandbox, 'GET', `venues/${hall}`)).body.status).toBe('publish');

    const wrong = await call(session.client, 'venues_delete', { ref: hall, digest: 'f'.repeat(64) });
    expect(wrong.isError).toBe(true);
    expect(wrong.texts[0]).toMatch(/^digest: the record or its links changed since that preview .*nothing was deleted/);
    const done = await call(session.client, 'venues_delete', { ref: hall, digest: preview.about.digest });
    expect(done.isError, done.texts.join('\n')).toBe(false);
    expect(done.about).toMatchObject({ done: 'moved to the trash', changed: ['status'] });
    expect(done.data.record).toMatchObject({ id: hall, status: 'trash' });
    expect((await api<{ status: string }>(session.sandbox, 'GET', `venues/${hall}`)).body.status).toBe('trash');

    const restored = await call(session.client, 'venues_restore', { ref: hall });
    expect(restored.about.changed).toEqual(['status']);
    expect(restored.data).toMatchObject({ id: hall, status: 'publish', venue: 'Salle à supprimer' });
  });

  test('a tag: deleted for good only with confirm', async () => {
    const tag = await created(session.sandbox, 'tags', { name: 'éphémère' });
    const preview = await call(session.client, 'tags_delete', { ref: 'éphémère' });
    expect(preview.about.would).toBe(`delete tag ${tag} "éphémère" for good (cannot be undone)`);
    expect((await api(session.sandbox, 'GET', `tags/${tag}`)).status).toBe(200);
    await ok(session.client, 'tags_delete', { ref: tag, confirm: true });
    expect((await api(session.sandbox, 'GET', `tags/${tag}`)).status).toBeGreaterThanOrEqual(400);
  });
});

describe('series and errors', () => {
  test('a series created over an event at the same venue reports the clash of each occurrence', async () => {
    const hall = await created(session.sandbox, 'venues', { venue: 'Salle des répétitions' });
    const gala = await event('Gala', { venue: hall, start_date: '2031-07-08 19:30:00', end_date: '2031-07-08 21:00:00' });
    const made = await call(session.client, 'events_create', {
      title: 'Répétition',
      venue: hall,
      start_date: '2031-07-01 19:00',
      end_date: '2031-07-01 20:00',
      repeat: 'FREQ=WEEKLY;COUNT=3',
    });
    expect(made.isError, made.texts.join('\n')).toBe(false);
    expect(made.data).toHaveLength(3);
    expect(made.about.warnings).toEqual([expect.stringMatching(new RegExp(`^occurrence #${made.data[1].id} clashes with "Gala" \\(#${gala}\\)`))]);
  });

  test("errors speak of the tools' arguments, not of the CLI's flags", async () => {
    const missing = await call(session.client, 'events_create', {
      title: 'x',
      start_date: '2031-01-01 10:00',
      end_date: '2031-01-01 11:00',
      venue: 'Nowhere Hall',
    });
    expect(missing.isError).toBe(true);
    expect(missing.texts.join('\n')).toMatch(/^unknown venue: Nowhere Hall/);
    expect(missing.texts.join('\n')).toMatch(/create_missing/);
    expect(missing.texts.join('\n')).not.toMatch(/--/);
  });
});

describe('site files only under the roots', () => {
  const base = mkdtempSync(join(tmpdir(), 'mcp-files-'));
  const root = join(base, 'project');
  mkdirSync(root);
  writeFileSync(join(root, 'site.yaml'), 'tags:\n  mcp-root-tag:\n    name: Root tag\n');
  writeFileSync(join(base, 'config.json'), JSON.stringify({ profiles: { prod: { username: 'secret-user' } } }));
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  test("with the client's roots: a file under them is read, one outside refused without a word of it, read-only or not", async () => {
    const rooted = await connect(session.sandbox, { client: { capabilities: { roots: {} } } });
    rooted.client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [{ uri: pathToFileURL(root).href, name: 'project' }] }));
    try {
      const diff = await call(rooted.client, 'site_diff', { file: 'site.yaml' });
      expect(diff.isError, diff.texts.join('\n')).toBe(false);
      expect(diff.about.summary).toMatch(/1 to create/);
      for (const file of ['../config.json', join(base, 'config.json')]) {
        const refused = await call(rooted.client, 'site_diff', { file });
        expect(refused.isError).toBe(true);
        expect(refused.texts[0].split('\n')[0]).toBe(`file: "${file}" is outside the directories this server may read (${root}); nothing was read`);
        expect(refused.texts.join('')).not.toMatch(/profiles|secret-user/);
      }
    } finally {
      await rooted.client.close();
      await rooted.served.close();
    }
    const reader = await connect(session.sandbox, { readOnly: true, cwd: root });
    try {
      expect((await call(reader.client, 'site_diff', { file: 'site.yaml' })).isError).toBe(false);
      const refused = await call(reader.client, 'site_diff', { file: '../config.json' });
      expect(refused.texts[0]).toMatch(/is outside the directories this server may read/);
    } finally {
      await reader.client.close();
      await reader.served.close();
    }
  });
});
