/**
 * `calendar <resource> delete REF...`: to the trash (events, venues, organizers), or for
 * good (terms, or posts with --permanently, through the WordPress core route: the events
 * route's force=true only trashes). A venue or organizer still linked to events says how
 * many before it goes.
 */
import type { Invocation } from '../runner.js';
import { CliError, EXIT } from '../../../core/errors.js';
import type { ApiClient } from '../../../core/http/client.js';
import { EDITOR_STATUSES, EVERY_EVENT, resources, type Resource } from '../../../spec/resources.js';
import { walkEveryEvent } from '../../../core/records/pages.js';
import { withSession } from '../../session.js';
import { printRecord } from '../../output/writer.js';
import { confirm } from '../../output/confirm.js';
import { readRefs, recordPath, recordTarget, translateNotFound, type RecordRef } from './refs.js';
import { dryRunInSession, passwordQuery, type Opts } from './shared.js';
import { textForPeople } from '../../../core/records/identity.js';

type Json = Record<string, unknown>;

export async function runDelete(resource: Resource, inv: Invocation, rawRefs: string[]): Promise<void> {
  const ctx = inv.ctx;
  const opts = inv.opts as Opts;
  const refs = await readRefs(resource, rawRefs, ctx);
  const query = passwordQuery(opts);
  const forGood = !resource.trashes || opts.permanently === true;
  const prepared = inv.prepare();
  if (refs.length === 0) return prepared.ui.notice('stdin held no IDs or slugs: nothing to delete');
  const what = refs.length === 1 ? `${resource.singular} ${refs[0].text}` : `${refs.length} ${resource.name}`;
  const question = (uses = '') => (forGood ? `Delete ${what} for good? This cannot be undone.${uses}` : `Move ${what} to the trash?${uses}`);
  // Off a terminal without --yes the answer is known before anything is sent.
  if (!opts.dryRun && opts.yes !== true && !(ctx.stdin.isTTY && ctx.stderr.isTTY)) await confirm(ctx, false, question());
  prepared.writes = !opts.dryRun;
  await withSession(prepared, ctx, async ({ client }) => {
    const paths: Array<{ ref: RecordRef; path: string; id?: number }> = [];
    const counting = resource.name === 'venues' || resource.name === 'organizers';
    for (const ref of refs) {
      try {
        // A venue or organizer is looked up by ID: its events are counted by it.
        paths.push(counting && !opts.dryRun ? { ref, ...(await recordTarget(resource, ref, client)) } : { ref, path: await recordPath(resource, ref, client) });
      } catch (err) {
        throw translateNotFound(err, resource, ref, 'delete');
      }
    }
    if (opts.dryRun) {
      for (const { path } of paths) {
        if (!(forGood && resource.trashes)) await dryRunInSession(ctx, client, 'DELETE', path, undefined, query);
        else
          await dryRunInSession(ctx, client, 'DELETE', corePath(resource, (await client.call<Json>('GET', path)).body.id), undefined, { force: 'true' }, true);
      }
      return;
    }
    const linked = counting
      ? await linkedEvents(
          client,
          resource,
          paths.map((p) => p.id!),
        )
      : 0;
    const uses = linked > 0 ? ` ${linked} event${linked === 1 ? ' uses' : 's use'} ${refs.length === 1 ? 'it' : 'them'}.` : '';
    if (linked > 0)
      prepared.ui.warn(
        `${what} ${refs.length === 1 ? 'is' : 'are'} linked to ${linked} event${linked === 1 ? '' : 's'}; the server ` +
          `unlinks ${refs.length === 1 ? 'it' : 'them'} from upcoming published events`,
      );
    await confirm(ctx, opts.yes === true, question(uses));
    let failed = 0;
    for (const { ref, path } of paths) {
      try {
        const body = forGood && resource.trashes ? await deleteForGood(client, resource, path) : (await client.call<Json>('DELETE', path, { query })).body;
        const name = textForPeople(body?.[resource.nameField] ?? ref.text);
        prepared.ui.notice(
          forGood
            ? `Deleted ${resource.singular} ${body?.id ?? ref.text} (${name}) for good.`
            : `Moved ${resource.singular} ${body?.id ?? ref.text} (${name}) to the trash.`,
        );
        if (prepared.output.format !== 'table') await printRecord(body, resource, prepared.output, ctx);
      } catch (err) {
        const translated = translateNotFound(err, resource, ref, 'delete');
        if (refs.length === 1) throw translated;
        failed++;
        prepared.ui.error(translated instanceof Error ? translated.message : String(translated));
      }
    }
    if (failed) throw new CliError(`${failed} of ${refs.length} ${resource.name} were not deleted`, EXIT.partial);
  });
}

/** The WordPress core route of a post. */
function corePath(resource: Resource, id: unknown): string {
  return `/wp/v2/${resource.wpType}/${String(id)}`;
}

/** Reads the record (the core route answers in another shape), then deletes it for good. */
async function deleteForGood(client: ApiClient, resource: Resource, path: string): Promise<Json> {
  const current = (await client.call<Json>('GET', path)).body;
  await client.call('DELETE', corePath(resource, current.id), { query: { force: 'true' }, fromRoot: true });
  return current;
}

/**
 * How many events (any status, any date) link to these venues or organizers: those the
 * events list counts, and those hidden from listings, which no filtered list holds, read
 * one by one through the IDs only the core route knows.
 */
async function linkedEvents(client: ApiClient, resource: Resource, ids: number[]): Promise<number> {
  const filter = resource.name === 'venues' ? 'venue' : 'organizer';
  let count = 0;
  for (const id of ids) {
    const query: Record<string, string | number> = { [filter]: String(id), per_page: 1, ...EVERY_EVENT };
    if (client.hasCredentials) query.status = EDITOR_STATUSES.join(',');
    const res = await client.send<{ total?: number }>('GET', 'events', { query });
    if (res.status === 200 && typeof res.body?.total === 'number') count += res.body.total;
  }
  if (!(await someEventsUnlisted(client))) return count;
  const linksOf = (event: Json): unknown[] => (filter === 'venue' ? [event.venue] : ((event.organizer as unknown[] | undefined) ?? []));
  await walkEveryEvent(
    client,
    resources.events,
    (event) => {
      if (linksOf(event).some((link) => ids.includes(Number((link as Json | undefined)?.id)))) count++;
    },
    { onlyUnlisted: true },
  );
  return count;
}

/** Whether the core route counts more events than the events list: only then is there a hidden one to look for (two small reads). */
async function someEventsUnlisted(client: ApiClient): Promise<boolean> {
  const status = client.hasCredentials ? EDITOR_STATUSES.join(',') : undefined;
  const listed = await client.send<{ total?: number }>('GET', 'events', { query: { per_page: 1, ...EVERY_EVENT, ...(status ? { status } : {}) } });
  const core = await client.send('GET', `/wp/v2/${resources.events.wpType}`, {
    query: { per_page: 1, _fields: 'id', ...(status ? { status } : {}) },
    fromRoot: true,
  });
  const coreTotal = Number(core.headers['x-wp-total']);
  return core.status === 200 && Number.isFinite(coreTotal) && coreTotal > Number(listed.body?.total ?? 0);
}
