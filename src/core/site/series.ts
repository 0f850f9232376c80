/**
 * Recurring series in the site file (docs/series.md): one entry under `series:` per series,
 * keyed by its slug stem, holding its rule, first dates, the starts it leaves out, the fields
 * its occurrences share and, by start, those of an occurrence that differ:
 *
 *   series:
 *     weekly-yoga-series-k3f9a1:
 *       rule: FREQ=WEEKLY;BYDAY=TU;COUNT=8
 *       start_date: 2027-01-05 19:00:00
 *       end_date: 2027-01-05 20:00:00
 *       timezone: Europe/Paris
 *       except: [2027-01-12]
 *       event: { title: Weekly yoga, venue: studio }
 *       occurrences:
 *         "20270119": { start_date: 2027-01-19 20:00:00, end_date: 2027-01-19 21:00:00 }
 *
 * Inside, a document holds the occurrences as the events they are (keyed by slug), so that
 * plan and apply treat them as any event; the series' rule travels beside them
 * (`document.series`) and becomes its tag on the site.
 */
import type { ApiClient } from '../http/client.js';
import { expandRule, parseRule } from '../series/rule.js';
import { occurrenceKeys, occurrenceSlug, parseOccurrenceSlug, seriesDescription, seriesTagSlug, type SeriesRecord } from '../series/identity.js';
import { planSeriesTag, readSeries, ruleStarts } from '../series/store.js';
import type { WritePlan } from '../write/plan.js';
import type { Tree, TreeMap, TreeScalar } from './tree.js';
import { plainOf } from './tree.js';
import { CalendarError, errorIn } from '../errors.js';

type Json = Record<string, unknown>;

/** A record of a site document (document.ts, which imports this file). */
interface SiteRecord {
  slug: string;
  fields: Json;
  id?: number;
}

/** What of a site document (document.ts) the series need: its events and its series. */
interface SeriesDocument {
  get(name: 'events'): Map<string, SiteRecord> | undefined;
  series?: SiteSeries;
}

/** A change of a series' tag, as plan.ts lists the changes of records. */
export interface SeriesTagChange {
  action: 'create' | 'update';
  resource: 'tags';
  slug: string;
  id?: number;
  changes: Array<{ field: string; from: unknown; to: unknown }>;
}

export const SERIES_KEY = 'series';

/** Series by ID, with the site's tag ID where read from a site. */
export type SiteSeries = Map<string, SeriesRecord & { tagId?: number }>;

/** Enough for any rule a series was created with. */
const EVERY_START = 100_000;

/** The rules of the series the site's events belong to (one request per series). */
export async function readSiteSeries(client: ApiClient, events: Map<string, SiteRecord> | undefined): Promise<SiteSeries> {
  const ids = new Set<string>();
  for (const slug of events?.keys() ?? []) {
    const id = parseOccurrenceSlug(slug)?.id;
    if (id) ids.add(id);
  }
  const out: SiteSeries = new Map();
  for (const id of ids) {
    const series = await readSeries(client, id);
    if (series) out.set(id, series);
  }
  return out;
}

const DATES = new Set(['start_date', 'end_date']);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A start in a file: `2027-01-12`, or `2027-01-12 19:00` when the series holds two a day. */
const startText = (key: string): string =>
  key.length === 8 ? `${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6, 8)}` : `${startText(key.slice(0, 8))} ${key.slice(9, 11)}:${key.slice(11, 13)}`;
const keyOfText = (text: string) => text.replace(/-/g, '').replace(/ (\d{2}):(\d{2})$/, 't$1$2');

/**
 * The events of a document less the occurrences written as series, and the `series:` entries.
 * An occurrence that cannot be said as "the shared fields, plus these" (it lacks a field the
 * others have) stays an event of its own, under its slug.
 */
