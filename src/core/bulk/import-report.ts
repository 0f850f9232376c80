/**
 * What `import --format json` prints on stdout once the run is over, for scripts and CI: the
 * counts of the summary line and, in input order, what became of each row. The shape is
 * documented in docs/bulk.md ("The JSON report") and only grows: keys are never renamed.
 */
import { ApiError, CalendarError, EXIT } from '../errors.js';
import { emptyCounts, type Counts } from '../batch/counts.js';
import type { RowOutcome } from '../batch/run.js';
import type { ReportRow } from '../batch/types.js';

export type { ReportRow, RowResult } from '../batch/types.js';

/** A row of the report from what the batch engine says became of it (`where`: `line 3`, `index 0`, or none). */
export function reportRow(where: string, outcome: RowOutcome<unknown>, ical?: { uid: string; start: string }): ReportRow {
  const at = /^(line|index) (\d+)$/.exec(where);
  // Keys in a fixed order: where, what, then the result and its details. An iCalendar event removed is trashed.
  const row = {
    ...(at ? { [at[1]]: Number(at[2]) } : {}),
    ...(ical ? { uid: ical.uid, start: ical.start } : {}),
    result: outcome.result === 'removed' ? 'trashed' : outcome.result,
  } as ReportRow;
  if (outcome.id !== undefined) row.id = outcome.id;
  if (outcome.error !== undefined) row.error = outcome.error;
  if (outcome.plan !== undefined) row.plan = outcome.plan;
  return row;
}

/** What the report says of the error a run ended with: its message, exit code, hint, and the server's status and code. */
function reportError(err: unknown): Record<string, unknown> {
  const error: Record<string, unknown> = {
    message: err instanceof Error ? err.message : String(err),
    exit_code: err instanceof CalendarError ? err.exitCode : EXIT.refused,
  };
  if (err instanceof CalendarError && err.hint) error.hint = err.hint;
  if (err instanceof ApiError) Object.assign(error, { status: err.status, code: err.code ?? null });
  return error;
}

/** The report of an import that stopped before its rows (a bad file or option, a site that refused or did not answer). */
export function failureReportText(resource: string, input: string, dryRun: boolean, err: unknown, icalendar = false): string {
  const counts = emptyCounts();
  if (err instanceof CalendarError && err.exitCode === EXIT.network) counts.unreachable = err;
  return reportText(resource, input, dryRun, counts, [], icalendar, err);
}

/** The report as printed: `icalendar` adds the sync's own counts (trashed, skipped); `error`, the error the run ended with. */
export function reportText(resource: string, input: string, dryRun: boolean, counts: Counts, rows: ReportRow[], icalendar = false, error?: unknown): string {
  const summary: Record<string, number> = {
    created: counts.created,
    updated: counts.updated,
    unchanged: counts.unchanged,
    failed: counts.failed,
    not_sent: counts.notSent ?? 0,
    conflicts: counts.conflicts ?? 0,
  };
  if (icalendar) Object.assign(summary, { trashed: counts.removed ?? 0, skipped: counts.skipped ?? 0 });
  const report: Record<string, unknown> = {
    resource,
    input,
    dry_run: dryRun,
    interrupted: counts.interrupted === true,
    unreachable: counts.unreachable !== undefined,
    summary,
    rows,
  };
  if (error !== undefined) report.error = reportError(error);
  return `${JSON.stringify(report, null, 2)}\n`;
}
