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
import { termName } from '../../wordpress/text.js';
import { linkFields, wpRoute, type Resource } from '../../spec/resources.js';
import { errorFromResponse, type ApiClient } from '../http/client.js';
import type { Query } from '../http/url.js';
import { UsageError } from '../errors.js';
import { decodeEntities, sameValue } from './identity.js';
import { storedCost, toWritable } from './writable.js';
import { createDropsCost } from '../../wordpress/cost.js';
import { readCurrent, readRawTexts, withRawTexts } from './raw-text.js';
import { changedUnasked, WRITE_ROUTES, type WrittenPost } from '../../wordpress/write-routes.js';
import { coreUnlinkValue, isRemovableLink } from './unlink.js';
import type { WriteApi } from '../http/client.js';
import { forgetTec, isOtherTecVersion, tecBody, tecPatch, tribeShapeOf, writeApi } from './tec-route.js';

type Json = Record<string, unknown>;

/** Events, venues and organizers lose what an update leaves out; terms keep it. */
export function needsMerge(resource: Resource): boolean {
  return resource.trashes;
}

/** The posts whose routes reset what a request leaves out (src/wordpress/write-routes.ts). */
const isWrittenPost = (resource: Resource): resource is Resource & { name: WrittenPost } => resource.kind === 'post';

/**
 * The current value of each field `route` would change on its own when sent `changes`, as the
 * record shows it (those round-trip exactly): what goes with the changes so that nothing else
 * changes. An event's status goes too (the tribe route publishes a draft it is not sent the
 * status of). The cost is never taken from the record: it shows otherwise than it is stored
 * (see costRefusal).
 */
export function unaskedValues(route: WriteApi, resource: Resource, current: Json, changes: Json): Json {
  if (!isWrittenPost(resource)) return {};
  const fields = changedUnasked(route, resource.name, Object.keys(changes));
  for (const field of WRITE_ROUTES[route][resource.name].restates ?? []) if (changes[field] === undefined) fields.push(field);
  // The tribe route publishes a dated record (an event) it is not sent the status of, and pairs its dates.
  if (route === 'tribe' && resource.hasDates) {
    if (changes.status === undefined) fields.push('status');
    // The route takes a start or an end only with the other: a start sent alone is ignored.
    if ((changes.start_date === undefined) !== (changes.end_date === undefined)) fields.push(changes.start_date === undefined ? 'start_date' : 'end_date');
  }
  const shown = toWritable(resource, current, { links: 'ids' });
  const out: Json = {};
  for (const field of fields) {
    if (field === 'cost' || changes[field] !== undefined || WRITE_ROUTES[route][resource.name].forces[field] !== undefined) continue;
    // Left out of toWritable: nothing set (an event's website showing its own page, an empty list or text).
    if (shown[field] !== undefined) out[field] = shown[field];
    else if (resource.fields.some((f) => f.name === field && f.many && f.relation)) out[field] = [];
  }
  return out;
}

/** The body for the tribe route: the changes, and what the route would reset otherwise (with `replace`, the changes alone). */
export function mergeForUpdate(resource: Resource, current: Json, changes: Json, options: { replace?: boolean } = {}): Json {
  if (options.replace || !needsMerge(resource)) return { ...changes };
  return { ...unaskedValues('tribe', resource, current, changes), ...changes };
}

/**
 * Why the tribe route cannot take this update as it is: the event has a cost, which the site
 * shows re-formatted (`$10 – $30` for a stored `€10 – €30`), and the route clears a cost it
 * is not sent. Undefined when the change gives the cost, there is none, or the update is
 * forced. `forced`: the map settings that made the update pass over tec/v1, which would turn them on.
 */
export function costRefusal(resource: Resource, current: Json, changes: Json, force: boolean, forced: string[] = []): string | undefined {
  if (!resource.hasCost || changes.cost !== undefined || force) return undefined;
  const shown = typeof current.cost === 'string' ? decodeEntities(current.cost).trim() : '';
  // None, or one of words the site shows as stored (sent back as it is: see planUpdate).
  if (shown === '' || storedCost(current) !== undefined) return undefined;
  if (forced.length) {
    const flags = forced.map((field) => `--${field.replaceAll('_', '-')}`).join(' ');
    return (
      `${forced.join(', ')}: tec/v1 would turn this off setting on, and tribe/events/v1 would rewrite the cost, ` +
      `which the site shows as "${shown}", not as typed: give the cost as it should be stored (--cost TEXT, or a ` +
      `cost column), or ${flags} to let it be on, or --force (it turns on)`
    );
  }
  return (
    `cost: tribe/events/v1 clears a cost it is not sent, and the site shows this one as "${shown}", not as typed: ` +
    `give the cost as it should be stored (--cost TEXT, or a cost column), or --force to store "${toWritable(resource, current).cost}"`
  );
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
  // A term's name is stored with `&` as `&amp;` whatever was typed: the name sent is compared as stored.
  if (resource.kind === 'term' && field === resource.nameField && typeof sent === 'string' && typeof got === 'string') {
    if (termName(sent) === got.trim()) return true;
  }
  const isText = textFields(resource).includes(field);
  if (isText && typeof sent === 'string' && typeof got === 'string') return sent.trim() === got.trim();
  return sameValue(field, sent, got);
}

