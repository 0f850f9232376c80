/** List parameters from flags. */
import { EVENTS_FROM } from '../../records/pages.js';
import { UsageError } from '../../errors.js';
import { LINK_RELATIONS, resources, type Field, type LinkRelation, type Resource } from '../../resources.js';
import { CliError, EXIT } from '../../errors.js';
import type { ApiClient } from '../../http/client.js';
import type { Query } from '../../http/url.js';
import { coerceValue, queryValue } from '../../values.js';
import { collectFields } from './flags.js';


/** List filters naming linked records, which take IDs, slugs or names like writes do. */
export function linkedFilters(resource: Resource): Field[] {
  return resource.listParams.filter((p) => p.relation !== undefined && (LINK_RELATIONS as readonly string[]).includes(p.relation) && (p.type === 'ids' || p.type === 'terms'));
}

export function buildListQuery(resource: Resource, opts: Record<string, unknown>): Query {
  const raw = collectFields(resource.listParams, opts);
  const query: Query = {};
  const linked = new Set(linkedFilters(resource).map((f) => f.name));
  for (const field of resource.listParams) {
    if (raw[field.name] === undefined) continue;
    // Linked filters are checked as references here and become IDs once resolved on the site.
    const check = linked.has(field.name) ? { ...field, type: 'refs' as const, many: true } : field;
    query[field.name] = queryValue(coerceValue(check, raw[field.name]));
  }
  if ((query.geoloc_lat === undefined) !== (query.geoloc_lng === undefined)) {
    throw new UsageError('--geoloc-lat and --geoloc-lng go together');
  }
  // With `include` the server throws away start_date/end_date and puts its default window
  // back, so included past or far events vanish; any starts_/ends_ filter lifts the window.
  if (resource.name === 'events' && query.include !== undefined && !resource.listParams.some((p) => p.liftsWindow && query[p.name] !== undefined)) {
    query.starts_after = EVENTS_FROM;
  }
  return query;
}


/** Linked filters given by slug or name become IDs; one that names no record exits 3 naming it. */
export async function resolveLinkedFilters(client: ApiClient, resource: Resource, query: Query): Promise<void> {
  const fields = linkedFilters(resource).filter((f) => query[f.name] !== undefined);
  if (fields.length === 0) return;
  const { Resolver } = await import('../../records/resolve.js');
  const resolver = new Resolver(client);
  for (const field of fields) {
    const refs = String(query[field.name]).split(',').map((r) => r.trim()).filter(Boolean);
    const { ids, unknown } = await resolver.resolve(field.relation as LinkRelation, refs);
    if (unknown.length) {
      throw new CliError(`--${field.name.replace(/_/g, '-')}: no ${resources[field.relation as LinkRelation].singular} matches ${unknown.map((u) => `"${u}"`).join(', ')}`, EXIT.notFound);
    }
    query[field.name] = ids.join(',');
  }
}
