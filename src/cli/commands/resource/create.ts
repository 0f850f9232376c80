/** `calendar <resource> create`: flags (or answers) → checked fields → the core's create → the record printed. */
import type { Invocation } from '../runner.js';
import type { Resource } from '../../../spec/resources.js';
import { readData } from './refs.js';
import { withSession } from '../../session.js';
import { printRecord } from '../../output/writer.js';
import { printPlanned, writeBody } from './shared.js';
import type { CreateFlags } from './options.js';

export async function runCreate(resource: Resource, inv: Invocation<CreateFlags>): Promise<void> {
  const { ctx, opts } = inv;
  const guided = await import('./guided.js');
  const missing = opts.data === '-' ? [] : guided.missingRequired(resource, opts, opts.data ? await readData(opts.data, ctx) : {});
  if (missing.length && !guided.atTerminal(ctx)) guided.refuseMissing(resource, missing);
  // Without questions to ask, the flags are checked before anything else happens.
  let body = missing.length ? undefined : await writeBody(resource, opts, ctx, 'create');
  const series = await import('./series.js');
  const repeat = await series.repeatOf(opts);
  // A rule that cannot be used is refused before anything is sent, reads included.
  if (repeat && body) await (await import('../../../core/index.js')).checkRepeat(body, repeat);
  const prepared = inv.prepare();
  prepared.writes = !opts.dryRun;
  await withSession(prepared, ctx, async ({ client, profile }) => {
    // Refused before any question or write: the page would be dead once the command ends.
    if (opts.web) (await import('../views/web.js')).refuseSandboxPages(profile, '--web');
    if (!body) {
      const answers = await guided.askForFields(ctx, resource, missing, client);
      body = await writeBody(resource, opts, ctx, 'create', { answers });
    }
    const { createRecord } = await import('../../../core/index.js');
    const access = { client, timezone: profile.timezone, messages: prepared.ui };
    if (repeat) return series.createRepeatingEvents(access, body, repeat, opts, prepared, ctx);
    const created = await createRecord(access, resource, body, {
      createMissing: opts.createMissing === true,
      force: opts.force === true,
      dryRun: opts.dryRun === true,
    });
    if (created.planned) return printPlanned(ctx, client, created.planned, opts);
    await printRecord(created.record, resource, prepared.output, ctx);
    const { reportClashes } = await import('../../../core/index.js');
    await reportClashes(access, resource, created.record, { conflictCheck: opts.conflictCheck !== false });
    if (opts.web) await (await import('../views/web.js')).openRecordPage(created.record, ctx, prepared.ui, 'stderr');
  });
}
