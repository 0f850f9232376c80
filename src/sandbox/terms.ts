/**
 * Categories and tags: list (hide_empty defaults to true), create (duplicate names are
 * `term_exists`), update, and delete for good.
 */
import { restBase, type RequestContext } from './context.js';
import { ApiError, ParamProblems } from './errors.js';
import { uniqueTermSlug } from './event-write.js';
import { setVariant } from './i18n.js';
import { readListParams, type Params } from './params.js';
import { paging, termPageLinks, type Page } from './paging.js';
import { termJson } from './records.js';
import { slugify, type Taxonomy, type TermRecord } from './store.js';
import { termName } from './text-filters.js';

export function checkTermWrite(taxonomy: Taxonomy, params: Params): void {
  if (taxonomy === 'tags' && params.parent !== undefined) {
    throw new ApiError(400, 'rest_taxonomy_not_hierarchical', 'Cannot set parent term, taxonomy is not hierarchical.');
  }
}

function duplicateOf(ctx: RequestContext, taxonomy: Taxonomy, name: string, parent: number, except?: number): TermRecord | undefined {
  const lower = name.trim().toLowerCase();
  return ctx.store.terms(taxonomy).find((term) => term.id !== except && term.name.toLowerCase() === lower && (taxonomy === 'tags' || term.parent === parent));
}

function termExists(taxonomy: Taxonomy, term: TermRecord): ApiError {
  const where = taxonomy === 'tags' ? 'in this taxonomy' : 'with this parent';
  return new ApiError(400, 'term_exists', `A term with the name provided already exists ${where}.`, { term_id: term.id }, { additional_data: [term.id, term.id] });
}

export function createTerm(ctx: RequestContext, taxonomy: Taxonomy, params: Params): TermRecord {
  const name = termName(String(params.name));
  const parent = params.parent !== undefined ? Number(params.parent) : 0;
  const duplicate = duplicateOf(ctx, taxonomy, name, parent);
  if (duplicate) throw termExists(taxonomy, duplicate);
  let slug = slugify(typeof params.slug === 'string' ? params.slug : name);
  const taken = (candidate: string) => ctx.store.terms(taxonomy).some((term) => term.slug === candidate);
  if (taken(slug) && parent) slug = `${slug}-${ctx.store.term(parent)?.slug ?? parent}`;
  slug = uniqueTermSlug(ctx, taxonomy, slug);
  const description = typeof params.description === 'string' ? params.description : '';
  const term = ctx.store.addTerm({ taxonomy, name, slug, description, parent });
  if (ctx.language) {
    setVariant(term, ctx.language, 'name', name);
    if (description) setVariant(term, ctx.language, 'description', description);
  }
  return term;
}

export function updateTerm(ctx: RequestContext, term: TermRecord, params: Params): void {
  const asked = params.parent !== undefined ? Number(params.parent) : term.parent;
  const parent = asked === term.id ? 0 : asked; // a category cannot be its own parent
  if (typeof params.name === 'string') {
    const duplicate = duplicateOf(ctx, term.taxonomy, termName(params.name), parent, term.id);
    if (duplicate) throw termExists(term.taxonomy, duplicate);
  }
  for (const field of ['name', 'description'] as const) {
    const raw = params[field];
    if (typeof raw !== 'string') continue;
    const value = field === 'name' ? termName(raw) : raw;
    if (ctx.language) setVariant(term, ctx.language, field, value);
    else term[field] = value;
  }
  if (typeof params.slug === 'string' && slugify(params.slug) !== term.slug) term.slug = uniqueTermSlug(ctx, term.taxonomy, slugify(params.slug));
  term.parent = parent;
  ctx.store.changed();
}

const COMPARE: Record<string, (a: TermRecord, b: TermRecord, counts: ReadonlyMap<number, number>) => number> = {
  name: (a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()),
  slug: (a, b) => a.slug.localeCompare(b.slug),
  description: (a, b) => a.description.localeCompare(b.description),
  count: (a, b, counts) => (counts.get(a.id) ?? 0) - (counts.get(b.id) ?? 0),
  id: (a, b) => a.id - b.id,
};

export function listTerms(ctx: RequestContext, taxonomy: Taxonomy, params: Params, problems: ParamProblems): Page {
  const query = readListParams(ctx, taxonomy, params, problems);
  problems.throwIfAny();
  const counts = ctx.store.termCounts();
  const hideEmpty = query.get<boolean>('hide_empty') ?? true;
  const search = query.get<string>('search')?.toLowerCase();
  const include = query.get<number[]>('include');
  const exclude = query.get<number[]>('exclude');
  const parent = query.get<number>('parent');
  const slug = query.get<string>('slug');
  const eventId = query.get<number>('event') ?? query.get<number>('post');
  const event = eventId !== undefined ? ctx.store.event(eventId) : undefined;
  const eventTerms = event ? new Set(taxonomy === 'categories' ? event.fields.categories : event.fields.tags) : null;
  const found = ctx.store.terms(taxonomy).filter((term) => {
    if (hideEmpty && !(counts.get(term.id) ?? 0)) return false;
    if (search && !term.name.toLowerCase().includes(search) && !term.slug.includes(search)) return false;
    if (include && !include.includes(term.id)) return false;
    if (exclude && exclude.includes(term.id)) return false;
    if (parent !== undefined && term.parent !== parent) return false;
    if (slug !== undefined && term.slug !== slug) return false;
    if (eventTerms && !eventTerms.has(term.id)) return false;
    return true;
  });
  const orderby = (query.get<string>('orderby') ?? 'name').toLowerCase();
  const descending = query.has('order') && query.get<string>('order')!.toLowerCase() !== 'asc';
  if (orderby === 'include' && include) {
    found.sort((a, b) => include.indexOf(a.id) - include.indexOf(b.id));
  } else {
    const key = orderby === 'term_id' || orderby === 'none' || orderby === 'parent' || orderby === 'term_group' ? 'id' : orderby in COMPARE ? orderby : 'name';
    found.sort((a, b) => COMPARE[key](a, b, counts) || a.id - b.id);
  }
  if (descending) found.reverse();
  const { page, totalPages, slice } = paging(found, query.get<number>('page'), query.get<number>('per_page'));
  const links = termPageLinks(`${restBase(ctx.site)}/${taxonomy}/`, page, totalPages);
  return {
    body: {
      rest_url: links.restUrl,
      total: found.length,
      total_pages: totalPages,
      [taxonomy]: slice.map((term) => termJson(ctx, term)),
      ...links.neighbours,
    },
    total: found.length,
    totalPages,
  };
}
