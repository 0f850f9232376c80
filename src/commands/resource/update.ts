/** `calendar <resource> update REF`: the safe update. */
import type { Invocation } from '../runner.js';
import { UsageError } from '../../errors.js';
import type { ApiClient } from '../../http/client.js';
import { aSingular, type Resource } from '../../resources.js';
import { withSession } from '../../session.js';
import { printRecord } from '../../output/writer.js';
import { parseRef, recordTarget, translateNotFound } from './refs.js';
import { dryRunInSession, finishBody, passwordQuery, writeBody, type Opts } from './shared.js';

/** A rename to a name another venue or organizer holds: the next create of that name would land on either. */
async function refuseTakenName(resource: Resource, client: ApiClient, name: string, ownId: number): Promise<void> {
  const { Resolver } = await import('../../records/resolve.js');
  const others = (await new Resolver(client).named(resource.name as 'venues' | 'organizers', name)).filter((id) => id !== ownId);
  if (others.length) {
    throw new UsageError(`${aSingular(resource)} named "${name}" exists already (ID ${others.join(', ')})`, 'Choose another name, or add --force to allow two records of that name.');
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
  if (resource.name === 'events') (await import('../../records/dates.js')).checkEventOrder(changes);
  const prepared = inv.prepare();
  prepared.writes = !opts.dryRun;
  await withSession(prepared, ctx, async ({ client, profile }) => {
    try {
      const { id, path } = await recordTarget(resource, ref, client);
      const { needsMerge, mergeForUpdate, safeUpdate } = await import('../../records/safe-update.js');
      const replace = opts.replace === true;
      const current = needsMerge(resource) && !replace ? (await client.call<Record<string, unknown>>('GET', path, { query })).body : undefined;
      const resolved = await finishBody(resource, client, profile.timezone, changes, opts, current);
      await applyAdjustments(client, resource, opts, resolved, current);
      if (changes.start_date !== undefined && changes.end_date === undefined && resolved.end_date !== undefined) {
        prepared.ui.notice(`The end moves to ${String(resolved.end_date)} to keep the event's length (--no-keep-duration keeps the end where it is).`);
      }
      if (resource.mergesOnCreate && !opts.force && typeof resolved[resource.nameField] === 'string') {
        await refuseTakenName(resource, client, String(resolved[resource.nameField]), id);
      }
      if (opts.dryRun) return await dryRunInSession(ctx, client, 'PUT', path, current ? mergeForUpdate(resource, current, resolved) : resolved, query);
      // The whole record goes in each update, so PUT: idempotent, and retried like a read.
      const result = await safeUpdate(client, resource, path, resolved, { replace, query, current, method: 'PUT' });
      for (const { field, sent, got } of result.ignored) {
        prepared.ui.warn(`the server did not keep ${field}: sent ${JSON.stringify(sent)}, it holds ${JSON.stringify(got ?? null)}`);
      }
      await printRecord(result.record, resource, prepared.output, ctx);
      if (resource.name === 'events' && opts.conflictCheck !== false) await (await import('../views/clashes.js')).warnOfClashes(client, result.record, prepared.ui);
      if (opts.web) await (await import('../web.js')).openRecordPage(result.record, ctx, prepared.ui, 'stderr');
    } catch (err) {
      throw translateNotFound(err, resource, ref, 'update');
    }
  });
}
