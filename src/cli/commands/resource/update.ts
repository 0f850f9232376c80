/** `calendar <resource> update REF`: the safe update. */
import type { Invocation } from '../runner.js';
import { UsageError } from '../../../core/errors.js';
import type { ApiClient } from '../../../core/http/client.js';
import { aSingular, type Resource } from '../../../spec/resources.js';
import { withSession } from '../../session.js';
import { printRecord } from '../../output/writer.js';
import { parseRef, recordTarget, translateNotFound } from './refs.js';
import { dryRunInSession, dryRunPlan, finishBody, passwordQuery, writeBody, type Opts } from './shared.js';

/** A rename to a name another venue or organizer holds: the next create of that name would land on either. */
async function refuseTakenName(resource: Resource, client: ApiClient, name: string, ownId: number): Promise<void> {
  const { Resolver } = await import('../../../core/records/resolve.js');
  const others = (await new Resolver(client).taken(resource.name as 'venues' | 'organizers', name)).filter((id) => id !== ownId);
  if (others.length) {
    throw new UsageError(
      `${aSingular(resource)} named "${name}" exists already (ID ${others.join(', ')})`,
      'Choose another name, or add --force to allow two records of that name.',
    );
  }
}

export async function runUpdate(resource: Resource, inv: Invocation, rawRef: string): Promise<void> {
  const ctx = inv.ctx;
  const opts = inv.opts as Opts;
  const ref = parseRef(resource, rawRef);
  const query = passwordQuery(opts);
  const { applyNone, hasAdjustments, applyAdjustments } = await import('./link-changes.js');
  const changes = await writeBody(resource, opts, ctx, 'update', hasAdjustments(resource, opts));
  applyNone(resource, changes);
  if (resource.name === 'events') (await import('../../../core/records/dates.js')).checkEventOrder(changes);
  const prepared = inv.prepare();
  prepared.writes = !opts.dryRun;
  await withSession(prepared, ctx, async ({ client, profile }) => {
    if (opts.web) (await import('../web.js')).refuseSandboxPages(profile, '--web');
    try {
      const { id, path } = await recordTarget(resource, ref, client);
      const { coreTermUpdate, needsMerge, planUpdate, safeUpdate } = await import('../../../core/records/safe-update.js');
      const { writeApi } = await import('../../../core/records/tec-route.js');
      const replace = opts.replace === true;
      // A venue or organizer updated by tec/v1 needs no read first: the PATCH is the first request, and the only write.
      const readFirst =
        needsMerge(resource) &&
        !replace &&
        (resource.name === 'events' || opts.dryRun === true || hasAdjustments(resource, opts) || query !== undefined || (await writeApi(client)) !== 'tec');
      const current = readFirst ? (await client.call<Record<string, unknown>>('GET', path, { query })).body : undefined;
      const resolved = await finishBody(resource, client, profile.timezone, changes, opts, current);
      await applyAdjustments(client, resource, opts, resolved, current);
      if (changes.start_date !== undefined && changes.end_date === undefined && resolved.end_date !== undefined) {
        prepared.ui.notice(`The end moves to ${String(resolved.end_date)} to keep the event's length (--no-keep-duration keeps the end where it is).`);
      }
      if (resource.mergesOnCreate && !opts.force && typeof resolved[resource.nameField] === 'string') {
        await refuseTakenName(resource, client, String(resolved[resource.nameField]), id);
      }
      const notice = (line: string) => prepared.ui.warn(line);
      const settings = { replace, query, current, method: 'PUT' as const, force: opts.force === true, notice };
      if (opts.dryRun) {
        const core = coreTermUpdate(resource, path, resolved);
        if (core) return await dryRunInSession(ctx, client, 'POST', core.path, core.body, undefined, true);
        if (replace || !needsMerge(resource)) return await dryRunInSession(ctx, client, 'PUT', path, resolved, query);
        return await dryRunPlan(ctx, client, resource, path, await planUpdate(client, resource, path, resolved, settings), query);
      }
      // Sent as PUT by the tribe route: idempotent, and retried like a read.
      const result = await safeUpdate(client, resource, path, resolved, settings);
      for (const { field, sent, got } of result.ignored) {
        prepared.ui.warn(`the server did not keep ${field}: sent ${JSON.stringify(sent)}, it holds ${JSON.stringify(got ?? null)}`);
      }
      await printRecord(result.record, resource, prepared.output, ctx);
      if (resource.name === 'events' && opts.conflictCheck !== false)
        await (await import('../views/clashes.js')).warnOfClashes(client, result.record, prepared.ui);
      if (opts.web) await (await import('../web.js')).openRecordPage(result.record, ctx, prepared.ui, 'stderr');
    } catch (err) {
      throw translateNotFound(err, resource, ref, 'update');
    }
  });
}
