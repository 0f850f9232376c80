/**
 * Lists as an assistant reads them: a page at a time behind an opaque cursor that holds the
 * query, compact rows by default (the fields a person scans a list for), any fields on request.
 * `*_get` gives the whole record.
 */
import { decodeEntities, UsageError } from '../core/index.js';
import type { ResourceName } from '../spec/resources.js';

type Json = Record<string, unknown>;

/** Records a page holds when the call names no limit; also the most a page holds (the site's own page limit). */
export const PAGE_SIZE = 50;

/** What a cursor holds: the query and the page it is at. */
interface CursorState {
  q: Json;
  p: number;
  n: number;
}

export function encodeCursor(query: Json, page: number, perPage: number): string {
  return Buffer.from(JSON.stringify({ q: query, p: page, n: perPage } satisfies CursorState)).toString('base64url');
}

export function decodeCursor(cursor: unknown): CursorState {
  const bad = () =>
    new UsageError('cursor: not a cursor this server gave', 'Pass `next` from the previous answer unchanged, or leave cursor out for the first page.');
  if (typeof cursor !== 'string' || cursor === '') throw bad();
  try {
    const state = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as CursorState;
    if (!state || typeof state.q !== 'object' || !Number.isInteger(state.p) || state.p < 1 || !Number.isInteger(state.n) || state.n < 1) throw bad();
    return state;
  } catch {
    throw bad();
  }
}

const text = (value: unknown) => (typeof value === 'string' ? decodeEntities(value) : value);
/** `2026-12-01 20:00:00` as `2026-12-01 20:00`: a list's times to the minute. */
const minute = (value: unknown) => (typeof value === 'string' && /:\d{2}:\d{2}$/.test(value) ? value.slice(0, -3) : value);
const linked = (value: unknown, key: string): unknown => {
  if (Array.isArray(value)) return value.map((item) => linked(item, key));
  if (value && typeof value === 'object') return text((value as Json)[key]);
  return value ?? null;
};

/** The compact row of each resource: what a person scans a list for, as columns. */
const ROWS: Record<ResourceName, Array<[string, (record: Json) => unknown]>> = {
  events: [
    ['id', (e) => e.id],
    ['title', (e) => e.title],
    ['start', (e) => minute(e.start_date)],
    ['end', (e) => minute(e.end_date)],
    ['zone', (e) => e.timezone],
    ['venue', (e) => (Array.isArray(e.venue) && e.venue.length === 0 ? null : linked(e.venue, 'venue'))],
    ['organizers', (e) => (Array.isArray(e.organizer) ? linked(e.organizer, 'organizer') : [])],
    ['status', (e) => e.status],
  ],
  venues: [
    ['id', (v) => v.id],
    ['venue', (v) => v.venue],
    ['city', (v) => text(v.city)],
    ['country', (v) => text(v.country)],
    ['status', (v) => v.status],
  ],
  organizers: [
    ['id', (o) => o.id],
    ['organizer', (o) => o.organizer],
    ['email', (o) => text(o.email)],
    ['status', (o) => o.status],
  ],
  categories: [
    ['id', (c) => c.id],
    ['name', (c) => c.name],
    ['slug', (c) => c.slug],
    ['parent', (c) => c.parent],
    ['count', (c) => c.count],
  ],
  tags: [
    ['id', (t) => t.id],
    ['name', (t) => t.name],
    ['slug', (t) => t.slug],
    ['count', (t) => t.count],
  ],
};

export const COMPACT_FIELDS: Record<ResourceName, string> = Object.fromEntries(
  Object.entries(ROWS).map(([name, columns]) => [name, columns.map(([column]) => column).join(', ')]),
) as Record<ResourceName, string>;

function pick(record: Json, path: string): unknown {
  let value: unknown = record;
  for (const key of path.split('.')) {
    if (Array.isArray(value)) value = value.map((item) => (item && typeof item === 'object' ? (item as Json)[key] : undefined));
    else value = value && typeof value === 'object' ? (value as Json)[key] : undefined;
  }
  return value;
}

/** The fields a call asked for (a list, or one comma-separated string), else undefined. */
export function fieldsOf(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const list = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : undefined;
  const names = list?.map((item) => String(item).trim()).filter(Boolean);
  if (!names?.length) throw new UsageError('fields: expected record keys, e.g. ["id", "title", "venue.venue"]');
  return names;
}

/**
 * A page as a table: `columns`, then one array per record (the compact row, or the fields asked,
 * dot paths reaching into linked records). The zone most rows share is said once as `zone`;
 * a row's zone cell is null where it is that one.
 */
export interface Table {
  columns: string[];
  rows: unknown[][];
  zone?: string;
}

export function tableOf(resource: ResourceName, records: Json[], fields?: string[]): Table {
  const columns: Array<[string, (record: Json) => unknown]> = fields ? fields.map((path) => [path, (record) => pick(record, path) ?? null]) : ROWS[resource];
  const rows = records.map((record) => columns.map(([, value]) => value(record)));
  const at = columns.findIndex(([name]) => name === 'zone');
  if (fields || at < 0 || rows.length === 0) return { columns: columns.map(([name]) => name), rows };
  const counts = new Map<unknown, number>();
  for (const row of rows) counts.set(row[at], (counts.get(row[at]) ?? 0) + 1);
  const zone = [...counts].sort((a, b) => b[1] - a[1])[0][0];
  for (const row of rows) if (row[at] === zone) row[at] = null;
  return { columns: columns.map(([name]) => name), rows, ...(typeof zone === 'string' ? { zone } : {}) };
}
