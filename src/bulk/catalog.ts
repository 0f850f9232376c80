/**
 * A small index of related records so that the slugs and names in an import file are
 * resolved with one list walk per relation for the whole import.
 */
import type { ApiClient } from '../http/client.js';
import { resources } from '../resources.js';
import { walkEveryRecord } from '../commands/list.js';
import type { LinkRelation } from './prepare.js';

/** IDs of the records of one relation by ID, slug and lower-cased name. */
class RelationIndex {
  readonly ids = new Set<number>();
  readonly bySlug = new Map<string, number>();
  readonly byName = new Map<string, number>();

  add(id: number, slug: unknown, name: unknown): void {
    this.ids.add(id);
    if (typeof slug === 'string' && slug !== '') this.bySlug.set(slug, id);
    if (typeof name === 'string' && name !== '') {
      const key = nameKey(name);
      if (!this.byName.has(key)) this.byName.set(key, id);
    }
  }

  find(ref: string | number): number | undefined {
    if (typeof ref === 'number') return this.ids.has(ref) ? ref : undefined;
    return this.bySlug.get(ref) ?? this.byName.get(nameKey(ref));
  }
}

/** Names come back HTML-escaped (`Rock &#038; Roll`); compare them as people read them. */
export function nameKey(name: string): string {
  return name
    .replace(/&#0?38;|&amp;/g, '&')
    .replace(/&#8217;/g, '’')
    .replace(/&quot;|&#0?34;/g, '"')
    .replace(/&#0?39;/g, "'")
    .trim()
    .toLowerCase();
}

export class LinkCatalog {
  private readonly loaded = new Map<LinkRelation, Promise<RelationIndex>>();

  constructor(private readonly client: ApiClient) {}

  private index(relation: LinkRelation): Promise<RelationIndex> {
    let pending = this.loaded.get(relation);
    if (!pending) {
      const resource = resources[relation];
      const index = new RelationIndex();
      pending = walkEveryRecord(this.client, resource, (r) => {
        if (typeof r.id === 'number') index.add(r.id, r.slug, r[resource.nameField]);
      }).then(() => index);
      this.loaded.set(relation, pending);
    }
    return pending;
  }

  /** Loads the relations at once (one list walk each). */
  async load(relations: Iterable<LinkRelation>): Promise<void> {
    await Promise.all([...new Set(relations)].map((r) => this.index(r)));
  }

  /** The ID of a ref, or undefined; the relation must have been loaded. */
  async find(relation: LinkRelation, ref: string | number): Promise<number | undefined> {
    return (await this.index(relation)).find(ref);
  }

  /** Records created during the import become linkable at once (a child category after its parent). */
  async remember(relation: LinkRelation, record: Record<string, unknown>): Promise<void> {
    if (typeof record.id !== 'number') return;
    (await this.index(relation)).add(record.id, record.slug, record[resources[relation].nameField]);
  }
}
