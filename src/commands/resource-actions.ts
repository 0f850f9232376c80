/**
 * The verbs, each a short sentence: check the input, open a session, send, print.
 * Every check that can be made without the server runs before the session opens.
 */
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { CliError, EXIT, UsageError } from '../errors.js';
import type { ApiClient } from '../http/client.js';
import { aSingular, type Resource } from '../resources.js';
import type { WriteMode } from '../schema.js';
import { prepare, withSession, type GlobalOptions, type Prepared } from '../session.js';
import { listWriter, printRecord } from '../output/writer.js';
import { collectFields } from './resource.js';
import { parseRef, readData, recordPath, translateNotFound, type RecordRef } from './records.js';
import { buildListQuery } from './list.js';
import { SERVER_MAX_PER_PAGE, unlistedEventsNote, walkEveryEvent, walkPages, walkShortfall, windowOf } from '../records/pages.js';
import { confirm } from './confirm.js';
import { contextOf } from './context-of.js';

type Opts = GlobalOptions & Record<string, unknown>;

function options(command: Command): Opts {
  return command.optsWithGlobals() as Opts;
}

export async function runList(resource: Resource, command: Command): Promise<void> {
  const ctx = contextOf(command);
  const opts = options(command);
  const query = buildListQuery(resource, opts);
  const limit = opts.limit === undefined ? undefined : positive(String(opts.limit), '--limit');
  const prepared = prepare(opts, ctx);
  if (Number(query.per_page) > SERVER_MAX_PER_PAGE && !opts.all) {
    prepared.ui.warn(`the server returns at most ${SERVER_MAX_PER_PAGE} records a page; add --all to get every page`);
  }
  if (opts.hidden) return listHidden(resource, query, prepared, ctx);
  await withSession(prepared, ctx, async ({ client, profile }) => {
    if (resource.name === 'events') {
      const [{ applyFilterTimes }, { ZoneSource }] = await Promise.all([import('../records/filter-times.js'), import('../records/dates.js')]);
      const zones = new ZoneSource(client, profile.timezone);
      const warning = await applyFilterTimes(resource, query, () => (profile.timezone ? Promise.resolve(profile.timezone) : zones.siteZone()));
      if (warning) prepared.ui.warn(warning);
    }
    const writer = listWriter(resource, prepared.output, ctx);
    // A limit above one page walks on until it is reached.
    const all = opts.all === true || (limit !== undefined && query.page === undefined);
    const complete = all && Object.keys(query).every((key) => UNFILTERED_KEYS.has(key));
    const result = await walkPages(client, resource, query, { all, limit, complete }, (record) => writer.write(record));
    const { written, restUrl, pastEnd } = result;
    // The server counts the unfiltered list when a search matches nothing.
    const total = written === 0 ? 0 : all ? written : result.total;
    if (pastEnd) {
      prepared.ui.notice(`page ${pastEnd.page} is past the last page${pastEnd.totalPages ? ` (${pastEnd.totalPages} page${pastEnd.totalPages === 1 ? '' : 's'})` : ''}`);
      if (prepared.output.format === 'count') await writer.end({ total: 0 });
      return;
    }
    await writer.end({ total });
    const shortfall = walkShortfall(resource, result);
    if (shortfall && all) prepared.ui.warn(shortfall);
    if (written === 0 && resource.name === 'events' && !hasDateFilter(resource, query) && query.include === undefined) {
      const { start, end } = windowOf(restUrl);
      const window = start && end ? `between ${start} and ${end}, ` : '';
      prepared.ui.notice(
        `No events ${window}the server's default window (events starting from today). Widen it with --start-date 1900-01-01 (and --end-date), and add --all for every page.`,
      );
    }
  });
}

/** `events list --hidden`: what the events route never lists, found through the core route. */
async function listHidden(resource: Resource, query: Record<string, unknown>, prepared: Prepared, ctx: Context): Promise<void> {
  const narrowing = Object.keys(query).filter((key) => !UNFILTERED_KEYS.has(key));
  if (narrowing.length) throw new UsageError(`--hidden takes no list filters (got ${narrowing.map((k) => `--${k.replace(/_/g, '-')}`).join(', ')})`, 'The core route it reads cannot apply them.');
  await withSession(prepared, ctx, async ({ client }) => {
    if (!client.hasCredentials) prepared.ui.warn('without credentials only published hidden events can be found');
    const writer = listWriter(resource, prepared.output, ctx);
    const result = await walkEveryEvent(client, resource, (record) => writer.write(record), { onlyUnlisted: true });
    await writer.end({ total: result.hidden });
    prepared.ui.notice(unlistedEventsNote(result));
  });
}

/** List parameters that do not narrow the set: a walk with only these covers every record. */
const UNFILTERED_KEYS = new Set(['per_page', 'page', 'status', 'hide_empty', 'order', 'orderby']);