export async function seriesSection(
  events: Map<string, SiteRecord>,
  series: SiteSeries,
): Promise<{ events: Map<string, SiteRecord>; entries: Record<string, Json> }> {
  const rest = new Map(events);
  const entries: Record<string, Json> = {};
  for (const record of [...series.values()].sort((a, b) => a.stem.localeCompare(b.stem))) {
    const starts = await ruleStarts(record);
    const members = starts.map((start) => ({ start, event: events.get(occurrenceSlug(record.stem, start.key)) })).filter((m) => m.event);
    if (members.length === 0) continue;
    const template = (members.find((m) => m.event!.fields.start_date === m.start.start) ?? members[0]).event!;
    const shared = Object.fromEntries(Object.entries(template.fields).filter(([name]) => !DATES.has(name)));
    const occurrences: Record<string, Json> = {};
    for (const { start, event } of members) {
      const fields = event!.fields;
      if (Object.keys(shared).some((name) => !(name in fields))) continue;
      const expected: Json = { ...shared, start_date: start.start, end_date: start.end };
      const differs = Object.fromEntries(Object.entries(fields).filter(([name, value]) => !same(value, expected[name])));
      if (Object.keys(differs).length) occurrences[start.key] = differs;
      rest.delete(event!.slug);
    }
    const held = new Set(members.map((m) => m.start.key));
    const { anchor } = record;
    const entry: Json = { rule: record.rule, start_date: anchor.start, end_date: anchor.end, timezone: anchor.timezone };
    if (anchor.allDay) entry.all_day = true;
    const except = starts.filter((start) => !held.has(start.key)).map((start) => startText(start.key));
    if (except.length) entry.except = except;
    entry.event = shared;
    if (Object.keys(occurrences).length) entry.occurrences = occurrences;
    entries[record.stem] = entry;
  }
  return { events: rest, entries };
}

type At = (node: { at: number }, what: string) => void;
type Check = (slug: string, label: string, node: TreeMap, keyNode: TreeScalar) => Json | undefined;

const ENTRY_FIELDS = ['rule', 'start_date', 'end_date', 'timezone', 'all_day', 'except', 'event', 'occurrences'];

/**
 * The `series:` section of a file, each entry expanded into the events it stands for (checked
 * as events of the file are, through `check`) and its rule kept in `document.series`.
 */
export async function readSeriesSection(node: Tree, document: SeriesDocument, declared: Set<string>, check: Check, at: At): Promise<void> {
  const series: SiteSeries = new Map();
  document.series = series;
  if (node.kind === 'scalar' && node.value === null) return;
  const events = document.get('events');
  if (node.kind !== 'map') return at(node, `${SERIES_KEY}: expected a mapping of series by slug stem`);
  if (!events) return at(node, `${SERIES_KEY}: a file with series needs an events: key (events: {} when every event is in a series)`);
  for (const { key, value } of node.entries) {
    const stem = String(key.value);
    const id = parseOccurrenceSlug(`${stem}-20000101`)?.id;
    const label = `series ${stem}`;
    if (!id || parseOccurrenceSlug(`${stem}-20000101`)?.stem !== stem) {
      at(key, `${label}: a series' key is the slug its occurrences start with (<words>-series-<6 letters or digits>)`);
      continue;
    }
    if (value.kind !== 'map') {
      at(value, `${label}: expected a mapping (rule, start_date, end_date, timezone, event, except, occurrences)`);
      continue;
    }
    const field = (name: string) => value.entries.find((e) => e.key.value === name);
    const unknown = value.entries.find((e) => !ENTRY_FIELDS.includes(String(e.key.value)));
    if (unknown) {
      at(unknown.key, `${label}: ${String(unknown.key.value)}: not a field of a series (${ENTRY_FIELDS.join(', ')})`);
      continue;
    }
    const text = (name: string) => {
      const v = field(name)?.value;
      return v?.kind === 'scalar' && v.value !== null ? String(v.value) : undefined;
    };
    const rule = text('rule');
    const start = text('start_date');
    const end = text('end_date');
    const timezone = text('timezone');
    if (!rule || !start || !end || !timezone) {
      at(key, `${label}: rule, start_date, end_date and timezone are needed`);
      continue;
    }
    const allDay = plainOf(field('all_day')?.value ?? { kind: 'scalar', value: false, at: 0 }) === true;
    const anchor = {
      start: allDay ? start.slice(0, 10) : start.length === 16 ? `${start}:00` : start,
      end: allDay ? end.slice(0, 10) : end.length === 16 ? `${end}:00` : end,
      allDay,
      timezone,
    };
    let starts: Awaited<ReturnType<typeof expandRule>>;
    try {
      starts = await expandRule(anchor, rule, { cap: EVERY_START });
    } catch (err) {
      at(field('rule')!.value, `${label}: ${(err instanceof CalendarError ? errorIn(err, 'library').message : String(err)).replace(/^repeat /, 'rule ')}`);
      continue;
    }
    const keys = occurrenceKeys(starts);
    const known = new Set(keys.values());
    const exceptNode = field('except')?.value;
    const except = new Set<string>();
    for (const item of exceptNode?.kind === 'seq' ? exceptNode.items : exceptNode ? [exceptNode] : []) {
      const k = keyOfText(String(item.kind === 'scalar' ? item.value : ''));
      if (!known.has(k)) at(item, `${label}: except: ${String(plainOf(item))} is not a start of the rule`);
      else except.add(k);
    }
    const eventNode = field('event')?.value;
    if (eventNode && eventNode.kind !== 'map') {
      at(eventNode, `${label}: event: expected a mapping of the fields every occurrence has`);
      continue;
    }
    const sharedEntries = (eventNode?.entries ?? []).filter((e) => !DATES.has(String(e.key.value)));
    const overridesNode = field('occurrences')?.value;
    const overrides = new Map<string, TreeMap>();
    for (const entry of overridesNode?.kind === 'map' ? overridesNode.entries : []) {
      const k = String(entry.key.value);
      if (!known.has(k)) at(entry.key, `${label}: occurrences: ${k} is not a start of the rule (YYYYMMDD)`);
      else if (entry.value.kind !== 'map') at(entry.value, `${label}: occurrences: ${k}: expected a mapping of fields`);
      else overrides.set(k, entry.value);
    }
    const scalar = (v: unknown): TreeScalar => ({ kind: 'scalar', value: v, at: key.at });
    for (const occurrence of starts) {
      const k = keys.get(occurrence.original)!;
      if (except.has(k)) continue;
      const slug = occurrenceSlug(stem, k);
      if (events.has(slug)) {
        at(key, `${label}: its occurrence ${slug} is also an event of the file`);
        continue;
      }
      const own = overrides.get(k)?.entries ?? [];
      const ownNames = new Set(own.map((e) => String(e.key.value)));
      const dates = allDay
        ? { start_date: occurrence.start.slice(0, 10), end_date: occurrence.end.slice(0, 10) }
        : { start_date: occurrence.start, end_date: occurrence.end };
      const entries = [
        ...sharedEntries.filter((e) => !ownNames.has(String(e.key.value))),
        ...Object.entries(dates)
          .filter(([name]) => !ownNames.has(name))
          .map(([name, v]) => ({ key: scalar(name), value: scalar(v) })),
        ...(ownNames.has('timezone') || sharedEntries.some((e) => e.key.value === 'timezone') ? [] : [{ key: scalar('timezone'), value: scalar(timezone) }]),
        ...own,
      ];
      declared.add(slug);
      const fields = check(slug, `${label} occurrence ${startText(k)}`, { kind: 'map', entries, at: value.at }, key);
      if (fields) events.set(slug, { slug, fields });
    }
    series.set(id, { id, stem, anchor, rule: parseRule(rule).rule });
  }
}

