/** `calendar diff FILE` and `calendar diff --from A --to B`: the plan (and a file's plan digest), nothing written. */
import type { Invocation } from '../runner.js';
import { CalendarError, diffSite, EXIT, type Plan, planSites, readSite, SITE_RESOURCES, type SiteDocument, UsageError } from '../../../core/index.js';
import { prepare, withSession, type GlobalOptions } from '../../session.js';
import { checkPlanFormat, printPlan, readSource } from './shared.js';

interface DiffOptions {
  from?: string;
  to?: string;
  prune?: boolean;
  exitCode?: boolean;
}

export async function runDiff(inv: Invocation, source: string | undefined): Promise<void> {
  const ctx = inv.ctx;
  const opts = inv.opts as GlobalOptions & DiffOptions;
  const prepared = inv.prepare();
  checkPlanFormat(prepared);
  const prune = opts.prune === true;
  let plan: Plan;
  // A file's plan has a digest, which apply --digest takes to apply exactly that plan.
  let digest: string | undefined;
  if (opts.from !== undefined || opts.to !== undefined) {
    if (source !== undefined) throw new UsageError('diff takes a file or --from and --to, not both');
    if (opts.from === undefined || opts.to === undefined) throw new UsageError('--from and --to go together', 'calendar diff --from staging --to production');
    const desired = await readProfileSite(opts.from, opts, inv);
    const current = await readProfileSite(opts.to, opts, inv);
    plan = planSites(desired, current, { prune });
  } else {
    if (source === undefined) throw new UsageError('diff needs a site file, or --from and --to', 'calendar diff calendar.yaml');
    const file = await readSource(source, ctx);
    const notice = (line: string, oncePerDay?: string) => prepared.ui.notice(line, oncePerDay);
    const planned = await withSession(prepared, ctx, ({ client }) => diffSite(file, client, { prune }, notice));
    plan = planned.plan;
    digest = planned.digest;
  }
  printPlan(plan, prepared, ctx, digest);
  for (const line of plan.dangling ?? []) prepared.ui.warn(`apply --prune would refuse this plan: ${line}`);
  if (opts.exitCode && plan.changes.length > 0) throw new CalendarError('', EXIT.differences);
}

async function readProfileSite(profile: string, opts: GlobalOptions, inv: Invocation): Promise<SiteDocument> {
  const prepared = prepare({ ...opts, profile, format: undefined, json: undefined }, inv.ctx);
  return withSession(prepared, inv.ctx, ({ client }) =>
    readSite(client, SITE_RESOURCES, (line, oncePerDay) => prepared.ui.notice(`${profile}: ${line}`, oncePerDay), { purpose: 'plan' }),
  );
}
