/**
 * Links changed in place on update: `--organizer none` empties a list, `--add-tags` and
 * `--remove-tags` (and the same for categories and organizers) change a list without
 * restating it. The server has no way to unlink an event's venue (it keeps the current one
 * when none is sent), so `--venue none` is refused rather than pretended.
 */
import { UsageError } from '../../errors.js';
import type { ApiClient } from '../../http/client.js';
import { flagName, linkFields, type Field, type LinkRelation, type Resource } from '../../resources.js';
import { toWritable } from '../../records/writable.js';
import { attributeName } from './flags.js';

type Json = Record<string, unknown>;

/** The list links of a resource that can be added to and removed from. */
const adjustableLinks = (resource: Resource): Field[] => linkFields(resource).filter((f) => f.many);

const isNone = (value: unknown): boolean => (Array.isArray(value) ? value.length === 1 && isNone(value[0]) : typeof value === 'string' && value.trim().toLowerCase() === 'none');

/** `none` for a list link becomes the empty list; for the venue it is refused. Changes the body in place. */
export function applyNone(resource: Resource, body: Json): void {
  for (const field of linkFields(resource)) {
    if (!isNone(body[field.name])) continue;
    if (!field.many) {
      throw new UsageError(
        `--${flagName(field.name)} none: the server cannot unlink ${field.name === 'venue' ? 'a venue from an event' : `the ${field.name}`}; it keeps the current one when none is sent`,
        'Link another one instead, or remove it in the WordPress editor.',
      );
    }
    body[field.name] = [];
  }
}

interface Adjustment {
  field: Field;
  add: string[];
  remove: string[];
}

function adjustmentsOf(resource: Resource, opts: Json): Adjustment[] {
  const split = (value: unknown) => (typeof value === 'string' ? value.split(',').map((v) => v.trim()).filter(Boolean) : []);
  return adjustableLinks(resource)
    .map((field) => ({ field, add: split(opts[attributeName(`add-${flagName(field.name)}`)]), remove: split(opts[attributeName(`remove-${flagName(field.name)}`)]) }))
    .filter((a) => a.add.length || a.remove.length);
}

/** True when the options hold an --add-x or --remove-x. */
export function hasAdjustments(resource: Resource, opts: Json): boolean {
  return adjustmentsOf(resource, opts).length > 0;
}

/** Adds and removes the given links over the body's list (or the record's current one). */
export async function applyAdjustments(client: ApiClient, resource: Resource, opts: Json, body: Json, current: Json | undefined): Promise<void> {
  const adjustments = adjustmentsOf(resource, opts);
  if (adjustments.length === 0) return;
  const { Resolver } = await import('../../records/resolve.js');
  const resolver = new Resolver(client);
  const existing = current ? toWritable(resource, current, { links: 'ids' }) : {};
  for (const { field, add, remove } of adjustments) {
    if (body[field.name] !== undefined && (add.length || remove.length)) {
      throw new UsageError(`--${flagName(field.name)} and --add-/--remove-${flagName(field.name)} go alone: give the whole list, or the changes to it`);
    }
    const lookup = async (refs: string[]) => {
      const { ids, unknown } = await resolver.resolve(field.relation as LinkRelation, refs);
      if (unknown.length) {
        const meant = await resolver.meantHint(field.relation as LinkRelation, unknown);
        throw new UsageError(`no ${field.relation} matches ${unknown.map((u) => `"${u}"`).join(', ')}`, meant || undefined);
      }
      return ids;
    };
    const [added, removed] = await Promise.all([lookup(add), lookup(remove)]);
    const base = ((existing[field.name] as number[] | undefined) ?? []).filter((id) => !removed.includes(id));
    body[field.name] = [...base, ...added.filter((id) => !base.includes(id))];
  }
}
