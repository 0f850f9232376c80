/**
 * Changing or removing part of a series: the whole series (`--series`) or an occurrence and
 * the later ones (`--following`), which then become a series of their own, as calendar apps do.
 * One occurrence alone needs nothing of this: its slug stays, so a moved or changed occurrence
 * stays in its series as an exception, and a deleted one is a start of the rule no event names.
 */
import type { ApiClient } from '../http/client.js';
import { resources } from '../../spec/resources.js';
import { CalendarError, EXIT, UsageError } from '../errors.js';
import { sendPlan, updateByPlan } from '../write/execute.js';
import { utcMsToUtcString, zonedToUtcMs, addDays } from '../../base/time.js';
import { parseRule, type SeriesAnchor } from './rule.js';
import { newSeriesId, occurrenceSlug, parseOccurrenceSlug, seriesStem, type SeriesRecord } from './identity.js';
import { createSeriesTag, findMembers, readSeries, ruleStarts, planSeriesTag, saveSeriesTag, type Member, type StoredSeries } from './store.js';
import { inFlight } from './create.js';
import { planTrash, type WritePlan } from '../write/plan.js';
import { option } from '../words.js';

type Json = Record<string, unknown>;

export type SeriesScope = 'series' | 'following';

export interface SeriesContext {
  series: StoredSeries;
  members: Member[];
  target: Member;
}

/** The series of an event as read (`record.slug`), its occurrences and the event's place among them. */
export async function seriesContext(client: ApiClient, record: Json, flag: string): Promise<SeriesContext> {
  const slugged = parseOccurrenceSlug(record.slug);
  if (!slugged) throw new UsageError(`${flag}: event ${String(record.id)} is not an occurrence of a series (its slug names none)`);
  const series = await readSeries(client, slugged.id);
  if (!series) throw new UsageError(`${flag}: the rule of series ${slugged.id} is gone (no tag series-${slugged.id}); change its occurrences one by one`);
  const members = await findMembers(client, series);
  const target = members.find((member) => member.id === Number(record.id));
  if (!target)
    throw new UsageError(`${flag}: event ${String(record.id)} is not among the occurrences of series ${series.id} (its slug is not one the rule gives)`);
  return { series, members, target };
}

const wallMs = (wall: string) => zonedToUtcMs(wall.length === 10 ? `${wall} 00:00:00` : wall, 'UTC');
const shiftWall = (wall: string, ms: number) => utcMsToUtcString(wallMs(wall) + ms);

/** How far the changes move the target's start and end on the clock; the day may not change. */
function timeShift(current: Json, changes: Json, flag: string): { start: number; end: number } {
  if (changes.all_day !== undefined && changes.all_day !== current.all_day)
    throw new UsageError(`${flag} cannot make a series all-day or timed: create it again`);
  const shift = { start: 0, end: 0 };
  for (const [key, field] of [
    ['start', 'start_date'],
    ['end', 'end_date'],
  ] as const) {
    if (changes[field] === undefined || current[field] === undefined) continue;
    shift[key] = wallMs(String(changes[field])) - wallMs(String(current[field]));
  }
  const [from, to] = [current.start_date, changes.start_date].map((date) => String(date).slice(0, 10));
  if (changes.start_date !== undefined && from !== to) {
    throw new UsageError(
      `${flag} changes the time of day of the occurrences, not their day (${from} → ${to})`,
      `Move occurrences one at a time (without ${flag}), or delete the series and create it with another rule.`,
    );
  }
  return shift;
}

/** The rule of a series cut before `original`: UNTIL one second before it (its day before, for all-day series). */
function ruleEndingBefore(rule: string, anchor: SeriesAnchor, original: string): string {
  const { parts } = parseRule(rule);
  parts.delete('COUNT');
  const until = anchor.allDay
    ? addDays(original.slice(0, 10), -1).replaceAll('-', '')
    : `${utcMsToUtcString(zonedToUtcMs(original, anchor.timezone) - 1000)
        .replace(/[-:]/g, '')
        .replace(' ', 'T')}Z`;
  parts.set('UNTIL', until);
  return [...parts].map(([name, value]) => `${name}=${value}`).join(';');
}

/** The rule of the later part of a series, from its `position`-th start. */
function ruleFrom(rule: string, position: number): string {
  const { parts } = parseRule(rule);
  const count = parts.get('COUNT');
  if (count !== undefined) parts.set('COUNT', String(Number(count) - (position - 1)));
  return [...parts].map(([name, value]) => `${name}=${value}`).join(';');
}

