/**
 * Venues, organizers, categories and tags given by ID, slug or name become IDs before a
 * write: the server turns an existing tag name into a junk tag, refuses venue names and
 * silently drops unknown term IDs, so only checked IDs are ever sent. Each reference costs
 * one lookup (by ID, by slug, or a search for the name), cached for the command; imports
 * resolve a whole file's links with one list walk instead (src/core/bulk/catalog.ts).
 */
import { ApiError, UsageError } from '../errors.js';
import { collationKey, ONE_LETTER_PAIRS } from '../../wordpress/collation.js';
import { EDITOR_STATUSES, EVERY_EVENT, linkFields, MAX_PER_PAGE, resources, type Field, type LinkRelation, type Resource } from '../../spec/resources.js';
import { errorFromResponse, type ApiClient } from '../http/client.js';
import { walkEveryName, walkEveryRecord, walkPages } from './pages.js';
import { decodeEntities, describeCandidates, isSlugForm, nameKey, slugLetters, slugSegment, RecordIndex, type Candidate, type RefMatch } from './identity.js';
import { searchable } from '../../wordpress/linked-search.js';
import { closest } from '../../base/closest.js';
import { readManyRawTexts } from './raw-text.js';
import { splitListText } from '../values.js';
import { option } from '../words.js';

/** Creates on their way, by client, relation and name (as the database compares names). */
const creating = new WeakMap<ApiClient, Map<string, Promise<number>>>();

export class Resolver {
  private readonly cache = new Map<string, Promise<number | undefined>>();
  private readonly everyName = new Map<LinkRelation, Promise<Candidate[]>>();

  /**
   * While set, `create` sends nothing: it hands out a stand-in ID (below zero) and keeps the name,
   * so that a write can be planned, and refused, before anything is created.
   */
  private deferred: Map<string, number> | undefined;

  constructor(private readonly client: ApiClient) {}

  /** Creates nothing until `creating()`: the links to create get stand-in IDs. */
  deferCreates(): void {
    this.deferred = new Map();
  }

  /** Whether a deferred run gave any stand-in, and from now on creates for real. */
  creating(): boolean {
    const deferredAny = (this.deferred?.size ?? 0) > 0;
    this.deferred = undefined;
    return deferredAny;
  }

  /** IDs for the given references; what matched nothing is returned in `unknown`. */
  async resolve(relation: LinkRelation, refs: Array<string | number>): Promise<{ ids: number[]; unknown: string[] }> {
    const ids: number[] = [];
    const unknown: string[] = [];
    for (const ref of refs) {
      const text = String(ref).trim();
      const id = await this.lookupOne(relation, text);
      if (id === undefined) unknown.push(text);
      else if (!ids.includes(id)) ids.push(id);
    }
    return { ids, unknown };
  }

  /**
   * IDs for a list given as text (a flag's value): the whole text when it is exactly the name of
   * one record (`Café d'Été, 12 rue de l'Été, Paris`), else each of its items (splitListText).
   */
  async resolveListText(relation: LinkRelation, text: string): Promise<{ ids: number[]; unknown: string[] }> {
    const items = splitListText(text).filter(Boolean);
    if (items.length > 1 && !text.includes('\\,')) {
      const whole = await this.lookupOne(relation, text.trim());
      if (whole !== undefined) return { ids: [whole], unknown: [] };
    }
    return this.resolve(relation, items);
  }

  /**
   * Creates a record named `name` and remembers it, for --create-missing. Creates of one name at
   * the same time through one client send one request; a create another one beat (another
   * process) is answered `term_exists` with the term the site holds, which is then the one meant.
   */
  async create(relation: LinkRelation, name: string): Promise<number> {
    if (this.deferred) {
      const key = `${relation}:${collationKey(name)}`;
      if (!this.deferred.has(key)) this.deferred.set(key, -(this.deferred.size + 1));
      return this.deferred.get(key) as number;
    }
    let pending = creating.get(this.client);
    if (!pending) creating.set(this.client, (pending = new Map()));
    const key = `${relation}:${collationKey(name)}`;
    let created = pending.get(key);
    if (!created) {
      const sent = this.send(relation, name).finally(() => pending.delete(key));
      pending.set(key, (created = sent));
    }
    const id = await created;
    this.cache.set(`${relation}:${name}`, Promise.resolve(id));
    return id;
  }

