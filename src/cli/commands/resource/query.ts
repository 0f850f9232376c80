/** List parameters from flags. */
import { listQueryOf, type Query, UsageError } from '../../../core/index.js';
import { flagName, type Resource } from '../../../spec/resources.js';
import { collectFields, EXPORT_FILTERS, flagValue } from './flags.js';
import type { ExportFilterFlags, ListFlags } from './options.js';

/** A list's query from its flags (src/core/records/list.ts). */
export function buildListQuery(resource: Resource, opts: ListFlags): Query {
  const overlap = resource.isEvent ? { on: opts.on, during: opts.during } : {};
  return listQueryOf(resource, collectFields(resource.listParams, opts), overlap);
}

/** The list filters given to export, checked against what the resource's list takes; undefined when none. */
export function exportFilterQuery(resource: Resource, flags: ExportFilterFlags): Query | undefined {
  const given = EXPORT_FILTERS.filter((name) => flagValue(flags, flagName(name)) !== undefined);
  if (given.length === 0) return undefined;
  const foreign = given.filter((name) => !resource.listParams.some((p) => p.name === name && p.exportFilter));
  if (foreign.length)
    throw new UsageError(
      `--${flagName(foreign[0])} does not apply to ${resource.name}`,
      `${resource.name} take: ${resource.listParams
        .filter((p) => p.exportFilter)
        .map((p) => p.name)
        .map((n) => `--${flagName(n)}`)
        .join(', ')}`,
    );
  return buildListQuery(resource, flags);
}
