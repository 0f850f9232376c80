/**
 * Lists as an assistant reads them: a page at a time behind an opaque cursor that holds the
 * query, compact rows by default (the fields a person scans a list for), any fields on request.
 * `*_get` gives the whole record.
 */
import { UsageError } from '../core/errors.js';
import { decodeEntities } from '../core/records/identity.js';
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

/** The compact row of each resource: what a person scans a list for. */
const ROWS: Record<ResourceName, (record: Json) => Json> = {
  events: (e) => ({
    id: e.id,
    title: e.title,
    start: minute(e.start_date),
    end: minute(e.end_date),
    zone: e.timezone,
    venue: Array.isArray(e.venue) && e.venue.length === 0 ? null : linked(e.venue, 'venue'),
    organizers: Array.isArray(e.organizer) ? linked(e.organizer, 'organizer') : [],
    status: e.status,
  }),
  venues: (v) => ({ id: v.id, venue: v.venue, city: text(v.city), country: text(v.country), status: v.status }),
  organizers: (o) => ({ id: o.id, organizer: o.organizer, email: text(o.email), status: o.status }),
  categories: (c) => ({ id: c.id, name: c.name, slug: c.slug, parent: c.parent, count: c.count }),
  tags: (t) => ({ id: t.id, name: t.name, slug: t.slug, count: t.count }),
};

export const COMPACT_FIELDS: Record<ResourceName, string> = {
  events: 'id, title, start, end, zone, venue and organizer names, status',
  venues: 'id, venue, city, country, status',
  organizers: 'id, organizer, email, status',
  categories: 'id, name, slug, parent, count',
  tags: 'id, name, slug, count',
};

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

/** A record as a list row: the compact row, or the fields asked (dot paths reach into linked records). */
export function rowOf(resource: ResourceName, record: Json, fields?: string[]): Json {
  if (!fields) return ROWS[resource](record);
  return Object.fromEntries(fields.map((path) => [path, pick(record, path) ?? null]));
}
