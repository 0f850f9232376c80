/**
 * The write matrix (issue 36): each write, from each face (the CLI, the library's `Calendar`,
 * the MCP server's tools in this process), on a site with tec/v1 and on one without, over
 * records that hold what routes lose (block markup, a shortcode, quotes, `&`, `<3`, emoji, a
 * cost with amounts and one in words, another zone, two organizers, featured, sticky, a website,
 * the map on or off). Each case reads the sandbox's stored record before and after: only the
 * fields asked change, or nothing when the write is refused or already true.
 * scripts/realsite/write-matrix.mjs runs the same cases against a real site and its database.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createServer } from '../../src/mcp/server.js';
import { Calendar } from '../../src/core/calendar.js';
import { api, cliOn, PASSWORD, startTestSandbox, tempHome, USER, type Sandbox } from './helpers.js';
import type { PostRecord } from '../../src/sandbox/store/store.js';
import MATRIX from '../fixtures/write-matrix/cases.json' with { type: 'json' };

type Json = Record<string, any>;
type Shape = keyof typeof MATRIX.shapes;
type WriteCase = (typeof MATRIX.cases)[number] & { noop?: boolean; givesCost?: boolean; tecTakes?: boolean };

/** `$venue` and the like as the IDs of the records made for the run, `$title` as the shape's title. */
function fill<T>(value: T, links: Record<string, number>, shape: Shape): T {
  if (typeof value === 'string' && value === '$title') return MATRIX.shapes[shape].title as T;
  if (typeof value === 'string' && value.startsWith('$')) return links[value.slice(1)] as T;
  if (Array.isArray(value)) return value.map((v) => fill(v, links, shape)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, links, shape)])) as T;
  return value;
}

/**
 * Where the update is refused before anything is sent: a meta change without the cost, on an
 * event whose cost the site shows re-formatted, where tec/v1 cannot take it (no tec/v1, no field
 * there for it, or the map off, which it would turn on) and the tribe route would rewrite the cost.
 */
function refuses(write: WriteCase, shape: Shape, site: 'tec' | 'tribe'): boolean {
  const event = MATRIX.shapes[shape] as Json;
  const reformatted = /\d/.test(String(event.cost ?? ''));
  return !write.post && !write.givesCost && reformatted && (site === 'tribe' || event.show_map === false || write.tecTakes === false);
}

/** A record as stored, flattened (`status`, `fields.title`, ...), without the time of the write. */
function flat(sandbox: Sandbox, id: number): Json {
  const { modifiedUtc: _, fields, ...post } = structuredClone(sandbox.store.post(id) as PostRecord) as Json;
  const out: Json = { ...post };
  for (const [key, value] of Object.entries(fields as Json)) out[`fields.${key}`] = value;
  // No website and an empty one are one thing: no page of its own.
  if (out['fields.website'] === '') out['fields.website'] = null;
  return out;
}
const changedKeys = (before: Json, after: Json) =>
  [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key])).sort();

const FACES = ['cli', 'library', 'mcp'] as const;
type Face = (typeof FACES)[number];

describe.each([
  { site: 'tec/v1', options: {} },
  { site: 'tribe only', options: { tecV1: false } },
])('every write on a site with $site keeps what was not asked', ({ options }) => {
  let sandbox: Sandbox;
  let home: ReturnType<typeof tempHome>;
  let cal: Calendar;
  let mcp: Client;
  const links: Record<string, number> = {};

  beforeAll(async () => {
    sandbox = await startTestSandbox(options);
    home = tempHome();
    const made = async (path: string, body: Json) => (await api<Json>(sandbox, 'POST', path, body)).body.id as number;
    links.venue = await made('venues', { venue: 'Matrix Café d’Été & Co', city: 'Paris' });
    links.org1 = await made('organizers', { organizer: 'Kids\' Club "Stars"' });
    links.org2 = await made('organizers', { organizer: 'Second & Co' });
    links.tag = await made('tags', { name: 'Outdoor' });
    cal = new Calendar({ baseUrl: sandbox.restRoot, username: USER, appPassword: PASSWORD });
    const served = createServer({
      open: (onMessage) => new Calendar({ baseUrl: sandbox.restRoot, username: USER, appPassword: PASSWORD, onMessage }),
      readOnly: false,
      credentials: { username: USER, password: PASSWORD },
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await served.server.connect(serverSide);
    mcp = new Client({ name: 'matrix', version: '1' });
    await mcp.connect(clientSide);
  });
  afterAll(async () => {
    await mcp?.close();
    await cal?.close();
    home?.cleanup();
    await sandbox?.close();
  });

  /** Runs one case from one face: whether it was refused (exit 2, or an error of that code). */
  async function run(face: Face, id: number, write: WriteCase, shape: Shape): Promise<{ refused: boolean; detail: string }> {
    const changes = fill(write.changes as Json, links, shape);
    if (face === 'cli') {
      const r = await cliOn(sandbox, home, ['events', 'update', String(id), ...fill(write.flags, links, shape).map(String), '--no-conflict-check']);
      if (r.code !== 0 && r.code !== 2) throw new Error(`exit ${r.code}: ${r.stderr}`);
      return { refused: r.code === 2, detail: r.stderr };
    }
    if (face === 'library') {
      try {
        await cal.events.update(id, changes as never, { conflictCheck: false });
        return { refused: false, detail: '' };
      } catch (err) {
        if ((err as { exitCode?: number }).exitCode === 2) return { refused: true, detail: String(err) };
        throw err;
      }
    }
    const answer = (await mcp.callTool({ name: 'events_update', arguments: { ref: id, ...changes } })) as {
      isError?: boolean;
      content: Array<{ text: string }>;
    };
    const detail = answer.content.map((c) => c.text).join(' ');
    if (answer.isError && !/cost/.test(detail)) throw new Error(detail);
    return { refused: answer.isError === true, detail };
  }

  const shapes = Object.keys(MATRIX.shapes) as Shape[];
  const cases = FACES.flatMap((face) => (MATRIX.cases as WriteCase[]).flatMap((write) => shapes.map((shape) => ({ face, write, shape }))));
  test.each(cases)('$face: $write.name on $shape', async ({ face, write, shape }) => {
    const id = (await api<Json>(sandbox, 'POST', 'events', fill(MATRIX.shapes[shape], links, shape))).body.id as number;
    const before = flat(sandbox, id);
    const writes = sandbox.stats.writes;
    const outcome = await run(face, id, write, shape);
    const after = flat(sandbox, id);
    const refused = refuses(write, shape, options.tecV1 === false ? 'tribe' : 'tec');
    expect(outcome.refused, outcome.detail).toBe(refused);
    if (refused || write.noop) {
      expect(changedKeys(before, after)).toEqual([]);
      expect(sandbox.stats.writes).toBe(writes);
      return;
    }
    expect(changedKeys(before, after)).toEqual(write.stored);
    // A post field goes in one request, whatever the site.
    if (write.post) expect(sandbox.stats.writes).toBe(writes + 1);
  });
});
