/** Categories and tags: create (colliding names are `term_exists`, see duplicate-name.ts) and update; a delete removes the term for good. */
import { resources } from '../../spec/resources.js';
import type { RequestContext } from '../common/context.js';
import { SiteError } from '../common/errors.js';
import { setVariant } from '../common/i18n.js';
import type { Params } from '../common/params.js';
import type { Taxonomy, TermRecord } from '../store/store.js';
import { slugFromName } from '../../wordpress/slugs.js';
import { termName } from '../../wordpress/text.js';
import { collidingTerm } from './duplicate-name.js';
import { termDescription } from './description.js';

export function checkTermWrite(taxonomy: Taxonomy, params: Params): void {
  if (!resources[taxonomy].hierarchical && params.parent !== undefined) {
    throw new SiteError(400, 'rest_taxonomy_not_hierarchical', 'Cannot set parent term, taxonomy is not hierarchical.');
  }
}

function termExists(taxonomy: Taxonomy, term: TermRecord): SiteError {
  const where = resources[taxonomy].hierarchical ? 'with this parent' : 'in this taxonomy';
  return new SiteError(
    400,
    'term_exists',
    `A term with the name provided already exists ${where}.`,
    { term_id: term.id },
    { additional_data: [term.id, term.id] },
  );
}

export function createTerm(ctx: RequestContext, taxonomy: Taxonomy, params: Params): TermRecord {
  const name = termName(String(params.name));
  const parent = params.parent !== undefined ? Number(params.parent) : 0;
  const slugSent = typeof params.slug === 'string' && params.slug !== '';
  let slug = slugFromName(slugSent ? String(params.slug) : name);
  const duplicate = collidingTerm(ctx.store.terms(taxonomy), taxonomy, { name, slug, slugSent, parent });
  if (duplicate) throw termExists(taxonomy, duplicate);
  const taken = (candidate: string) => ctx.store.terms(taxonomy).some((term) => term.slug === candidate);
  if (taken(slug) && parent) slug = `${slug}-${ctx.store.term(parent)?.slug ?? parent}`;
  slug = uniqueTermSlug(ctx, taxonomy, slug);
  const description = typeof params.description === 'string' ? termDescription(params.description) : '';
  const term = ctx.store.addTerm({ taxonomy, name, slug, description, parent });
  if (ctx.language) {
    setVariant(term, ctx.language, 'name', name);
    if (description) setVariant(term, ctx.language, 'description', description);
  }
  return term;
}

export function updateTerm(ctx: RequestContext, term: TermRecord, params: Params): void {
  const asked = params.parent !== undefined ? Number(params.parent) : term.parent;
  // A parent that would make a loop (the category itself or one of its descendants) becomes 0,
  // as WordPress's hierarchy loop check does.
  const parent = asked === term.id || isDescendant(ctx, asked, term.id) ? 0 : asked;
  for (const field of ['name', 'description'] as const) {
    const raw = params[field];
    if (typeof raw !== 'string') continue;
    const value = field === 'name' ? termName(raw) : termDescription(raw);
    if (ctx.language) setVariant(term, ctx.language, field, value);
    else term[field] = value;
  }
  if (typeof params.slug === 'string' && slugFromName(params.slug) !== term.slug) term.slug = uniqueTermSlug(ctx, term.taxonomy, slugFromName(params.slug));
  term.parent = parent;
  ctx.store.changed();
}

function isDescendant(ctx: RequestContext, candidate: number, ancestor: number): boolean {
  for (let id = candidate, steps = 0; id && steps < 1000; steps++) {
    const parent = ctx.store.term(id)?.parent ?? 0;
    if (parent === ancestor) return true;
    id = parent;
  }
  return false;
}

export function uniqueTermSlug(ctx: RequestContext, taxonomy: Taxonomy, slug: string): string {
  return ctx.store.uniqueSlug(slug, (candidate) => ctx.store.terms(taxonomy).some((term) => term.slug === candidate));
}
