/**
 * `calendar <resource> delete REF...`: each record found, the events still linked to a venue or
 * organizer counted, the person asked, then each deleted (src/core/records/remove.ts).
 */
import type { Invocation } from '../runner.js';
import { CalendarError, EXIT, passwordQuery, textForPeople, UsageError } from '../../../core/index.js';
import type { Resource } from '../../../spec/resources.js';
import { withSession } from '../../session.js';
import { printRecord } from '../../output/writer.js';
import { confirm } from '../../output/confirm.js';
import { readRefs } from './refs.js';
import { printPlanned } from './shared.js';
import type { DeleteFlags } from './options.js';

export async function runDelete(resource: Resource, inv: Invocation<DeleteFlags>, rawRefs: string[]): Promise<void> {
  const { ctx, opts } = inv;
  const refs = await readRefs(resource, rawRefs, ctx);
  const query = passwordQuery(opts.password);
  const { countsLinkedEvents, deleteRecord, deletesForGood, deleteTargets, linkedEvents, linkedWarning, plannedDelete } = await import(
    '../../../core/index.js'
  );
  const forGood = deletesForGood(resource, opts.permanently === true);
  const prepared = inv.prepare();
  if (refs.length === 0) return prepared.ui.notice('stdin held no IDs or slugs: nothing to delete');
  const series = await import('./series.js');
  const scope = series.scopeOf(opts);
  if (scope) {
    if (refs.length > 1) throw new UsageError(`--${scope} takes one occurrence`);
    if (!opts.dryRun && opts.yes !== true && !(ctx.stdin.isTTY && ctx.stderr.isTTY))
      await confirm(ctx, false, `Move the occurrences of the series of event ${refs[0].text} to the trash?`);
    prepared.writes = !opts.dryRun;
    return withSession(prepared, ctx, async ({ client, profile }) =>
      series.deleteSeriesEvents({ client, timezone: profile.timezone, messages: prepared.ui }, refs[0], scope, opts, prepared, ctx),
    );
  }
  const what = refs.length === 1 ? `${resource.singular} ${refs[0].text}` : `${refs.length} ${resource.name}`;
  const question = (uses = '') => (forGood ? `Delete ${what} for good? This cannot be undone.${uses}` : `Move ${what} to the trash?${uses}`);
  // Off a terminal without --yes the answer is known before anything is sent.
  if (!opts.dryRun && opts.yes !== true && !(ctx.stdin.isTTY && ctx.stderr.isTTY)) await confirm(ctx, false, question());
  prepared.writes = !opts.dryRun;
  await withSession(prepared, ctx, async ({ client }) => {
    const targets = await deleteTargets(client, resource, refs, { dryRun: opts.dryRun === true });
    const relink = await import('../../../core/index.js');
    const ids = targets.flatMap((t) => (t.id === undefined ? [] : [t.id]));
    // The events whose other organizers the site unlinks with this one, linked back after (shown before --yes).
    const relinks = await relink.relinksBeforeDelete(client, resource, ids);
    if (opts.dryRun) {
      for (const target of targets) {
        const request = await plannedDelete(client, resource, target, forGood, query);
        const plan = { action: 'delete' as const, resource: resource.name, id: target.id, reads: [], requests: [request], unchanged: [], relinks };
        printPlanned(ctx, client, plan, opts);
      }
      if (relinks.length) prepared.ui.notice(`Then the other organizers of ${relinks.length} event(s) would be linked back: ${relink.eventsNamed(relinks)}.`);
      return;
    }
    const linked = countsLinkedEvents(resource)
      ? await linkedEvents(
          client,
          resource,
          targets.map((t) => t.id!),
        )
      : 0;
    const uses = linked > 0 ? ` ${linked} event${linked === 1 ? ' uses' : 's use'} ${refs.length === 1 ? 'it' : 'them'}.` : '';
    const warning = linkedWarning(what, refs.length > 1, linked);
    if (warning) prepared.ui.warn(warning);
    if (relinks.length) {
      prepared.ui.warn(`the site also unlinks the other organizers of upcoming events; they are linked back after: ${relink.eventsNamed(relinks)}`);
    }
    await confirm(ctx, opts.yes === true, question(uses));
    let failed = 0;
    for (const target of targets) {
      try {
        const body = await deleteRecord(client, resource, target, forGood, query);
        const name = textForPeople(body?.[resource.nameField] ?? target.ref.text);
        prepared.ui.notice(
          forGood
            ? `Deleted ${resource.singular} ${body?.id ?? target.ref.text} (${name}) for good.`
            : `Moved ${resource.singular} ${body?.id ?? target.ref.text} (${name}) to the trash.`,
        );
        if (prepared.output.format !== 'table') await printRecord(body, resource, prepared.output, ctx);
      } catch (err) {
        if (refs.length === 1) throw err;
        failed++;
        prepared.ui.error(err instanceof Error ? err.message : String(err));
      }
    }
    const back = await relink.relinkAfterDelete(client, relinks, (line) => prepared.ui.warn(line));
    if (back.relinked.length) prepared.ui.notice(`Linked back the other organizers of ${relink.eventsNamed(back.relinked)}.`);
    for (const miss of back.failed) prepared.ui.error(`event ${miss.event} "${miss.title}" lost its other organizers: ${miss.error}`);
    if (back.failed.length && !failed)
      throw new CalendarError(`${back.failed.length} event(s) could not be linked back to their other organizers`, EXIT.partial);
    if (failed) throw new CalendarError(`${failed} of ${refs.length} ${resource.name} were not deleted`, EXIT.partial);
  });
}
