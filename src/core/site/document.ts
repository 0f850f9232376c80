/**
 * The site as one document: every venue, organizer, category, tag and event, each
 * identified by its slug, links to other records by slug, writable fields only. Read from
 * a site here; read from a file in file.ts; the two are compared in plan.ts.
 */
import type { ApiClient } from '../http/client.js';
import { resources, type Resource, type ResourceName } from '../../spec/resources.js';
import { slugFromName, textForPeople } from '../records/identity.js';
import { everyRecordQuery, walkEveryEvent, walkEveryRecord, walkPages, walkShortfall, unlistedEventsKey, unlistedEventsNote } from '../records/pages.js';
import { exportShape } from '../records/writable.js';
import { typedTexts } from '../records/raw-text.js';
import type { Query } from '../http/url.js';
import { loadYaml } from './yaml.js';
import { FILTER_KEY, type EventsFilter } from './filter.js';
import { isRemovableLink } from '../records/unlink.js';
import { readSiteSeries, seriesSection, SERIES_KEY, type SiteSeries } from './series.js';
import { parseSeriesTag } from '../series/identity.js';

type Json = Record<string, unknown>;

/** Dependency order: a record only links to records of the resources before it. */
export const SITE_RESOURCES: ResourceName[] = ['categories', 'tags', 'venues', 'organizers', 'events'];

/**
 * Writable fields a site file leaves out: author is a user ID and date_utc follows from
 * date; neither carries from one site to another.
 */
const LEFT_OUT = new Set(['author', 'date_utc']);

export interface SiteRecord {
  slug: string;
  /** Writable fields, links by slug, in the order of the resource table. */
  fields: Json;
  /** The record's ID on the site it was read from. */
  id?: number;
}

/**
 * Records by slug, per resource; a resource left out is not managed by the document. The
 * occurrences of recurring series are events; their rules travel in `series` (site/series.ts).
 */
export type SiteDocument = Map<ResourceName, Map<string, SiteRecord>> & { series?: SiteSeries };

/** The fields a site file may give a record of this resource, in table order. */
export function siteFields(resource: Resource): string[] {
  return resource.fields.map((f) => f.name).filter((name) => name !== 'slug' && !LEFT_OUT.has(name));
}

/** A server record in the document's shape. Drafts have no slug yet: their title gives one. */
export function siteRecordOf(resource: Resource, raw: Json, categorySlugs: Map<number, string>): SiteRecord {
  const shaped = exportShape(resource, raw, categorySlugs);
  const slug = typeof shaped.slug === 'string' && shaped.slug !== '' ? shaped.slug : slugFromName(String(raw[resource.nameField] ?? ''));
  const fields: Json = {};
  for (const name of siteFields(resource)) {
    const value = shaped[name];
    if (value !== undefined) fields[name] = typeof value === 'string' ? textForPeople(value, name) : value;
    // A link the site can take off is written when there is none (`parent: null`): applied to a
    // site whose record has one, the file removes it. (One no route removes is left out.)
    else if (isRemovableLink(resource, name)) fields[name] = null;
  }
  return { slug, fields, id: typeof raw.id === 'number' ? raw.id : undefined };
}

export interface ReadOptions {
  /** Only the events these list filters select (IDs for linked records). */
  eventsFilter?: Query;
  /** What the read is for: notes speak of the export (default) or of the plan. */
  purpose?: 'export' | 'plan';
}

/** Says a note of a read; one with `oncePerDay` only on the first run of the day (Ui.notice). */
export type Notice = (line: string, oncePerDay?: string) => void;

