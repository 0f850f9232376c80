/**
 * The record verbs without a terminal: read one record, create, update (the lossless update) and
 * restore, with typed options. The faces turn their input into these calls and render what comes
 * back: the CLI its flags and output formats, the library its objects, the MCP server its tools.
 */
import type { Resolver } from './resolve.js';
import type { Messages } from '../context.js';
import { UsageError } from '../errors.js';
import type { ApiClient } from '../http/client.js';
import type { Query } from '../http/url.js';
import { updateResetsLeftOut, type Resource } from '../../spec/resources.js';
import { decodeEntities } from './identity.js';
import type { WriteMode } from '../schema.js';
import { applyNone, dropNone, hasAdjustments, type LinkAdjustments } from './link-changes.js';
import { refuseTakenName } from './name-taken.js';
import { onRecord, recordPath, recordTarget, type RecordRef } from './refs.js';
import type { WritePlan } from '../write/plan.js';
import { option } from '../words.js';

type Json = Record<string, unknown>;

/** What a verb needs of the opened site. */
export interface RecordAccess {
  client: ApiClient;
  /** The profile's timezone, for event dates given without one (else the site's). */
  timezone?: string;
  messages: Messages;
}

export type { PlannedRequest, WritePlan } from '../write/plan.js';

/** The fields of a write checked against the table: a problem is a usage error naming the field as `nameOf` spells it. */
export async function checkWrite(resource: Resource, fields: Json, mode: WriteMode, nameOf: (field: string) => string = (field) => field): Promise<Json> {
  const { checkRecord } = await import('../schema.js');
  const checked = checkRecord(resource, fields, mode);
  if (!checked.ok) {
    const [first, ...rest] = checked.problems;
    const more = rest.length ? ` (and ${rest.length} more: ${rest.map((p) => p.field).join(', ')})` : '';
    const named = first.field === '(record)' ? {} : { field: first.field, values: { given: fields[first.field] } };
    throw new UsageError(`${resource.singular} ${named.field ? `${nameOf(first.field)}: ` : ''}${first.message}${more}`, first.hint, named);
  }
  const record = checked.record;
  // `none` for a link: no link on create; on update, the empty list, or null where a route can take the link off.
  if (mode === 'create') dropNone(resource, record);
  else applyNone(resource, record);
  if (resource.isEvent) (await import('./dates.js')).checkEventOrder(record);
  return record;
}

/** Links resolved to checked IDs and event dates settled, for the body of a write. */
export async function finishBody(
  access: RecordAccess,
  resource: Resource,
  body: Json,
  options: { createMissing?: boolean; keepDuration?: boolean; resolver?: Resolver },
  current?: Json,
): Promise<Json> {
  const { Resolver, resolveLinks } = await import('./resolve.js');
  let out = await resolveLinks(options.resolver ?? new Resolver(access.client), resource, body, { createMissing: options.createMissing === true });
  if (resource.isEvent) {
    const { ZoneSource, settleEventDates } = await import('./dates.js');
    out = await settleEventDates(out, new ZoneSource(access.client, access.timezone), current, { keepDuration: options.keepDuration !== false });
  }
  return out;
}

export interface GetOptions {
  /** The password of a protected event. */
  password?: string;
}

/** `{ password }` as the query of a protected event's read or write; an empty one is refused. */
export function passwordQuery(password: string | undefined): Query | undefined {
  if (password === undefined) return undefined;
  if (password === '') throw new UsageError(`${option('password')} must not be empty`);
  return { password };
}

export async function getRecord(access: RecordAccess, resource: Resource, ref: RecordRef, options: GetOptions = {}): Promise<Json> {
  const query = passwordQuery(options.password);
  return onRecord(resource, ref, 'get', async () => (await access.client.call<Json>('GET', await recordPath(resource, ref, access.client), { query })).body);
}

/**
 * A record as the plugin's route gives it, its texts as typed unless `typed` is false (the
 * site's rendering asked for, or an output that shows none): read beside it where the reference
 * allows (raw-text.ts textsBeside), else by ID once the record is read.
 */
