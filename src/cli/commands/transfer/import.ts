/** `calendar import <resource> <file|->`: the flags read, one core call (core/bulk/run-import.ts), the result printed. */
import type { Invocation } from '../runner.js';
import { importRecords, openInput, parseDelimiter, UsageError } from '../../../core/index.js';
import { importSettings, resourceArgument, type ImportFlags } from './settings.js';
import { importSession, printImport, withReport, type ImportShown } from './import-face.js';

export async function runImport(inv: Invocation, resourceName: string, source: string): Promise<void> {
  const flags = inv.opts as ImportFlags;
  const shown: ImportShown = {
    resource: resourceName,
    input: source === '-' ? 'stdin' : source,
    dryRun: flags.dryRun === true,
    ids: flags.format === 'ids',
    report: flags.format === 'json' || flags.json === true,
  };
  return withReport(inv.ctx, shown, () => importOf(inv, resourceName, source, shown));
}

async function importOf(inv: Invocation, resourceName: string, source: string, shown: ImportShown): Promise<void> {
  const ctx = inv.ctx;
  const flags = inv.opts as ImportFlags;
  const resource = resourceArgument(resourceName);
  const { detectIcsSource } = await import('../../../core/index.js');
  const detected = await detectIcsSource(source, flags.inputFormat, ctx);
  if (detected.source) {
    if (!resource.isEvent) throw new UsageError(`${detected.source.name} is iCalendar, which holds events: import it with calendar import events`);
    Object.assign(shown, { input: detected.source.name, icalendar: true });
    return (await import('./import-ics.js')).runIcsImport(inv, detected.source, source, shown);
  }
  const settings = importSettings(resource, flags, ctx.cwd, source);
  const prepared = { ...inv.prepare(), connections: settings.concurrency, writes: !settings.dryRun };
  const input = await openInput(source, flags.inputFormat, detected.ctx, parseDelimiter(flags.delimiter));
  shown.input = input.name;
  try {
    const result = await importRecords(input, settings, importSession(ctx, prepared, flags.yes === true));
    printImport(ctx, result, shown);
  } finally {
    input.close();
  }
}