  private async send(relation: LinkRelation, name: string): Promise<number> {
    const resource = resources[relation];
    try {
      const { createPost } = await import('../write/execute.js');
      return (await createPost(this.client, resource, { [resource.nameField]: name })).id as number;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const held = err.code === 'term_exists' ? await this.termHeld(relation, name, err.body) : undefined;
      if (held !== undefined) return held;
      throw new ApiError(`${resource.singular} "${name}" could not be created: ${err.message}`, err.exitCode, err.status, err.code, err.body, err.hint);
    }
  }

  /** The term a `term_exists` answer is about: the ID it names, read back, else the name looked up again. */
  private async termHeld(relation: LinkRelation, name: string, body: unknown): Promise<number | undefined> {
    const named = (body as { data?: { term_id?: unknown } } | undefined)?.data?.term_id;
    if (typeof named === 'number') {
      const id = await this.exists(`${resources[relation].path}/${named}`);
      if (id !== undefined) return id;
    }
    return this.fetchOne(relation, name);
  }

  /**
   * The record a reference that matched nothing most likely meant: a name (or slug) one or two
   * letters off. Reads every name of the kind, so it is only asked on the way to an error.
   */
  async meant(relation: LinkRelation, text: string): Promise<Candidate | undefined> {
    const candidates = await this.everyNameOf(resources[relation]);
    const byName = new Map(candidates.map((candidate) => [nameKey(candidate.name), candidate]));
    const name = closest(nameKey(text), byName.keys());
    if (name !== undefined) return byName.get(name);
    const bySlug = new Map(candidates.map((candidate) => [candidate.slug, candidate]));
    const slug = closest(text.toLowerCase(), bySlug.keys());
    return slug === undefined ? undefined : bySlug.get(slug);
  }

  /** `Did you mean "Riverside Hall" (ID 12)?` for each reference that is one or two letters off a record's name; empty when none is. */
  async meantHint(relation: LinkRelation, texts: string[]): Promise<string> {
    const guesses: string[] = [];
    for (const text of texts) {
      if (/^[0-9]+$/.test(text)) continue;
      const candidate = await this.meant(relation, text);
      if (candidate) guesses.push(`"${candidate.name}" (ID ${candidate.id})${texts.length > 1 ? ` for "${text}"` : ''}`);
    }
    return guesses.length ? `Did you mean ${guesses.join(', ')}?` : '';
  }

  /** Every name of the kind, read once per command (as stored where the site shows them so). */
  private everyNameOf(resource: Resource): Promise<Candidate[]> {
    const relation = resource.name as LinkRelation;
    let every = this.everyName.get(relation);
    if (!every) this.everyName.set(relation, (every = this.readEveryName(resource)));
    return every;
  }

  private async readEveryName(resource: Resource): Promise<Candidate[]> {
    const candidates: Candidate[] = [];
    const add = (id: unknown, slug: unknown, name: unknown) => {
      if (typeof id === 'number' && typeof name === 'string' && name)
        candidates.push({ id, slug: typeof slug === 'string' ? slug : '', name: decodeEntities(name) });
    };
    if (!(await walkEveryName(this.client, resource, add)))
      await walkEveryRecord(this.client, resource, (record) => add(record.id, record.slug, record[resource.nameField]));
    return candidates;
  }

  /** IDs of the records whose name is exactly `name` (case, entities and quotes aside). */
  async named(relation: LinkRelation, name: string): Promise<number[]> {
    return (await this.searchIndex(resources[relation], name)).named(name);
  }

