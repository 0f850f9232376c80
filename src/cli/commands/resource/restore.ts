/** `calendar <resource> restore REF`. */
import type { Invocation } from '../runner.js';
import { UsageError } from '../../../core/errors.js';
import type { Resource } from '../../../spec/resources.js';
import { withSession } from '../../session.js';
import { printRecord } from '../../output/writer.js';
import { parseRef, recordPath, translateNotFound } from './refs.js';
import { dryRunPlan, type Opts } from './shared.js';
import { textForPeople } from '../../../core/records/identity.js';

/** Out of the trash through the safe update: the status changes, nothing else does. */
export async function runRestore(resource: Resource, inv: Invocation, rawRef: string): Promise<void> {
  const ctx = inv.ctx;
  const opts = inv.opts as Opts;
  const ref = parseRef(resource, rawRef);
  const status = opts.status === undefined ? 'publish' : String(opts.status);
  if (!['publish', 'draft', 'pending', 'private'].includes(status))
    throw new UsageError(`--status: "${status}" is not one of publish, draft, pending, private`);
  const prepared = inv.prepare();
  prepared.writes = !opts.dryRun;
  await withSession(prepared, ctx, async ({ client }) => {
    try {
      const path = await recordPath(resource, ref, client);
      const current = (await client.call<Record<string, unknown>>('GET', path)).body;
      if (current.status !== 'trash') throw new UsageError(`${resource.singular} ${ref.text} is not in the trash (status ${String(current.status)})`);
      const { planUpdate, safeUpdate } = await import('../../../core/records/safe-update.js');
      const settings = { current, method: 'PUT' as const, force: opts.force === true, notice: (line: string) => prepared.ui.warn(line) };
      if (opts.dryRun) {
        return await dryRunPlan(ctx, client, resource, path, await planUpdate(client, resource, path, { status }, settings));
      }
      const result = await safeUpdate(client, resource, path, { status }, settings);
      for (const { field, sent, got } of result.ignored) {
        prepared.ui.warn(`the server did not keep ${field}: sent ${JSON.stringify(sent)}, it holds ${JSON.stringify(got ?? null)}`);
      }
      prepared.ui.notice(`Restored ${resource.singular} ${result.record.id ?? ref.text} (${textForPeople(result.record[resource.nameField])}) as ${status}.`);
      if (prepared.output.format !== 'table') await printRecord(result.record, resource, prepared.output, ctx);
    } catch (err) {
      throw translateNotFound(err, resource, ref, 'restore');
    }
  });
}
