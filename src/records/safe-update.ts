/**
 * Updates that keep data. The server rebuilds an event from the request, so a field left
 * out is reset (organizers removed, cost cleared, booleans false...), and a venue update
 * drops its image and turns the map on. The safe update reads the record, merges the
 * changes into its writable fields and sends the whole set; then it checks what came back.
 */
import type { Resource } from '../resources.js';
import type { ApiClient } from '../http/client.js';
import type { Query } from '../http/url.js';
import { sameValue } from './identity.js';
import { toWritable } from './writable.js';

type Json = Record<string, unknown>;

/** Events, venues and organizers lose what an update leaves out; terms keep it. */
export function needsMerge(resource: Resource): boolean {
  return resource.trashes;
}

/** The body to send: the record's writable fields with the changes on top (or the changes alone with `replace`). */
export function mergeForUpdate(resource: Resource, current: Json, changes: Json, options: { replace?: boolean } = {}): Json {
  if (options.replace || !needsMerge(resource)) return { ...changes };
  const base = toWritable(resource, current, { links: 'ids' });
  return { ...base, ...changes };
}

/** Fields of `wanted` that the record does not hold. */
export function differences(resource: Resource, record: Json, wanted: Json): Array<{ field: string; sent: unknown; got: unknown }> {
  const actual = toWritable(resource, record, { links: 'ids' });
  return Object.entries(wanted)
    .filter(([field, value]) => !sameValue(field, value, actual[field]))
    .map(([field, value]) => ({ field, sent: value, got: actual[field] }));
}

export function isUnchanged(resource: Resource, current: Json, desired: Json): boolean {
  return differences(resource, current, desired).length === 0;
}

export interface SafeUpdateResult {
  record: Json;
  /** Fields the server did not keep as sent. */
  ignored: Array<{ field: string; sent: unknown; got: unknown }>;
  sent: Json;
}

/**
 * Reads the record at `path`, merges `changes`, sends the whole set, and reports the
 * fields the server did not keep. `current` may be given when the caller has just read it.
 */
export async function safeUpdate(
  client: ApiClient,
  resource: Resource,
  path: string,
  changes: Json,
  options: { replace?: boolean; query?: Query; current?: Json; method?: 'POST' | 'PUT' } = {},
): Promise<SafeUpdateResult> {
  let current = options.current;
  if (!current && needsMerge(resource) && !options.replace) {
    current = (await client.call<Json>('GET', path, { query: options.query })).body;
  }
  const sent = current ? mergeForUpdate(resource, current, changes, options) : { ...changes };
  const res = await client.call<Json>(options.method ?? 'POST', path, { body: sent, query: options.query });
  return { record: res.body, ignored: differences(resource, res.body, sent), sent };
}