/** Whether a record as the tribe routes show it (texts rendered) holds `desired`, texts compared as displayed. */
export function isUnchanged(resource: Resource, current: Json, desired: Json): boolean {
  const actual = toWritable(resource, current, { links: 'ids' });
  return Object.entries(desired).every(([field, value]) => sameValue(field, value, actual[field]));
}

/** The fields of `desired` whose value the record (texts as typed) does not hold; none means unchanged. */
export function changedFields(resource: Resource, current: Json, desired: Json): string[] {
  return differences(resource, current, desired).map((d) => d.field);
}

export interface SafeUpdateResult {
  record: Json;
  /** Fields the server did not keep as sent. */
  ignored: Array<{ field: string; sent: unknown; got: unknown }>;
  sent: Json;
  /** The route it went by. */
  route: UpdatePlan['route'];
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
}

const idOf = (path: string, current: Json | undefined): number | undefined => {
  if (typeof current?.id === 'number') return current.id;
  const last = /\/(\d+)$/.exec(path)?.[1];
  return last === undefined ? undefined : Number(last);
};

/**
 * The fields `route` would set to a value of its own whatever it is sent, where the record
 * holds another (on tec/v1, an event's map settings, which it turns on): such an update goes
 * by the other route, which is sent their current values.
 */
function forcedChanges(route: WriteApi, resource: Resource, current: Json, changes: Json): string[] {
  if (!isWrittenPost(resource)) return [];
  return Object.entries(WRITE_ROUTES[route][resource.name].forces)
    .filter(([field, value]) => current[field] !== undefined && !sameValue(field, current[field], value) && !sameValue(field, changes[field], value))
    .map(([field]) => field);
}

/** The changes less those that ask for the value `route` sets on its own (an event's map turned on by tec/v1): they happen anyway. */
function withoutForcedValues(route: WriteApi, resource: Resource, changes: Json): Json {
  if (!isWrittenPost(resource)) return changes;
  const forces = WRITE_ROUTES[route][resource.name].forces;
  return Object.fromEntries(Object.entries(changes).filter(([field, value]) => forces[field] === undefined || !sameValue(field, value, forces[field])));
}

/**
 * A record out of the trash gets its slug back: the trash adds `__trashed` to it, and only
 * WordPress's own untrash takes it off, not a status sent to a route.
 */
function withUntrashedSlug(current: Json | undefined, changes: Json): Json {
  const slug = current?.slug;
  if (current?.status !== 'trash' || changes.status === undefined || changes.status === 'trash' || changes.slug !== undefined) return changes;
  if (typeof slug !== 'string' || !slug.endsWith('__trashed') || slug === '__trashed') return changes;
  return { ...changes, slug: slug.slice(0, -'__trashed'.length) };
}

/** How an update goes: one tec/v1 PATCH of the changes, or the tribe route with what it would reset. */
export type UpdatePlan =
  | { route: 'tec'; id: number; body: Json; current?: Json }
  | { route: 'core'; id: number; body: Json; current: Json }
  | { route: 'tribe'; body: Json; current: Json };

/** Out of the trash, WordPress's own route changes the status and slug and nothing else; tec/v1 cannot update a trashed record. */
const isRestore = (current: Json | undefined, changes: Json) =>
  current?.status === 'trash' && Object.keys(changes).every((field) => field === 'status' || field === 'slug');

/**
 * Chooses the route and builds the body; reads the record when the choice or the body needs
 * it. Throws a UsageError, before anything is sent, when the update cannot keep a field.
 */
