/**
 * Venues, organizers, categories and tags given by ID, slug or name become IDs before a
 * write: the server turns an existing tag name into a junk tag, refuses venue names and
 * silently drops unknown term IDs, so only checked IDs are ever sent. Each reference costs
 * one lookup (by ID, by slug, or a search for the name), cached for the command; imports
 * resolve a whole file's links with one list walk instead (src/bulk/catalog.ts).
 */
import { UsageError } from '../errors.js';
import { linkFields, resources, type Field, type LinkRelation, type Resource } from '../resources.js';
import { errorFromResponse, type ApiClient } from '../http/client.js';
import { decodeEntities } from '../output/values.js';


interface Index {
  ids: Set<number>;
  bySlug: Map<string, number>;
  byName: Map<string, number[]>;
}

const normalName = (name: string) => decodeEntities(name).trim().toLowerCase();

export class Resolver {
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

  /** Creates a record named `name` and remembers it, for --create-missing. */
  async create(relation: LinkRelation, name: string): Promise<number> {
    const resource = resources[relation];
    const res = await this.client.call<{ id: number; slug?: string }>('POST', resource.path, { body: { [resource.nameField]: name } });
    this.cache.set(`${relation}:${name.toLowerCase()}`, Promise.resolve(res.body.id));
    return res.body.id;
  }

  /** IDs of the records whose name is `name` (case and entities aside); one search. */
  async named(relation: LinkRelation, name: string): Promise<number[]> {
    const resource = resources[relation];
    const index: Index = { ids: new Set(), bySlug: new Map(), byName: new Map() };
    const query: Record<string, string | number> = resource.bySlug ? { per_page: 50, search: name } : { per_page: 50, search: name, hide_empty: 'false' };
    for (const item of await this.list(resource, query)) addToIndex(index, resource, item);
    return index.byName.get(normalName(name)) ?? [];
  }

  private lookupOne(relation: LinkRelation, text: string): Promise<number | undefined> {
    const key = `${relation}:${text.toLowerCase()}`;
    let found = this.cache.get(key);
    if (!found) {
      found = this.fetchOne(relation, text);
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