  /** The records whose name the server takes for `name` (its collation: `Cafe` is `CAFÉ`), found by its search, which compares the same way. */
  async taken(relation: 'venues' | 'organizers', name: string): Promise<number[]> {
    // The server compares stored names; lists show them texturized (d'Été as d&#8217;Été).
    return (await this.searchIndex(resources[relation], name, { typedNames: true })).taken(name);
  }

  private lookupOne(relation: LinkRelation, text: string): Promise<number | undefined> {
    const key = `${relation}:${text}`;
    let found = this.cache.get(key);
    if (!found) {
      found = this.fetchOne(relation, text);
      this.cache.set(key, found);
    }
    return found;
  }

  /**
   * Digits are an ID (one read). A text in slug form is looked up as a slug and as a name, so
   * that a slug of one record and the name of another are never confused (RecordIndex.match);
   * any other text is a name, matched exactly through a search.
   */
  private async fetchOne(relation: LinkRelation, text: string): Promise<number | undefined> {
    const resource = resources[relation];
    if (/^[0-9]+$/.test(text)) return this.exists(`${resource.path}/${text}`);
    const index = await this.searchIndex(resource, text);
    if (isSlugForm(text)) {
      const slugged = resource.isPost
        ? await this.read(`${resource.path}/by-slug/${slugSegment(text)}`)
        : (await this.list(resource, { slug: slugLetters(text), ...this.termQuery(resource) }))[0];
      // The by-slug route answers the record whose slug the text sanitises to: only the exact slug counts.
      if (slugged && slugLetters(String(slugged.slug)) === slugLetters(text)) index.add(Number(slugged.id), slugged.slug, slugged[resource.nameField]);
    }
    return settle(index.match(text), text, relation);
  }

  /**
   * The records the site's search finds for `text` (all pages: a common word can match many); with
   * `typedNames`, named as stored rather than as shown. Where the search cannot find the text (a
   * venue or organizer named in other letters than ASCII: wordpress/linked-search.ts), every name
   * of the kind is read instead.
   */
  private async searchIndex(resource: Resource, text: string, options: { typedNames?: boolean } = {}): Promise<RecordIndex> {
    const index = new RecordIndex();
    const search = searchText(resource, text);
    if (resource.linkedPost && !searchable(search)) {
      for (const candidate of await this.everyNameOf(resource)) index.add(candidate.id, candidate.slug, candidate.name);
      return index;
    }
    const query: Record<string, string | number> = { search, ...this.termQuery(resource) };
    if (resource.isPost && this.client.hasCredentials) query.status = EDITOR_STATUSES.join(',');
    if (resource.isEvent) Object.assign(query, EVERY_EVENT);
    const found: Array<Record<string, unknown>> = [];
    await walkPages(this.client, resource, query, { all: true }, (item) => void found.push(item as Record<string, unknown>));
    const ids = found.map((record) => record.id).filter((id): id is number => typeof id === 'number');
    const typed = options.typedNames ? await readManyRawTexts(this.client, resource, ids) : undefined;
    for (const record of found) {
      if (typeof record.id === 'number') index.add(record.id, record.slug, typed?.get(record.id)?.[resource.nameField] ?? record[resource.nameField]);
    }
    return index;
  }

  private termQuery(resource: Resource): Record<string, string> {
    return resource.isPost ? {} : { hide_empty: 'false' };
  }

  private async exists(path: string): Promise<number | undefined> {
    const body = await this.read(path);
    return typeof body?.id === 'number' ? body.id : undefined;
  }

  private async read(path: string): Promise<Record<string, unknown> | undefined> {
    const res = await this.client.send<Record<string, unknown>>('GET', path);
    if (res.status === 200 && typeof res.body?.id === 'number') return res.body;
    if (res.status >= 500 || res.status === 401 || res.text !== undefined) throw errorFromResponse(res);
    return undefined;
  }

  private async list(resource: Resource, query: Record<string, string | number>): Promise<Array<Record<string, unknown>>> {
    const res = await this.client.call<Record<string, unknown>>('GET', resource.path, { query: { per_page: MAX_PER_PAGE, ...query } });
    return (res.body[resource.listKey] as Array<Record<string, unknown>> | undefined) ?? [];
  }
}

