/**
 * `calendar export <resource>`: the flags read, one core call (core/bulk/export.ts), the records
 * written as NDJSON (default), a JSON array, CSV or (events) iCalendar.
 */
import type { Invocation } from '../runner.js';
import { exportColumns, exportRecords, INPUT_FORMATS, type InputFormat, recordSink, UsageError } from '../../../core/index.js';
import { prepare, withSession } from '../../session.js';
import { exportFilterQuery } from '../resource/query.js';
import { resourceArgument } from './settings.js';
import type { ExportFlags } from '../resource/options.js';

export async function runExport(inv: Invocation<ExportFlags>, resourceName: string | undefined): Promise<void> {
  const ctx = inv.ctx;
  const flags = inv.opts;
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
  const formats: readonly string[] = resource.isEvent ? [...INPUT_FORMATS, 'ics'] : INPUT_FORMATS;
  if (!formats.includes(format)) {
    throw new UsageError(`--format: export ${resource.name} writes ${formats.join(', ')}, not "${format}"`, 'These are the formats import reads back.');
  }
  if (flags.fields !== undefined) throw new UsageError('--fields does not apply to export: it writes every writable field so that import can take it back');
  const filters = exportFilterQuery(resource, flags);
  const prepared = prepare({ ...flags, format: undefined, json: undefined }, ctx);
  const say = { notice: (line: string, oncePerDay?: string) => prepared.ui.notice(line, oncePerDay), warn: (line: string) => prepared.ui.warn(line) };
  await withSession(prepared, ctx, async ({ client, profile }) => {
    if (format !== 'ics') {
      const sink = recordSink(ctx.stdout, format, exportColumns(resource));
      await exportRecords(client, resource, filters, (record) => sink.write(record), say);
      return sink.end();
    }
    // Every event as one streamed VCALENDAR, in the shape calendar apps (and `import events`) read.
    const [{ icsListWriter, icsMeta }, { ZoneSource }] = await Promise.all([import('../../output/ics.js'), import('../../../core/index.js')]);
    const writer = await icsListWriter(await icsMeta(client, new ZoneSource(client, profile.timezone)), ctx, client, say.warn);
    await exportRecords(client, resource, filters, (record) => writer.write(record), say, 'listed');
    await writer.end();
  });
}