/**
 * The tags that hold the rules, compared: a series of the file whose tag the site lacks or
 * holds another rule in. Written as changes of tags (`series-<id>`), which apply sends first.
 */
export function seriesTagChanges(desired: SiteSeries | undefined, current: SiteSeries | undefined): SeriesTagChange[] {
  const changes: SeriesTagChange[] = [];
  for (const [id, want] of desired ?? []) {
    const have = current?.get(id);
    const to = seriesDescription(want);
    if (!have) changes.push({ action: 'create', resource: 'tags', slug: seriesTagSlug(id), changes: [{ field: 'rule', from: null, to: want.rule }] });
    else if (seriesDescription(have) !== to)
      changes.push({
        action: 'update',
        resource: 'tags',
        slug: seriesTagSlug(id),
        id: have.tagId,
        changes: [{ field: 'rule', from: have.rule, to: want.rule }],
      });
  }
  return changes;
}

/** Site events a series of the file leaves out (a start in `except`, past a shortened rule): removed, prune or not. */
export function leftOutOccurrences(desired: SeriesDocument, current: SeriesDocument): SiteRecord[] {
  const series = desired.series;
  const wanted = desired.get('events');
  if (!series?.size || !wanted) return [];
  return [...(current.get('events')?.values() ?? [])].filter((record) => {
    const id = parseOccurrenceSlug(record.slug)?.id;
    return id !== undefined && series.has(id) && !wanted.has(record.slug);
  });
}

/** Apply's write of a series tag: its create, or its rule set where the site has it already (perhaps with no occurrence left). */
export async function planSeriesTagWrite(client: ApiClient, desired: SeriesDocument, slug: string): Promise<WritePlan | undefined> {
  const id = /^series-([0-9a-z]{6})$/.exec(slug)?.[1];
  const want = id ? desired.series?.get(id) : undefined;
  if (!want) return undefined;
  const have = await readSeries(client, want.id);
  return planSeriesTag({ ...want, tagId: have?.tagId });
}
