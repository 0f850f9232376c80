/** Where an event stands in its series, for `events get`: one request (the series' tag). */
import type { ApiClient } from '../http/client.js';
import { parseOccurrenceSlug } from './slug.js';
import { readSeries, ruleStarts } from './store.js';

type Json = Record<string, unknown>;

export interface OccurrencePlace {
  series: string;
  rule?: string;
  /** Its place among the rule's starts (from 1), and how many the rule gives. */
  position?: number;
  total?: number;
}

/** Undefined for an event that is not an occurrence; without position when the rule is gone or does not name it. */
export async function occurrencePlace(client: ApiClient, record: Json): Promise<OccurrencePlace | undefined> {
  const slugged = parseOccurrenceSlug(record.slug);
  if (!slugged) return undefined;
  const series = await readSeries(client, slugged.id);
  if (!series) return { series: slugged.id };
  const starts = await ruleStarts(series);
  const start = starts.find((s) => s.key === slugged.key);
  return { series: slugged.id, rule: series.rule, position: start?.position, total: starts.length };
}

/** `occurrence 3 of 8 of series k3f9a1 (FREQ=WEEKLY;BYDAY=TU;COUNT=8)`. */
export function placeLine(place: OccurrencePlace): string {
  if (!place.rule) return `an occurrence of series ${place.series}, whose rule is gone (no tag series-${place.series})`;
  const where = place.position ? `occurrence ${place.position} of ${place.total}` : 'an occurrence';
  return `${where} of series ${place.series} (${place.rule})`;
}
