/**
 * Updates that keep data: the one path of every write to an existing event, venue or
 * organizer (update, edit, restore, --add-/--remove-, import --upsert-by, apply, the
 * iCalendar sync).
 *
 * Where the site has tec/v1, the changed fields go alone in one PATCH, which keeps the rest as
 * stored. Otherwise (or for a field tec/v1 does not take) the tribe/events/v1 route rebuilds
 * the record from the request: it keeps the title, description, excerpt, slug, venue, terms
 * and dates it is not sent, and resets the rest. So the record's current values of what it
 * resets are sent with the changes, never its texts (which the route shows rendered, not as
 * typed). A value the route shows otherwise than it stores (a cost) cannot be sent back as it
 * was: the update is refused before anything is sent, unless the change gives it or is forced.
 * docs/write-routes.md lists what each route keeps.
 */
import type { Resource } from '../resources.js';
import { errorFromResponse, type ApiClient } from '../http/client.js';
import type { Query } from '../http/url.js';
import { UsageError } from '../errors.js';
import { decodeEntities, sameValue } from './identity.js';
import { toWritable } from './writable.js';
import { readCurrent, readRawTexts, withRawTexts } from './raw-text.js';
import { forgetTec, isOtherTecVersion, tecBody, tecPatch, tribeShapeOf, writeApi } from './tec-route.js';

type Json = Record<string, unknown>;

/** Events, venues and organizers lose what an update leaves out; terms keep it. */
export function needsMerge(resource: Resource): boolean {
  return resource.trashes;
}

/**
 * What is never sent back from the record by the tribe route: what it keeps when not sent
 * (the texts, which it shows rendered, the slug, the event's venue), and the cost, which it
 * shows otherwise than it stores (see costRefusal). An event's organizers are sent back.
 */
const NOT_RESENT = new Set(['title', 'venue', 'organizer', 'description', 'excerpt', 'slug', 'cost']);

/**
 * The body for the tribe route: the changes, and the current value of each field the route
 * would reset, as the record shows it (those round-trip exactly). The cost is the caller's
 * (see costRefusal). With `replace`, the changes alone.
 */
export function mergeForUpdate(resource: Resource, current: Json, changes: Json, options: { replace?: boolean } = {}): Json {
  if (options.replace || !needsMerge(resource)) return { ...changes };
  const base = toWritable(resource, current, { links: 'ids' });
  for (const field of Object.keys(base)) {
    if (NOT_RESENT.has(field) && field !== 'organizer') delete base[field];
  }
  if (resource.name !== 'events') delete base.organizer;
  return { ...base, ...changes };
}

/**
 * Why the tribe route cannot take this update as it is: the event has a cost, which the site
 * shows re-formatted (`$10 – $30` for a stored `€10 – €30`), and the route clears a cost it
 * is not sent. Undefined when the change gives the cost, there is none, or the update is forced.
 */
export function costRefusal(resource: Resource, current: Json, changes: Json, force: boolean, why = ''): string | undefined {
  if (resource.name !== 'events' || changes.cost !== undefined || force) return undefined;
  const shown = typeof current.cost === 'string' ? decodeEntities(current.cost).trim() : '';
  if (shown === '') return undefined;
  return `cost: the site shows this event's cost as "${shown}", not as it was typed, and ${why}tribe/events/v1 clears a cost it is not sent: give the cost as it should be stored (--cost TEXT, or a cost column), or --force to store "${toWritable(resource, current).cost}"`;
}

/** Fields of `wanted` that the record does not hold. */
export function differences(resource: Resource, record: Json, wanted: Json): Array<{ field: string; sent: unknown; got: unknown }> {
  const actual = toWritable(resource, record, { links: 'ids' });
  return Object.entries(wanted)
    .filter(([field, value]) => !sameText(resource, field, value, actual[field]))
    .map(([field, value]) => ({ field, sent: value, got: actual[field] }));
}

/** Texts compare as typed (both sides raw); other fields as the server keeps them. */
function sameText(resource: Resource, field: string, sent: unknown, got: unknown): boolean {
  const isText = field === resource.nameField || field === 'description' || field === 'excerpt';
  if (isText && typeof sent === 'string' && typeof got === 'string') return sent.trim() === got.trim();
  return sameValue(field, sent, got);
}

/** The fields of `desired` whose value the record does not hold; none means unchanged. */
export function changedFields(resource: Resource, current: Json, desired: Json): string[] {
  return differences(resource, current, desired).map((d) => d.field);
}

export interface SafeUpdateResult {
  record: Json;
  /** Fields the server did not keep as sent. */
  ignored: Array<{ field: string; sent: unknown; got: unknown }>;
  sent: Json;
  /** The route it went by. */
  route: 'tec' | 'tribe';
}

export interface SafeUpdateOptions {
  replace?: boolean;
  query?: Query;
  /** The record as just read (texts as typed, see readCurrent); read here when needed and not given. */
  current?: Json;
  method?: 'POST' | 'PUT';
  /** Send a value the route cannot keep as stored (a cost shown re-formatted) rather than refuse. */
  force?: boolean;
  /** Where a one-time notice goes (no typed text on this site). */
  notice?: (line: string) => void;
  /** Values the user gave that did not change (an import row's cost): the tribe route is sent them rather than the record's. */
  given?: Json;
}

