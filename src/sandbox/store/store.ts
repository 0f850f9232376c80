/**
 * The sandbox's state: posts (events, venues, organizers share one ID sequence, as on
 * WordPress) and terms (categories and tags share another). Kept in plain JSON-able
 * objects so the whole state can be written to one file; indexes are rebuilt on load.
 */
import type { Language } from '../common/i18n.js';
import { dedupedNameField, type PostType, type Taxonomy } from './kinds.js';
import { collationKey } from '../../wordpress/collation.js';

export type { PostType, Taxonomy } from './kinds.js';

export interface EventFields {
  title: string;
  description: string;
  excerpt: string;
  start: string; // wall clock shown, event timezone
  end: string;
  utcStart: string;
  utcEnd: string;
  timezone: string;
  allDay: boolean;
  image: string | null;
  cost: unknown;
  website: string | null; // null: never set (the permalink is shown)
  showMap: boolean;
  showMapLink: boolean;
  hideFromListings: boolean;
  sticky: boolean;
  featured: boolean;
  categories: number[];
  tags: number[];
  venue: number | null;
  organizers: number[];
  /** End given before start: shown as start, kept out of every list. */
  backwards?: boolean;
  /**
   * The start lists sort and filter by, when a write changed the shown one without it: the
   * plugin's occurrence row is not rewritten by an all-day update naming one date.
   */
  listedStart?: string;
  /** The duration stored apart from the dates, when a write changed them without it (tec/v1's all-day switch). */
  duration?: number;
  /** The UTC instant the zone's abbreviation was worked out for, when not the start (a tec/v1 write without the dates). */
  abbreviatedAt?: string;
  parent?: number;
}

export type LinkedFields = Record<string, string | boolean | null>;

export interface PostExtras {
  /** Its revisions as far as they show (common/revisions.ts); none before its first update. */
  revisions?: RevisionState;
  /**
   * The cost the stored currency (symbol and position) was read from, when not the current one:
   * the plugin's routes store the currency with the cost, tec/v1 stores the cost alone ('' for an
   * event it created: no currency).
   */
  currencyCost?: unknown;
}

/** What a post's revisions show (common/revisions.ts keeps it). */
export interface RevisionState {
  count: number;
  /** The latest revision's post ID. */
  latest: number;
  /** Its title, content and excerpt, white space normalized. */
  texts: string[];
}

export interface PostRecord {
  id: number;
  type: PostType;
  status: string;
  author: number;
  date: string; // local wall clock (site zone)
  dateUtc: string | null; // null for drafts never published
  modifiedUtc: string;
  slug: string;
  password?: string;
  fields: EventFields | LinkedFields;
  variants?: Partial<Record<Language, Record<string, string>>>;
  /**
   * The address WordPress gave it when it was created (path and query, after the site's
   * origin), which later slug changes leave as it was; none in data files of older versions.
   */
  guid?: string;
}

export interface EventRecord extends PostRecord {
  type: 'event';
  fields: EventFields;
}

export interface TermRecord {
  id: number;
  taxonomy: Taxonomy;
  name: string;
  slug: string;
  description: string;
  parent: number;
  variants?: Partial<Record<Language, Record<string, string>>>;
}

export interface StoreData {
  version: 1;
  nextPostId: number;
  nextTermId: number;
  posts: PostRecord[];
  terms: TermRecord[];
  /**
   * What WordPress keeps of a post beside the fields the API writes, by post ID: rows and meta of
   * their own that a save changes by itself or leaves behind. Kept apart, so a post's record is
   * what its fields hold.
   */
  extras?: Record<string, PostExtras>;
}

export function emptyData(): StoreData {
  // Term 1 is WordPress's "Uncategorized"; posts 1-3 its sample content.
  return { version: 1, nextPostId: 4, nextTermId: 2, posts: [], terms: [] };
}

export class DataShapeError extends Error {}