/**
 * What to search for a name, read as people read it (a name copied from the API,
 * `&#8220;Quai&#8221;`, is its characters; a slug, its words in its own letters). A term's search is
 * one phrase of its stored name, or the longest word of a slug (`old-stage` must find "Old Stage"
 * and "Old-Stage"); a post's finds records holding every word, so only the words of letters and
 * digits go: the site keeps a title as typed and shows it texturized, so a quote or dash may be
 * typed either way. Which record has exactly the name is decided here after (RecordIndex).
 */
function searchText(resource: Resource, text: string): string {
  const read = isSlugForm(text) ? slugLetters(text) : decodeEntities(text);
  const words = read.split(/[\s-]+/).filter((word) => /^[\p{L}\p{N}]+$/u.test(word));
  if (!resource.isPost) {
    if (!isSlugForm(text)) return storedTermName(read);
    return words.reduce((longest, word) => (word.length > longest.length ? word : longest), '') || read;
  }
  // The venue and organizer search compares letter by letter: a typed `ss` must also find `ß`.
  if (resource.linkedPost) return words.map((word) => word.replace(ONE_LETTER_PAIRS, ' ')).join(' ');
  return words.length ? words.join(' ') : read;
}

/**
 * A term name as the server keeps it, and so searches it: WordPress stores `&`, `<` and `>`
 * in term names as entities, so a search for "Rock & Roll" finds nothing, "Rock &amp; Roll" does.
 */
function storedTermName(text: string): string {
  return text
    .replace(/&(?!#?[a-z0-9]+;)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** The ID a match gives, or a refusal listing the records the text could mean. */
export function settle(match: RefMatch, text: string, relation: string): number | undefined {
  if (match === undefined) return undefined;
  if ('id' in match) return match.id;
  throw new UsageError(
    `"${text}" could mean ${match.ambiguous.length} ${relation}: ${describeCandidates(match.ambiguous)}`,
    'Give the ID, or the slug of the one you mean.',
  );
}

export interface ResolveOptions {
  createMissing?: boolean;
}

/** The record with every link field as checked IDs; unknown references fail together, before any write. */
export async function resolveLinks(
  resolver: Resolver,
  resource: Resource,
  record: Record<string, unknown>,
  options: ResolveOptions = {},
): Promise<Record<string, unknown>> {
  const out = { ...record };
  const unmatched: Array<{ field: Field; refs: Array<string | number> }> = [];
  for (const field of linkFields(resource)) {
    const value = record[field.name];
    // null: no link (a category taken off its parent), nothing to look up.
    if (value === undefined || value === null) continue;
    const relation = field.relation as LinkRelation;
    const { ids, unknown } =
      typeof value === 'string' && field.many
        ? await resolver.resolveListText(relation, value)
        : await resolver.resolve(relation, (Array.isArray(value) ? value : [value]) as Array<string | number>);
    if (unknown.length) unmatched.push({ field, refs: unknown });
    out[field.name] = field.many ? ids : ids[0];
  }
  if (unmatched.length && !options.createMissing) {
    const meant = await Promise.all(unmatched.map(({ field, refs }) => resolver.meantHint(field.relation as LinkRelation, refs.map(String))));
    const hint = `Use IDs, slugs or exact names of existing records, or add ${option('create_missing', true)} to create them first.`;
    throw new UsageError(
      `unknown ${unmatched.map(({ field, refs }) => `${field.name}: ${refs.join(', ')}`).join('; ')}`,
      [...meant.filter(Boolean), hint].join(' '),
    );
  }
  for (const { field, refs } of unmatched) {
    for (const ref of refs.map(String)) {
      if (/^[0-9]+$/.test(ref)) throw new UsageError(`${field.name}: no ${field.relation} has ID ${ref}`);
      const id = await resolver.create(field.relation as LinkRelation, ref);
      out[field.name] = field.many ? [...((out[field.name] as number[]) ?? []), id] : id;
    }
  }
  return out;
}
