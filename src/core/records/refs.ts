/**
 * Addressing one record: an ID, a slug, or the exact name of a venue, organizer, category or tag.
 * A reference is always resolved to the record's ID and path together (a slug is looked up,
 * never taken for an ID), and "not found" is said the one way whatever way the server said it.
 */
import { CalendarError, NotFoundError, UsageError } from '../errors.js';
import { isNumericId, type LinkRelation, type Resource } from '../../spec/resources.js';
import { wpError, type ApiClient } from '../http/client.js';
import { isAsciiSlugForm, slugSegment } from './identity.js';

export type RecordRef = { kind: 'id'; id: number; text: string } | { kind: 'slug'; slug: string; text: string } | { kind: 'name'; name: string; text: string };

/** A record found: its ID and its path under the namespace (`events/12`). */
export interface RecordTarget {
  id: number;
  path: string;
}

/** Venues, organizers, categories and tags can also be named: a name is looked up exactly, never guessed. */
const isNamed = (resource: Resource): resource is Resource & { name: LinkRelation } => resource.namedRefs === true;

/** A reference as given (`12`, `summer-fest`, `Blue Note Hall`), checked before any request. */
export function parseRef(resource: Resource, raw: string | number): RecordRef {
  const text = String(raw).trim();
  if (isNumericId(text)) {
    const id = Number(text);
    if (id < 1 || !Number.isSafeInteger(id)) throw new UsageError(`"${raw}" is not a valid ${resource.singular} ID`);
    return { kind: 'id', id, text };
  }
  if (/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) {
    throw new UsageError(`"${raw}" is not a valid ${resource.singular} ID`, 'IDs are whole numbers of at least 1.');
  }
  // A venue's, organizer's, category's or tag's name: anything not written as an ASCII slug ("Jazz",
  // "Blue Note Hall", "東京ホール"); a slug in its own letters (`оркестр-города`) is tried as both.
  if (text !== '' && isNamed(resource) && !isAsciiSlugForm(text)) return { kind: 'name', name: text, text };
  if (text === '' || /[\s/?#]/.test(text)) {
    const hint = resource.isEvent ? 'Give its numeric ID or its slug.' : `Give the ${resource.singular}'s numeric ID or its slug (e.g. summer-fest).`;
    // The CLI adds the command that finds them (src/cli/output/write-hints.ts).
    throw new UsageError(`"${raw}" is neither an ID nor a slug`, hint, { code: 'not_a_ref', values: { resource: resource.name, text } });
  }
  return { kind: 'slug', slug: text, text };
}

/**
 * The path to read one record by: a slug of a resource with by-slug routes is read there
 * (one request instead of two); anything else is resolved to its ID first.
 */
export async function recordPath(resource: Resource, ref: RecordRef, client: ApiClient): Promise<string> {
  if (ref.kind === 'slug' && resource.isPost) return bySlugPath(resource, ref.slug);
  return (await recordTarget(resource, ref, client)).path;
}

/** The ID and path of one record, whatever the reference: a slug or a name is looked up (one read). */
export async function recordTarget(resource: Resource, ref: RecordRef, client: ApiClient): Promise<RecordTarget> {
  const at = (id: number) => ({ id, path: `${resource.path}/${id}` });
  if (ref.kind === 'id') return at(ref.id);
  if (ref.kind === 'name') return at(await idByName(resource, ref, client));
  if (resource.isPost) return at(Number((await client.call<Record<string, unknown>>('GET', bySlugPath(resource, ref.slug))).body.id));
  const res = await client.call<Record<string, unknown>>('GET', resource.path, { query: { slug: ref.slug, hide_empty: 'false', per_page: 1 } });
  const items = (res.body[resource.listKey] as Array<{ id: number }> | undefined) ?? [];
  if (items.length === 0) throw notFound(resource, ref);
  return at(items[0].id);
}

const bySlugPath = (resource: Resource, slug: string) => `${resource.path}/by-slug/${slugSegment(slug)}`;

/** The one record with exactly this name; two with it are refused, listing both. */
async function idByName(resource: Resource, ref: RecordRef, client: ApiClient): Promise<number> {
  if (!isNamed(resource)) throw notFound(resource, ref);
  const { Resolver } = await import('./resolve.js');
  const resolver = new Resolver(client);
  const { ids } = await resolver.resolve(resource.name, [ref.text]);
  if (ids.length > 0) return ids[0];
  const error = notFound(resource, ref);
  error.hint = (await resolver.meantHint(resource.name, [ref.text])) || undefined;
  throw error;
}

export function notFound(resource: Resource, ref: RecordRef): NotFoundError {
  return new NotFoundError(`${resource.singular} ${ref.kind === 'name' ? `"${ref.text}"` : ref.text} not found`);
}

/**
 * The server says "not found" in several ways: 404, 400 rest_invalid_param on the id or
 * slug, 410 for a trashed record. Anything else passes through unchanged.
 */
export function translateNotFound(err: unknown, resource: Resource, ref: RecordRef, verb: 'get' | 'update' | 'delete' | 'restore'): unknown {
  if (!(err instanceof CalendarError) || err.status === undefined) return err;
  const body = wpError(err.body);
  const params = body?.data?.params;
  const aboutRef = params && !Array.isArray(params) && ('id' in params || 'slug' in params);
  // Said in our words, with the server's status and code kept for a program that reads them.
  const said = (message: string, hint?: string) => new NotFoundError(message, hint, { status: err.status, code: err.code, body: err.body });
  if (err.status === 404 || (err.status === 400 && body?.code === 'rest_invalid_param' && aboutRef)) return said(notFound(resource, ref).message);
  if (err.status === 410) {
    return said(
      `${resource.singular} ${ref.text} is already in the trash`,
      verb === 'delete' ? undefined : `Restore it first: calendar ${resource.name} restore ${ref.text}`,
    );
  }
  return err;
}

/** Runs `work` on one reference; a "not found" in any of the server's ways comes out as ours. */
export async function onRecord<T>(resource: Resource, ref: RecordRef, verb: 'get' | 'update' | 'delete' | 'restore', work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw translateNotFound(err, resource, ref, verb);
  }
}