function hasDateFilter(resource: Resource, query: Record<string, unknown>): boolean {
  return resource.listParams.some((p) => p.type === 'date' && query[p.name] !== undefined);
}

export function positive(raw: string, where: string): number {
  if (!/^[0-9]+$/.test(raw) || Number(raw) < 1) throw new UsageError(`${where}: "${raw}" is not a whole number of at least 1`);
  return Number(raw);
}

function passwordQuery(opts: Opts): Record<string, string> | undefined {
  if (opts.password === undefined) return undefined;
  if (String(opts.password) === '') throw new UsageError('--password must not be empty');
  return { password: String(opts.password) };
}

export async function runGet(resource: Resource, command: Command, rawRef: string): Promise<void> {
  const ctx = contextOf(command);
  const opts = options(command);
  const ref = parseRef(resource, rawRef);
  const query = passwordQuery(opts);
  const prepared = prepare(opts, ctx);
  await withSession(prepared, ctx, async ({ client }) => {
    try {
      const path = await recordPath(resource, ref, client);
      const res = await client.call('GET', path, { query });
      await printRecord(res.body, resource, prepared.output, ctx);
    } catch (err) {
      throw translateNotFound(err, resource, ref, 'get');
    }
  });
}

/** Flags merged over --data, checked against the resource's schema. */
async function writeBody(resource: Resource, opts: Opts, ctx: Context, mode: WriteMode): Promise<Record<string, unknown>> {
  const data = await readData(opts.data as string | undefined, ctx);
  const merged = { ...data, ...collectFields(resource.fields, opts) };
  const { checkRecord } = await import('../schema.js');
  const checked = checkRecord(resource, merged, mode);
  if (!checked.ok) {
    const [first, ...rest] = checked.problems;
    const flag = `--${first.field.replace(/_/g, '-')}`;
    const more = rest.length ? ` (and ${rest.length} more: ${rest.map((p) => p.field).join(', ')})` : '';
    throw new UsageError(`${resource.singular} ${first.field === '(record)' ? '' : `${flag}: `}${first.message}${more}`);
  }
  if (mode === 'update' && Object.keys(checked.record).length === 0) {
    throw new UsageError('nothing to update', `Give at least one field, e.g. --${resource.fields[0].name.replace(/_/g, '-')} VALUE, or --data.`);
  }
  return checked.record;
}

/** Links resolved to checked IDs and event dates settled, for the body of a write. */
async function finishBody(resource: Resource, client: ApiClient, profileZone: string | undefined, body: Record<string, unknown>, opts: Opts, current?: Record<string, unknown>) {
  const { Resolver, resolveLinks } = await import('../records/resolve.js');
  let out = await resolveLinks(new Resolver(client), resource, body, { createMissing: opts.createMissing === true && !opts.dryRun });
  if (resource.name === 'events') {
    const { ZoneSource, settleEventDates } = await import('../records/dates.js');
    out = await settleEventDates(out, new ZoneSource(client, profileZone), current);
  }
  return out;
}

export async function runCreate(resource: Resource, command: Command): Promise<void> {
  const ctx = contextOf(command);
  const opts = options(command);
  const body = await writeBody(resource, opts, ctx, 'create');
  if (resource.name === 'events') (await import('../records/dates.js')).checkEventOrder(body);
  const prepared = prepare(opts, ctx);
  await withSession(prepared, ctx, async ({ client, profile }) => {
    const final = await finishBody(resource, client, profile.timezone, body, opts);
    if (resource.mergesOnCreate && !opts.force && !opts.dryRun) await refuseOverwrite(resource, client, String(final[resource.nameField]));
    if (opts.dryRun) return dryRunInSession(ctx, client, 'POST', resource.path, final);
    const res = await client.call('POST', resource.path, { body: final });
    await printRecord(res.body, resource, prepared.output, ctx);
  });
}

/**
 * The server answers a venue or organizer create whose name is taken with the existing
 * record, its fields overwritten by the new ones, and 201 as if it were new.
 */
async function refuseOverwrite(resource: Resource, client: ApiClient, name: string): Promise<void> {
  const { Resolver } = await import('../records/resolve.js');
  const ids = await new Resolver(client).named(resource.name as 'venues' | 'organizers', name);
  if (ids.length) {
    throw new CliError(
      `${aSingular(resource)} named "${name}" exists already (ID ${ids.join(', ')}); the server would overwrite it instead of creating a new one`,
      EXIT.refused,
      `Change it with: calendar ${resource.name} update ${ids[0]} ..., or add --force to let the server overwrite it.`,
    );
  }
}

