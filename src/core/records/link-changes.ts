/**
 * Links changed in place on update: `--organizer none` empties a list, `--parent none` takes a
 * category off its parent, `--add-tags` and `--remove-tags` (and the same for categories and
 * organizers) change a list without restating it. No route of the site unlinks an event's
 * venue, so `--venue none` is refused rather than pretended (src/wordpress/write-routes.ts).
 */
import { UsageError } from '../errors.js';
import type { ApiClient } from '../http/client.js';
import { linkFields, type Field, type LinkRelation, type Resource } from '../../spec/resources.js';
import { cannotRemove, isRemovableLink } from './unlink.js';
import { toWritable } from './writable.js';
import { option } from '../words.js';

type Json = Record<string, unknown>;

const isNone = (value: unknown): boolean =>
  Array.isArray(value) ? value.length === 1 && isNone(value[0]) : typeof value === 'string' && value.trim().toLowerCase() === 'none';

/**
 * `none` for a list link becomes the empty list; for a one-valued link it becomes null, "no
 * link", where a route can take it off (a category's parent), and is refused where none can (an
 * event's venue). Changes the body in place.
 */
export function applyNone(resource: Resource, body: Json): void {
  for (const field of linkFields(resource)) {
    if (!isNone(body[field.name])) continue;
    if (field.many) {
      body[field.name] = [];
      continue;
    }
    if (!isRemovableLink(resource, field.name)) {
      throw new UsageError(
        `${option(field.name)} none: ${cannotRemove(resource, field.name)}`,
        'Link another one instead, or remove it in the WordPress editor.',
      );
    }
    body[field.name] = null;
  }
}

/** On create, `none` for a link is no link: the field is left out of the body. */
export function dropNone(resource: Resource, body: Json): void {
  for (const field of linkFields(resource)) if (isNone(body[field.name])) delete body[field.name];
}

/** Links to add to and remove from a list link without restating it, by field: `{ tags: { add: 'jazz, blues' } }`. */
export type LinkAdjustments = Record<string, { add?: string; remove?: string } | undefined>;

interface Adjustment {
  field: Field;
  /** The lists as given (splitListText's syntax). */
  add: string;
  remove: string;
}

/** The list links of a resource that can be added to and removed from. */
export const adjustableLinks = (resource: Resource): Field[] => linkFields(resource).filter((f) => f.many);

function adjustmentsOf(resource: Resource, given: LinkAdjustments | undefined): Adjustment[] {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return adjustableLinks(resource)
    .map((field) => ({ field, add: text(given?.[field.name]?.add), remove: text(given?.[field.name]?.remove) }))
    .filter((a) => a.add || a.remove);
}

/** True when some link is added to or removed from. */
export function hasAdjustments(resource: Resource, given: LinkAdjustments | undefined): boolean {
  return adjustmentsOf(resource, given).length > 0;
}

/** Adds and removes the given links over the body's list (or the record's current one). */
export async function applyAdjustments(
  client: ApiClient,
  resource: Resource,
  given: LinkAdjustments | undefined,
  body: Json,
  current: Json | undefined,
  options: { createMissing?: boolean } = {},
): Promise<void> {
  const adjustments = adjustmentsOf(resource, given);
  if (adjustments.length === 0) return;
  const { Resolver } = await import('./resolve.js');
  const resolver = new Resolver(client);
  const existing = current ? toWritable(resource, current, { links: 'ids' }) : {};
  for (const { field, add, remove } of adjustments) {
    if (body[field.name] !== undefined && (add || remove)) {
      throw new UsageError(
        `${option(field.name)} and ${option(`add_${field.name}`)}/${option(`remove_${field.name}`)} go alone: give the whole list, or the changes to it`,
      );
    }
    const relation = field.relation as LinkRelation;
    const lookup = async (refs: string, creating: boolean) => {
      const { ids, unknown } = await resolver.resolveListText(relation, refs);
      const named = unknown.filter((u) => !/^[0-9]+$/.test(u));
      if (unknown.length && !(creating && named.length === unknown.length)) {
        const meant = await resolver.meantHint(relation, unknown);
        const hint = [
          meant,
          creating || unknown.length > named.length ? '' : `Add ${option('create_missing', true)} to create ${unknown.length === 1 ? 'it' : 'them'}.`,
        ]
          .filter(Boolean)
          .join(' ');
        throw new UsageError(`no ${field.relation} matches ${unknown.map((u) => `"${u}"`).join(', ')}`, hint || undefined);
      }
      for (const name of named) ids.push(await resolver.create(relation, name));
      return ids;
    };
    // Only what is added can be created: a link to remove that does not exist is a mistake.
    const [added, removed] = await Promise.all([lookup(add, options.createMissing === true), lookup(remove, false)]);
    const base = ((existing[field.name] as number[] | undefined) ?? []).filter((id) => !removed.includes(id));
    body[field.name] = [...base, ...added.filter((id) => !base.includes(id))];
  }
}
