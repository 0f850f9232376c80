/**
 * The one rule of names: the server answers the create of a venue or organizer whose name another
 * one holds (by its collation: `Cafe` is `CAFÉ`) with that record, overwritten, and 201 as if it
 * were new. So a create, a rename and an imported row that would give a second record that name
 * are refused alike, before anything is written, unless forced.
 *
 * Exit code 2, a validation error found before any write: the server never refuses such a write
 * (it overwrites), so it is the client's refusal, like an unknown link or an ambiguous name,
 * which also exit 2 after the lookups that found them.
 */
import { UsageError } from '../errors.js';
import { aSingular, type Resource } from '../../spec/resources.js';
import type { ApiClient } from '../http/client.js';

export class NameTakenError extends UsageError {
  constructor(
    resource: Resource,
    readonly name: string,
    readonly ids: number[],
    options: { detail?: string; hint?: string } = {},
  ) {
    super(
      `${aSingular(resource)} named "${name}" exists already (ID ${ids.join(', ')}); the server would overwrite it` +
        (options.detail ? ` (${options.detail})` : ` when another ${resource.singular} is created by that name`),
      options.hint,
    );
  }
}

/** Refuses `name` for a record of `resource` when another record (not `ownId`) holds it; nothing to check for resources that do not merge. */
export async function refuseTakenName(client: ApiClient, resource: Resource, name: unknown, options: { ownId?: number; hint?: string } = {}): Promise<void> {
  if (!resource.mergesOnCreate || typeof name !== 'string') return;
  const { Resolver } = await import('./resolve.js');
  const ids = (await new Resolver(client).taken(resource.name as 'venues' | 'organizers', name)).filter((id) => id !== options.ownId);
  if (ids.length) throw new NameTakenError(resource, name, ids, { hint: options.hint });
}