/** A rename to a name another venue or organizer holds: the next create of that name would land on either. */
async function refuseTakenName(resource: Resource, client: ApiClient, name: string, ownId: number): Promise<void> {
  const { Resolver } = await import('../records/resolve.js');
  const others = (await new Resolver(client).named(resource.name as 'venues' | 'organizers', name)).filter((id) => id !== ownId);
  if (others.length) {
    throw new UsageError(`${aSingular(resource)} named "${name}" exists already (ID ${others.join(', ')})`, 'Choose another name, or add --force to allow two records of that name.');
  }
}

export async function runUpdate(resource: Resource, command: Command, rawRef: string): Promise<void> {
  const ctx = contextOf(command);
  const opts = options(command);
  const ref = parseRef(resource, rawRef);
  const query = passwordQuery(opts);
  const changes = await writeBody(resource, opts, ctx, 'update');
  if (resource.name === 'events') (await import('../records/dates.js')).checkEventOrder(changes);
  const prepared = prepare(opts, ctx);
  await withSession(prepared, ctx, async ({ client, profile }) => {
    try {
      const path = await recordPath(resource, ref, client);
      const { needsMerge, mergeForUpdate, safeUpdate } = await import('../records/safe-update.js');
      const replace = opts.replace === true;
      const current = needsMerge(resource) && !replace ? (await client.call<Record<string, unknown>>('GET', path, { query })).body : undefined;
      const resolved = await finishBody(resource, client, profile.timezone, changes, opts, current);
      if (resource.mergesOnCreate && !opts.force && typeof resolved[resource.nameField] === 'string') {
        await refuseTakenName(resource, client, String(resolved[resource.nameField]), Number(current?.id ?? ref.text));
      }
      if (opts.dryRun) return await dryRunInSession(ctx, client, 'PUT', path, current ? mergeForUpdate(resource, current, resolved) : resolved, query);
      // The whole record goes in each update, so PUT: idempotent, and retried like a read.
      const result = await safeUpdate(client, resource, path, resolved, { replace, query, current, method: 'PUT' });
      for (const { field, sent, got } of result.ignored) {
        prepared.ui.warn(`the server did not keep ${field}: sent ${JSON.stringify(sent)}, it holds ${JSON.stringify(got ?? null)}`);
      }
      await printRecord(result.record, resource, prepared.output, ctx);
    } catch (err) {
      throw translateNotFound(err, resource, ref, 'update');
    }
  });
}

/** Out of the trash through the safe update: the status changes, nothing else does. */
export async function runRestore(resource: Resource, command: Command, rawRef: string): Promise<void> {
  const ctx = contextOf(command);
  const opts = options(command);
  const ref = parseRef(resource, rawRef);
  const status = opts.status === undefined ? 'publish' : String(opts.status);
  if (!['publish', 'draft', 'pending', 'private'].includes(status)) throw new UsageError(`--status: "${status}" is not one of publish, draft, pending, private`);
  const prepared = prepare(opts, ctx);
  await withSession(prepared, ctx, async ({ client }) => {
    try {
      const path = await recordPath(resource, ref, client);
      const current = (await client.call<Record<string, unknown>>('GET', path)).body;
      if (current.status !== 'trash') throw new UsageError(`${resource.singular} ${ref.text} is not in the trash (status ${String(current.status)})`);
      const { mergeForUpdate, safeUpdate } = await import('../records/safe-update.js');
      if (opts.dryRun) return await dryRunInSession(ctx, client, 'PUT', path, mergeForUpdate(resource, current, { status }));
      const result = await safeUpdate(client, resource, path, { status }, { current, method: 'PUT' });
      for (const { field, sent, got } of result.ignored) {
        prepared.ui.warn(`the server did not keep ${field}: sent ${JSON.stringify(sent)}, it holds ${JSON.stringify(got ?? null)}`);
      }
      prepared.ui.notice(`Restored ${resource.singular} ${result.record.id ?? ref.text} (${String(result.record[resource.nameField] ?? '')}) as ${status}.`);
      if (prepared.output.format !== 'table') await printRecord(result.record, resource, prepared.output, ctx);
    } catch (err) {
      throw translateNotFound(err, resource, ref, 'restore');
    }
  });
}

/** --dry-run: the request as it would be sent, credentials masked; nothing is sent. */
async function dryRunInSession(ctx: Context, client: ApiClient, method: string, path: string, body?: unknown, query?: Record<string, string>) {
  const lines = [`${method} ${client.url(path, query)}`];
  if (client.hasCredentials) lines.push('Authorization: Basic ********');
  if (body !== undefined) lines.push('Content-Type: application/json', '', JSON.stringify(body, null, 2));
  ctx.stdout.write(`${lines.join('\n')}\n`);
}

export async function runDelete(resource: Resource, command: Command, rawRef: string): Promise<void> {
  const ctx = contextOf(command);
  const opts = options(command);
  const ref: RecordRef = parseRef(resource, rawRef);
  const query = passwordQuery(opts);
  const prepared = prepare(opts, ctx);
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
