/**
 * The series verbs as the faces call them, one call each: `events create … --repeat` and
 * `cal.events.create(fields, { repeat })`, `events update|delete --series|--following` and
 * `cal.events.update|delete(ref, …, { scope })`, the MCP tools over the library. Typed options
 * in, records or a plan out, no terminal.
 */
import { resources } from '../../spec/resources.js';
import type { Confirm, Messages } from '../context.js';
import { UsageError } from '../errors.js';
import { finishBody, type RecordAccess } from '../records/verbs.js';
import { onRecord, recordTarget, type RecordRef } from '../records/refs.js';
import { hasAdjustments, type LinkAdjustments } from '../records/link-changes.js';
import { ZoneSource, midnightWarning } from '../records/dates.js';
import { createSeries, planSeries, type RepeatRequest, type SeriesPlan, type SeriesWriteReport } from './create.js';
import {
  deleteSeries,
  partialFailure,
  planSeriesDelete,
  seriesContext,
  updateSeries,
  type SeriesContext,
  type SeriesDeleteReport,
  type SeriesScope,
  type SeriesUpdateReport,
} from './edit.js';
import type { Member, StoredSeries } from './store.js';
import type { WritePlan } from '../write/plan.js';
import { option } from '../words.js';

type Json = Record<string, unknown>;

const WALL = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/;

/**
 * The series a create asks for (`--repeat`, `--except` as a list or comma-separated, `--max`),
 * or undefined; an except or max without a rule is refused.
 */
export function repeatRequest(given: { repeat?: unknown; except?: unknown; max?: unknown }): RepeatRequest | undefined {
  if (given.repeat === undefined) {
    for (const name of ['except', 'max'] as const) if (given[name] !== undefined) throw new UsageError(`${option(name)} goes with ${option('repeat')}`);
    return undefined;
  }
  if (typeof given.repeat !== 'string') throw new UsageError(`${option('repeat')}: expected an iCalendar RRULE, e.g. FREQ=WEEKLY;BYDAY=TU;COUNT=8`);
  const except = typeof given.except === 'string' ? given.except.split(',') : given.except;
  if (except !== undefined && !(Array.isArray(except) && except.every((date) => typeof date === 'string')))
    throw new UsageError(`${option('except')}: expected dates (YYYY-MM-DD or YYYY-MM-DD HH:MM), as a list or comma-separated`);
  if (given.max !== undefined && typeof given.max !== 'number') throw new UsageError(`${option('max')} ${String(given.max)}: a whole number from 1`);
  return { rule: given.repeat, except: except?.map((date) => date.trim()).filter(Boolean), max: given.max };
}

/**
 * A dry run asked of a write that is no series write: the library plans only a series' (a single
 * update's plan is planUpdate), so the write is refused rather than made for real.
 */
export function refuseLoneDryRun(options: { dryRun?: unknown }, verb: 'create' | 'update' | 'delete'): void {
  if (!options.dryRun) return;
  const partner = verb === 'create' ? option('repeat') : `${option('scope', 'series')} or ${option('scope', 'following')}`;
  throw new UsageError(
    `${option('dry_run')} goes with ${partner}: nothing was sent`,
    verb === 'update' ? 'planUpdate gives the plan of a single update.' : undefined,
  );
}

/** How far an edit of an occurrence reaches: `occurrence` (the default: it alone) is no series edit. */
export function scopeOf(scope: unknown): SeriesScope | undefined {
  if (scope === undefined || scope === 'occurrence') return undefined;
  if (scope === 'series' || scope === 'following') return scope;
  throw new UsageError(`scope: "${String(scope)}" is not one of occurrence, series, following`);
}

/**
 * The rule checked against the event's dates before anything is sent (exit 2): a rule that
 * cannot be expanded, one without an end or cap, too many occurrences, an --except that
 * matches none. The zone is not known yet: the count does not depend on it.
 */
export async function checkRepeat(fields: Json, repeat: RepeatRequest): Promise<void> {
  const start = String(fields.start_date ?? '');
  const end = String(fields.end_date ?? start);
  if (!WALL.test(start) || !WALL.test(end)) return;
  const zone = typeof fields.timezone === 'string' && fields.timezone ? fields.timezone : 'UTC';
  await planSeries({ ...fields, start_date: start.replace('T', ' '), end_date: end.replace('T', ' '), timezone: zone }, repeat, zone);
}

export interface RepeatOptions {
  createMissing?: boolean;
  dryRun?: boolean;
}

/** `events create … --repeat RULE`: the plan (dry run) or the series created. */
export async function createRepeating(
  access: RecordAccess,
  fields: Json,
  repeat: RepeatRequest,
  options: RepeatOptions = {},
): Promise<{ plan: SeriesPlan; report?: SeriesWriteReport }> {
  const body = await finishBody(access, resources.events, fields, { createMissing: options.createMissing && !options.dryRun });
  const warning = midnightWarning(body);
  if (warning) access.messages.warn(warning);
  const zone = await new ZoneSource(access.client, access.timezone).eventZone(body);
  const plan = await planSeries(body, repeat, zone);
  if (options.dryRun) return { plan };
  return { plan, report: await createSeries(access.client, plan) };
}

/**
 * A write of several occurrences of which some failed: each failure told, then one error (exit 6)
 * saying how many. Called by a face once it has shown what went through.
 */
