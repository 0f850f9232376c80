/** `calendar import <resource> <file|->`: the flags read, one core call (core/bulk/run-import.ts), the result printed. */
import type { Invocation } from '../runner.js';
import { UsageError } from '../../../core/errors.js';
import { openInput, parseDelimiter } from '../../../core/bulk/input.js';
import { importRecords } from '../../../core/bulk/run-import.js';
import { importSettings, resourceArgument, type ImportFlags } from './settings.js';
import { importSession, printImport } from './import-face.js';

export async function runImport(inv: Invocation, resourceName: string, source: string): Promise<void> {
  const ctx = inv.ctx;
  const flags = inv.opts as ImportFlags;
  const resource = resourceArgument(resourceName);
  const { detectIcsSource } = await import('../../../core/bulk/ics-source.js');
  const detected = await detectIcsSource(source, flags.inputFormat, ctx);
  if (detected.source) {
    if (!resource.hasDates) throw new UsageError(`${detected.source.name} is iCalendar, which holds events: import it with calendar import events`);
    return (await import('./import-ics.js')).runIcsImport(inv, detected.source, source);
  }
  const settings = importSettings(resource, flags, ctx.cwd, source);
  const prepared = { ...inv.prepare(), connections: settings.concurrency, writes: !settings.dryRun };
  const input = await openInput(source, flags.inputFormat, detected.ctx, parseDelimiter(flags.delimiter));
  try {
    const result = await importRecords(input, settings, importSession(ctx, prepared, flags.yes === true));
    printImport(ctx, result, { resource: resource.name, input: input.name, dryRun: settings.dryRun, ids: settings.printIds, report: settings.report });
  } finally {
    input.close();
  }
}
