/** `calendar events conflicts [FROM] [TO]`: events at the same venue, or with the same organizer, at overlapping times. */
import type { Invocation } from '../runner.js';
import { CalendarError, CONFLICT_DAYS, conflictLine, conflictRow, dayRange, EXIT, findConflicts } from '../../../core/index.js';
import { fetchViewEvents, type ViewFlags } from './fetch.js';
import { CONFLICT_FILTER_NAMES } from './filters.js';

export async function runConflicts(inv: Invocation<ViewFlags & { exitCode?: boolean }>, fromArg?: string, toArg?: string): Promise<void> {
  const prepared = inv.prepare();
  const opts = inv.opts;
  const kind = opts.organizer !== undefined ? 'organizer' : 'venue';
  const view = await fetchViewEvents(prepared, inv.ctx, opts, dayRange(fromArg, toArg, CONFLICT_DAYS), { filterNames: CONFLICT_FILTER_NAMES });
  const conflicts = findConflicts(view.events, kind, view.zone);
  const format = prepared.output.format;
  if (format === 'json' || format === 'ndjson') {
    const rows = conflicts.map(conflictRow);
    inv.ctx.stdout.write(format === 'json' ? `${JSON.stringify(rows, null, 2)}\n` : rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
  } else if (conflicts.length) {
    inv.ctx.stdout.write(conflicts.map((c) => `${conflictLine(c)}\n`).join(''));
  } else {
    inv.ctx.stdout.write(`no conflicts from ${view.from} to ${view.to}\n`);
  }
  if (conflicts.length && opts.exitCode) {
    throw new CalendarError(`${conflicts.length} conflict${conflicts.length === 1 ? '' : 's'} found`, EXIT.differences);
  }
}
