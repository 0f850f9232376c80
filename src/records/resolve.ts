/**
 * Venues, organizers, categories and tags given by ID, slug or name become IDs before a
 * write: the server turns an existing tag name into a junk tag, refuses venue names and
 * silently drops unknown term IDs, so only checked IDs are ever sent.
 */
import { UsageError } from '../errors.js';
import { resources, type Field, type Resource, type ResourceName } from '../resources.js';
import { errorFromResponse, type ApiClient } from '../http/client.js';
import { decodeEntities } from '../output/values.js';

export type LinkRelation = Extract<ResourceName, 'venues' | 'organizers' | 'categories' | 'tags'>;

interface Index {
  ids: Set<number>;
  bySlug: Map<string, number>;
  byName: Map<string, number[]>;
}

const LINKABLE = new Set<string>(['venues', 'organizers', 'categories', 'tags']);
const normalName = (name: string) => decodeEntities(name).trim().toLowerCase();

export class Resolver {
  private readonly indexes = new Map<LinkRelation, Promise<Index>>();
  private readonly cache = new Map<string, Promise<number | undefined>>();

  constructor(private readonly client: ApiClient) {}

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

  /** Loads every record of a relation once; later lookups need no request (for imports). */
  async preload(relation: LinkRelation): Promise<void> {
    await this.index(relation);
  }

  /** Creates a record named `name` and remembers it, for --create-missing. */
  async create(relation: LinkRelation, name: string): Promise<number> {
    const resource = resources[relation];
    const res = await this.client.call<{ id: number; slug?: string }>('POST', resource.path, { body: { [resource.nameField]: name } });
    this.cache.set(`${relation}:${name.toLowerCase()}`, Promise.resolve(res.body.id));
    const index = this.indexes.has(relation) ? await this.index(relation) : undefined;
    if (index) {
      index.ids.add(res.body.id);
      if (res.body.slug) index.bySlug.set(res.body.slug.toLowerCase(), res.body.id);
      index.byName.set(normalName(name), [res.body.id]);
    }
    return res.body.id;
  }

  private lookupOne(relation: LinkRelation, text: string): Promise<number | undefined> {
    const key = `${relation}:${text.toLowerCase()}`;
    let found = this.cache.get(key);
    if (!found) {
      found = this.indexes.has(relation)
        ? this.index(relation).then((index) => (/^[0-9]+$/.test(text) ? (index.ids.has(Number(text)) ? Number(text) : undefined) : lookup(index, text, relation)))
        : this.fetchOne(relation, text);
      this.cache.set(key, found);
    }
    return found;
  }

  /** One request for an ID or a slug; a name costs a search. */
  private async fetchOne(relation: LinkRelation, text: string): Promise<number | undefined> {
    const resource = resources[relation];
    const terms = !resource.bySlug;
    const exists = async (path: string) => {
      const res = await this.client.send<{ id?: number }>('GET', path);
      if (res.status === 200 && typeof res.body?.id === 'number') return res.body.id;
      if (res.status >= 500 || res.status === 401 || res.text !== undefined) throw errorFromResponse(res);
      return undefined;
    };
    if (/^[0-9]+$/.test(text)) return exists(`${resource.path}/${text}`);
    if (!terms) {
      const bySlug = await exists(`${resource.path}/by-slug/${encodeURIComponent(text)}`);
      if (bySlug !== undefined) return bySlug;
    }
    const query: Record<string, string | number> = terms ? { hide_empty: 'false', per_page: 50 } : { per_page: 50 };
    const [slugMatches, nameMatches] = await Promise.all([
      terms ? this.list(resource, { ...query, slug: text }) : Promise.resolve([]),
      this.list(resource, { ...query, search: text }),
    ]);
    const index: Index = { ids: new Set(), bySlug: new Map(), byName: new Map() };
    for (const item of [...slugMatches, ...nameMatches]) addToIndex(index, resource, item);
    return lookup(index, text, relation);
  }