export function checkDataShape(value: unknown): StoreData {
  const data = value as StoreData;
  if (
    !data ||
    typeof data !== 'object' ||
    data.version !== 1 ||
    !Array.isArray(data.posts) ||
    !Array.isArray(data.terms) ||
    !Number.isInteger(data.nextPostId) ||
    !Number.isInteger(data.nextTermId)
  ) {
    throw new DataShapeError('not a sandbox data file (expected {version: 1, posts: [], terms: [], ...})');
  }
  return data;
}

/** The name venues and organizers are de-duplicated by: trimmed, compared as the site's database collation does (`Café` is `CAFE`). */
export function nameKey(value: unknown): string {
  return collationKey(String(value ?? '').trim());
}

/** Values a memo space keeps at most: 10,000 events' JSON is about 20 MB. */
const MEMO_LIMIT = 10_000;

/**
 * Indexes are kept up to date record by record (a write costs about the same with 10 or
 * 10,000 records): by ID, by type, by slug and, for venues and organizers, by name. A writer
 * that changes a post's slug or name passes the post to `changed(post)`; lookups check the
 * current value, so an entry left under an old key is never returned.
 */
export class Store {
  data: StoreData;
  /** Bumped on every change; caches compare against it. */
  revision = 0;
  dirty = false;
  private postsById = new Map<number, PostRecord>();
  private termsById = new Map<number, TermRecord>();
  private postsByType = new Map<PostType, PostRecord[]>();
  private termsByTaxonomy = new Map<Taxonomy, TermRecord[]>();
  private bySlug = new Map<string, PostRecord[]>();
  private byName = new Map<string, PostRecord[]>();
  private indexedKeys = new Map<number, { slug: string; name: string | null }>();
  /** Published events per term; null means "recount everything on the next read". */
  private counts: Map<number, number> | null = null;
  private countedTerms = new Map<number, number[]>();
  /** Values computed from the store, by space and key; emptied when the revision moves on. */
  private memos = new Map<string, Map<string, unknown>>();
  private memoRevision = 0;
  /** Each post's JSON as last written to the data file, dropped when the post changes. */
  private postJson = new WeakMap<PostRecord, string>();

  constructor(data: StoreData = emptyData()) {
    this.data = data;
    this.reindex();
  }

  replace(data: StoreData): void {
    this.data = data;
    this.reindex();
    this.revision++;
  }

  private reindex(): void {
    this.postsById = new Map();
    this.postsByType = new Map();
    this.bySlug = new Map();
    this.byName = new Map();
    this.indexedKeys = new Map();
    for (const post of this.data.posts) this.indexPost(post);
    this.termsById = new Map(this.data.terms.map((term) => [term.id, term]));
    this.termsByTaxonomy = new Map();
    for (const term of this.data.terms) this.listOf(this.termsByTaxonomy, term.taxonomy).push(term);
    this.counts = null;
    this.memos.clear();
    this.postJson = new WeakMap();
  }

  private listOf<K, V>(map: Map<K, V[]>, key: K): V[] {
    let list = map.get(key);
    if (!list) map.set(key, (list = []));
    return list;
  }

  private indexPost(post: PostRecord): void {
    this.postsById.set(post.id, post);
    this.listOf(this.postsByType, post.type).push(post);
    this.indexKeys(post);
  }

  /** Files the post under its current slug and name (old entries are dropped). */
  private indexKeys(post: PostRecord): void {
    if (post.type === 'event') this.recount(post as EventRecord);
    const nameField = dedupedNameField(post.type);
    const name = nameField ? nameKey((post.fields as LinkedFields)[nameField]) : null;
    const previous = this.indexedKeys.get(post.id);
    if (previous && previous.slug === post.slug && previous.name === name) return;
    if (previous) {
      this.unfile(this.bySlug, `${post.type}:${previous.slug}`, post);
      if (previous.name !== null) this.unfile(this.byName, `${post.type}:${previous.name}`, post);
    }
    this.listOf(this.bySlug, `${post.type}:${post.slug}`).push(post);
    if (name !== null) this.listOf(this.byName, `${post.type}:${name}`).push(post);
    this.indexedKeys.set(post.id, { slug: post.slug, name });
  }