export function refuseFailures(failed: Array<{ error: unknown }>, done: number, what: string, messages: Messages): void {
  if (failed.length === 0) return;
  for (const { error } of failed) messages.error(error instanceof Error ? error.message : String(error));
  throw partialFailure(done, failed.length, what);
}

/** The scope as each face names it: `--series` in the CLI, `scope: "series"` for the library and a tool. */
export const scopeFlag = (scope: SeriesScope) => option('scope', scope);

async function targetOf(access: RecordAccess, ref: RecordRef, verb: 'update' | 'delete'): Promise<Json> {
  return onRecord(resources.events, ref, verb, async () => {
    const { path } = await recordTarget(resources.events, ref, access.client);
    return (await access.client.call<Json>('GET', path)).body;
  });
}

interface InScope extends SeriesContext {
  inScope: Member[];
  record: Json;
}

/** The occurrences a scope takes, from the event named. */
async function occurrencesInScope(access: RecordAccess, ref: RecordRef, scope: SeriesScope, verb: 'update' | 'delete'): Promise<InScope> {
  const record = await targetOf(access, ref, verb);
  const context = await seriesContext(access.client, record, scopeFlag(scope));
  const inScope = context.members.filter((member) => scope === 'series' || member.position >= context.target.position);
  return { ...context, inScope, record };
}

/** What a dry run of a series edit answers: the series and the occurrences the edit would take; nothing is sent. */
export interface PlannedSeriesEdit {
  series: StoredSeries;
  inScope: Member[];
  /** The writes, in order, as the real run sends them. */
  plans?: WritePlan[];
}

export interface SeriesEditOptions {
  createMissing?: boolean;
  keepDuration?: boolean;
  force?: boolean;
  dryRun?: boolean;
  /** Additions to and removals from list links: one occurrence's business, refused here. */
  links?: LinkAdjustments;
  /** An update that resets what it is not given: refused here (each occurrence keeps what the change leaves out). */
  replace?: boolean;
}

/** Refused before anything is sent: what an edit of several occurrences cannot carry. */
function checkSeriesEdit(changes: Json, scope: SeriesScope, options: SeriesEditOptions): void {
  if (options.replace === true)
    throw new UsageError(`${option('replace')} does not go with ${scopeFlag(scope)}: each occurrence keeps the fields the change leaves out`);
  if (hasAdjustments(resources.events, options.links))
    throw new UsageError(`additions to and removals from a list change one occurrence: give the whole list with ${scopeFlag(scope)}`);
  if (changes.slug !== undefined) throw new UsageError(`${scopeFlag(scope)}: the slugs of a series name it; ${option('slug')} is for one occurrence`);
}

/** `events update OCC … --series|--following`: the occurrences changed (fields a server did not keep warned of), or the plan. */
export async function updateInScope(
  access: RecordAccess,
  ref: RecordRef,
  changes: Json,
  scope: SeriesScope,
  options: SeriesEditOptions = {},
): Promise<{ planned: PlannedSeriesEdit } | { report: SeriesUpdateReport }> {
  checkSeriesEdit(changes, scope, options);
  if (options.dryRun && Object.keys(changes).length === 0) {
    const { inScope, series } = await occurrencesInScope(access, ref, scope, 'update');
    return { planned: { series, inScope } };
  }
  if (Object.keys(changes).length === 0) throw new UsageError('nothing to update', 'Give at least one field.');
  const record = await targetOf(access, ref, 'update');
  const createMissing = options.createMissing && !options.dryRun;
  const resolved = await finishBody(access, resources.events, changes, { createMissing, keepDuration: options.keepDuration }, record);
  const notice = (line: string) => access.messages.warn(line);
  const report = await updateSeries(access.client, record, resolved, scope, { force: options.force, notice, dryRun: options.dryRun });
  if (options.dryRun) {
    const { inScope, series } = await occurrencesInScope(access, ref, scope, 'update');
    return { planned: { series, inScope, plans: report.plans } };
  }
  for (const { id, field, sent, got } of report.ignored)
    access.messages.warn(`event ${id}: the server did not keep ${field}: sent ${JSON.stringify(sent)}, it holds ${JSON.stringify(got ?? null)}`);
  return { report };
}

export interface SeriesDeleteOptions {
  dryRun?: boolean;
  /** Occurrences go to the trash: a delete for good is refused. */
  permanently?: boolean;
  /** Asked once the occurrences are counted, before any is trashed. */
  confirm?: Confirm;
}

/** `events delete OCC --series|--following`: the occurrences trashed and the rule ended or removed, or the plan. */
export async function deleteInScope(
  access: RecordAccess,
  ref: RecordRef,
  scope: SeriesScope,
  options: SeriesDeleteOptions = {},
): Promise<{ planned: PlannedSeriesEdit } | { report: SeriesDeleteReport; series: StoredSeries; record: Json }> {
  if (options.permanently === true) throw new UsageError(`${option('permanently')} does not go with ${scopeFlag(scope)}: occurrences go to the trash`);
  const context = await occurrencesInScope(access, ref, scope, 'delete');
  const { inScope, series, record } = context;
  if (options.dryRun) return { planned: { series, inScope, plans: planSeriesDelete(context, scope) } };
  await options.confirm?.(`Move ${occurrencesText(inScope.length)} of series ${series.id} to the trash?`);
  return { report: await deleteSeries(access.client, record, scope), series, record };
}

export const occurrencesText = (count: number) => `${count} occurrence${count === 1 ? '' : 's'}`;