  private async list(resource: Resource, query: Record<string, string | number>): Promise<Array<Record<string, unknown>>> {
    const res = await this.client.call<Record<string, unknown>>('GET', resource.path, { query });
    return (res.body[resource.listKey] as Array<Record<string, unknown>> | undefined) ?? [];
  }

  private index(relation: LinkRelation): Promise<Index> {
    let index = this.indexes.get(relation);
    if (!index) {
      index = this.load(relation);
      this.indexes.set(relation, index);
    }
    return index;
  }

  private async load(relation: LinkRelation): Promise<Index> {
    const resource = resources[relation];
    const index: Index = { ids: new Set(), bySlug: new Map(), byName: new Map() };
    const terms = !resource.bySlug;
    for (let page = 1; ; page++) {
      const res = await this.client.send<Record<string, unknown>>('GET', resource.path, {
        query: { page, per_page: 50, ...(terms ? { hide_empty: 'false' } : {}) },
      });
      if (res.status === 404 && page > 1) break;
      if (res.status !== 200 || res.text !== undefined) throw errorFromResponse(res);
      const items = (res.body[resource.listKey] as Array<Record<string, unknown>> | undefined) ?? [];
      for (const item of items) addToIndex(index, resource, item);
      const totalPages = Number(res.body.total_pages ?? res.headers['x-tec-totalpages'] ?? page);
      if (items.length === 0 || page >= totalPages) break;
    }
    return index;
  }
}

function addToIndex(index: Index, resource: Resource, item: Record<string, unknown>): void {
  const id = Number(item.id);
  if (index.ids.has(id)) return;
  index.ids.add(id);
  if (typeof item.slug === 'string') index.bySlug.set(item.slug.toLowerCase(), id);
  const name = item[resource.nameField];
  if (typeof name === 'string') {
    const key = normalName(name);
    index.byName.set(key, [...(index.byName.get(key) ?? []), id]);
  }
}

function lookup(index: Index, text: string, relation: LinkRelation): number | undefined {
  const bySlug = index.bySlug.get(text.toLowerCase());
  if (bySlug !== undefined) return bySlug;
  const byName = index.byName.get(normalName(text));
  if (!byName) return undefined;
  if (byName.length > 1) {
    throw new UsageError(`"${text}" names ${byName.length} ${relation} (IDs ${byName.join(', ')})`, 'Give the ID or the slug instead.');
  }
  return byName[0];
}

/** The link fields of a resource: where a reference must become an ID. */
export function linkFields(resource: Resource): Field[] {
  return resource.fields.filter((f) => f.relation !== undefined && LINKABLE.has(f.relation));
}

export interface ResolveOptions {
  createMissing?: boolean;
}

/** The record with every link field as checked IDs; unknown references fail together, before any write. */
export async function resolveLinks(resolver: Resolver, resource: Resource, record: Record<string, unknown>, options: ResolveOptions = {}): Promise<Record<string, unknown>> {
  const out = { ...record };
  const missing: string[] = [];
  const pending: Array<{ field: Field; refs: Array<string | number> }> = [];
  for (const field of linkFields(resource)) {
    const value = record[field.name];
    if (value === undefined) continue;
    const refs = (Array.isArray(value) ? value : [value]) as Array<string | number>;
    const { ids, unknown } = await resolver.resolve(field.relation as LinkRelation, refs);
    if (unknown.length) {
      if (options.createMissing) pending.push({ field, refs: unknown });
      else missing.push(`${field.name}: ${unknown.join(', ')}`);
    }
    out[field.name] = field.many ? ids : ids[0];
  }
  if (missing.length) {
    throw new UsageError(`unknown ${missing.join('; ')}`, 'Use IDs, slugs or exact names of existing records, or add --create-missing to create them first.');
  }
  for (const { field, refs } of pending) {
    for (const ref of refs.map(String)) {
      if (/^[0-9]+$/.test(ref)) throw new UsageError(`${field.name}: no ${field.relation} has ID ${ref}`);
      const id = await resolver.create(field.relation as LinkRelation, ref);
      out[field.name] = field.many ? [...((out[field.name] as number[]) ?? []), id] : id;
    }
  }
  return out;
}
