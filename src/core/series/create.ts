/**
 * `events create … --repeat RULE`: the first event's body, checked as for one event, becomes one
 * event per occurrence of the rule, each with the slug naming its series and start; the rule
 * goes in the series' tag first, so an interrupted create leaves a series that `--series` can
 * finish or remove.
 */
import { createPost, planCreateOn } from '../write/execute.js';
import type { ApiClient } from '../http/client.js';
import { resources } from '../../spec/resources.js';
import { UsageError } from '../errors.js';
import { boundedRule, DEFAULT_SERIES_CAP, expandRule, exceptedStarts, parseRule, hasEnd, type SeriesAnchor, type SeriesOccurrence } from './rule.js';
import { newSeriesId, occurrenceKeys, occurrenceSlug, seriesStem, type SeriesRecord } from './identity.js';
import { createSeriesTag, planSeriesTag, type StoredSeries } from './store.js';
import type { WritePlan } from '../write/plan.js';
import { option } from '../words.js';

type Json = Record<string, unknown>;

export interface RepeatRequest {
  /** `--repeat`: an RRULE, `RRULE:` prefix allowed. */
  rule: string;
  /** `--except`: dates or dates and times of occurrences to leave out. */
  except?: string[];
  /** `--max`: the cap (default 500); a rule without an end takes its first N occurrences. */
  max?: number;
}

export interface PlannedOccurrence extends SeriesOccurrence {
  slug: string;
  body: Json;
}

export interface SeriesPlan {
  series: SeriesRecord;
  occurrences: PlannedOccurrence[];
}

/** The wall-clock start and end of an event body, and its zone. */
export function anchorOf(body: Json, siteZone: string): SeriesAnchor {
  const allDay = body.all_day === true || body.all_day === 'true' || body.all_day === 1;
  const start = String(body.start_date ?? '');
  const end = String(body.end_date ?? start);
  const timezone = typeof body.timezone === 'string' && body.timezone ? body.timezone : siteZone;
  if (!start) throw new UsageError(`a repeating event needs ${option('start_date')}`);
  const wall = (text: string) => (allDay ? text.slice(0, 10) : text.length === 16 ? `${text}:00` : text);
  return { start: wall(start), end: wall(end), allDay, timezone };
}

/** Checks the rule and lists the occurrences; nothing is sent. Exit 2 for a rule that cannot be used. */
export async function planSeries(body: Json, repeat: RepeatRequest, siteZone: string, id = newSeriesId()): Promise<SeriesPlan> {
  if (repeat.max !== undefined && (!Number.isInteger(repeat.max) || repeat.max < 1))
    throw new UsageError(`${option('max')} ${repeat.max}: a whole number from 1`);
  const { parts } = parseRule(repeat.rule);
  if (!hasEnd(parts) && repeat.max === undefined) {
    throw new UsageError(
      `${option('repeat')} ${repeat.rule.trim()}: the rule has no end and no cap (add COUNT=N or UNTIL=YYYYMMDD, or ${option('max')} N for the first N)`,
    );
  }
  const rule = boundedRule(repeat.rule, repeat.max);
  const anchor = anchorOf(body, siteZone);
  const all = await expandRule(anchor, rule, { cap: repeat.max ?? DEFAULT_SERIES_CAP });
  const excluded = exceptedStarts(all, repeat.except ?? []);
  const kept = all.filter((occurrence) => !excluded.has(occurrence.original));
  if (kept.length === 0) throw new UsageError(`${option('except')} leaves no occurrence of the series`);
  const series: SeriesRecord = { id, stem: seriesStem(String(body.title ?? ''), id), anchor, rule };
  const keys = occurrenceKeys(all);
  return {
    series,
    occurrences: kept.map((occurrence) => {
      const slug = occurrenceSlug(series.stem, keys.get(occurrence.original)!);
      return { ...occurrence, slug, body: occurrenceBody(body, anchor, occurrence, slug) };
    }),
  };
}

/** The first event's body moved to an occurrence's dates, with the occurrence's slug. */
export function occurrenceBody(body: Json, anchor: SeriesAnchor, occurrence: Pick<SeriesOccurrence, 'start' | 'end'>, slug: string): Json {
  const out: Json = { ...body, slug };
  if (anchor.allDay) {
    out.start_date = `${occurrence.start.slice(0, 10)} 00:00:00`;
    out.end_date = `${occurrence.end.slice(0, 10)} 23:59:59`;
  } else {
    out.start_date = occurrence.start;
    out.end_date = occurrence.end;
  }
  if (!out.timezone) out.timezone = anchor.timezone;
  return out;
}

export interface SeriesWriteReport {
  series: StoredSeries;
  created: Json[];
  failed: Array<{ occurrence: PlannedOccurrence; error: unknown }>;
}

/** Requests in flight at once: a site takes a series of 52 in a few seconds without being flooded. */
export const SERIES_WRITES_IN_FLIGHT = 4;

/** Runs `work` over `items`, a few at a time, in order of the items in the result. */
export async function inFlight<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<Array<{ item: T; value?: R; error?: unknown }>> {
  const results: Array<{ item: T; value?: R; error?: unknown }> = items.map((item) => ({ item }));
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index].value = await work(items[index]);
      } catch (error) {
        results[index].error = error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(SERIES_WRITES_IN_FLIGHT, items.length) }, worker));
  return results;
}

/**
 * Creates the series' tag, then the first occurrence, then the others with its publication date
 * (so that they share it, as they share their other fields, and a site file holds it once). A
 * failed occurrence is reported, the others are created.
 */
/**
 * The writes of a series' create, as its dry run gives them: the series' tag, then each
 * occurrence's create as the one planner makes it. Occurrences after the first are also sent
 * the first one's publication date where they have none (known once it is created).
 */
export async function planSeriesCreate(client: ApiClient, plan: SeriesPlan): Promise<WritePlan[]> {
  const tag = planSeriesTag(plan.series);
  const occurrences = [];
  for (const occurrence of plan.occurrences) occurrences.push(await planCreateOn(client, resources.events, occurrence.body));
  return [tag, ...occurrences];
}

export async function createSeries(client: ApiClient, plan: SeriesPlan): Promise<SeriesWriteReport> {
  const series = await createSeriesTag(client, plan.series);
  // Each occurrence is created as any event is (a zero cost kept).
  const create = (body: Json) => createPost(client, resources.events, body);
  const [first, ...rest] = plan.occurrences;
  const head = (await inFlight([first], (occurrence) => create(occurrence.body)))[0];
  const date = head.value?.date;
  const shared = (body: Json) => (body.date === undefined && typeof date === 'string' && date ? { ...body, date } : body);
  const results = [head, ...(await inFlight(rest, (occurrence) => create(shared(occurrence.body))))];
  return {
    series,
    created: results.filter((r) => r.value).map((r) => r.value!),
    failed: results.filter((r) => r.error !== undefined).map((r) => ({ occurrence: r.item, error: r.error })),
  };
}
