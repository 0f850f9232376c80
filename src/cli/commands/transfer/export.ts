/**
 * `calendar export <resource>`: every record in the shape `import` takes back: writable
 * fields, related records by slug, as NDJSON (default), a JSON array or CSV.
 */
import type { Invocation } from '../runner.js';
import { UsageError } from '../../../core/errors.js';
import type { Resource } from '../../../spec/resources.js';
import { prepare, withSession, type GlobalOptions, type Prepared } from '../../session.js';
import type { Context } from '../../../core/context.js';
import { exportShape } from '../../../core/records/writable.js';
import {
  everyRecordQuery,
  unlistedEventsKey,
  unlistedEventsNote,
  walkEveryEvent,
  walkEveryRecord,
  walkPages,
  walkShortfall,
} from '../../../core/records/pages.js';
import type { ApiClient } from '../../../core/http/client.js';
import type { Query } from '../../../core/http/url.js';
import { exportFilterQuery, resolveLinkedFilters } from '../resource/query.js';
import { INPUT_FORMATS, type InputFormat } from '../../../core/bulk/input.js';
import { recordSink } from '../../../core/bulk/output-file.js';
import { resourceArgument } from './settings.js';

type Json = Record<string, unknown>;

/** The columns of a CSV export: the writable fields, with the slug beside the name where it is read-only. */
export function exportColumns(resource: Resource): string[] {
  const names = resource.fields.map((f) => f.name);
  if (!names.includes('slug')) names.splice(names.indexOf(resource.nameField) + 1, 0, 'slug');
  return names;
}

export async function runExport(inv: Invocation, resourceName: string | undefined): Promise<void> {
  const ctx = inv.ctx;
  const flags = inv.opts as GlobalOptions & { site?: boolean; resources?: string };
  if (flags.site) {
    if (resourceName !== undefined) throw new UsageError(`export --site writes every resource; leave out "${resourceName}" (--resources narrows it)`);
    return (await import('../site/export-site.js')).runExportSite(inv);
  }
  if (flags.resources !== undefined)
    throw new UsageError('--resources goes with --site', `To export one resource: calendar export ${flags.resources.split(',')[0]}`);
  if (resourceName === undefined)
    throw new UsageError('export needs a resource, or --site for the whole calendar', 'calendar export venues, or calendar export --site');
  const resource = resourceArgument(resourceName);
  if (flags.json && flags.format && flags.format !== 'json') throw new UsageError(`--json conflicts with --format ${flags.format}`);
  const format = (flags.json ? 'json' : (flags.format ?? 'ndjson')) as InputFormat | 'ics';
  const formats: readonly string[] = resource.name === 'events' ? [...INPUT_FORMATS, 'ics'] : INPUT_FORMATS;
  if (!formats.includes(format)) {
    throw new UsageError(`--format: export ${resource.name} writes ${formats.join(', ')}, not "${format}"`, 'These are the formats import reads back.');
  }
  if (flags.fields !== undefined) throw new UsageError('--fields does not apply to export: it writes every writable field so that import can take it back');
  const filters = exportFilterQuery(resource, flags as Record<string, unknown>);
  const prepared = prepare({ ...flags, format: undefined, json: undefined }, ctx);
  if (format === 'ics') return exportIcs(resource, prepared, ctx, filters);
  await withSession(prepared, ctx, async ({ client }) => {
    const sink = recordSink(ctx.stdout, format, exportColumns(resource));
    // Titles and descriptions as typed, not as the site displays them.
    const { typedTexts } = await import('../../../core/records/raw-text.js');
    const typed = typedTexts(
      client,
      resource,
      (record) => sink.write(exportShape(resource, record)),
      (line) => prepared.ui.warn(line),
    );
    if (filters) {
      await walkFiltered(client, resource, filters, prepared, (record) => typed.push(record));
    } else if (resource.name === 'categories') {
      // Terms are few: read them all to turn parent IDs into slugs whatever the order.
      const all: Json[] = [];
      await walkEveryRecord(client, resource, (record) => void all.push(record));
      const slugs = new Map(all.map((c) => [c.id as number, c.slug as string]));
      for (const record of all) await sink.write(exportShape(resource, record, slugs));
    } else if (resource.name === 'events') {
      const result = await walkEveryEvent(client, resource, (record) => typed.push(record));
      prepared.ui.notice(unlistedEventsNote(result), unlistedEventsKey(client));
    } else {
      await walkEveryRecord(client, resource, (record) => typed.push(record));
    }
    await typed.end();
    await sink.end();
  });
}

/** Every event as one streamed VCALENDAR, in the shape calendar apps (and `import events`) read. */
async function exportIcs(resource: Resource, prepared: Prepared, ctx: Context, filters: Query | undefined): Promise<void> {
  await withSession(prepared, ctx, async ({ client, profile }) => {
    const [{ icsListWriter, icsMeta }, { ZoneSource }] = await Promise.all([import('../../output/ics.js'), import('../../../core/records/dates.js')]);
    const writer = await icsListWriter(await icsMeta(client, new ZoneSource(client, profile.timezone)), ctx, client);
    if (filters) await walkFiltered(client, resource, filters, prepared, (record) => writer.write(record));
    else prepared.ui.notice(unlistedEventsNote(await walkEveryEvent(client, resource, (record) => writer.write(record))), unlistedEventsKey(client));
    await writer.end();
  });
}

/** Every record the filters select: all of them past the server's default window, not only those a list shows first. */
async function walkFiltered(
  client: ApiClient,
  resource: Resource,
  filters: Query,
  prepared: Prepared,
  onRecord: (record: Json) => Promise<void> | void,
): Promise<void> {
  await resolveLinkedFilters(client, resource, filters);
  const query = { ...everyRecordQuery(resource, client.hasCredentials), ...filters };
  const result = await walkPages(client, resource, query, { all: true }, (record) => onRecord(record as Json));
  const shortfall = walkShortfall(resource, result);
  if (shortfall) prepared.ui.warn(shortfall);
  if (resource.name === 'events') prepared.ui.notice('events hidden from listings are left out of a filtered export (no route filters them)');
}