export async function getWithTexts(
  access: RecordAccess,
  resource: Resource,
  ref: RecordRef,
  options: GetOptions & { typed: boolean; notice?: (line: string) => void },
): Promise<Json> {
  const { readRawTexts, showsRawText, textsBeside, withRawTexts } = await import('./raw-text.js');
  const typed = options.typed && showsRawText(resource);
  const beside = typed ? textsBeside(access.client, resource, ref, options.notice) : undefined;
  beside?.catch(() => undefined); // a record that is not there is said by the record's read
  const record = await getRecord(access, resource, ref, options);
  if (!typed || typeof record.id !== 'number') return record;
  const read = await beside;
  const texts = read && (read.id === undefined || read.id === record.id) ? read.texts : await readRawTexts(access.client, resource, record.id, options.notice);
  return withRawTexts(record, texts);
}

export interface CreateOptions {
  /** Create the linked records named that match none (venue, organizers, categories, tags). */
  createMissing?: boolean;
  /** Create a venue or organizer even when one of that name exists (the server then overwrites it). */
  force?: boolean;
  /** Return the request instead of sending it. */
  dryRun?: boolean;
}

/** A real write's record and the plan it sent (the one its dry run gives), or a dry run's plan alone. */
export type WriteResult<R = Json> = { record: R; plan?: WritePlan; planned?: undefined } | { planned: WritePlan; record?: undefined; plan?: undefined };

/** Creates a record from checked fields (checkWrite): links resolved, dates settled, a taken name refused. */
export async function createRecord(access: RecordAccess, resource: Resource, fields: Json, options: CreateOptions = {}): Promise<WriteResult> {
  const body = await finishBody(access, resource, fields, { createMissing: options.createMissing && !options.dryRun });
  if (resource.isEvent) {
    const warning = (await import('./dates.js')).midnightWarning(body);
    if (warning) access.messages.warn(warning);
  }
  const { createByPlan, planCreateOn } = await import('../write/execute.js');
  if (options.dryRun) return { planned: await planCreateOn(access.client, resource, body) };
  if (!options.force) {
    await refuseTakenName(access.client, resource, body[resource.nameField], {
      hint: `Update that ${resource.singular} instead, or add ${option('force', true)} to let the server overwrite it.`,
    });
  }
  return createByPlan(access.client, resource, body, { notice: (line) => access.messages.notice(line) });
}

export interface UpdateOptions {
  /** Create the linked records named that match none. */
  createMissing?: boolean;
  /** Rename a venue or organizer to a name another one holds; send an event's cost the route would re-format. */
  force?: boolean;
  /** With a new start alone, move the end by as much (default true). */
  keepDuration?: boolean;
  /** Send only the given fields: the server resets what is left out. */
  replace?: boolean;
  /** Return the request instead of sending it. */
  dryRun?: boolean;
  /** The password of a protected event. */
  password?: string;
  /** Links added to and removed from list links without restating them. */
  links?: LinkAdjustments;
}

export interface UpdateResult {
  record: Json;
  /** What was planned and sent. */
  plan?: WritePlan;
  /** Fields the server did not keep as sent. */
  ignored: Array<{ field: string; sent: unknown; got: unknown }>;
}

/**
 * The lossless update: only the fields given change, whatever the route resets of what it is
 * not sent (src/core/records/safe-update.ts). `changes` are checked fields (checkWrite).
 */
