/** What import and the iCalendar import share as a face: the CLI's session of the core call, and what it prints. */
import type { Context } from '../../../core/context.js';
import { withSession, type Prepared } from '../../session.js';
import type { Finished, ImportSession } from '../../../core/bulk/run-import.js';
import { reportText } from '../../../core/bulk/import-report.js';
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

/** --format ids: the IDs in input order; --format json: the report; then the error the run ended with. */
export function printImport(
  ctx: Context,
  result: Finished,
  shown: { resource: string; input: string; dryRun: boolean; ids?: boolean; report?: boolean; icalendar?: boolean },
): void {
  if (shown.ids && result.ids.length) ctx.stdout.write(result.ids.map((id) => `${id}\n`).join(''));
  if (shown.report) ctx.stdout.write(reportText(shown.resource, shown.input, shown.dryRun, result.counts, result.rows, shown.icalendar));
  if (result.error) throw result.error;
}