  private unfile(map: Map<string, PostRecord[]>, key: string, post: PostRecord): void {
    const list = map.get(key);
    if (!list) return;
    const rest = list.filter((entry) => entry !== post);
    if (rest.length) map.set(key, rest);
    else map.delete(key);
  }

  /**
   * Marks the state changed: caches drop, persistence picks it up, the posts given are
   * re-indexed and written again. Without posts, every post is taken as changed.
   */
  changed(...posts: PostRecord[]): void {
    if (posts.length === 0) this.postJson = new WeakMap();
    for (const post of posts) {
      this.indexKeys(post);
      this.postJson.delete(post);
    }
    this.touch();
  }

  /** A change that touched no stored post in place (one added or removed). */
  private touch(): void {
    this.revision++;
    this.dirty = true;
  }

  /**
   * The whole state as the data file's JSON. Only the posts changed since the last call are
   * encoded again: a big file is written often while a site is busy, and encoding every
   * record each time was most of the sandbox's work during an import.
   */
  serialize(): string {
    const { posts, terms, ...counters } = this.data;
    const postTexts = posts.map((post) => {
      let text = this.postJson.get(post);
      if (text === undefined) this.postJson.set(post, (text = JSON.stringify(post)));
      return text;
    });
    return `${JSON.stringify(counters).slice(0, -1)},"posts":[${postTexts.join(',')}],"terms":${JSON.stringify(terms)}}`;
  }

  /** A value derived from the whole store, recomputed only after a change. */
  derived<T>(key: string, compute: () => T): T {
    return this.memo('derived', key, compute);
  }

  /**
   * A value computed from the store as it is now (a list's matches, a record's JSON), kept
   * until the next change; a space holding `limit` values is emptied before taking another.
   */
  memo<T>(space: string, key: string, compute: () => T, limit = MEMO_LIMIT): T {
    if (this.memoRevision !== this.revision) {
      this.memos.clear();
      this.memoRevision = this.revision;
    }
    let values = this.memos.get(space);
    if (!values) this.memos.set(space, (values = new Map()));
    if (values.has(key)) return values.get(key) as T;
    const value = compute();
    if (values.size >= limit) values.clear();
    values.set(key, value);
    return value;
  }

  post(id: number): PostRecord | undefined {
    return this.postsById.get(id);
  }

  postOfType(id: number, type: PostType): PostRecord | undefined {
    const post = this.postsById.get(id);
    return post && post.type === type ? post : undefined;
  }

  event(id: number): EventRecord | undefined {
    return this.postOfType(id, 'event') as EventRecord | undefined;
  }

  /** Posts of one type in ID order. The array is the live index: do not modify it. */
  postsOfType(type: PostType): readonly PostRecord[] {
    return this.postsByType.get(type) ?? [];
  }

  events(): readonly EventRecord[] {
    return this.postsOfType('event') as readonly EventRecord[];
  }

  /** The lowest-ID post of that type whose slug is `slug` now. */
  postBySlug(type: PostType, slug: string): PostRecord | undefined {
    if (!slug) return undefined;
    return this.lowestId((this.bySlug.get(`${type}:${slug}`) ?? []).filter((post) => post.slug === slug));
  }

  /** Venues or organizers whose name matches case-insensitively, in ID order. */
  postsNamed(type: 'venue' | 'organizer', name: string): PostRecord[] {
    const key = nameKey(name);
    return (this.byName.get(`${type}:${key}`) ?? []).filter((post) => nameKey((post.fields as LinkedFields)[type]) === key).sort((a, b) => a.id - b.id);
  }

  private lowestId(posts: PostRecord[]): PostRecord | undefined {
    return posts.reduce<PostRecord | undefined>((best, post) => (!best || post.id < best.id ? post : best), undefined);
  }

  /** What WordPress keeps of the post beside its fields (none: an empty object). */
  extrasOf(id: number): Readonly<PostExtras> {
    return this.data.extras?.[id] ?? {};
  }

