/**
 * `export <resource>` as a core call: every record (past events and drafts too), or those the
 * filters select, handed over one by one in the shape `import` takes back (or, for an iCalendar
 * export, as the site lists them). The face writes them in its format.
 */
import type { ApiClient } from '../http/client.js';
import type { Query } from '../http/url.js';
import type { Resource } from '../../spec/resources.js';
import { exportShape } from '../records/writable.js';
import { everyRecordQuery, unlistedEventsKey, unlistedEventsNote, walkEveryEvent, walkEveryRecord, walkPages, walkShortfall } from '../records/pages.js';
import { resolveLinkedFilters } from '../records/list.js';

type Json = Record<string, unknown>;

export interface ExportMessages {
  /** `oncePerDay`: the key of a note a person needs to see once a day only. */
  notice(line: string, oncePerDay?: string): void;
  warn(line: string): void;
}

/** The columns of a CSV export: the writable fields, with the slug beside the name where it is read-only. */
export function exportColumns(resource: Resource): string[] {
  const names = resource.fields.map((f) => f.name);
  if (!names.includes('slug')) names.splice(names.indexOf(resource.nameField) + 1, 0, 'slug');
  return names;
}

/**
 * Every record in the shape import takes back (or, `listed`, every event as the site lists it,
 * for an iCalendar export), or those `filters` (a list query; linked records by ID, slug or
 * name) select. Titles and descriptions as typed, not as the site displays them.
 */
export async function exportRecords(
  client: ApiClient,
  resource: Resource,
  filters: Query | undefined,
  onRecord: (record: Json) => Promise<void> | void,
  say: ExportMessages,
  shape: 'import' | 'listed' = 'import',
): Promise<void> {
  if (shape === 'listed') {
    if (filters) await walkFiltered(client, resource, filters, onRecord, say);
    else say.notice(unlistedEventsNote(await walkEveryEvent(client, resource, onRecord)), unlistedEventsKey(client));
    return;
  }
  const { typedTexts } = await import('../records/raw-text.js');
  const typed = typedTexts(
    client,
    resource,
    (record) => onRecord(exportShape(resource, record)),
    (line) => say.warn(line),
  );
  if (filters) {
    await walkFiltered(client, resource, filters, (record) => typed.push(record), say);
  } else if (resource.hierarchical) {
    // Terms are few: read them all to turn parent IDs into slugs whatever the order.
    const all: Json[] = [];
    await walkEveryRecord(client, resource, (record) => void all.push(record));
    const slugs = new Map(all.map((c) => [c.id as number, c.slug as string]));
    for (const record of all) await onRecord(exportShape(resource, record, slugs));
  } else if (resource.isEvent) {
    const result = await walkEveryEvent(client, resource, (record) => typed.push(record));
    say.notice(unlistedEventsNote(result), unlistedEventsKey(client));
  } else {
    await walkEveryRecord(client, resource, (record) => typed.push(record));
  }
  await typed.end();
}

/** Every record the filters select: all of them past the server's default window, not only those a list shows first. */
async function walkFiltered(client: ApiClient, resource: Resource, filters: Query, onRecord: (record: Json) => Promise<void> | void, say: ExportMessages) {
  await resolveLinkedFilters(client, resource, filters);
  const query = { ...everyRecordQuery(resource, client.hasCredentials), ...filters };
  const result = await walkPages(client, resource, query, { all: true }, (record) => onRecord(record as Json));
  const shortfall = walkShortfall(resource, result);
  if (shortfall) say.warn(shortfall);
  if (resource.isEvent) say.notice('events hidden from listings are left out of a filtered export (no route filters them)');
}