/** Reads the chosen resources of a site with list walks; notes go to `notice`. */
export async function readSite(client: ApiClient, names: ResourceName[], notice: Notice, options: ReadOptions = {}): Promise<SiteDocument> {
  const { eventsFilter } = options;
  const document: SiteDocument = new Map();
  // Terms are few: those that nest (categories) are read first so that parents become slugs whatever the order.
  const nesting = new Map<ResourceName, Json[]>();
  for (const name of names.filter((n) => resources[n].hierarchical)) {
    const read: Json[] = [];
    await walkEveryRecord(client, resources[name], (r) => void read.push(r));
    nesting.set(name, read);
  }
  const categorySlugs = new Map([...nesting.values()].flat().map((c) => [c.id as number, c.slug as string]));
  for (const name of SITE_RESOURCES.filter((n) => names.includes(n))) {
    const resource = resources[name];
    const records = new Map<string, SiteRecord>();
    const store = (raw: Json) => {
      // A series' rule is kept in a tag of its own: the file holds it in the series' entry.
      if (resource.holdsSeriesRules && parseSeriesTag(raw)) return;
      const record = siteRecordOf(resource, raw, categorySlugs);
      // Two drafts with one title: the later one is told apart as the server would.
      let slug = record.slug;
      for (let n = 2; records.has(slug); n++) slug = `${record.slug}-${n}`;
      records.set(slug, { ...record, slug });
    };
    // Titles and descriptions as typed: a copy keeps them, a comparison sees what is stored.
    const typed = typedTexts(client, resource, store, (line) => notice(`warning: ${line}`));
    const add = (raw: Json) => typed.push(raw);
    const readFirst = nesting.get(name);
    if (readFirst) readFirst.forEach(store);
    else if (resource.isEvent && eventsFilter) await walkFilteredEvents(client, eventsFilter, add, notice);
    else if (resource.isEvent) notice(unseenEventsNote(await walkEveryEvent(client, resource, add), options.purpose), unlistedEventsKey(client));
    else await walkEveryRecord(client, resource, add);
    await typed.end();
    document.set(name, records);
  }
  // A filtered read may hold part of a series: its occurrences stay events (docs/series.md).
  if (names.includes('events') && !eventsFilter) document.series = await readSiteSeries(client, document.get('events'));
  return document;
}

function unseenEventsNote(result: { coreRoute: boolean }, purpose: ReadOptions['purpose']): string {
  if (purpose !== 'plan') return unlistedEventsNote(result);
  const unseen = result.coreRoute
    ? 'events hidden from listings that have already ended are in no list the API offers'
    : 'the site does not answer the WordPress core route, so events hidden from listings are in no list';
  return `${unseen}: the plan does not see them (a file that has one would create it again)`;
}

/** The events a list filter selects, whatever their date or status; `onRecord` gets each. */
export async function walkFilteredEvents(
  client: ApiClient,
  filter: Query,
  onRecord: (raw: Json) => Promise<void> | void,
  notice: (line: string) => void,
): Promise<void> {
  const query = { ...everyRecordQuery(resources.events, client.hasCredentials), ...filter };
  const shortfall = walkShortfall(resources.events, await walkPages(client, resources.events, query, { all: true }, (r) => onRecord(r as Json)));
  if (shortfall) notice(`warning: ${shortfall}`);
  notice('events hidden from listings are left out of a filtered read (no route filters them)');
}

/**
 * The document as plain data: the filter of a narrowed export first, then a key per resource,
 * records sorted by slug, then the series (their occurrences out of the events).
 */
export async function documentData(document: SiteDocument, filter?: EventsFilter): Promise<Record<string, Record<string, Json>>> {
  const data: Record<string, Record<string, Json>> = {};
  if (filter) data[FILTER_KEY] = { events: filter };
  const events = document.get('events');
  const series = events && document.series?.size && !filter ? await seriesSection(events, document.series) : undefined;
  for (const name of SITE_RESOURCES) {
    const records = resources[name].isEvent && series ? series.events : document.get(name);
    if (!records) continue;
    const slugs = [...records.keys()].sort();
    data[name] = Object.fromEntries(slugs.map((slug) => [slug, records.get(slug)!.fields]));
  }
  if (series && Object.keys(series.entries).length) data[SERIES_KEY] = series.entries;
  return data;
}

/** YAML (descriptions as block scalars, no line folding) or JSON, ending in a newline. */
export async function renderDocument(document: SiteDocument, format: 'yaml' | 'json', filter?: EventsFilter): Promise<string> {
  const data = await documentData(document, filter);
  if (format === 'json') return `${JSON.stringify(data, null, 2)}\n`;
  const { Document, isPair, isScalar, visit } = await loadYaml();
  const doc = new Document(data);
  visit(doc, {
    Pair(_, pair) {
      if (!isPair(pair) || !isScalar(pair.key) || !isScalar(pair.value)) return;
      const text = pair.value.value;
      if (pair.key.value === 'description' && typeof text === 'string' && text.trim() !== '') pair.value.type = 'BLOCK_LITERAL';
    },
  });
  return doc.toString({ lineWidth: 0 });
}
