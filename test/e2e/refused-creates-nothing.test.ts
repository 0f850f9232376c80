/**
 * An update refused before it is sent creates nothing: with `--create-missing`, the links to
 * create are planned as stand-ins first, and made only once the update is known to go
 * (src/core/records/verbs.ts). Before, a refused update had already created its new tag.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Calendar } from '../../src/core/index.js';
import { api, PASSWORD, runCli, siteEnv, startTestSandbox, tempHome, USER, type Sandbox } from './helpers.js';

type Json = Record<string, any>;
let sandbox: Sandbox;
let home: ReturnType<typeof tempHome>;
let paid: number;
let plain: number;

const names = async (path: string, field: string) =>
  ((await api<Json[]>(sandbox, 'GET', `${path}?per_page=50&hide_empty=false`)).body as Json)[path].map((r: Json) => r[field]);

beforeAll(async () => {
  sandbox = await startTestSandbox();
  home = tempHome();
  const event = async (title: string, cost: string) =>
    (await api<Json>(sandbox, 'POST', 'events', { title, start_date: '2030-02-01 10:00:00', end_date: '2030-02-01 11:00:00', cost })).body.id as number;
  // A cost with amounts, which the tribe route would store re-formatted: a website (tribe only) is refused on it.
  paid = await event('Paid night', '€10 – €30');
  plain = await event('Plain night', 'Pay what you want');
});

afterAll(async () => {
  await sandbox?.close();
  home?.cleanup();
});

describe('a refused update creates no linked record', () => {
  test('CLI: exit 2 for the cost, and neither the tag nor the venue it named was created', async () => {
    const env = siteEnv(sandbox, home.env);
    const update = (id: number, ...more: string[]) =>
      runCli(
        [
          'events',
          'update',
          String(id),
          '--website',
          `https://example.org/${id}`,
          '--add-tags',
          'Fresh Tag',
          '--venue',
          'Fresh Hall',
          '--create-missing',
          '--no-conflict-check',
          ...more,
        ],
        { env },
      );
    const refused = await update(paid);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/cost/);
    expect(await names('tags', 'name')).not.toContain('Fresh Tag');
    expect(await names('venues', 'venue')).not.toContain('Fresh Hall');
    // The same update where it can go: created once, and linked.
    const done = await update(plain, '--format', 'json');
    expect(done.code).toBe(0);
    const record = JSON.parse(done.stdout) as Json;
    expect(record.tags.map((tag: Json) => tag.name)).toEqual(['Fresh Tag']);
    expect(record.venue.venue).toBe('Fresh Hall');
    expect((await names('tags', 'name')).filter((name: string) => name === 'Fresh Tag')).toHaveLength(1);
  });

  test('library: the refusal comes first, the tag to add is not made', async () => {
    const cal = new Calendar({ baseUrl: sandbox.restRoot, username: USER, appPassword: PASSWORD });
    try {
      await expect(
        cal.events.update(paid, { website: 'https://example.org/x' }, { createMissing: true, conflictCheck: false, links: { tags: { add: ['Library Tag'] } } }),
      ).rejects.toMatchObject({ exitCode: 2 });
      expect(await names('tags', 'name')).not.toContain('Library Tag');
    } finally {
      await cal.close();
    }
  });
});
