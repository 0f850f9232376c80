/** `calendar <resource> create`: checked flags, links resolved, taken names refused. */
import type { Invocation } from '../runner.js';
import { CliError, EXIT } from '../../../core/errors.js';
import type { ApiClient } from '../../../core/http/client.js';
import { aSingular, flagName, type Resource } from '../../../spec/resources.js';
import { attributeName } from './flags.js';
import { readData } from './refs.js';
import { withSession } from '../../session.js';
import { printRecord } from '../../output/writer.js';
import { dryRunInSession, finishBody, writeBody, type Opts } from './shared.js';

export async function runCreate(resource: Resource, inv: Invocation): Promise<void> {
  const ctx = inv.ctx;
  const opts = inv.opts as Opts;
  const guided = await import('./guided.js');
  const missing = opts.data === '-' ? [] : guided.missingRequired(resource, opts, opts.data ? await readData(String(opts.data), ctx) : {});
  if (missing.length && !guided.atTerminal(ctx)) guided.refuseMissing(resource, missing);
  // Without questions to ask, the flags are checked before anything else happens.
  let body = missing.length ? undefined : await writeBody(resource, opts, ctx, 'create');
  if (body && resource.name === 'events') (await import('../../../core/records/dates.js')).checkEventOrder(body);
  const prepared = inv.prepare();
  prepared.writes = !opts.dryRun;
  await withSession(prepared, ctx, async ({ client, profile }) => {
    // Refused before any question or write: the page would be dead once the command ends.
    if (opts.web) (await import('../web.js')).refuseSandboxPages(profile, '--web');
    if (!body) {
      const answers = await guided.askForFields(ctx, resource, missing, client);
      for (const [name, value] of Object.entries(answers)) opts[attributeName(flagName(name))] = value;
      body = await writeBody(resource, opts, ctx, 'create');
      if (resource.name === 'events') (await import('../../../core/records/dates.js')).checkEventOrder(body);
    }
    (await import('./link-changes.js')).dropNone(resource, body);
    const final = await finishBody(resource, client, profile.timezone, body, opts);
    if (resource.name === 'events') {
      const warning = (await import('../../../core/records/dates.js')).midnightWarning(final);
      if (warning) prepared.ui.warn(warning);
    }
    if (resource.mergesOnCreate && !opts.force && !opts.dryRun) await refuseOverwrite(resource, client, String(final[resource.nameField]));
    if (opts.dryRun) return dryRunInSession(ctx, client, 'POST', resource.path, final);
    const res = await client.call<Record<string, unknown>>('POST', resource.path, { body: final });
    await printRecord(res.body, resource, prepared.output, ctx);
    if (resource.name === 'events' && opts.conflictCheck !== false) await (await import('../views/clashes.js')).warnOfClashes(client, res.body, prepared.ui);
    if (opts.web) await (await import('../web.js')).openRecordPage(res.body, ctx, prepared.ui, 'stderr');
  });
}

/**
 * The server answers a venue or organizer create whose name is taken with the existing
 * record, its fields overwritten by the new ones, and 201 as if it were new.
 */
async function refuseOverwrite(resource: Resource, client: ApiClient, name: string): Promise<void> {
  const { Resolver } = await import('../../../core/records/resolve.js');
  const ids = await new Resolver(client).taken(resource.name as 'venues' | 'organizers', name);
  if (ids.length) {
    throw new CliError(
      `${aSingular(resource)} named "${name}" exists already (ID ${ids.join(', ')}); the server would overwrite it instead of creating a new one`,
      EXIT.refused,
      `Change it with: calendar ${resource.name} update ${ids[0]} ..., or add --force to let the server overwrite it.`,
    );
  }
}
