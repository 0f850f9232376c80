/**
 * Updates that keep data: what the planner (src/core/write/plan.ts) needs to know of a record
 * and a route, and `safeUpdate`, the one entry of every update of an existing record (update,
 * edit, restore, --add-/--remove-, import --upsert-by, apply, the iCalendar sync, series).
 *
 * The tribe/events/v1 route rebuilds a record from the request: it keeps the title,
 * description, excerpt, slug, venue, terms and dates it is not sent, and resets the rest. So
 * the record's current values of what it resets are sent with the changes, never its texts
 * (which the route shows rendered, not as typed). docs/write-routes.md lists what each route keeps.
 */
import { termName } from '../../wordpress/text.js';
import { linkFields, resources, updateResetsLeftOut, wpRoute, type LinkRelation, type Resource } from '../../spec/resources.js';
import type { WriteApi } from '../http/client.js';
import type { Query } from '../http/url.js';
import { decodeEntities, sameValue } from './identity.js';
import { toWritable } from './writable.js';
import { changedUnasked, WRITE_ROUTES, type WrittenPost } from '../../wordpress/write-routes.js';
import { coreUnlinkValue, isRemovableLink } from './unlink.js';

type Json = Record<string, unknown>;

/** The posts whose routes reset what a request leaves out (src/wordpress/write-routes.ts). */
const isWrittenPost = (resource: Resource): resource is Resource & { name: WrittenPost } => resource.isPost;

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
  if (route === 'tribe' && resource.isEvent) {
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
  if (options.replace || !updateResetsLeftOut(resource)) return { ...changes };
  return { ...unaskedValues('tribe', resource, current, changes), ...changes };
}

/** The cost as the site shows it, entities decoded; "" for none. */
export function costShown(current: Json): string {
  return typeof current.cost === 'string' ? decodeEntities(current.cost).trim() : '';
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
  if (!resource.isPost && field === resource.nameField && typeof sent === 'string' && typeof got === 'string') {
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

export interface SafeUpdateOptions {
  replace?: boolean;
  query?: Query;
  /** The record as just read (texts as typed, see readCurrent); read here when needed and not given. */
  current?: Json;
  /** Send a value the route cannot keep as stored (a cost shown re-formatted) rather than refuse. */
  force?: boolean;
  /** Where a one-time notice goes (no typed text on this site). */
  notice?: (line: string) => void;
  /** Plan and read, send nothing: the result holds the plan alone. */
  dryRun?: boolean;
}

const idOf = (path: string, current: Json | undefined): number | undefined => {
  if (typeof current?.id === 'number') return current.id;
  const last = /\/(\d+)$/.exec(path)?.[1];
  return last === undefined ? undefined : Number(last);
};

/** A term update that takes a one-valued link off (`parent: null`, src/wordpress/write-routes.ts)
 * goes whole by WordPress core's term route, the link sent as that route's "none": the
 * plugin's route refuses it and is otherwise the same update. Undefined for any other update.
 */
export function coreTermUpdate(resource: Resource, path: string, changes: Json): { path: string; body: Json } | undefined {
  const id = idOf(path, undefined);
  const unlinks = Object.keys(changes).filter((field) => changes[field] === null && isRemovableLink(resource, field));
  if (updateResetsLeftOut(resource) || id === undefined || unlinks.length === 0) return undefined;
  const body = { ...changes };
  for (const field of unlinks) body[field] = coreUnlinkValue(resource, field);
  return { path: `/wp/v2/${wpRoute(resource)}/${id}`, body };
}

/** A record's texts (name or title, description, excerpt), those it has. */
export function typedTextsOf(resource: Resource, record: Json): Json {
  return Object.fromEntries(
    textFields(resource)
      .filter((field) => record[field] !== undefined)
      .map((field) => [field, record[field]]),
  );
}

/** Whether a record holds a linked term known by its ID only (no name). */
export function hasBareTerms(resource: Resource, record: Json): boolean {
  return linkFields(resource).some(
    (link) =>
      resources[link.relation as LinkRelation]?.isPost === false &&
      Array.isArray(record[link.name]) &&
      (record[link.name] as unknown[]).some((term) => typeof term === 'object' && term !== null && !('name' in term)),
  );
}

/** The fields whose text the tribe routes show rendered: the name or title, the description, the excerpt. */
export function textFields(resource: Resource): string[] {
  return [resource.nameField, 'description', 'excerpt'];
}

/** The changes without their texts, which the route's answer shows rendered and cannot be compared. */
export function withoutTexts(resource: Resource, changes: Json): Json {
  const out = { ...changes };
  for (const field of textFields(resource)) delete out[field];
  return out;
}
