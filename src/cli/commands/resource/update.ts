/** `calendar <resource> update REF`: flags → checked changes → the core's safe update → the record printed. */
import type { Invocation } from '../runner.js';
import type { Resource } from '../../../spec/resources.js';
import { withSession } from '../../session.js';
import { printRecord } from '../../output/writer.js';
import { hasAdjustments, parseRef, passwordQuery } from '../../../core/index.js';
import { linkAdjustmentsOf, printPlanned, writeBody } from './shared.js';
import type { UpdateFlags } from './options.js';

export async function runUpdate(resource: Resource, inv: Invocation<UpdateFlags>, rawRef: string): Promise<void> {
  const { ctx, opts } = inv;
  const ref = parseRef(resource, rawRef);
  const password = opts.password;
  passwordQuery(password); // an empty one is refused before the session opens
  const links = linkAdjustmentsOf(resource, opts);
  const changes = await writeBody(resource, opts, ctx, 'update', { changesElsewhere: hasAdjustments(resource, links) });
  const series = await import('./series.js');
  const scope = series.scopeOf(opts);
  const prepared = inv.prepare();
  prepared.writes = !opts.dryRun;
  await withSession(prepared, ctx, async ({ client, profile }) => {
    if (opts.web) (await import('../views/web.js')).refuseSandboxPages(profile, '--web');
    const { updateRecord } = await import('../../../core/index.js');
    const access = { client, timezone: profile.timezone, messages: prepared.ui };
    if (scope) return series.updateSeriesEvents(access, ref, changes, scope, opts, prepared, ctx, links);
    const updated = await updateRecord(access, resource, ref, changes, {
      createMissing: opts.createMissing === true,
      force: opts.force === true,
      keepDuration: opts.keepDuration !== false,
      replace: opts.replace === true,
      dryRun: opts.dryRun === true,
      password,
      links,
    });
    if (updated.planned) return printPlanned(ctx, client, updated.planned, opts);
    await printRecord(updated.record, resource, prepared.output, ctx);
    const { reportClashes } = await import('../../../core/index.js');
    const written = updated.plan?.requests.flatMap((request) => request.fields ?? []) ?? [];
    await reportClashes(access, resource, updated.record, { conflictCheck: opts.conflictCheck !== false, written });
    if (opts.web) await (await import('../views/web.js')).openRecordPage(updated.record, ctx, prepared.ui, 'stderr');
  });
}
