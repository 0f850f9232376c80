/**
 * What a batch run (import, iCalendar sync, site apply) counts, and the one summary line that
 * says it on stderr at the end of every run. Part of the library's declarations: no Node types.
 */
import type { CalendarError } from '../errors.js';

export interface Counts {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  /** Records trashed or deleted (apply --prune, an iCalendar feed's cancelled or dropped events). */
  removed?: number;
  /** iCalendar: events not imported (private, or cancelled and never imported). */
  skipped?: number;
  /** Dry runs: rows the real run would fail because their name is taken. */
  conflicts?: number;
  /** Rows never sent because the run stopped (Ctrl-C, --fail-fast, the site gone). */
  notSent?: number;
  interrupted?: boolean;
  /** The run stopped because the site could no longer be reached (core/http/reachability.ts). */
  unreachable?: CalendarError;
}

/** What became of a row that was sent (or, in a dry run, would be). */
export type Done = 'created' | 'updated' | 'unchanged' | 'removed' | 'skipped' | 'conflict';

export function emptyCounts(): Counts {
  return { created: 0, updated: 0, unchanged: 0, failed: 0 };
}

/** Rows the run is through with, whatever became of them. */
export function processed(counts: Counts): number {
  return counts.created + counts.updated + counts.unchanged + (counts.removed ?? 0) + (counts.skipped ?? 0) + counts.failed;
}

/**
 * `3 created, 1 updated, 5 unchanged, 2 removed, 0 failed, 4 not sent`: the four counts every
 * run has, and the others when they are not zero; a dry run says what it would do.
 */
export function summaryLine(counts: Counts, dryRun: boolean): string {
  const parts = [
    `${counts.created} ${dryRun ? 'to create' : 'created'}`,
    `${counts.updated} ${dryRun ? 'to update' : 'updated'}`,
    `${counts.unchanged} unchanged`,
  ];
  if (counts.removed) parts.push(`${counts.removed} ${dryRun ? 'to remove' : 'removed'}`);
  parts.push(`${counts.failed} failed`);
  if (counts.notSent) parts.push(`${counts.notSent} not sent`);
  if (counts.conflicts) parts.push(`${counts.conflicts} conflicts (names taken)`);
  if (counts.skipped) parts.push(`${counts.skipped} skipped (private or cancelled)`);
  return `${dryRun ? 'dry run, nothing sent: ' : ''}${parts.join(', ')}`;
}
