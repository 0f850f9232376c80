/** What import and the iCalendar import share as a face: the CLI's session of the core call, and what it prints. */
import { type Context, failureReportText, type Finished, type ImportSession, reportText } from '../../../core/index.js';
import { withSession, type Prepared } from '../../session.js';
import { confirm } from '../../output/confirm.js';
import { terminalProgress } from '../../output/progress.js';

/** The CLI's side of an import: its session, prompts, Ctrl-C, spinner and stdout. */
export function importSession(ctx: Context, prepared: Prepared, yes: boolean): ImportSession {
  return {
    messages: prepared.ui,
    confirm: (question) => confirm(ctx, yes, question),
    withSite: (work) =>
      withSession(prepared, ctx, ({ client, profile }) =>
        work({ client, timezone: profile.timezone, fetch: { timeoutMs: profile.timeoutMs, retries: profile.retries, caCertFile: profile.caCert } }),
      ),
    onInterrupt: ctx.onInterrupt && ((handler) => ctx.onInterrupt!(handler)),
    progress: terminalProgress(ctx),
    print: (text) => void ctx.stdout.write(text),
  };
}

export interface ImportShown {
  resource: string;
  input: string;
  dryRun: boolean;
  ids?: boolean;
  report?: boolean;
  icalendar?: boolean;
  /** The report is out (printImport printed it, the run's error in it). */
  printed?: boolean;
}

/** --format ids: the IDs in input order; --format json: the report, with the error the run ended with; then that error. */
export function printImport(ctx: Context, result: Finished, shown: ImportShown): void {
  if (shown.ids && result.ids.length) ctx.stdout.write(result.ids.map((id) => `${id}\n`).join(''));
  if (shown.report) {
    ctx.stdout.write(reportText(shown.resource, shown.input, shown.dryRun, result.counts, result.rows, shown.icalendar, result.error));
    shown.printed = true;
  }
  if (result.error) throw result.error;
}

/**
 * Runs an import whose report was asked for (--format json): an import that stops before its rows
 * (exit 2 for a bad file or option, 4, 5 for the site) still prints the report, with no rows and
 * the error, so that a script always has one JSON document to read. `shown` is filled in as the
 * import learns its input's name.
 */
export async function withReport(ctx: Context, shown: ImportShown, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    if (shown.report && !shown.printed) ctx.stdout.write(failureReportText(shown.resource, shown.input, shown.dryRun, err, shown.icalendar));
    throw err;
  }
}
