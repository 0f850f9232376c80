/**
 * Occurrences of a series written as calendar apps write a series: held while the other events
 * stream out, then one VEVENT with the rule (EXDATE for the starts no written occurrence holds)
 * and an override per occurrence that differs. A series whose rule is gone is written as the
 * single events it is.
 */
import type { ApiClient } from '../http/client.js';
import { seriesUid, type IcsStream } from '../ical/writer.js';
import { parseOccurrenceSlug } from './identity.js';
import { readSeries, ruleStarts } from './store.js';

type Json = Record<string, unknown>;

export class SeriesIcs {
  private readonly held = new Map<string, Json[]>();

  constructor(
    private readonly client: ApiClient,
    private readonly stream: IcsStream,
    private readonly siteUrl: string,
  ) {}

  /** The VEVENT of a single event; an occurrence of a series is held ('' for now). */
  event(record: Json): string {
    const slugged = parseOccurrenceSlug(record.slug);
    if (!slugged) return this.stream.event(record);
    const list = this.held.get(slugged.id);
    if (list) list.push(record);
    else this.held.set(slugged.id, [record]);
    return '';
  }

  /** The series held, each read from its tag (one request per series). */
  async rest(): Promise<string> {
    let out = '';
    for (const [id, records] of this.held) {
      const series = await readSeries(this.client, id);
      const starts = series ? await ruleStarts(series) : [];
      const byKey = new Map(starts.map((start) => [start.key, start.original]));
      const originals = records.map((record) => byKey.get(parseOccurrenceSlug(record.slug)!.key));
      if (!series || originals.some((original) => original === undefined)) {
        for (const record of records) out += this.stream.event(record);
        continue;
      }
      const written = new Set(originals);
      const order = records.map((record, i) => ({ record, original: originals[i]! })).sort((a, b) => a.original.localeCompare(b.original));
      out += this.stream.series(
        order.map((o) => o.record),
        {
          uid: seriesUid(id, this.siteUrl),
          ...series.anchor,
          rule: series.rule,
          originals: order.map((o) => o.original),
          removed: starts.filter((start) => !written.has(start.original)).map((start) => start.original),
        },
      );
    }
    this.held.clear();
    return out;
  }
}