  /** Sets (or with `undefined`, drops) one of the post's extras. */
  setExtra<K extends keyof PostExtras>(id: number, key: K, value: PostExtras[K] | undefined): void {
    this.data.extras ??= {};
    const extras = (this.data.extras[id] ??= {});
    if (value === undefined) delete extras[key];
    else extras[key] = value;
    this.touch();
  }

  /** The next post ID, for a post the store does not keep (a revision). */
  takePostId(): number {
    this.touch();
    return this.data.nextPostId++;
  }

  addPost(post: Omit<PostRecord, 'id'>): PostRecord {
    const record = { id: this.data.nextPostId++, ...post } as PostRecord;
    this.data.posts.push(record);
    this.indexPost(record);
    this.touch();
    return record;
  }

  /** Deletes a post for good (WordPress core's `DELETE ...?force=true`). */
  removePost(id: number): void {
    const post = this.postsById.get(id);
    if (!post) return;
    this.data.posts = this.data.posts.filter((entry) => entry !== post);
    this.postsById.delete(id);
    this.postsByType.set(
      post.type,
      this.postsOfType(post.type).filter((entry) => entry !== post),
    );
    const keys = this.indexedKeys.get(id);
    if (keys) {
      this.unfile(this.bySlug, `${post.type}:${keys.slug}`, post);
      if (keys.name !== null) this.unfile(this.byName, `${post.type}:${keys.name}`, post);
      this.indexedKeys.delete(id);
    }
    this.counts = null;
    this.touch();
  }

  term(id: number, taxonomy?: Taxonomy): TermRecord | undefined {
    const term = this.termsById.get(id);
    return term && (!taxonomy || term.taxonomy === taxonomy) ? term : undefined;
  }

  /** Terms of one taxonomy in ID order. The array is the live index: do not modify it. */
  terms(taxonomy: Taxonomy): readonly TermRecord[] {
    return this.termsByTaxonomy.get(taxonomy) ?? [];
  }

  addTerm(term: Omit<TermRecord, 'id'>): TermRecord {
    const record = { id: this.data.nextTermId++, ...term };
    this.data.terms.push(record);
    this.termsById.set(record.id, record);
    this.listOf(this.termsByTaxonomy, record.taxonomy).push(record);
    this.changed();
    return record;
  }

  removeTerm(id: number): void {
    const term = this.termsById.get(id);
    this.data.terms = this.data.terms.filter((entry) => entry.id !== id);
    this.termsById.delete(id);
    if (term)
      this.termsByTaxonomy.set(
        term.taxonomy,
        this.terms(term.taxonomy).filter((entry) => entry.id !== id),
      );
    // Its children move up to its own parent, as wp_delete_term does.
    for (const child of this.data.terms) if (child.parent === id) child.parent = term?.parent ?? 0;
    for (const event of this.events()) {
      event.fields.categories = event.fields.categories.filter((termId) => termId !== id);
      event.fields.tags = event.fields.tags.filter((termId) => termId !== id);
    }
    this.counts = null;
    this.changed();
  }

  /** Published events per term ID (the `count` WordPress shows). */
  termCounts(): ReadonlyMap<number, number> {
    if (!this.counts) {
      this.counts = new Map();
      this.countedTerms = new Map();
      for (const event of this.events()) this.recount(event);
    }
    return this.counts;
  }

  private recount(event: EventRecord): void {
    const counts = this.counts;
    if (!counts) return;
    for (const id of this.countedTerms.get(event.id) ?? []) counts.set(id, (counts.get(id) ?? 1) - 1);
    const now = event.status === 'publish' ? [...event.fields.categories, ...event.fields.tags] : [];
    for (const id of now) counts.set(id, (counts.get(id) ?? 0) + 1);
    this.countedTerms.set(event.id, now);
  }

  /** A slug not yet used by another record of the same kind: `name`, `name-2`, `name-3`... */
  uniqueSlug(base: string, taken: (slug: string) => boolean): string {
    const root = base || 'untitled';
    if (!taken(root)) return root;
    for (let n = 2; ; n++) if (!taken(`${root}-${n}`)) return `${root}-${n}`;
  }
}
