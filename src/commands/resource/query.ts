/** List parameters from flags. */
import { EVENTS_FROM } from '../../records/pages.js';
import { UsageError } from '../../errors.js';
import type { Resource } from '../../resources.js';
import type { Query } from '../../http/url.js';
import { coerceValue, queryValue } from '../../values.js';
import { collectFields } from './flags.js';


export function buildListQuery(resource: Resource, opts: Record<string, unknown>): Query {
  const raw = collectFields(resource.listParams, opts);
  const query: Query = {};
  for (const field of resource.listParams) {
    if (raw[field.name] === undefined) continue;
    query[field.name] = queryValue(coerceValue(field, raw[field.name]));
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

