/** Where an event stands in its series, for `events get` and `cal.events.series()`: one request (the series' tag). */
import type { ApiClient } from '../http/client.js';
import { parseOccurrenceSlug } from './slug.js';
import { readSeries, ruleStarts } from './store.js';
import type { OccurrencePlace } from './types.js';

export type { OccurrencePlace };

type Json = Record<string, unknown>;

/** Undefined for an event that is not an occurrence; without position when the rule is gone or does not name it. */
export async function occurrencePlace(client: ApiClient, record: Json): Promise<OccurrencePlace | undefined> {
  const slugged = parseOccurrenceSlug(record.slug);
  if (!slugged) return undefined;
  const series = await readSeries(client, slugged.id);
  if (!series) return { id: slugged.id };
  const starts = await ruleStarts(series);
  const start = starts.find((s) => s.key === slugged.key);
  return { id: slugged.id, rule: series.rule, position: start?.position, count: starts.length };
}

/** `occurrence 3 of 8 of series k3f9a1 (FREQ=WEEKLY;BYDAY=TU;COUNT=8)`. */
export function placeLine(place: OccurrencePlace): string {
  if (!place.rule) return `an occurrence of series ${place.id}, whose rule is gone (no tag series-${place.id})`;
  const where = place.position ? `occurrence ${place.position} of ${place.count}` : 'an occurrence';
  return `${where} of series ${place.id} (${place.rule})`;
}
