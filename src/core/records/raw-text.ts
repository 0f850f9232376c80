/**
 * Text as typed. The plugin's routes show titles, descriptions and excerpts rendered for
 * display (quotes curled, `&` as `&#038;`, blocks and shortcodes turned into HTML); sent
 * back, that display text would replace what was typed. WordPress's own routes give the
 * typed text with `context=edit` (`title.raw`, `content.raw`, `excerpt.raw`) to a user who
 * may edit the record: export, edit and every comparison read it from there. No route gives
 * both the record and its typed texts (src/wordpress/read-routes.ts): they are two reads.
 */
import { CalendarError } from '../errors.js';
import type { ApiClient } from '../http/client.js';
import { wpRoute, type Resource } from '../../spec/resources.js';
import { costShownReformatted, costText } from './writable.js';
import { decodeEntities } from './identity.js';
import { CORE_LISTS_ENDED_EVENTS } from '../../wordpress/read-routes.js';

type Json = Record<string, unknown>;

/** The typed texts of one record, by the field names of ours they fill. */
export type RawTexts = Record<string, string>;

/** Which of our fields each raw text fills; terms have no rendered text. */
function rawFieldsOf(resource: Resource): Array<[string, 'title' | 'content' | 'excerpt']> | undefined {
  if (!resource.isPost) return undefined;
  const fields: Array<[string, 'title' | 'content' | 'excerpt']> = [
    [resource.nameField, 'title'],
    ['description', 'content'],
  ];
  if (resource.fields.some((f) => f.name === 'excerpt')) fields.push(['excerpt', 'excerpt']);
  return fields;
}

/**
 * Whether an output of `fields` (our names or dot paths under them; every field when none are
 * named) shows a text the typed read fills: an output without one needs no read of them.
 */
export function showsRawText(resource: Resource, fields?: readonly string[]): boolean {
  const filled = rawFieldsOf(resource)?.map(([field]) => field);
  if (!filled) return false;
  return !fields?.length || fields.some((path) => filled.includes(path.split('.')[0]));
}

const RAW_QUERY_FIELDS = 'id,title,content,excerpt';
/** Every status a list can hold: the core route's default is `publish` only. */
const ALL_STATUSES = 'publish,future,draft,pending,private,trash';

function textsOf(resource: Resource, post: Json): RawTexts | undefined {
  const out: RawTexts = {};
  for (const [field, key] of rawFieldsOf(resource) ?? []) {
    const raw = (post[key] as Json | undefined)?.raw;
    if (typeof raw !== 'string') return undefined;
    out[field] = raw;
  }
  return out;
}

/** Said once per client: the site gave no typed text, so the displayed one is used. */
const warned = new WeakSet<ApiClient>();
function noRawText(client: ApiClient, notice: ((line: string) => void) | undefined, why: string): void {
  if (warned.has(client)) return;
  warned.add(client);
  notice?.(
    `the site gives no typed text of titles and descriptions to this user (${why}): they are read as the site ` +
      `displays them (quotes curled, blocks rendered), and a copy may differ from the original`,
  );
}

function isRefusal(err: unknown): err is CalendarError {
  return err instanceof CalendarError && (err.status === 401 || err.status === 403 || err.status === 404 || err.status === 400);
}

/** The typed texts of one record, or undefined when the site gives none (said once through `notice`). */
export async function readRawTexts(client: ApiClient, resource: Resource, id: number, notice?: (line: string) => void): Promise<RawTexts | undefined> {
  if (!rawFieldsOf(resource)) return undefined;
  try {
    const res = await client.call<Json>('GET', `/wp/v2/${wpRoute(resource)}/${id}`, { fromRoot: true, query: { context: 'edit', _fields: RAW_QUERY_FIELDS } });
    const texts = textsOf(resource, res.body);
    if (!texts) noRawText(client, notice, 'no raw text in its answer');
    return texts;
  } catch (err) {
    if (!isRefusal(err)) throw err;
    // A record that is not there has no text to give; that says nothing of the others.
    if (err.status !== 404) noRawText(client, notice, `HTTP ${err.status}`);
    return undefined;
  }
}

/**
 * The typed texts of many records: one request per hundred, then one per record the list
 * leaves out (the core route lists no event that has ended: CORE_LISTS_ENDED_EVENTS).
 */
export async function readManyRawTexts(client: ApiClient, resource: Resource, ids: number[], notice?: (line: string) => void): Promise<Map<number, RawTexts>> {
  const found = new Map<number, RawTexts>();
  if (!rawFieldsOf(resource) || ids.length === 0) return found;
  for (let at = 0; at < ids.length; at += 100) {
    const batch = ids.slice(at, at + 100);
    let posts: Json[];
    try {
      const query = { context: 'edit', include: batch.join(','), per_page: 100, status: ALL_STATUSES, _fields: RAW_QUERY_FIELDS };
      posts = (await client.call<Json[]>('GET', `/wp/v2/${wpRoute(resource)}`, { fromRoot: true, query })).body;
    } catch (err) {
      if (!isRefusal(err)) throw err;
      noRawText(client, notice, `HTTP ${err.status}`);
      return found;
    }
    for (const post of Array.isArray(posts) ? posts : []) {
      const texts = textsOf(resource, post);
      if (typeof post.id === 'number' && texts) found.set(post.id, texts);
    }
    for (const id of batch) {
      if (found.has(id)) continue;
      const texts = await readRawTexts(client, resource, id, notice);
      if (texts) found.set(id, texts);
      else if (warned.has(client)) return found;
    }
  }
  return found;
}

