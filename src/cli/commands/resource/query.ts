/** List parameters from flags. */
import { UsageError } from '../../../core/errors.js';
import { EVERY_EVENT, flagName, resources, type Field, type LinkRelation, type Resource } from '../../../spec/resources.js';
import { CliError, EXIT } from '../../../core/errors.js';
import type { ApiClient } from '../../../core/http/client.js';
import type { Query } from '../../../core/http/url.js';
import { coerceValue, queryValue, splitListText } from '../../../core/values.js';
import { attributeName, collectFields, EXPORT_FILTERS, namesLinkedRecords } from './flags.js';

/** List filters naming linked records, which take IDs, slugs or names like writes do. */
export function linkedFilters(resource: Resource): Field[] {
  return resource.listParams.filter(namesLinkedRecords);
}

export function buildListQuery(resource: Resource, opts: Record<string, unknown>): Query {
  const raw = collectFields(resource.listParams, opts);
  const query: Query = {};
  const linked = new Set(linkedFilters(resource).map((f) => f.name));
  for (const field of resource.listParams) {
    if (raw[field.name] === undefined) continue;
    // Linked filters are checked as references here and become IDs once resolved on the site.
    if (linked.has(field.name) && splitListText(String(raw[field.name])).some((item) => item === '')) {
      throw new UsageError(`--${field.name.replace(/_/g, '-')}: empty item in the list`);
    }
    const check = linked.has(field.name) ? { ...field, type: 'refs' as const, many: true } : field;
    query[field.name] = queryValue(coerceValue(check, raw[field.name]));
  }
  if (resource.name === 'events') Object.assign(query, overlapFilters(resource, opts));
  if ((query.geoloc_lat === undefined) !== (query.geoloc_lng === undefined)) {
    throw new UsageError('--geoloc-lat and --geoloc-lng go together');
  }
  // With `include` the server throws away start_date/end_date and puts its default window
  // back, so included past or far events vanish; any starts_/ends_ filter lifts the window.
  if (resource.name === 'events' && query.include !== undefined && !resource.listParams.some((p) => p.liftsWindow && query[p.name] !== undefined)) {
    query.starts_after = EVERY_EVENT.start_date;
  }
  return query;
}

/** The list filters given to export, checked against what the resource's list takes; undefined when none. */
export function exportFilterQuery(resource: Resource, flags: Record<string, unknown>): Query | undefined {
  const given = EXPORT_FILTERS.filter((name) => flags[attributeName(flagName(name))] !== undefined);
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

/** Linked filters given by slug or name become IDs; one that names no record exits 3 naming it. */
export async function resolveLinkedFilters(client: ApiClient, resource: Resource, query: Query): Promise<void> {
  const fields = linkedFilters(resource).filter((f) => query[f.name] !== undefined);
  if (fields.length === 0) return;
  const { Resolver } = await import('../../../core/records/resolve.js');
  const resolver = new Resolver(client);
  for (const field of fields) {
    const { ids, unknown } = await resolver.resolveListText(field.relation as LinkRelation, String(query[field.name]));
    if (unknown.length) {
      const meant = await resolver.meantHint(field.relation as LinkRelation, unknown);
      throw new CliError(
        `--${field.name.replace(/_/g, '-')}: no ${resources[field.relation as LinkRelation].singular} matches ${unknown.map((u) => `"${u}"`).join(', ')}`,
        EXIT.notFound,
        meant || undefined,
      );
    }
    query[field.name] = ids.join(',');
  }
}

/**
 * `--on DAY` and `--during FROM..TO` as the filters that find events overlapping the
 * range: ending after its start and starting before its end (an event from 10 to 14 March
 * is on the 12th). The times make strict dates apply (records/filter-times.ts).
 */
function overlapFilters(resource: Resource, opts: Record<string, unknown>): Query {
  const on = opts.on as string | undefined;
  const during = opts.during as string | undefined;
  if (on === undefined && during === undefined) return {};
  if (on !== undefined && during !== undefined) throw new UsageError('--on and --during go alone: give one of them');
  const flag = on !== undefined ? '--on' : '--during';
  const dateFilters = resource.listParams.filter(
    (p) => p.type === 'date' && opts[p.name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())] !== undefined,
  );
  if (dateFilters.length) throw new UsageError(`${flag} cannot be combined with --${dateFilters[0].name.replace(/_/g, '-')}`);
  const [rawFrom, rawTo] = on !== undefined ? [on, on] : splitRange(during!);
  const dateField = { name: 'start_date', type: 'date' } as Field;
  const from = String(coerceValue(dateField, rawFrom, flag)).slice(0, 10);
  const to = String(coerceValue(dateField, rawTo, flag)).slice(0, 10);
  if (to < from) throw new UsageError(`--during: the end ${to} is before the start ${from}`, `Give the range as FROM..TO, e.g. ${to}..${from}.`);
  return { ends_after: `${from} 00:00:00`, starts_before: `${to} 23:59:59` };
}

function splitRange(text: string): [string, string] {
  const parts = text.split('..');
  if (parts.length !== 2 || !parts[0].trim() || !parts[1].trim())
    throw new UsageError(`--during: "${text}" is not a range FROM..TO (e.g. 2027-03-01..2027-03-31)`);
  return [parts[0].trim(), parts[1].trim()];
}
