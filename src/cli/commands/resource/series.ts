/**
 * The series flags of `events create|update|delete` (docs/series.md): read into the core's
 * typed inputs, the core's series verbs called, their records rendered.
 */
import {
  type ApiClient,
  type Context,
  type LinkAdjustments,
  type Member,
  parseOccurrenceSlug,
  type RecordAccess,
  type RecordRef,
  type RepeatRequest,
  type SeriesScope as AnyScope,
  UsageError,
} from '../../../core/index.js';

/** A series edit's scope: one occurrence is an ordinary update. */
type SeriesScope = Exclude<AnyScope, 'occurrence'>;
import { resources } from '../../../spec/resources.js';
import type { Prepared } from '../../session.js';
import { listWriter } from '../../output/writer.js';
import { confirm } from '../../output/confirm.js';
import { positive } from './shared.js';
import type { CreateFlags, DeleteFlags, RepeatFlags, ScopeFlags, UpdateFlags } from './options.js';

type Json = Record<string, unknown>;

/** `--repeat RULE [--except …] [--max N]`, or undefined; --except and --max alone are refused (by the core). */
export async function repeatOf(opts: RepeatFlags): Promise<RepeatRequest | undefined> {
  const max = opts.max === undefined ? undefined : positive(opts.max, '--max');
  const { repeatRequest } = await import('../../../core/index.js');
  return repeatRequest({ repeat: opts.repeat, except: opts.except, max });
}

/** `--series` or `--following` (not both), or undefined. */
export function scopeOf(opts: ScopeFlags): SeriesScope | undefined {
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

/** `events get` of an occurrence says on stderr which series and where in it: `occurrence 3 of 8 of series k3f9a1 (…)`. */
export async function noteSeriesPlace(client: ApiClient, record: Json, prepared: Prepared): Promise<void> {
  if (!parseOccurrenceSlug(record.slug)) return;
  const { occurrencePlace, placeLine } = await import('../../../core/index.js');
  const place = await occurrencePlace(client, record);
  if (place) prepared.ui.notice(placeLine(place));
}

export async function createRepeatingEvents(
  access: RecordAccess,
  body: Json,
  repeat: RepeatRequest,
  opts: CreateFlags,
  prepared: Prepared,
  ctx: Context,
): Promise<void> {
  const { createRepeating, refuseFailures } = await import('../../../core/index.js');
  const { plan, report } = await createRepeating(access, body, repeat, { createMissing: opts.createMissing === true, dryRun: opts.dryRun === true });
  const about = `series ${plan.series.id} (${plan.series.rule}, ${plan.series.anchor.timezone})`;
  if (!report) {
    prepared.ui.notice(`Would create ${plan.occurrences.length} events, ${about}; nothing was sent.`);
    // For scripts, the plan of each write (the series' tag, then each occurrence), as the real run sends them.
    if (opts.format === 'json' || opts.json === true) {
      const { planSeriesCreate } = await import('../../../core/index.js');
      return void ctx.stdout.write(`${JSON.stringify(await planSeriesCreate(access.client, plan), null, 2)}\n`);
    }
    return printList(
      plan.occurrences.map((o) => o.body),
      prepared,
      ctx,
    );
  }
  await printList(report.created, prepared, ctx);
  prepared.ui.notice(`Created ${report.created.length} events, ${about}.`);
  // Each occurrence's clashes are said as a single create's are.
  if (opts.conflictCheck !== false) await (await import('../../../core/index.js')).reportSeriesClashes(access, report.created);
  refuseFailures(report.failed, report.created.length, 'created', prepared.ui);
}

/** The occurrences an edit would take, as a dry run lists them. */
const plannedRows = (inScope: Member[]) => inScope.map((m) => ({ id: m.id, slug: m.slug, status: m.status, start_date: m.original }));

export async function updateSeriesEvents(
  access: RecordAccess,
  ref: RecordRef,
  changes: Json,
  scope: SeriesScope,
  opts: UpdateFlags,
  prepared: Prepared,
  ctx: Context,
  links?: LinkAdjustments,
): Promise<void> {
  const { updateInScope, refuseFailures } = await import('../../../core/index.js');
  const done = await updateInScope(access, ref, changes, scope, {
    createMissing: opts.createMissing === true,
    keepDuration: opts.keepDuration !== false,
    force: opts.force === true,
    dryRun: opts.dryRun === true,
    replace: opts.replace === true,
    links,
  });
  if ('planned' in done) {
    const { inScope, series } = done.planned;
    prepared.ui.notice(
      `Would change ${inScope.length} occurrences of series ${series.id} (${series.rule}); nothing was sent. Changes: ${JSON.stringify(changes)}`,
    );
    if (done.planned.plans && (opts.format === 'json' || opts.json === true)) return void ctx.stdout.write(`${JSON.stringify(done.planned.plans, null, 2)}\n`);
    return printList(plannedRows(inScope), prepared, ctx);
  }
  const { report } = done;
  await printList(report.updated, prepared, ctx);
  prepared.ui.notice(`Changed ${report.updated.length} occurrences, now series ${report.series.id} (${report.series.rule}).`);
  refuseFailures(report.failed, report.updated.length, 'changed', prepared.ui);
}

export async function deleteSeriesEvents(
  access: RecordAccess,
  ref: RecordRef,
  scope: SeriesScope,
  opts: DeleteFlags,
  prepared: Prepared,
  ctx: Context,
): Promise<void> {
  const { deleteInScope, occurrencesText, refuseFailures } = await import('../../../core/index.js');
  const done = await deleteInScope(access, ref, scope, {
    dryRun: opts.dryRun === true,
    permanently: opts.permanently === true,
    confirm: (question) => confirm(ctx, opts.yes === true, question),
  });
  if ('planned' in done) {
    const { inScope, series } = done.planned;
    prepared.ui.notice(`Would move ${occurrencesText(inScope.length)} of series ${series.id} to the trash; nothing was sent.`);
    // For scripts, the plan of each write, as the real run sends them.
    if (done.planned.plans && (opts.format === 'json' || opts.json === true)) return void ctx.stdout.write(`${JSON.stringify(done.planned.plans, null, 2)}\n`);
    return printList(plannedRows(inScope), prepared, ctx);
  }
  const { report, series, record } = done;
  const after = report.failed.length ? 'keeps its rule' : report.seriesRemoved ? 'is gone' : `now ends before ${String(record.start_date).slice(0, 10)}`;
  prepared.ui.notice(`Moved ${occurrencesText(report.trashed.length)} to the trash; series ${series.id} ${after}.`);
  if (prepared.output.format !== 'table')
    await printList(
      report.trashed.map((m) => ({ id: m.id, slug: m.slug, status: 'trash' })),
      prepared,
      ctx,
    );
  refuseFailures(report.failed, report.trashed.length, 'moved to the trash', prepared.ui);
}