export async function updateRecord(
  access: RecordAccess,
  resource: Resource,
  ref: RecordRef,
  changes: Json,
  options: UpdateOptions = {},
): Promise<{ planned: WritePlan; record?: undefined } | (UpdateResult & { planned?: undefined })> {
  const { client, messages } = access;
  const query = passwordQuery(options.password);
  const adjusting = hasAdjustments(resource, options.links);
  if (Object.keys(changes).length === 0 && !adjusting) throw new UsageError('nothing to update', 'Give at least one field.');
  return onRecord(resource, ref, 'update', async () => {
    const { applyAdjustments } = await import('./link-changes.js');
    const replace = options.replace === true;
    const dryRun = options.dryRun === true;
    // The record is read once, by its slug where it was given so (that read also gives its ID): the planner
    // compares with it, the dates are settled against it, and the tribe route re-sends what it would wipe.
    const merging = updateResetsLeftOut(resource) && !replace;
    let current: Json | undefined;
    let path: string;
    let id: number;
    if (merging || adjusting) {
      path = await recordPath(resource, ref, client);
      current = (await client.call<Json>('GET', path, { query })).body;
      id = Number(current.id);
      path = `${resource.path}/${id}`;
    } else ({ id, path } = await recordTarget(resource, ref, client));
    const createMissing = options.createMissing === true && !dryRun;
    const { Resolver } = await import('./resolve.js');
    const resolver = new Resolver(client);
    const resolve = async () => {
      const body = await finishBody(access, resource, changes, { createMissing, keepDuration: options.keepDuration, resolver }, current);
      await applyAdjustments(client, resource, options.links, body, current, { createMissing, resolver });
      return body;
    };
    const settings = { replace, query, current, force: options.force === true, notice: (line: string) => messages.warn(line), dryRun };
    const { updateByPlan } = await import('../write/execute.js');
    // A refused update creates nothing: with links to create, it is first planned with stand-ins for them.
    if (createMissing) resolver.deferCreates();
    let resolved = await resolve();
    await refuseRename(access, resource, resolved, id, current, options.force === true);
    if (resolver.creating()) {
      await updateByPlan(client, resource, path, resolved, { ...settings, dryRun: true, notice: undefined });
      resolved = await resolve();
    }
    if (changes.start_date !== undefined && changes.end_date === undefined && resolved.end_date !== undefined) {
      messages.notice(
        `The end moves to ${String(resolved.end_date)} to keep the event's length (${option('keep_duration', false)} keeps the end where it is).`,
      );
    }
    const result = await updateByPlan(client, resource, path, resolved, settings);
    if (dryRun || !result.record) return { planned: result.plan };
    warnIgnored(messages, result.ignored);
    return { record: result.record, ignored: result.ignored, plan: result.plan };
  });
}

/**
 * The one rule of a rename: a venue or organizer is not given a name another one holds, unless
 * forced. Nothing is looked up when the name is not changing.
 */
export async function refuseRename(
  access: RecordAccess,
  resource: Resource,
  changes: Json,
  id: number,
  current: Json | undefined,
  force: boolean,
): Promise<void> {
  const name = changes[resource.nameField];
  if (force || name === undefined || (current && typeof current[resource.nameField] === 'string' && sameName(current[resource.nameField], name))) return;
  await refuseTakenName(access.client, resource, name, {
    ownId: id,
    hint: `Choose another name, or add ${option('force', true)} to allow two records of that name.`,
  });
}

const sameName = (shown: unknown, typed: unknown) => typeof typed === 'string' && decodeEntities(String(shown)).trim() === typed.trim();

function warnIgnored(messages: Messages, ignored: UpdateResult['ignored']): void {
  for (const { field, sent, got } of ignored) {
    messages.warn(`the server did not keep ${field}: sent ${JSON.stringify(sent)}, it holds ${JSON.stringify(got ?? null)}`);
  }
}

export const RESTORE_STATUSES = ['publish', 'draft', 'pending', 'private'] as const;

/** The status a record goes back to out of the trash: publish unless another is asked for. */
export function restoreStatus(status: string | undefined): string {
  const wanted = status ?? 'publish';
  if (!(RESTORE_STATUSES as readonly string[]).includes(wanted))
    throw new UsageError(`${option('status')}: "${wanted}" is not one of ${RESTORE_STATUSES.join(', ')}`);
  return wanted;
}

/** Out of the trash through the safe update: the status changes, nothing else does. */
export async function restoreRecord(
  access: RecordAccess,
  resource: Resource,
  ref: RecordRef,
  options: { status?: string; force?: boolean; dryRun?: boolean } = {},
): Promise<WriteResult<UpdateResult['record']>> {
  const status = restoreStatus(options.status);
  const { client, messages } = access;
  return onRecord(resource, ref, 'restore', async () => {
    const path = await recordPath(resource, ref, client);
    const current = (await client.call<Json>('GET', path)).body;
    if (current.status !== 'trash') throw new UsageError(`${resource.singular} ${ref.text} is not in the trash (status ${String(current.status)})`);
    const settings = { current, force: options.force === true, notice: (line: string) => messages.warn(line), dryRun: options.dryRun };
    const result = await (await import('../write/execute.js')).updateByPlan(client, resource, path, { status }, settings);
    if (!result.record) return { planned: result.plan };
    warnIgnored(messages, result.ignored);
    return { record: result.record };
  });
}
