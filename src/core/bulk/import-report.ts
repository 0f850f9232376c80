/**
 * What `import --format json` prints on stdout once the run is over, for scripts and CI: the
 * counts of the summary line and, in input order, what became of each row. The shape is
 * documented in docs/bulk.md ("The JSON report") and only grows: keys are never renamed.
 */
import type { Counts } from './progress.js';

/** What became of a row (with --dry-run: what would). */
export type RowResult = 'created' | 'updated' | 'unchanged' | 'failed' | 'not_sent' | 'conflict' | 'skipped' | 'trashed';

export interface ReportRow {
  /** Where the row is in the input: `line` (NDJSON, CSV) or `index` (a JSON array). */
  line?: number;
  index?: number;
  /** iCalendar: the VEVENT's UID and the occurrence's start. */
  uid?: string;
  start?: string;
  result: RowResult;
  /** The record's ID on the site (created, updated, unchanged; a conflict's the name's holder). */
  id?: number;
  error?: string;
}

export class ImportReport {
  private readonly rows: Array<{ seq: number; row: ReportRow }> = [];

  add(seq: number, where: string, result: RowResult, details: { id?: number; error?: string; uid?: string; start?: string } = {}): void {
    const at = /^(line|index) (\d+)$/.exec(where);
    // Keys in a fixed order: where, what, then the result and its details.
    const row = {
      ...(at ? { [at[1]]: Number(at[2]) } : {}),
      ...(details.uid === undefined ? {} : { uid: details.uid, start: details.start }),
      result,
    } as ReportRow;
    if (details.id !== undefined) row.id = details.id;
    if (details.error !== undefined) row.error = details.error;
    this.rows.push({ seq, row });
  }

  text(resource: string, input: string, dryRun: boolean, counts: Counts): string {
    const summary: Record<string, number> = {
      created: counts.created,
      updated: counts.updated,
      unchanged: counts.unchanged,
      failed: counts.failed,
      not_sent: counts.notSent ?? 0,
      conflicts: counts.conflicts ?? 0,
    };
    // An iCalendar import's own counts.
    for (const key of ['trashed', 'skipped'] as const) {
      const value = (counts as Counts & Partial<Record<typeof key, number>>)[key];
      if (value !== undefined) summary[key] = value;
    }
    const rows = [...this.rows].sort((a, b) => a.seq - b.seq).map(({ row }) => row);
    const report = { resource, input, dry_run: dryRun, interrupted: counts.interrupted === true, unreachable: counts.unreachable !== undefined, summary, rows };
    return `${JSON.stringify(report, null, 2)}\n`;
  }
}
