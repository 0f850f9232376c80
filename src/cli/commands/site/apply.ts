/** `calendar apply FILE|-`: make the site match the file (core/site/sync.ts); a second run sends no write. */
import type { Invocation } from '../runner.js';
import { applySite, DIGEST_PATTERN, UsageError } from '../../../core/index.js';
import { withSession, type GlobalOptions } from '../../session.js';
import { confirm } from '../../output/confirm.js';
import { terminalProgress } from '../../output/progress.js';
import { checkPlanFormat, printPlan, readSource } from './shared.js';

interface ApplyFlags {
  prune?: boolean;
  dryRun?: boolean;
  concurrency?: string;
  digest?: string;
}

export async function runApply(inv: Invocation, source: string): Promise<void> {
  const ctx = inv.ctx;
  const flags = inv.opts as GlobalOptions & ApplyFlags;
  const concurrency = flags.concurrency === undefined ? 4 : Number(flags.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16)
    throw new UsageError(`--concurrency: "${flags.concurrency}" is not a whole number from 1 to 16`);
  const digest = flags.digest?.toLowerCase();
  if (digest !== undefined && !DIGEST_PATTERN.test(digest))
    throw new UsageError(`--digest: "${flags.digest}" is not a plan's digest (64 hex digits, as calendar diff prints it)`);
  const prepared = inv.prepare();
  checkPlanFormat(prepared);
  const file = await readSource(source, ctx);
  prepared.connections = concurrency;
  prepared.writes = !flags.dryRun;
  // For scripts, the plan comes after the run, each change with the requests it sent; for people, before.
  const json = prepared.output.format === 'json';
  const applied = await withSession(prepared, ctx, ({ client }) =>
    applySite(file, client, {
      prune: flags.prune === true,
      digest,
      dryRun: flags.dryRun === true,
      concurrency,
      messages: prepared.ui,
      notice: (line, oncePerDay) => prepared.ui.notice(line, oncePerDay),
      confirm: (question) => confirm(ctx, flags.yes === true, question),
      onPlan: json ? undefined : (plan, planDigest) => printPlan(plan, prepared, ctx, planDigest),
      onInterrupt: ctx.onInterrupt && ((handler) => ctx.onInterrupt!(handler)),
      // The plan is data for scripts with --format json: no spinner beside it.
      progress: prepared.output.format === 'json' ? undefined : terminalProgress(ctx),
    }),
  );
  if (!applied.outcome || json) printPlan(applied.plan, prepared, ctx, applied.digest);
  if (applied.error) throw applied.error;
}
