/** `GET /categories` and `/tags`: hide_empty on by default, the include, exclude, parent, slug and event filters, and the orders. */
import { resources } from '../../spec/resources.js';
import { restBase, type RequestContext } from '../common/context.js';
import type { ParamProblems } from '../common/errors.js';
import { readListParams, type Params } from '../common/params.js';
import { paging, termPageLinks, type Page } from '../common/paging.js';
import type { Taxonomy, TermRecord } from '../store/store.js';
import { termJson } from './json.js';

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
  const eventGiven = query.get<number>('event') ?? query.get<number>('post');
  // The terms of one event are listed whether they are in use or not.
  const hideEmpty = eventGiven === undefined && (query.get<boolean>('hide_empty') ?? true);
  const search = query.get<string>('search')?.toLowerCase();
  const include = query.get<number[]>('include');
  const exclude = query.get<number[]>('exclude');
  const parent = query.get<number>('parent');
  const slug = query.get<string>('slug');
  const event = eventGiven !== undefined ? ctx.store.event(eventGiven) : undefined;
  const eventTerms = event ? new Set(event.fields[taxonomy]) : null;
  const found = ctx.store.terms(taxonomy).filter((term) => {
    if (search && !term.name.toLowerCase().includes(search) && !term.slug.includes(search)) return false;
    if (include && !include.includes(term.id)) return false;
    if (exclude?.includes(term.id)) return false;
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
  // hide_empty: unused terms are left out, but for a category whose descendants are in use
  // (WordPress's get_terms), while the total counts only the terms in use.
  const used = (term: TermRecord) => (counts.get(term.id) ?? 0) > 0;
  const shown = hideEmpty ? found.filter((term) => used(term) || (resources[taxonomy].hierarchical === true && hasUsedDescendant(ctx, term, used))) : found;
  const total = hideEmpty ? found.filter(used).length : found.length;
  const { page, perPage, slice } = paging(shown, query.get<number>('page'), query.get<number>('per_page'));
  const totalPages = Math.ceil(total / perPage);
  const links = termPageLinks(`${restBase(ctx.site)}/${taxonomy}/`, page, totalPages);
  return {
    body: {
      rest_url: links.restUrl,
      total,
      total_pages: totalPages,
      [taxonomy]: slice.map((term) => termJson(ctx, term)),
      ...links.neighbours,
    },
    total,
    totalPages,
  };
}

function hasUsedDescendant(ctx: RequestContext, term: TermRecord, used: (term: TermRecord) => boolean): boolean {
  return ctx.store.terms(term.taxonomy).some((child) => child.parent === term.id && (used(child) || hasUsedDescendant(ctx, child, used)));
}
