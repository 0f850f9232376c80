/** `calendar <resource> restore REF`: out of the trash through the safe update (src/core/records/verbs.ts). */
import type { Invocation } from '../runner.js';
import type { Resource } from '../../../spec/resources.js';
import { withSession } from '../../session.js';
import { printRecord } from '../../output/writer.js';
import { parseRef, restoreRecord, restoreStatus, textForPeople } from '../../../core/index.js';
import { printPlanned } from './shared.js';
import type { RestoreFlags } from './options.js';

export async function runRestore(resource: Resource, inv: Invocation<RestoreFlags>, rawRef: string): Promise<void> {
  const { ctx, opts } = inv;
  const ref = parseRef(resource, rawRef);
  const status = restoreStatus(opts.status);
  const prepared = inv.prepare();
  prepared.writes = !opts.dryRun;
  await withSession(prepared, ctx, async ({ client, profile }) => {
    const access = { client, timezone: profile.timezone, messages: prepared.ui };
    const restored = await restoreRecord(access, resource, ref, { status, force: opts.force === true, dryRun: opts.dryRun === true });
    if (restored.planned) return printPlanned(ctx, client, restored.planned, opts);
    prepared.ui.notice(`Restored ${resource.singular} ${restored.record.id ?? ref.text} (${textForPeople(restored.record[resource.nameField])}) as ${status}.`);
    if (prepared.output.format !== 'table') await printRecord(restored.record, resource, prepared.output, ctx);
  });
}
