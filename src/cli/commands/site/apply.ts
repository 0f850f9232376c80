/** `calendar apply FILE|-`: make the site match the file; a second run sends no write. */
import type { Invocation } from '../runner.js';
import { CliError, EXIT, UsageError } from '../../../core/errors.js';
import { withSession, type GlobalOptions } from '../../session.js';
import { resources } from '../../../spec/resources.js';
import { planCounts } from '../../../core/site/plan.js';
import { applyPlan } from '../../../core/site/apply.js';
import { startProgress, windingDownNotice, type Counts } from '../../../core/bulk/progress.js';
import { confirm } from '../../output/confirm.js';
import { checkPlanFormat, planFile, printPlan, readSiteFor, readSource, refuseDanglingLinks } from './shared.js';

interface ApplyOptions {
  prune?: boolean;
  dryRun?: boolean;
  concurrency?: string;
}

export async function runApply(inv: Invocation, source: string): Promise<void> {
  const ctx = inv.ctx;
  const opts = inv.opts as GlobalOptions & ApplyOptions;
  const concurrency = opts.concurrency === undefined ? 4 : Number(opts.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16)
    throw new UsageError(`--concurrency: "${opts.concurrency}" is not a whole number from 1 to 16`);
  const prepared = inv.prepare();
  checkPlanFormat(prepared);
  const file = await readSource(source, ctx);
  prepared.connections = concurrency;
  prepared.writes = !opts.dryRun;
  await withSession(prepared, ctx, async ({ client }) => {
    const notice = (line: string, oncePerDay?: string) => prepared.ui.notice(line, oncePerDay);
    const current = await readSiteFor(file, client, notice);
    const plan = await planFile(file, current, client, opts.prune === true, notice);
    refuseDanglingLinks(plan);
    if (opts.dryRun || plan.changes.length === 0) return printPlan(plan, prepared, ctx);
    const removals = plan.changes.filter((c) => c.action === 'remove');
    if (removals.length) {
      const forGood = removals.filter((c) => !resources[c.resource].trashes).length;
      await confirm(
        ctx,
        opts.yes === true,
        `Remove ${removals.length} record${removals.length === 1 ? '' : 's'} the file lacks` +
          `${forGood ? ` (${forGood} categories and tags are deleted for good)` : ''}?`,
      );
    }
    printPlan(plan, prepared, ctx);
    const counts: Counts = { created: 0, updated: 0, unchanged: 0, removed: 0, failed: 0 };
    // The plan is data for scripts with --format json: no spinner beside it.
    const progress = prepared.output.format === 'json' ? undefined : await startProgress(ctx, 'apply', plan.changes.length, counts);
    // Ctrl-C or SIGTERM: no new write, those in flight finish, then the summary.
    let interrupted = false;
    const stopInterrupts = ctx.onInterrupt?.((signal) => {
      interrupted = true;
      progress?.clear();
      prepared.ui.warn(windingDownNotice(signal));
    });
    const outcome = await applyPlan(plan, file.document, current, {
      client,
      concurrency,
      shouldStop: () => interrupted,
      warn: (line) => {
        progress?.clear();
        prepared.ui.warn(line);
      },
      onFailure: (change, message) => {
        progress?.clear();
        prepared.ui.error(`${resources[change.resource].singular} ${change.slug}: ${message}`);
      },
      onDone: (change, ok) => {
        if (!ok) counts.failed++;
        else if (change.action === 'create') counts.created++;
        else if (change.action === 'update') counts.updated++;
        else counts.removed!++;
      },
    }).finally(() => {
      stopInterrupts?.();
      progress?.stop();
    });
    const notSent = outcome.notSent ? `, ${outcome.notSent} not sent` : '';
    prepared.ui.notice(
      `applied: ${outcome.created} created, ${outcome.updated} updated, ${outcome.removed} removed, ${outcome.failed.length} failed${notSent}`,
    );
    const total = planCounts(plan);
    if (outcome.unreachable) {
      throw new CliError(
        `${outcome.unreachable.message}; ${outcome.failed.length + outcome.notSent} of ${total.create + total.change + total.remove} changes not applied`,
        EXIT.network,
        'Once the site answers, run the same apply again to complete it; what was applied is not sent twice.',
      );
    }
    if (interrupted) {
      throw new CliError(
        `interrupted: ${outcome.failed.length + outcome.notSent} of ${total.create + total.change + total.remove} changes not applied`,
        EXIT.interrupted,
        'Run the same apply again to complete it; what was applied is not sent twice.',
      );
    }
    if (outcome.failed.length) {
      throw new CliError(
        `${outcome.failed.length} of ${total.create + total.change + total.remove} records were not applied: ` +
          outcome.failed.map((f) => `${resources[f.change.resource].singular} ${f.change.slug}`).join(', '),
        EXIT.partial,
        'The rest were applied; run apply again to complete them.',
      );
    }
  });
}