const idOf = (path: string, current: Json | undefined): number | undefined => {
  if (typeof current?.id === 'number') return current.id;
  const last = /\/(\d+)$/.exec(path)?.[1];
  return last === undefined ? undefined : Number(last);
};

/**
 * An event whose map or map link is off: a tec/v1 PATCH turns them on (it cannot be sent
 * them), so such an event goes by the tribe route, which is sent the current values.
 */
function tecWouldShowMap(resource: Resource, current: Json, changes: Json): boolean {
  if (resource.name !== 'events') return false;
  return (['show_map', 'show_map_link'] as const).some((field) => current[field] === false && changes[field] !== true);
}

/** How an update goes: one tec/v1 PATCH of the changes, or the tribe route with what it would reset. */
export type UpdatePlan =
  | { route: 'tec'; id: number; body: Json; current?: Json }
  | { route: 'tribe'; body: Json; current: Json };

/**
 * Chooses the route and builds the body; reads the record when the choice or the body needs
 * it. Throws a UsageError, before anything is sent, when the update cannot keep a field.
 */
export async function planUpdate(client: ApiClient, resource: Resource, path: string, changes: Json, options: SafeUpdateOptions & { tribeOnly?: boolean } = {}): Promise<UpdatePlan> {
  let current = options.current;
  const id = idOf(path, current);
  let why = '';
  if (!options.tribeOnly && id !== undefined && options.query === undefined && (await writeApi(client)) === 'tec') {
    const tec = tecBody(resource, changes);
    if ('body' in tec) {
      if (resource.name === 'events') current ??= await readCurrent(client, resource, path, { notice: options.notice });
      if (!current || !tecWouldShowMap(resource, current, changes)) return { route: 'tec', id, body: tec.body, current };
      why = 'tec/v1 would turn on its map, which is off, while ';
    } else client.debug(`tec/v1 does not take ${tec.untaken.join(', ')}: the update goes by ${client.options.namespace}`);
  }
  current ??= await readCurrent(client, resource, path, { query: options.query, notice: options.notice });
  const stated = { ...options.given, ...changes };
  const refusal = costRefusal(resource, current, stated, options.force === true, why);
  if (refusal) throw new UsageError(refusal);
  const body = mergeForUpdate(resource, current, changes);
  if (resource.name === 'events' && body.cost === undefined) {
    const cost = stated.cost ?? (options.force ? toWritable(resource, current).cost : undefined);
    if (cost !== undefined) body.cost = cost;
  }
  return { route: 'tribe', body, current };
}

/** Sends the update by the route that keeps the most, and reports the fields the server did not keep. */
export async function safeUpdate(client: ApiClient, resource: Resource, path: string, changes: Json, options: SafeUpdateOptions = {}): Promise<SafeUpdateResult> {
  if (options.replace || !needsMerge(resource)) {
    const res = await client.call<Json>(options.method ?? 'POST', path, { body: changes, query: options.query });
    return { record: res.body, ignored: differences(resource, res.body, changes), sent: { ...changes }, route: 'tribe' };
  }
  let plan = await planUpdate(client, resource, path, changes, options);
  if (plan.route === 'tec') {
    const res = await tecPatch(client, resource, plan.id, plan.body);
    if (res.status >= 200 && res.status < 300 && res.text === undefined) {
      const record = tribeShapeOf(resource, res.body, plan.current);
      return { record, ignored: differences(resource, record, changes), sent: plan.body, route: 'tec' };
    }
    if (!isOtherTecVersion(res)) throw errorFromResponse(res);
    client.debug(`tec/v1 refused the PATCH (HTTP ${res.status} ${String((res.body as Json | undefined)?.code ?? '')}): not the version this client speaks; the update goes once by ${client.options.namespace}`);
    forgetTec(client);
    plan = await planUpdate(client, resource, path, changes, { ...options, current: plan.current, tribeOnly: true });
  }
  if (plan.route !== 'tribe') throw new Error('unreachable: the tribe route was asked for');
  const res = await client.call<Json>(options.method ?? 'POST', path, { body: plan.body, query: options.query });
  // The route answers with rendered texts: the typed ones are read back to compare.
  const sentText = [resource.nameField, 'description', 'excerpt'].some((field) => changes[field] !== undefined);
  const record = sentText && typeof res.body.id === 'number' ? withRawTexts(res.body, await readRawTexts(client, resource, res.body.id, options.notice)) : res.body;
  return { record: res.body, ignored: differences(resource, record, sentText ? changes : withoutTexts(resource, changes)), sent: plan.body, route: 'tribe' };
}

/** The changes without their texts, which the route's answer shows rendered and cannot be compared. */
function withoutTexts(resource: Resource, changes: Json): Json {
  const out = { ...changes };
  for (const field of [resource.nameField, 'description', 'excerpt']) delete out[field];
  return out;
}
