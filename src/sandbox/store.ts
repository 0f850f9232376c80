/**
 * The sandbox's state: posts (events, venues, organizers share one ID sequence, as on
 * WordPress) and terms (categories and tags share another). Kept in plain JSON-able
 * objects so the whole state can be written to one file; indexes are rebuilt on load.
 */
import type { Language } from './i18n.js';

export type PostType = 'event' | 'venue' | 'organizer';
export type Taxonomy = 'categories' | 'tags';

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
  parent?: number;
}

export type LinkedFields = Record<string, string | boolean | null>;

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

export class Store {
  data: StoreData;
  /** Bumped on every change; caches compare against it. */
  revision = 0;
  dirty = false;
  private postsById = new Map<number, PostRecord>();
  private termsById = new Map<number, TermRecord>();
  private cache = new Map<string, { revision: number; value: unknown }>();

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
    this.postsById = new Map(this.data.posts.map((post) => [post.id, post]));
    this.termsById = new Map(this.data.terms.map((term) => [term.id, term]));
    this.cache.clear();
  }

  /** Marks the state changed: caches drop, persistence picks it up. */
  changed(): void {
    this.revision++;
    this.dirty = true;
  }

  /** A value derived from the whole store, recomputed only after a change. */
  derived<T>(key: string, compute: () => T): T {
    const hit = this.cache.get(key);
    if (hit && hit.revision === this.revision) return hit.value as T;
    const value = compute();
    this.cache.set(key, { revision: this.revision, value });
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

  postsOfType(type: PostType): PostRecord[] {
    return this.derived(`posts:${type}`, () => this.data.posts.filter((post) => post.type === type));
  }

  events(): EventRecord[] {
    return this.postsOfType('event') as EventRecord[];
  }

  postBySlug(type: PostType, slug: string): PostRecord | undefined {
    const index = this.derived(`slugs:${type}`, () => {
      const map = new Map<string, PostRecord>();
      for (const post of this.postsOfType(type)) if (post.slug && !map.has(post.slug)) map.set(post.slug, post);
      return map;
    });
    return index.get(slug);
  }

  addPost(post: Omit<PostRecord, 'id'>): PostRecord {
    const record = { id: this.data.nextPostId++, ...post } as PostRecord;
    this.data.posts.push(record);
    this.postsById.set(record.id, record);
    this.changed();
    return record;
  }

  term(id: number, taxonomy?: Taxonomy): TermRecord | undefined {
    const term = this.termsById.get(id);
    return term && (!taxonomy || term.taxonomy === taxonomy) ? term : undefined;
  }

  terms(taxonomy: Taxonomy): TermRecord[] {
    return this.derived(`terms:${taxonomy}`, () => this.data.terms.filter((term) => term.taxonomy === taxonomy));
  }

  addTerm(term: Omit<TermRecord, 'id'>): TermRecord {
    const record = { id: this.data.nextTermId++, ...term };
    this.data.terms.push(record);
    this.termsById.set(record.id, record);
    this.changed();
    return record;
  }

  removeTerm(id: number): void {
    this.data.terms = this.data.terms.filter((term) => term.id !== id);
    this.termsById.delete(id);
    for (const event of this.events()) {
      event.fields.categories = event.fields.categories.filter((termId) => termId !== id);
      event.fields.tags = event.fields.tags.filter((termId) => termId !== id);
    }
    this.changed();
  }

  /** Published events per term ID (the `count` WordPress shows). */
  termCounts(): Map<number, number> {
    return this.derived('termCounts', () => {
      const counts = new Map<number, number>();
      for (const event of this.events()) {
        if (event.status !== 'publish') continue;
        for (const id of [...event.fields.categories, ...event.fields.tags]) counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      return counts;
    });
  }

  /** A slug not yet used by another record of the same kind: `name`, `name-2`, `name-3`... */
  uniqueSlug(base: string, taken: (slug: string) => boolean): string {
    const root = base || 'untitled';
    if (!taken(root)) return root;
    for (let n = 2; ; n++) if (!taken(`${root}-${n}`)) return `${root}-${n}`;
  }
}

/** WordPress-like slug: lower case, accents dropped, runs of other characters become one dash. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&[a-z]+;|&#\d+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
