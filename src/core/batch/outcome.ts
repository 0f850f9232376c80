/**
 * How a batch run that did not do everything ends, the same for import, the iCalendar sync and
 * apply: the site gone (exit 5), interrupted (exit 130), some rows failed (exit 6). Each run
 * says its own rows (`records`, `events of feed.ics`, `changes`) and what to do next.
 */
import { CalendarError, EXIT } from '../errors.js';
import type { Counts } from './counts.js';

export interface Unfinished {
  /** Rows of the run: `records`, `events of feed.ics`. */
  rows: string;
  total: number;
  /** After the failed count: `: venue fresh-hall, tag x` (the rows that failed, when the run names them). */
  failedList?: string;
  /** What to do next when the site was gone, when interrupted, when some failed. */
  hints: { unreachable: string; interrupted: string; failed: string };
}

/** The error a run ends with when something was left undone; undefined when everything was done. */
export function unfinishedError(counts: Counts, run: Unfinished): CalendarError | undefined {
  const notSent = counts.notSent ?? 0;
  const left = `${counts.failed + notSent} of ${run.total} ${run.rows} not confirmed`;
  if (counts.unreachable) return new CalendarError(`${counts.unreachable.message}; ${left}`, EXIT.network, run.hints.unreachable);
  if (counts.interrupted) return new CalendarError(`interrupted: ${left}`, EXIT.interrupted, run.hints.interrupted);
  if (counts.failed === 0 && notSent === 0) return undefined;
  return new CalendarError(
    `${counts.failed} of ${run.total} ${run.rows} failed${notSent ? ` and ${notSent} were not sent` : ''}${run.failedList ?? ''}`,
    EXIT.partial,
    run.hints.failed,
  );
}