/**
 * The texts of a record asked for by ID or slug, read beside the record's own read so that a
 * get waits for one round trip, not two: by ID from core's route; by slug from core's list,
 * which holds every venue and organizer but no event that has ended (CORE_LISTS_ENDED_EVENTS),
 * so an event's are read once its ID is known. `ref`: a records/refs.ts RecordRef. `id`: the
 * record they belong to (undefined: the site gives this user none); undefined: nothing was read
 * beside it.
 */
export async function textsBeside(
  client: ApiClient,
  resource: Resource,
  ref: { kind: string; id?: number; slug?: string },
  notice?: (line: string) => void,
): Promise<{ id: number | undefined; texts: RawTexts | undefined } | undefined> {
  if (!rawFieldsOf(resource)) return undefined;
  if (ref.kind === 'id' && ref.id !== undefined) return { id: ref.id, texts: await readRawTexts(client, resource, ref.id, notice) };
  if (ref.kind !== 'slug' || ref.slug === undefined || (resource.isEvent && !CORE_LISTS_ENDED_EVENTS)) return undefined;
  let posts: Json[];
  try {
    const query = { context: 'edit', slug: ref.slug, status: ALL_STATUSES, _fields: RAW_QUERY_FIELDS };
    posts = (await client.call<Json[]>('GET', `/wp/v2/${wpRoute(resource)}`, { fromRoot: true, query })).body;
  } catch (err) {
    if (!isRefusal(err)) throw err;
    noRawText(client, notice, `HTTP ${err.status}`);
    return { id: undefined, texts: undefined };
  }
  const post = Array.isArray(posts) && posts.length === 1 ? posts[0] : undefined;
  if (typeof post?.id !== 'number') return undefined;
  const texts = textsOf(resource, post);
  if (!texts) noRawText(client, notice, 'no raw text in its answer');
  return { id: post.id, texts };
}

/** The record with its typed texts in place of the displayed ones. */
export function withRawTexts(record: Json, texts: RawTexts | undefined): Json {
  return texts ? { ...record, ...texts } : record;
}

/** A record as the plugin's route gives it, its texts as typed: what updates, edits and comparisons start from. */
export async function readCurrent(
  client: ApiClient,
  resource: Resource,
  path: string,
  options: { query?: Record<string, string | number | boolean | undefined>; notice?: (line: string) => void } = {},
): Promise<Json> {
  const record = (await client.call<Json>('GET', path, { query: options.query })).body;
  if (typeof record.id !== 'number' || !rawFieldsOf(resource)) return record;
  return withRawTexts(record, await readRawTexts(client, resource, record.id, options.notice));
}

/** Said once per client: costs with amounts are read as the site shows them. */
const costsSaid = new WeakSet<ApiClient>();
function noTypedCost(client: ApiClient, record: Json, notice: ((line: string) => void) | undefined): void {
  if (costsSaid.has(client) || !costShownReformatted(record)) return;
  costsSaid.add(client);
  notice?.(
    `the site shows costs with amounts in its own format and no route gives them as typed: they are read as their ` +
      `amounts ("${decodeEntities(String(record.cost))}" as "${costText(record)}"), and a copy stores them so`,
  );
}

/**
 * A walk's records with their typed texts: records are held `batch` at a time (a hundred, or a
 * page's worth for a caller that takes them as they come), their texts read in one request, then
 * handed on in the order they came. `end` hands on the rest. `copies`: the records are copied
 * (export, import's comparisons), so a cost read as the site shows it is said.
 */
export function typedTexts(
  client: ApiClient,
  resource: Resource,
  onRecord: (record: Json) => Promise<void> | void,
  notice?: (line: string) => void,
  { batch = 100, copies = true }: { batch?: number; copies?: boolean } = {},
) {
  const waiting: Json[] = [];
  const flush = async () => {
    const batch = waiting.splice(0);
    const ids = batch.map((record) => record.id).filter((id): id is number => typeof id === 'number');
    const texts = await readManyRawTexts(client, resource, ids, notice);
    for (const record of batch) {
      if (resource.isEvent && copies) noTypedCost(client, record, notice);
      await onRecord(withRawTexts(record, typeof record.id === 'number' ? texts.get(record.id) : undefined));
    }
  };
  return {
    async push(record: Json): Promise<void> {
      if (!rawFieldsOf(resource)) return void (await onRecord(record));
      waiting.push(record);
      if (waiting.length >= batch) await flush();
    },
    async end(): Promise<void> {
      if (waiting.length) await flush();
    },
  };
}
