/**
 * The series verbs as the faces call them (`events create --repeat`, `events update|delete
 * --series|--following`): typed options in, records or a plan out, no terminal.
 */
import { resources } from '../../spec/resources.js';
import { UsageError } from '../errors.js';
import { finishBody, type RecordAccess } from '../records/verbs.js';
import { onRecord, recordTarget, type RecordRef } from '../records/refs.js';
import { ZoneSource, midnightWarning } from '../records/dates.js';
import { createSeries, planSeries, type RepeatRequest, type SeriesPlan, type SeriesWriteReport } from './create.js';
import { deleteSeries, seriesContext, updateSeries, type SeriesContext, type SeriesDeleteReport, type SeriesScope, type SeriesUpdateReport } from './edit.js';

type Json = Record<string, unknown>;

const WALL = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/;

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

export interface SeriesEditOptions {
  createMissing?: boolean;
  keepDuration?: boolean;
  force?: boolean;
  dryRun?: boolean;
}

export const scopeFlag = (scope: SeriesScope) => `--${scope}`;

async function targetOf(access: RecordAccess, ref: RecordRef, verb: 'update' | 'delete'): Promise<Json> {
  return onRecord(resources.events, ref, verb, async () => {
    const { path } = await recordTarget(resources.events, ref, access.client);
    return (await access.client.call<Json>('GET', path)).body;
  });
}

/** The occurrences a scope takes, from the event named: for a dry run, and for the question before a delete. */
export async function occurrencesInScope(
  access: RecordAccess,
  ref: RecordRef,
  scope: SeriesScope,
  verb: 'update' | 'delete',
): Promise<SeriesContext & { inScope: SeriesContext['members']; record: Json }> {
  const record = await targetOf(access, ref, verb);
  const context = await seriesContext(access.client, record, scopeFlag(scope));
  const inScope = context.members.filter((member) => scope === 'series' || member.position >= context.target.position);
  return { ...context, inScope, record };
}

/** `events update OCC … --series|--following`. */
export async function updateOccurrences(
  access: RecordAccess,
  ref: RecordRef,
  changes: Json,
  scope: SeriesScope,
  options: SeriesEditOptions = {},
): Promise<SeriesUpdateReport> {
  if (Object.keys(changes).length === 0) throw new UsageError('nothing to update', 'Give at least one field.');
  if (changes.slug !== undefined) throw new UsageError(`${scopeFlag(scope)}: the slugs of a series name it; --slug is for one occurrence`);
  const record = await targetOf(access, ref, 'update');
  const resolved = await finishBody(access, resources.events, changes, { createMissing: options.createMissing, keepDuration: options.keepDuration }, record);
  return updateSeries(access.client, record, resolved, scope, { force: options.force, notice: (line) => access.messages.warn(line) });
}

/** `events delete OCC --series|--following`. */
export async function deleteOccurrences(access: RecordAccess, record: Json, scope: SeriesScope): Promise<SeriesDeleteReport> {
  return deleteSeries(access.client, record, scope);
}
