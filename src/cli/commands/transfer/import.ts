/** `calendar import <resource> <file|->`: check every record, then send them a few at a time. */
import type { Invocation } from '../runner.js';
import { CliError, EXIT, UsageError } from '../../../core/errors.js';
import { withSession } from '../../session.js';
import { openInput, parseDelimiter } from '../../../core/bulk/input.js';
import { runImportPasses, scanInput } from '../../../core/bulk/importer.js';
import { dropStaleFailedTo, importSettings, resourceArgument, type ImportFlags } from './settings.js';
import { summaryLine } from '../../../core/bulk/progress.js';
import { ImportReport } from '../../../core/bulk/import-report.js';
import { confirm } from '../../output/confirm.js';

export async function runImport(inv: Invocation, resourceName: string, source: string): Promise<void> {
  const ctx = inv.ctx;
  const flags = inv.opts as ImportFlags;
  const resource = resourceArgument(resourceName);
  const { detectIcsSource } = await import('../../../core/bulk/ics-source.js');
  const detected = await detectIcsSource(source, flags.inputFormat, ctx);
  if (detected.source) {
    if (resource.name !== 'events') throw new UsageError(`${detected.source.name} is iCalendar, which holds events: import it with calendar import events`);
    return (await import('./import-ics.js')).runIcsImport(inv, detected.source, source);
  }
  const settings = importSettings(resource, flags, ctx.cwd, source);
  const prepared = { ...inv.prepare(), connections: settings.concurrency, writes: !settings.dryRun };
  const input = await openInput(source, flags.inputFormat, detected.ctx, parseDelimiter(flags.delimiter));
  try {
    const scan = await scanInput(input, settings);
    if (scan.count === 0) {
      // An empty export imports as nothing to do, so that round trips of any calendar work.
      const none = { created: 0, updated: 0, unchanged: 0, failed: 0 };
      prepared.ui.notice(`${input.name} holds no records: ${summaryLine(none, settings.dryRun)}`);
      if (settings.report) ctx.stdout.write(new ImportReport().text(resource.name, input.name, settings.dryRun, none));
      dropStaleFailedTo(settings.failedTo, settings.dryRun);
      return;
    }
    if (settings.upsertBy && !settings.dryRun) {
      await confirm(ctx, flags.yes === true, `Update the existing ${resource.name} that match a record of ${input.name} by ${settings.upsertBy}?`);
    }
    const counts = await withSession(prepared, ctx, (session) => runImportPasses(input, scan, settings, { ctx, ui: prepared.ui, client: session.client }));
    if (counts.failed === 0 && !counts.notSent) dropStaleFailedTo(settings.failedTo, settings.dryRun);
    if (counts.unreachable) {
      throw new CliError(
        `${counts.unreachable.message}; ${counts.failed + (counts.notSent ?? 0)} of ${scan.count} records not confirmed`,
        EXIT.network,
        settings.failedTo
          ? `They are in ${flags.failedTo}; import that file (or the same file with --upsert-by) once the site answers.`
          : 'Once the site answers, run the same import again with --upsert-by; nothing is created twice.',
      );
    }
    if (counts.interrupted) {
      const left = counts.failed + (counts.notSent ?? 0);
      throw new CliError(
        `interrupted: ${left} of ${scan.count} records not confirmed`,
        EXIT.interrupted,
        settings.failedTo
          ? `They are in ${flags.failedTo}; import that file (or the same file with --upsert-by) to finish.`
          : 'Run the same import again with --upsert-by to finish it; nothing is created twice.',
      );
    }
    if (counts.failed > 0 || (counts.notSent ?? 0) > 0) {
      throw new CliError(
        counts.notSent
          ? `${counts.failed} of ${scan.count} records failed and ${counts.notSent} were not sent`
          : `${counts.failed} of ${scan.count} records failed`,
        EXIT.partial,
        settings.failedTo ? `They are in ${flags.failedTo}: fix them and import that file again.` : 'Keep them for another try with --failed-to FILE.',
      );
    }
  } finally {
    input.close();
  }
}
