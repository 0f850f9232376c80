/**
 * The series flags of `events create|update|delete` (docs/series.md): read into the core's
 * typed inputs, the core's series verbs called, their records rendered.
 */
import type { Context } from '../../../core/context.js';
import { CliError, EXIT, UsageError } from '../../../core/errors.js';
import type { RecordAccess } from '../../../core/records/verbs.js';
import type { RecordRef } from '../../../core/records/refs.js';
import type { RepeatRequest } from '../../../core/series/create.js';
import type { SeriesScope } from '../../../core/series/edit.js';
import { resources } from '../../../spec/resources.js';
import type { ApiClient } from '../../../core/http/client.js';
import { parseOccurrenceSlug } from '../../../core/series/slug.js';
import type { Prepared } from '../../session.js';
import { listWriter } from '../../output/writer.js';
import { confirm } from '../../output/confirm.js';
import { positive, type Opts } from './shared.js';

type Json = Record<string, unknown>;

/** `--repeat RULE [--except …] [--max N]`, or undefined; --except and --max alone are refused. */
export function repeatOf(opts: Opts): RepeatRequest | undefined {
  const rule = typeof opts.repeat === 'string' ? opts.repeat : undefined;
  if (rule === undefined) {
    for (const flag of ['except', 'max'] as const) if (opts[flag] !== undefined) throw new UsageError(`--${flag} goes with --repeat`);
    return undefined;
  }
  const except =
    typeof opts.except === 'string'
      ? opts.except
          .split(',')
          .map((d) => d.trim())
          .filter(Boolean)
      : undefined;
  const max = typeof opts.max === 'string' ? positive(opts.max, '--max') : undefined;
  return { rule, except, max };
}

/** `--series` or `--following` (not both), or undefined. */
export function scopeOf(opts: Opts): SeriesScope | undefined {
  if (opts.series === true && opts.following === true) throw new UsageError('--series and --following cannot both be given');
  if (opts.series === true) return 'series';
  if (opts.following === true) return 'following';
  return undefined;
}

async function printList(records: Json[], prepared: Prepared, ctx: Context): Promise<void> {
  const writer = listWriter(resources.events, prepared.output, ctx);
  for (const record of records) await writer.write(record);
  await writer.end();
}

function failures(failed: Array<{ error: unknown }>, done: number, what: string, prepared: Prepared): void {
  if (failed.length === 0) return;
  for (const { error } of failed) prepared.ui.error(error instanceof Error ? error.message : String(error));
  throw new CliError(
    `${failed.length} of ${done + failed.length} occurrences were not ${what}`,
    EXIT.partial,
    'Run the same command with --series to finish or undo the rest.',
  );
}

/** `events get` of an occurrence says on stderr which series and where in it: `occurrence 3 of 8 of series k3f9a1 (…)`. */
export async function noteSeriesPlace(client: ApiClient, record: Json, prepared: Prepared): Promise<void> {
  if (!parseOccurrenceSlug(record.slug)) return;
  const { occurrencePlace, placeLine } = await import('../../../core/series/describe.js');
  const place = await occurrencePlace(client, record);
  if (place) prepared.ui.notice(placeLine(place));
}

export async function createRepeatingEvents(
  access: RecordAccess,
  body: Json,
  repeat: RepeatRequest,
  opts: Opts,
  prepared: Prepared,
  ctx: Context,
): Promise<void> {
  const { createRepeating } = await import('../../../core/series/verbs.js');
  const { plan, report } = await createRepeating(access, body, repeat, { createMissing: opts.createMissing === true, dryRun: opts.dryRun === true });
  const about = `series ${plan.series.id} (${plan.series.rule}, ${plan.series.anchor.timezone})`;
  if (!report) {
    prepared.ui.notice(`Would create ${plan.occurrences.length} events, ${about}; nothing was sent.`);
    return printList(
      plan.occurrences.map((o) => o.body),
      prepared,
      ctx,
    );
  }
  await printList(report.created, prepared, ctx);
  prepared.ui.notice(`Created ${report.created.length} events, ${about}.`);
  failures(report.failed, report.created.length, 'created', prepared);
}

export async function updateSeriesEvents(
  access: RecordAccess,
  ref: RecordRef,
  changes: Json,
  scope: SeriesScope,
  opts: Opts,
  prepared: Prepared,
  ctx: Context,
): Promise<void> {
  const { occurrencesInScope, updateOccurrences } = await import('../../../core/series/verbs.js');
  if (opts.dryRun) {
    const { inScope, series } = await occurrencesInScope(access, ref, scope, 'update');
    prepared.ui.notice(
      `Would change ${inScope.length} occurrences of series ${series.id} (${series.rule}); nothing was sent. Changes: ${JSON.stringify(changes)}`,
    );
    return printList(
      inScope.map((m) => ({ id: m.id, slug: m.slug, status: m.status, start_date: m.original })),
      prepared,
      ctx,
    );
  }
  const report = await updateOccurrences(access, ref, changes, scope, {
    createMissing: opts.createMissing === true,
    keepDuration: opts.keepDuration !== false,
    force: opts.force === true,
  });
  for (const { id, field, sent, got } of report.ignored)
    prepared.ui.warn(`event ${id}: the server did not keep ${field}: sent ${JSON.stringify(sent)}, it holds ${JSON.stringify(got ?? null)}`);
  await printList(report.updated, prepared, ctx);
  prepared.ui.notice(`Changed ${report.updated.length} occurrences, now series ${report.series.id} (${report.series.rule}).`);
  failures(report.failed, report.updated.length, 'changed', prepared);
}

export async function deleteSeriesEvents(
  access: RecordAccess,
  ref: RecordRef,
  scope: SeriesScope,
  opts: Opts,
  prepared: Prepared,
  ctx: Context,
): Promise<void> {
  if (opts.permanently === true) throw new UsageError(`--permanently does not go with --${scope}: occurrences go to the trash`);
  const { occurrencesInScope, deleteOccurrences } = await import('../../../core/series/verbs.js');
  const { inScope, series, record } = await occurrencesInScope(access, ref, scope, 'delete');
  const what = `${inScope.length} occurrence${inScope.length === 1 ? '' : 's'} of series ${series.id}`;
  if (opts.dryRun) {
    prepared.ui.notice(`Would move ${what} to the trash; nothing was sent.`);
    return printList(
      inScope.map((m) => ({ id: m.id, slug: m.slug, status: m.status, start_date: m.original })),
      prepared,
      ctx,
    );
  }
  await confirm(ctx, opts.yes === true, `Move ${what} to the trash?`);
  const report = await deleteOccurrences(access, record, scope);
  const count = `${report.trashed.length} occurrence${report.trashed.length === 1 ? '' : 's'}`;
  const after = report.failed.length ? 'keeps its rule' : report.seriesRemoved ? 'is gone' : `now ends before ${String(record.start_date).slice(0, 10)}`;
  prepared.ui.notice(`Moved ${count} to the trash; series ${series.id} ${after}.`);
  if (prepared.output.format !== 'table')
    await printList(
      report.trashed.map((m) => ({ id: m.id, slug: m.slug, status: 'trash' })),
      prepared,
      ctx,
    );
  failures(report.failed, report.trashed.length, 'moved to the trash', prepared);
}