/**
 * The series a `--following` split leaves: the earlier part keeps the series (its rule now
 * ends before the target), the later part gets a new series, whose starts must be the same as
 * the ones it takes over (checked: a rule whose phase hangs on its first start could differ).
 */
async function splitSeries(context: SeriesContext, title: string): Promise<{ earlier: StoredSeries; later: SeriesRecord }> {
  const { series, target } = context;
  const id = newSeriesId();
  const duration = wallMs(series.anchor.end) - wallMs(series.anchor.start);
  const start = target.original;
  const end = series.anchor.allDay ? addDays(start, Math.round(duration / 86_400_000)) : shiftWall(start, duration);
  const later: SeriesRecord = { id, stem: seriesStem(title, id), anchor: { ...series.anchor, start, end }, rule: ruleFrom(series.rule, target.position) };
  const earlier: StoredSeries = { ...series, rule: ruleEndingBefore(series.rule, series.anchor, target.original) };
  const before = (await ruleStarts(series)).filter((s) => s.position >= target.position).map((s) => s.original);
  const after = (await ruleStarts(later)).map((s) => s.original);
  if (before.join() !== after.join())
    throw new UsageError(
      `${option('scope', 'following')} cannot split the rule ${series.rule} at ${target.original}: the later part would not keep the same starts`,
    );
  return { earlier, later };
}

export interface SeriesUpdateReport {
  /** The series the changed occurrences belong to now. */
  series: SeriesRecord;
  updated: Json[];
  failed: Array<{ member: Member; error: unknown }>;
  /** Fields a server did not keep, per occurrence. */
  ignored: Array<{ id: number; field: string; sent: unknown; got: unknown }>;
  /** The writes, in order: planned (a dry run) or sent. */
  plans: WritePlan[];
}

export interface SeriesUpdateOptions {
  force?: boolean;
  notice?: (line: string) => void;
  /** Plan only: the report's `plans` are the writes, in order; nothing is sent. */
  dryRun?: boolean;
}

/**
 * `events update OCC … --series|--following`: the changes of the target go to each occurrence
 * in scope; a new time of day moves each by as much (moved occurrences keep their offset).
 */
export async function updateSeries(
  client: ApiClient,
  targetRecord: Json,
  changes: Json,
  scope: SeriesScope,
  options: SeriesUpdateOptions = {},
): Promise<SeriesUpdateReport> {
  const flag = option('scope', scope);
  const context = await seriesContext(client, targetRecord, flag);
  const { series, members, target } = context;
  const shift = { ...timeShift(targetRecord, changes, flag), timezone: typeof changes.timezone === 'string' ? changes.timezone : undefined };
  const keyHasTime = (await ruleStarts(series)).some((s) => /t/.test(s.key));
  if (shift.start !== 0 && keyHasTime) throw new UsageError(`${flag} cannot change the time of a series with several occurrences a day`);
  const split = scope === 'following' && members.some((member) => member.position < target.position);
  const inScope = members.filter((member) => scope === 'series' || member.position >= target.position);
  let owner: SeriesRecord = shifted(series, shift);
  let keys: Map<string, string> | undefined;
  let earlier: StoredSeries | undefined;
  if (split) {
    const parts = await splitSeries(context, String(changes.title ?? targetRecord.title ?? ''));
    earlier = parts.earlier;
    owner = shifted(parts.later, shift);
    keys = new Map((await ruleStarts(parts.later)).map((s) => [s.original, s.key]));
  }
  const ignored: SeriesUpdateReport['ignored'] = [];
  const write = async (member: Member) => {
    const path = `${resources.events.path}/${member.id}`;
    const current = member.id === target.id ? targetRecord : (await client.call<Json>('GET', path)).body;
    const own: Json = { ...changes };
    if (member.id !== target.id) {
      if (changes.start_date !== undefined) own.start_date = shiftWall(String(current.start_date), shift.start);
      if (changes.end_date !== undefined) own.end_date = shiftWall(String(current.end_date), shift.end);
    }
    const originalKey = keys?.get(member.original);
    if (originalKey) own.slug = occurrenceSlug(owner.stem, originalKey);
    const result = await updateByPlan(client, resources.events, path, own, { current, force: options.force, notice: options.notice, dryRun: options.dryRun });
    memberPlans.set(member.id, result.plan);
    for (const entry of result.ignored) if (entry.field !== 'slug') ignored.push({ id: member.id, ...entry });
    return result.record ?? current;
  };
  const memberPlans = new Map<number, WritePlan>();
  const tagPlans: WritePlan[] = [];
  const tagWrite = (tag: SeriesRecord & { tagId?: number }) => void tagPlans.push(planSeriesTag(tag));
  // The target first, alone: a refusal (the occurrences share their fields, so it would refuse
  // them all) stops the edit before the rule or any other occurrence has changed.
  const head = await write(target);
  if (earlier) {
    tagWrite({ ...owner, tagId: undefined });
    tagWrite(earlier);
    if (!options.dryRun) {
      owner = await createSeriesTag(client, owner);
      await saveSeriesTag(client, earlier);
    }
  } else if (owner !== series) {
    const kept = { ...series, ...owner };
    tagWrite(kept);
    if (!options.dryRun) await saveSeriesTag(client, kept);
  }
  const others = await inFlight(
    inScope.filter((member) => member.id !== target.id),
    write,
  );
  const results = [{ item: target, value: head, error: undefined as unknown }, ...others].sort((a, b) => a.item.position - b.item.position);
  return {
    series: owner,
    updated: results.filter((r) => r.value).map((r) => r.value!),
    failed: results.filter((r) => r.error !== undefined).map((r) => ({ member: r.item, error: r.error })),
    ignored,
    plans: [
      memberPlans.get(target.id)!,
      ...tagPlans,
      ...results.flatMap((r) => (r.item.id !== target.id && memberPlans.has(r.item.id) ? [memberPlans.get(r.item.id)!] : [])),
    ],
  };
}

