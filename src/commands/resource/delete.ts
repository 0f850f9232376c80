/** `calendar <resource> delete REF`: to the trash, or for good for terms. */
import type { Invocation } from '../runner.js';
import type { Resource } from '../../resources.js';
import { withSession } from '../../session.js';
import { printRecord } from '../../output/writer.js';
import { confirm } from '../confirm.js';
import { parseRef, recordPath, translateNotFound, type RecordRef } from './refs.js';
import { dryRunInSession, passwordQuery, type Opts } from './shared.js';

export async function runDelete(resource: Resource, inv: Invocation, rawRef: string): Promise<void> {
  const ctx = inv.ctx;
  const opts = inv.opts as Opts;
  const ref: RecordRef = parseRef(resource, rawRef);
  const query = passwordQuery(opts);
  const prepared = inv.prepare();
  if (!opts.dryRun) {
    const what = resource.trashes ? `Move ${resource.singular} ${ref.text} to the trash?` : `Delete ${resource.singular} ${ref.text} for good? This cannot be undone.`;
    await confirm(ctx, opts.yes === true, what);
  }
  await withSession(prepared, ctx, async ({ client }) => {
    try {
      const path = await recordPath(resource, ref, client);
      if (opts.dryRun) return await dryRunInSession(ctx, client, 'DELETE', path, undefined, query);
      const res = await client.call<Record<string, unknown>>('DELETE', path, { query });
      const name = String(res.body?.[resource.nameField] ?? ref.text);
      prepared.ui.notice(resource.trashes ? `Moved ${resource.singular} ${res.body?.id ?? ref.text} (${name}) to the trash.` : `Deleted ${resource.singular} ${res.body?.id ?? ref.text} (${name}) for good.`);
      if (prepared.output.format !== 'table') await printRecord(res.body, resource, prepared.output, ctx);
    } catch (err) {
      throw translateNotFound(err, resource, ref, 'delete');
    }
  });
}
