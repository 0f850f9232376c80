/**
 * Addressing one record (ID, slug, or the exact name of a venue, organizer, category or tag), reading --data, and saying
 * "not found" when the server means it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Context } from '../../../core/context.js';
import { ApiError, CliError, EXIT, fileProblem, UsageError } from '../../../core/errors.js';
import { isNumericId, LINK_RELATIONS, type LinkRelation, type Resource } from '../../../spec/resources.js';
import type { ApiClient } from '../../../core/http/client.js';
import { wpError } from '../../../core/http/client.js';
import { isSlugForm, slugSegment } from '../../../core/records/identity.js';

export type RecordRef = { kind: 'id'; id: number; text: string } | { kind: 'slug'; slug: string; text: string } | { kind: 'name'; name: string; text: string };

/** Venues, organizers, categories and tags can also be named: a name is looked up exactly, never guessed. */
const isNamed = (resource: Resource): resource is Resource & { name: LinkRelation } => (LINK_RELATIONS as readonly string[]).includes(resource.name);

export function parseRef(resource: Resource, raw: string): RecordRef {
  const text = raw.trim();
  if (isNumericId(text)) {
    const id = Number(text);
    if (id < 1 || !Number.isSafeInteger(id)) throw new UsageError(`"${raw}" is not a valid ${resource.singular} ID`);
    return { kind: 'id', id, text };
  }
  if (/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) {
    throw new UsageError(`"${raw}" is not a valid ${resource.singular} ID`, 'IDs are whole numbers of at least 1.');
  }
  // A venue's, organizer's, category's or tag's name: anything not written as a slug ("Jazz", "Blue Note Hall").
  if (text !== '' && isNamed(resource) && !isSlugForm(text)) return { kind: 'name', name: text, text };
  if (text === '' || /[\s/?#]/.test(text)) {
    const hint =
      resource.name === 'events'
        ? `Give its numeric ID or its slug; find them with: calendar events list --search "${text}"`
        : `Give the ${resource.singular}'s numeric ID or its slug (e.g. summer-fest).`;
    throw new UsageError(`"${raw}" is neither an ID nor a slug`, hint);
  }
  return { kind: 'slug', slug: text, text };
}

/** The path of one record; categories and tags have no by-slug route, so a slug costs one lookup. */
export async function recordPath(resource: Resource, ref: RecordRef, client: ApiClient): Promise<string> {
  if (ref.kind === 'slug' && resource.bySlug) return bySlugPath(resource, ref.slug);
  return (await recordTarget(resource, ref, client)).path;
}

/** The ID and path of one record, whatever the reference: a slug is looked up (one read), never taken for an ID. */
export async function recordTarget(resource: Resource, ref: RecordRef, client: ApiClient): Promise<{ id: number; path: string }> {
  const at = (id: number) => ({ id, path: `${resource.path}/${id}` });
  if (ref.kind === 'id') return at(ref.id);
  if (ref.kind === 'name') return at(await idByName(resource, ref, client));
  if (resource.bySlug) return at(Number((await client.call<Record<string, unknown>>('GET', bySlugPath(resource, ref.slug))).body.id));
  const res = await client.call<Record<string, unknown>>('GET', resource.path, { query: { slug: ref.slug, hide_empty: 'false', per_page: 1 } });
  const items = (res.body[resource.listKey] as Array<{ id: number }> | undefined) ?? [];
  if (items.length === 0) throw notFound(resource, ref);
  return at(items[0].id);
}

const bySlugPath = (resource: Resource, slug: string) => `${resource.path}/by-slug/${slugSegment(slug)}`;

/** The one record with exactly this name; two with it are refused, listing both. */
async function idByName(resource: Resource, ref: RecordRef, client: ApiClient): Promise<number> {
  if (!isNamed(resource)) throw notFound(resource, ref);
  const { Resolver } = await import('../../../core/records/resolve.js');
  const resolver = new Resolver(client);
  const { ids } = await resolver.resolve(resource.name, [ref.text]);
  if (ids.length > 0) return ids[0];
  const error = notFound(resource, ref);
  error.hint = (await resolver.meantHint(resource.name, [ref.text])) || undefined;
  throw error;
}

export function notFound(resource: Resource, ref: RecordRef): CliError {
  return new CliError(`${resource.singular} ${ref.kind === 'name' ? `"${ref.text}"` : ref.text} not found`, EXIT.notFound);
}

/**
 * The server says "not found" in several ways: 404, 400 rest_invalid_param on the id or
 * slug, 410 for a trashed record. Anything else passes through unchanged.
 */
export function translateNotFound(err: unknown, resource: Resource, ref: RecordRef, verb: 'get' | 'update' | 'delete' | 'restore'): unknown {
  if (!(err instanceof ApiError)) return err;
  const body = wpError(err.body);
  const params = body?.data?.params;
  const aboutRef = params && !Array.isArray(params) && ('id' in params || 'slug' in params);
  if (err.status === 404 || (err.status === 400 && body?.code === 'rest_invalid_param' && aboutRef)) return notFound(resource, ref);
  if (err.status === 410) {
    return new CliError(
      `${resource.singular} ${ref.text} is already in the trash`,
      EXIT.notFound,
      verb === 'delete' ? undefined : `Restore it first: calendar ${resource.name} restore ${ref.text}`,
    );
  }
  return err;
}

/** `--data '{"title":...}'`, `--data @file.json` or `--data -` (stdin). */
export async function readData(option: string | undefined, ctx: Context): Promise<Record<string, unknown>> {
  if (option === undefined) return {};
  let text: string;
  let source: string;
  if (option === '-') {
    source = 'stdin';
    text = await readAll(ctx.stdin);
  } else if (option.startsWith('@')) {
    const file = resolve(ctx.cwd, option.slice(1));
    source = option.slice(1);
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      throw new UsageError(`--data: cannot read ${source}: ${fileProblem(err)}`);
    }
  } else {
    source = 'the --data value';
    text = option;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`--data: ${source} is not valid JSON (${(err as Error).message.split('\n')[0]})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new UsageError(`--data: ${source} must hold one JSON object`);
  }
  return value as Record<string, unknown>;
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The refs of a verb that takes several: as given, or whitespace- or comma-separated on stdin
 * for `-`. An empty stdin (a list that matched nothing, piped in) gives none: nothing to do.
 */
export async function readRefs(resource: Resource, raw: string[], ctx: Context): Promise<RecordRef[]> {
  let texts = raw;
  if (raw.length === 1 && raw[0] === '-') {
    if (ctx.stdin.isTTY)
      throw new UsageError(
        '- reads IDs or slugs from stdin, which is a terminal here',
        `Pipe them in, e.g. calendar ${resource.name} list --format ids | calendar ${resource.name} get -`,
      );
    texts = (await readAll(ctx.stdin)).split(/[\s,]+/).filter(Boolean);
  }
  return texts.map((text) => parseRef(resource, text));
}