/** The series with its first start and end moved by the shift (the originals move with it), in the zone the occurrences now have. */
function shifted<T extends SeriesRecord>(series: T, shift: { start: number; end: number; timezone?: string }): T {
  const { anchor } = series;
  const timezone = shift.timezone ?? anchor.timezone;
  if (shift.start === 0 && shift.end === 0 && timezone === anchor.timezone) return series;
  return { ...series, anchor: { ...anchor, timezone, start: shiftWall(anchor.start, shift.start), end: shiftWall(anchor.end, shift.end) } };
}

export interface SeriesDeleteReport {
  trashed: Member[];
  failed: Array<{ member: Member; error: unknown }>;
  /** The series is gone with its tag (true), or keeps its earlier part. */
  seriesRemoved: boolean;
}

/** `events delete OCC --series|--following`: its occurrences in scope go to the trash; the rule ends before them or goes. */
/**
 * The writes of a series delete, in order (its dry run gives them): each occurrence in scope to
 * the trash, then the series' tag, its rule ended before the target (`following` with earlier
 * occurrences) or removed.
 */
export function planSeriesDelete(context: SeriesContext, scope: SeriesScope): WritePlan[] {
  const { series, members, target } = context;
  const keepEarlier = scope === 'following' && members.some((member) => member.position < target.position);
  const inScope = members.filter((member) => scope === 'series' || member.position >= target.position);
  const path = `${resources.tags.path}/${series.tagId}`;
  const ended = { ...series, rule: keepEarlier ? ruleEndingBefore(series.rule, series.anchor, target.original) : series.rule };
  const tag: WritePlan = keepEarlier
    ? planSeriesTag(ended)
    : { action: 'delete', resource: 'tags', id: series.tagId, reads: [], unchanged: [], requests: [{ route: 'tribe', method: 'DELETE', path, fields: [] }] };
  return [...inScope.map((member) => planTrash(resources.events, member.id)), tag];
}

export async function deleteSeries(client: ApiClient, targetRecord: Json, scope: SeriesScope): Promise<SeriesDeleteReport> {
  const context = await seriesContext(client, targetRecord, option('scope', scope));
  const plans = planSeriesDelete(context, scope);
  const tag = plans.pop() as WritePlan;
  const results = await inFlight(plans, (plan) => sendPlan(client, plan));
  const byId = new Map(context.members.map((member) => [member.id, member]));
  const failed = results.filter((r) => r.error !== undefined).map((r) => ({ member: byId.get(r.item.id as number)!, error: r.error }));
  // The rule changes only once its occurrences are gone: a failure leaves it naming them.
  if (failed.length === 0) await sendPlan(client, tag);
  // Each as it now is: in the trash.
  const trashed = results.filter((r) => r.error === undefined).map((r) => ({ ...byId.get(r.item.id as number)!, status: 'trash' }));
  return { trashed, failed, seriesRemoved: tag.action === 'delete' && failed.length === 0 };
}

/** One line for a report whose occurrences did not all go through. */
export function partialFailure(done: number, failed: number, what: string): CalendarError {
  return new CalendarError(
    `${failed} of ${done + failed} occurrences were not ${what}`,
    EXIT.partial,
    `Run the same command with ${option('scope', 'series')} to finish or undo the rest.`,
  );
}
