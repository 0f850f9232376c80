/**
 * The two writes of an import. Updates are safe updates (the changes merged over the
 * record's current writable form, since the server resets what an update leaves out)
 * sent as PUT, which the HTTP client may retry. Creates go as POST and are retried only after checking that
 * the failed attempt did not create the record after all.
 */
import { ApiError, CalendarError, EXIT } from '../errors.js';
import { errorFromResponse, type ApiClient } from '../http/client.js';
import { backoffDelay, timer } from '../http/retry.js';
import { EVERY_EVENT, MAX_PER_PAGE, type Resource } from '../../spec/resources.js';
import type { SafeUpdateOptions } from '../records/safe-update.js';
import { createByPlan, updateByPlan, type CreateResult, type PlannedUpdate } from '../write/execute.js';
import { nameKey, slugLetters, slugSegment } from '../records/identity.js';
import type { UpsertKey } from './upsert-index.js';
import { option } from '../words.js';

type Json = Record<string, unknown>;

/**
 * The safe update of the changed fields (by tec/v1, or by the tribe route as PUT: idempotent, so
 * the HTTP client may retry it), or with `dryRun` its plan alone: the plan a row's report gives.
 */
export async function updateRecord(
  client: ApiClient,
  resource: Resource,
  id: number,
  changes: Json,
  options: Pick<SafeUpdateOptions, 'force' | 'notice' | 'dryRun' | 'current'> = {},
): Promise<PlannedUpdate> {
  return updateByPlan(client, resource, `${resource.path}/${id}`, changes, options);
}

/** The fields of `record` named in `fields`. */
export function pickFields(record: Json, fields: string[]): Json {
  return Object.fromEntries(fields.filter((field) => record[field] !== undefined).map((field) => [field, record[field]]));
}

/**
 * A new venue gets the slug of its name whatever slug it is sent (the server ignores it on
 * create): its create plans a follow-up that gives it the slug sent (planCreate). Where the site
 * did not keep it either, the person is told, once, how to match instead. (Organizers are matched
 * by the slug their name gives: see derivesSlug in src/spec/resources.ts.)
 */
export function warnSlugNotKept(client: ApiClient, resource: Resource, created: Json, slug: string, ui: { warn(line: string): void }): void {
  if (!resource.mergesOnCreate || resource.derivesSlug || typeof created.id !== 'number') return;
  if (typeof created.slug === 'string' && slugLetters(created.slug) === slugLetters(slug)) return;
  if (warnedSlug.has(client)) return;
  warnedSlug.add(client);
  ui.warn(
    `this site keeps no slug sent for a ${resource.singular}, so ${resource.name} keep the slug ` +
      `of their name: import them with ${option('upsert_by', 'name')} to find them again`,
  );
}
const warnedSlug = new WeakSet<ApiClient>();

/** A failure after which the record may or may not exist: the connection broke, or a 5xx. */
function uncertain(err: unknown): boolean {
  if (err instanceof ApiError) return err.status >= 500;
  return err instanceof CalendarError && err.exitCode === EXIT.network;
}

/** Looks the record up by the key the import matches on; undefined when it is not there. */
export interface MatchKey {
  by: UpsertKey;
  slug?: string;
  name?: string;
  /** Only a record this passes is taken for the one looked for (one the create itself made). */
  accept?: (record: Json) => boolean;
  /** The lookup only confirms whether the create was done: the POST is never sent again. */
  confirmOnly?: boolean;
}

export async function findExisting(client: ApiClient, resource: Resource, match: MatchKey): Promise<Json | undefined> {
  const { slug, name } = match;
  if (match.by === 'slug' && slug !== undefined) {
    if (resource.isPost) {
      const res = await client.send<Json>('GET', `${resource.path}/by-slug/${slugSegment(slug)}`);
      if (res.status === 200 && res.body && typeof res.body.id === 'number') return (match.accept?.(res.body) ?? true) ? res.body : undefined;
      if (res.status === 400 || res.status === 404) return undefined;
      throw new CalendarError(`cannot look up ${resource.singular} ${slug} (HTTP ${res.status})`, EXIT.network);
    }
    const res = await client.call<Json>('GET', resource.path, { query: { slug, hide_empty: 'false' } });
    const found = (res.body[resource.listKey] as Json[] | undefined)?.[0];
    return found && (match.accept?.(found) ?? true) ? found : undefined;
  }
  if (match.by === 'name' && name !== undefined) {
    const query: Json = { search: name, per_page: MAX_PER_PAGE };
    if (resource.isEvent) Object.assign(query, EVERY_EVENT);
    if (!resource.isPost) query.hide_empty = 'false';
    const res = await client.call<Json>('GET', resource.path, { query: query as Record<string, string | number> });
    const items = (res.body?.[resource.listKey] as Json[] | undefined) ?? [];
    return items.find(
      (item) => typeof item[resource.nameField] === 'string' && nameKey(item[resource.nameField] as string) === nameKey(name) && (match.accept?.(item) ?? true),
    );
  }
  return undefined;
}

/**
 * POST a new record. A 429 did nothing: the HTTP client sends it again (src/core/http/retry.ts,
 * the one retry policy) and its last answer is the one reported. With a match key, a create that failed in a way that leaves its outcome unknown (a
 * timeout, a broken connection, a 5xx) is looked up before it is reported: found, it was
 * created; not found, it is sent again (not with `confirmOnly`, which reports it failed).
 */
export async function createRecord(
  client: ApiClient,
  resource: Resource,
  body: Json,
  match: MatchKey | undefined,
  options: { slug?: string; sleep?: (ms: number) => Promise<void> } = {},
): Promise<CreateResult> {
  const sleep = options.sleep ?? client.options.sleep ?? timer;
  return createByPlan(client, resource, body, { slug: options.slug, post: (sent) => postRecord(client, resource, sent, match, sleep) });
}

async function postRecord(client: ApiClient, resource: Resource, body: Json, match: MatchKey | undefined, sleep: (ms: number) => Promise<void>): Promise<Json> {
  // A lookup that only confirms is made even with --retries 0: it sends nothing twice.
  const retries =
    match && (match.by === 'slug' || match.by === 'name') ? (match.confirmOnly ? Math.max(1, client.options.retries) : client.options.retries) : 0;
  let attempt = 0;
  for (;;) {
    let failure: unknown;
    try {
      const res = await client.send<Json>('POST', resource.path, { body });
      if (res.status < 200 || res.status >= 300 || res.text !== undefined) throw errorFromResponse(res);
      return res.body;
    } catch (err) {
      failure = err;
    }
    if (!uncertain(failure)) throw failure;
    // The outcome is unknown: look the record up (a failed lookup is tried again) before any second POST.
    for (;;) {
      if (attempt >= retries) throw failure;
      attempt++;
      await sleep(backoffDelay(attempt, undefined));
      try {
        const existing = await findExisting(client, resource, match!);
        if (existing) return existing;
        if (match!.confirmOnly) throw failure;
        break;
      } catch (lookupError) {
        if (!uncertain(lookupError)) throw failure;
      }
    }
  }
}
