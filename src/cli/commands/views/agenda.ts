/** `calendar agenda [FROM] [TO]`: the events of some days, grouped under each day. */
import type { Invocation } from '../runner.js';
import { AGENDA_DAYS, bucketByDay, dayRange } from '../../../core/index.js';
import { renderAgenda } from '../../views/agenda.js';
import { paint } from '../../views/paint.js';
import { fetchViewEvents, type ViewFlags } from './fetch.js';

export async function runAgenda(inv: Invocation<ViewFlags>, fromArg?: string, toArg?: string): Promise<void> {
  const prepared = inv.prepare(undefined, true);
  const view = await fetchViewEvents(prepared, inv.ctx, inv.opts, dayRange(fromArg, toArg, AGENDA_DAYS), { asData: true });
  if (view.written) return;
  const text = renderAgenda(bucketByDay(view.events, view.from, view.to), view.today, paint(prepared.output.color));
  if (text) inv.ctx.stdout.write(text);
  else prepared.ui.notice(`No events from ${view.from} to ${view.to} (${view.zone}).`);
}
