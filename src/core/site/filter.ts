/**
 * The events list filters an `export --site` was narrowed by. The file records them, links
 * by slug, under `filter: events:`; with --prune, apply and diff then remove only the events
 * the same filters select on the site, so a file of some events never trashes the others.
 */
import type { Query } from '../http/url.js';
import { resources, type Field, type ResourceName } from '../../spec/resources.js';

/** Records by slug with the site's IDs, per resource (a SiteDocument read from a site). */
type SiteRecords = Map<ResourceName, Map<string, { slug: string; id?: number }>>;

/** Filter name -> value as the file holds it: a text, or a list (slugs of linked records, statuses). */
export type EventsFilter = Record<string, string | string[]>;

/** The top-level key of a filtered file. */
export const FILTER_KEY = 'filter';

/** The events list filters a site file can record: those export takes. */
export const SITE_FILTERS: Field[] = resources.events.listParams.filter((p) => p.exportFilter);

const isList = (field: Field) => field.relation !== undefined || field.type === 'list';

/** The filters of a list query for the file; linked records' IDs become their slugs on `site`. */
export function filterOfQuery(query: Query, site: SiteRecords): EventsFilter {
  const filter: EventsFilter = {};
  for (const field of SITE_FILTERS) {
    const value = query[field.name];
    if (value === undefined) continue;
    if (!isList(field)) {
      filter[field.name] = String(value);
      continue;
    }
    const items = String(value).split(',');
    const records = field.relation ? site.get(field.relation as ResourceName) : undefined;
    const slugOf = (id: string) => [...(records?.values() ?? [])].find((r) => String(r.id) === id)?.slug ?? id;
    filter[field.name] = records ? items.map(slugOf) : items;
  }
  return filter;
}

/** The linked resources a filter (or the list query of one) names records of. */
export function filterRelations(filter: EventsFilter | Query): ResourceName[] {
  return SITE_FILTERS.filter((f) => f.relation && filter[f.name] !== undefined).map((f) => f.relation as ResourceName);
}

/**
 * The list query that selects the filter's events on `site`, slugs as that site's IDs;
 * undefined when a linked filter names no record the site has (then no event matches).
 */
export function scopeQuery(filter: EventsFilter, site: SiteRecords): Query | undefined {
  const query: Query = {};
  for (const field of SITE_FILTERS) {
    const value = filter[field.name];
    if (value === undefined) continue;
    if (!field.relation) {
      query[field.name] = Array.isArray(value) ? value.join(',') : value;
      continue;
    }
    const records = site.get(field.relation as ResourceName);
    const ids = [value].flat().flatMap((slug) => records?.get(slug)?.id ?? []);
    if (ids.length === 0) return undefined;
    query[field.name] = ids.join(',');
  }
  return query;
}

/** The filter in a line: `categories music, start_date 2027-01-01`. */
export function describeFilter(filter: EventsFilter): string {
  return Object.entries(filter)
    .map(([name, value]) => `${name} ${[value].flat().join(',')}`)
    .join(', ');
}