export async function planUpdate(
  client: ApiClient,
  resource: Resource,
  path: string,
  asked: Json,
  options: SafeUpdateOptions & { tribeOnly?: boolean } = {},
): Promise<UpdatePlan> {
  let current = options.current;
  let changes = withUntrashedSlug(current, asked);
  const id = idOf(path, current);
  let forcedOff: string[] = [];
  if (!options.tribeOnly && id !== undefined && current && isRestore(current, changes)) return { route: 'core', id, body: changes, current };
  if (!options.tribeOnly && current?.status !== 'trash' && id !== undefined && options.query === undefined && (await writeApi(client)) === 'tec') {
    const tec = tecBody(resource, withoutForcedValues('tec', resource, changes));
    if ('body' in tec) {
      // Where tec/v1 turns settings on by itself (an event's map), the record decides whether it may.
      if (isWrittenPost(resource) && Object.keys(WRITE_ROUTES.tec[resource.name].forces).length)
        current ??= await readCurrent(client, resource, path, { notice: options.notice });
      const forced = current ? forcedChanges('tec', resource, current, changes) : [];
      // Forced, tec/v1 wins: it changes a display setting where the tribe route would rewrite the cost.
      if (forced.length === 0 || options.force) {
        if (forced.length) options.notice?.(`tec/v1 turns on this event's ${forced.join(' and ')} (it cannot be sent them)`);
        const kept = current ? tecBody(resource, unaskedValues('tec', resource, current, changes)) : undefined;
        return { route: 'tec', id, body: { ...(kept && 'body' in kept ? kept.body : {}), ...tec.body }, current };
      }
      forcedOff = forced;
      client.debug(`tec/v1 would change ${forced.join(', ')} on its own: the update goes by ${client.options.namespace}`);
    } else client.debug(`tec/v1 does not take ${tec.untaken.join(', ')}: the update goes by ${client.options.namespace}`);
  }
  current ??= await readCurrent(client, resource, path, { query: options.query, notice: options.notice });
  changes = withUntrashedSlug(current, changes);
  const refusal = costRefusal(resource, current, changes, options.force === true, forcedOff);
  if (refusal) throw new UsageError(refusal);
  const body = mergeForUpdate(resource, current, changes);
  if (resource.hasCost && body.cost === undefined) {
    const cost = storedCost(current) ?? (options.force ? toWritable(resource, current).cost : undefined);
    if (cost !== undefined) body.cost = cost;
  }
  return { route: 'tribe', body, current };
}

/**
 * A term update that takes a one-valued link off (`parent: null`, src/wordpress/write-routes.ts)
 * goes whole by WordPress core's term route, the link sent as that route's "none": the
 * plugin's route refuses it and is otherwise the same update. Undefined for any other update.
 */
export function coreTermUpdate(resource: Resource, path: string, changes: Json): { path: string; body: Json } | undefined {
  const id = idOf(path, undefined);
  const unlinks = Object.keys(changes).filter((field) => changes[field] === null && isRemovableLink(resource, field));
  if (needsMerge(resource) || id === undefined || unlinks.length === 0) return undefined;
  const body = { ...changes };
  for (const field of unlinks) body[field] = coreUnlinkValue(resource, field);
  return { path: `/wp/v2/${wpRoute(resource)}/${id}`, body };
}

