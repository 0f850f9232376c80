/** A view's events as data, for every format but the default text. */
import type { ApiClient, CalendarEvent, Context } from '../../../core/index.js';
import { resources } from '../../../spec/resources.js';
import type { Prepared } from '../../session.js';
import { listWriter } from '../../output/writer.js';

/** Writes the server's records of the view's events when a data format was asked for; false for the text view. */
export async function writeViewData(events: CalendarEvent[], prepared: Prepared, ctx: Context, client: ApiClient): Promise<boolean> {
  if (prepared.output.format === 'table') return false;
  const writer =
    prepared.output.format === 'ics' ? await (await import('../resource/list.js')).icsWriter(client, ctx) : listWriter(resources.events, prepared.output, ctx);
  for (const event of events) await writer.write(event.record);
  await writer.end({ total: events.length });
  return true;
}