/** Sends the update by the route that keeps the most, and reports the fields the server did not keep. */
export async function safeUpdate(
  client: ApiClient,
  resource: Resource,
  path: string,
  changes: Json,
  options: SafeUpdateOptions = {},
): Promise<SafeUpdateResult> {
  const core = coreTermUpdate(resource, path, changes);
  if (core) {
    await client.call<Json>('POST', core.path, { fromRoot: true, body: core.body });
    // Core's answer is in its own shape: the record is read back as the plugin's route shows it.
    const record = (await client.call<Json>('GET', path, { query: options.query })).body;
    return { record, ignored: differences(resource, record, changes), sent: core.body, route: 'core' };
  }
  if (options.replace || !needsMerge(resource)) {
    const res = await client.call<Json>(options.method ?? 'POST', path, { body: changes, query: options.query });
    return { record: res.body, ignored: differences(resource, res.body, changes), sent: { ...changes }, route: 'tribe' };
  }
  let plan = await planUpdate(client, resource, path, changes, options);
  if (plan.route === 'core') {
    const res = await client.send<Json>('POST', `/wp/v2/${wpRoute(resource)}/${plan.id}`, { fromRoot: true, body: plan.body });
    if (res.status >= 200 && res.status < 300 && res.text === undefined) {
      const record = (await client.call<Json>('GET', path, { query: options.query })).body;
      return { record, ignored: differences(resource, record, withoutTexts(resource, changes)), sent: plan.body, route: 'core' };
    }
    if (res.status !== 404 && res.status !== 405) throw errorFromResponse(res);
    client.debug(`the core route refused the restore (HTTP ${res.status}): it goes by ${client.options.namespace}`);
    plan = await planUpdate(client, resource, path, changes, { ...options, current: plan.current, tribeOnly: true });
  }
  if (plan.route === 'tec') {
    const res = await tecPatch(client, resource, plan.id, plan.body);
    if (res.status >= 200 && res.status < 300 && res.text === undefined) {
      // The answer lacks what tec/v1 does not know (a venue's map settings): without the record read before, it is read after.
      const shown = plan.current ?? (await client.call<Json>('GET', path)).body;
      const shaped = tribeShapeOf(resource, res.body, shown, plan.body);
      // The answer shows a cost sent in the site's format without its details, and a term newly linked by
      // its ID alone: the record is then read back as the tribe routes show it, to compare and to print (its
      // texts as tec/v1 gave them, as typed).
      const readBack = plan.body.cost !== undefined || hasBareTerms(resource, shaped);
      const record = readBack ? { ...(await client.call<Json>('GET', path)).body, ...typedTextsOf(resource, shaped) } : shaped;
      return { record, ignored: differences(resource, record, changes), sent: plan.body, route: 'tec' };
    }
    const code = String((res.body as Json | undefined)?.code ?? '');
    if (res.status === 403) {
      // tec/v1 answers 403 for a record that is not there as for one this user may not change: the older route tells which.
      client.debug(`tec/v1 refused the PATCH (HTTP 403 ${code}): asking ${client.options.namespace}`);
    } else if (res.status === 500 && typeof (res.body as Json | undefined)?.error === 'string') {
      // "Failed to update entity.": nothing written; a post without the calendar's data (a create cut short) is one. The older route rebuilds it.
      client.debug(`tec/v1 could not update it (HTTP 500 "${String((res.body as Json).error)}"): the update goes by ${client.options.namespace}`);
    } else if (isOtherTecVersion(res)) {
      client.debug(
        `tec/v1 refused the PATCH (HTTP ${res.status} ${code}): not the version this client speaks; the update goes once by ${client.options.namespace}`,
      );
      forgetTec(client);
    } else throw errorFromResponse(res);
    plan = await planUpdate(client, resource, path, changes, { ...options, current: plan.current, tribeOnly: true });
  }
  if (plan.route !== 'tribe') throw new Error('unreachable: the tribe route was asked for');
  const res = await client.call<Json>(options.method ?? 'POST', path, { body: plan.body, query: options.query });
  // The route answers with rendered texts: the typed ones are read back to compare.
  const sentText = textFields(resource).some((field) => changes[field] !== undefined);
  const record =
    sentText && typeof res.body.id === 'number' ? withRawTexts(res.body, await readRawTexts(client, resource, res.body.id, options.notice)) : res.body;
  return { record: res.body, ignored: differences(resource, record, sentText ? changes : withoutTexts(resource, changes)), sent: plan.body, route: 'tribe' };
}

/** A record's texts (name or title, description, excerpt), those it has. */
function typedTextsOf(resource: Resource, record: Json): Json {
  return Object.fromEntries(
    textFields(resource)
      .filter((field) => record[field] !== undefined)
      .map((field) => [field, record[field]]),
  );
}

/** Whether a record holds a linked term known by its ID only (no name). */
function hasBareTerms(resource: Resource, record: Json): boolean {
  return linkFields(resource).some(
    (link) =>
      Array.isArray(record[link.name]) && (record[link.name] as unknown[]).some((term) => typeof term === 'object' && term !== null && !('name' in term)),
  );
}

/** The fields whose text the tribe routes show rendered: the name or title, the description, the excerpt. */
function textFields(resource: Resource): string[] {
  return [resource.nameField, 'description', 'excerpt'];
}

/** The changes without their texts, which the route's answer shows rendered and cannot be compared. */
function withoutTexts(resource: Resource, changes: Json): Json {
  const out = { ...changes };
  for (const field of textFields(resource)) delete out[field];
  return out;
}

/**
 * A new event given a zero cost (0 or "0") gets it by an update: the tribe route's create does
 * not store it, an update does (src/wordpress/cost.ts). Any other record is returned as it is.
 */
export async function withZeroCost(client: ApiClient, resource: Resource, created: Json, sentCost: unknown): Promise<Json> {
  if (!resource.hasCost || !createDropsCost(sentCost) || typeof created.id !== 'number') return created;
  return (await safeUpdate(client, resource, `${resource.path}/${created.id}`, { cost: '0' }, { method: 'PUT', current: created })).record;
}
