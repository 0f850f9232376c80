/**
 * WordPress core's routes for the calendar's taxonomies, as a real site answers them
 * (recordings-2, wp_tribe_events_cat_list.http and wp_tags_list.http): `GET /wp/v2/tribe_events_cat`,
 * `GET /wp/v2/tags` and `GET .../{id}`, and the update of `.../{id}`. Unlike the plugin's
 * `/categories` and `/tags`, empty terms are listed unless `hide_empty` is asked for, a page past
 * the end is an empty list, names come as stored (`Arts &amp; Culture`), and an update may
 * unlink a category from its parent.
 */
import { resources, wpRoute } from '../../spec/resources.js';
import type { RequestContext, SiteResponse } from '../common/context.js';
import { SiteError, noRoute } from '../common/errors.js';
import { asList, parseBoolean, type Params } from '../common/params.js';
import type { Taxonomy, TermRecord } from '../store/store.js';
import { TAXONOMIES } from '../store/kinds.js';
import { termArchiveUrl, termLinks } from '../terms/json.js';
import { applyFieldsParam } from './fields-param.js';
import { checkTermWrite, updateTerm } from '../terms/write.js';

type Json = Record<string, unknown>;

/** The taxonomy a `/wp/v2/{route}` serves, by route (`tags` -> `tags`, `tribe_events_cat` -> `categories`). */
export const CORE_TAXONOMIES: Readonly<Record<string, Taxonomy>> = Object.fromEntries(TAXONOMIES.map((name) => [wpRoute(resources[name]), name]));

const ORDERBY = ['id', 'include', 'name', 'slug', 'include_slugs', 'term_group', 'description', 'count'];
const CONTEXTS = ['view', 'embed', 'edit'];
/** What `context=embed` keeps of a term. */
const EMBED_KEYS = ['id', 'link', 'name', 'slug', 'taxonomy', '_links'];
const DEFAULT_PER_PAGE = 10;
const MAX_PER_PAGE = 100;
const ADMIN_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** A taxonomy with parents (categories): one whose resource has a `parent` field. */
const hierarchical = (taxonomy: Taxonomy) => resources[taxonomy].fields.some((field) => field.name === 'parent');

type Problem = { code: string; message: string; data: Json | null };

/** The core schema checks of the parameters present, all reported at once as WordPress does. */
function checkParams(taxonomy: Taxonomy, params: Params, single: boolean): void {
  const problems: Record<string, Problem> = {};
  const integer = (value: unknown) => (typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && /^-?\d+$/.test(value.trim()));
  const typeError = (name: string, type: string) =>
    (problems[name] = { code: 'rest_invalid_type', message: `${name} is not of type ${type}.`, data: { param: name } });
  const enumCheck = (name: string, allowed: string[]) => {
    if (params[name] !== undefined && !allowed.includes(String(params[name])))
      problems[name] = { code: 'rest_not_in_enum', message: `${name} is not one of ${allowed.join(', ')}.`, data: null };
  };
  enumCheck('context', CONTEXTS);
  if (!single) {
    const bounded = (name: string, max?: number) => {
      const value = params[name];
      if (value === undefined) return;
      if (!integer(value)) return typeError(name, 'integer');
      if (Number(value) < 1 || (max !== undefined && Number(value) > max)) {
        problems[name] = {
          code: 'rest_out_of_bounds',
          message: max === undefined ? `${name} must be greater than or equal to 1` : `${name} must be between 1 (inclusive) and ${max} (inclusive)`,
          data: null,
        };
      }
    };
    bounded('page');
    bounded('per_page', MAX_PER_PAGE);
    for (const name of ['exclude', 'include']) {
      const bad = asList(params[name]).findIndex((item) => !integer(item));
      if (bad >= 0) problems[name] = { code: 'rest_invalid_type', message: `${name}[${bad}] is not of type integer.`, data: { param: `${name}[${bad}]` } };
    }
    for (const name of [...(hierarchical(taxonomy) ? ['parent'] : ['offset']), 'post'])
      if (params[name] !== undefined && params[name] !== '' && !integer(params[name])) typeError(name, 'integer');
    enumCheck('order', ['asc', 'desc']);
    enumCheck('orderby', ORDERBY);
    if (params.hide_empty !== undefined && params.hide_empty !== '' && parseBoolean(params.hide_empty) === undefined) typeError('hide_empty', 'boolean');
  }
  const names = Object.keys(problems);
  if (!names.length) return;
  const messages = Object.fromEntries(names.map((name) => [name, problems[name].message]));
  throw new SiteError(400, 'rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, { params: messages, details: problems });
}

/** A category or tag as WordPress core shows it; `allow` gives its `_links`. */
export function coreTermJson(ctx: RequestContext, term: TermRecord, allow: string[], context = 'view'): Json {
  const out: Json = {
    id: term.id,
    count: ctx.store.termCounts().get(term.id) ?? 0,
    description: term.description,
    link: termArchiveUrl(ctx, term),
    name: term.name,
    slug: term.slug,
    taxonomy: resources[term.taxonomy].wpType,
  };
  if (hierarchical(term.taxonomy)) out.parent = term.parent;
  out.meta = [];
  out._links = termLinks(ctx, term, allow);
  return context === 'embed' ? Object.fromEntries(Object.entries(out).filter(([key]) => EMBED_KEYS.includes(key))) : out;
}

/** get_terms with `hide_empty`: an empty term stays when one of its descendants is used (hierarchical taxonomies). */
function usedTerms(ctx: RequestContext, taxonomy: Taxonomy): Set<number> {
  const counts = ctx.store.termCounts();
  const used = new Set<number>();
  for (const term of ctx.store.terms(taxonomy)) {
    if (!(counts.get(term.id) ?? 0)) continue;
    for (
      let current: TermRecord | undefined = term;
      current && !used.has(current.id);
      current = hierarchical(taxonomy) && current.parent ? ctx.store.term(current.parent) : undefined
    )
      used.add(current.id);
  }
  return used;
}

function compareBy(ctx: RequestContext, orderby: string, include: number[], slugs: string[]): (a: TermRecord, b: TermRecord) => number {
  const counts = ctx.store.termCounts();
  const byName = (a: TermRecord, b: TermRecord) => a.name.toLowerCase().localeCompare(b.name.toLowerCase());
  const keys: Record<string, (a: TermRecord, b: TermRecord) => number> = {
    id: (a, b) => a.id - b.id,
    name: byName,
    slug: (a, b) => a.slug.localeCompare(b.slug),
    description: (a, b) => a.description.toLowerCase().localeCompare(b.description.toLowerCase()),
    count: (a, b) => (counts.get(a.id) ?? 0) - (counts.get(b.id) ?? 0),
    term_group: () => 0,
    // FIELD() on a list that is not given orders nothing: the names decide.
    include: include.length ? (a, b) => include.indexOf(a.id) - include.indexOf(b.id) : byName,
    include_slugs: slugs.length ? (a, b) => slugs.indexOf(a.slug) - slugs.indexOf(b.slug) : byName,
  };
  const key = keys[orderby] ?? byName;
  return (a, b) => key(a, b) || a.id - b.id;
}

function pageLinkHeader(ctx: RequestContext, route: string, params: Params, page: number, totalPages: number): string | undefined {
  const url = (target: number) => {
    // add_query_arg: `page` keeps its place in the query when it was given, or goes last.
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params))
      search.append(key, key === 'page' ? String(target) : Array.isArray(value) ? value.join(',') : String(value));
    if (!search.has('page')) search.append('page', String(target));
    return `${ctx.site.baseUrl}/wp-json/wp/v2/${route}?${search.toString()}`;
  };
  const links: string[] = [];
  if (page > 1) links.push(`<${url(Math.min(page - 1, totalPages))}>; rel="prev"`);
  if (page < totalPages) links.push(`<${url(page + 1)}>; rel="next"`);
  return links.length ? links.join(', ') : undefined;
}

/** Why the GET permission check refuses the request, as get_items/get_item_permissions_check do; null when it passes. */
function refusal(ctx: RequestContext, taxonomy: Taxonomy, id: number | undefined, params: Params): SiteError | null {
  const edit = params.context === 'edit' && !ctx.user;
  if (id !== undefined) {
    if (!ctx.store.term(id, taxonomy)) return new SiteError(404, 'rest_term_invalid', 'Term does not exist.');
    return edit ? new SiteError(401, 'rest_forbidden_context', 'Sorry, you are not allowed to edit this term.') : null;
  }
  if (edit) return new SiteError(401, 'rest_forbidden_context', 'Sorry, you are not allowed to edit terms in this taxonomy.');
  const postId = params.post !== undefined && params.post !== '' ? Number(params.post) : 0;
  if (!postId) return null;
  const post = ctx.store.post(postId);
  if (!post) return new SiteError(400, 'rest_post_invalid_id', 'Invalid post ID.');
  if (post.status !== 'publish' && !ctx.user) return new SiteError(401, 'rest_forbidden_context', 'Sorry, you are not allowed to view terms for this post.');
  return null;
}

/** `Allow`: the methods whose permission checks pass for this request (none: no header). */
function allowed(ctx: RequestContext, taxonomy: Taxonomy, id: number | undefined, getRefused: boolean): string[] {
  const methods = getRefused ? [] : ['GET'];
  if (!ctx.user) return methods;
  if (id === undefined) return [...methods, 'POST'];
  return ctx.store.term(id, taxonomy) ? ADMIN_METHODS : [];
}

function listCoreTerms(ctx: RequestContext, route: string, taxonomy: Taxonomy, params: Params): SiteResponse {
  const context = String(params.context ?? 'view');
  const postId = params.post !== undefined && params.post !== '' ? Number(params.post) : 0;
  // Only events carry categories and tags: the terms of a venue or organizer are none.
  const post = postId ? ctx.store.event(postId) : undefined;
  const perPage = params.per_page === undefined ? DEFAULT_PER_PAGE : Number(params.per_page);
  const page = params.page === undefined ? 1 : Number(params.page);
  const include = asList(params.include).map(Number);
  // get_terms ignores `exclude` once `include` is given.
  const exclude = include.length ? [] : asList(params.exclude).map(Number);
  const slugs = asList(params.slug);
  const search = typeof params.search === 'string' ? params.search.trim().toLowerCase() : '';
  const parent = hierarchical(taxonomy) && params.parent !== undefined && params.parent !== '' ? Number(params.parent) : undefined;
  const used = parseBoolean(params.hide_empty) === true ? usedTerms(ctx, taxonomy) : null;
  const ofPost = postId ? new Set(post ? post.fields[taxonomy] : []) : null;
  const found = ctx.store.terms(taxonomy).filter((term) => {
    if (used && !used.has(term.id)) return false;
    if (ofPost && !ofPost.has(term.id)) return false;
    if (include.length && !include.includes(term.id)) return false;
    if (exclude.includes(term.id) || (slugs.length && !slugs.includes(term.slug))) return false;
    if (parent !== undefined && term.parent !== parent) return false;
    return !search || term.name.toLowerCase().includes(search) || term.slug.includes(search);
  });
  found.sort(compareBy(ctx, String(params.orderby ?? 'name'), include, slugs));
  if (String(params.order ?? 'asc') === 'desc') found.reverse();
  const offset = !hierarchical(taxonomy) && Number(params.offset) ? Number(params.offset) : (page - 1) * perPage;
  const shownPage = Math.ceil(offset / perPage + 1);
  const totalPages = Math.ceil(found.length / perPage);
  const body = found.slice(offset, offset + perPage).map((term) => coreTermJson(ctx, term, ctx.user ? ADMIN_METHODS : ['GET'], context));
  const headers: Record<string, string> = { 'X-WP-Total': String(found.length), 'X-WP-TotalPages': String(totalPages) };
  const link = pageLinkHeader(ctx, route, params, shownPage, totalPages);
  if (link) headers.Link = link;
  return { status: 200, body: applyFieldsParam(body, params._fields), headers };
}

/** The term a write names, with `Allow` set as its permission checks give it: 404 when there is none, 401 for a visitor. */
function writableTerm(ctx: RequestContext, taxonomy: Taxonomy, id: number, headers: Record<string, string>, code: string, refusal: string): TermRecord {
  const term = ctx.store.term(id, taxonomy);
  const allow = allowed(ctx, taxonomy, id, false);
  if (allow.length) headers.Allow = allow.join(', ');
  else delete headers.Allow;
  if (!term) throw new SiteError(404, 'rest_term_invalid', 'Term does not exist.');
  if (!ctx.user) throw new SiteError(401, code, refusal);
  return term;
}

/**
 * `POST`/`PUT`/`PATCH /wp/v2/{taxonomy route}/{id}`: the plugin's term update (terms/write.ts)
 * without its parent check, which refuses 0: here `parent: 0` (or `null`) unlinks a category
 * from its parent, and a tag refuses any parent but `null` (measured: test/fixtures/term-parent).
 */
function updateCoreTerm(ctx: RequestContext, taxonomy: Taxonomy, id: number, params: Params, headers: Record<string, string>): SiteResponse {
  const term = writableTerm(ctx, taxonomy, id, headers, 'rest_cannot_update', 'Sorry, you are not allowed to edit this term.');
  const parent = params.parent;
  if (parent !== undefined && parent !== null) {
    checkTermWrite(taxonomy, params);
    const integer = (typeof parent === 'number' && Number.isInteger(parent)) || (typeof parent === 'string' && /^-?\d+$/.test(parent.trim()));
    if (!integer) {
      const problem = { code: 'rest_invalid_type', message: 'parent is not of type integer.', data: { param: 'parent' } };
      throw new SiteError(400, 'rest_invalid_param', 'Invalid parameter(s): parent', { params: { parent: problem.message }, details: { parent: problem } });
    }
    if (Number(parent) !== 0 && !ctx.store.term(Number(parent), taxonomy)) throw new SiteError(400, 'rest_term_invalid', 'Parent term does not exist.');
  }
  updateTerm(ctx, term, parent === null && hierarchical(taxonomy) ? { ...params, parent: 0 } : { ...params, parent: parent ?? undefined });
  return { status: 200, body: coreTermJson(ctx, term, ADMIN_METHODS, 'edit') };
}

/**
 * `DELETE /wp/v2/{taxonomy route}/{id}`: terms have no trash, so only `force=true` deletes (a 501
 * otherwise); the answer is the term as it was, without its links.
 */
function deleteCoreTerm(ctx: RequestContext, taxonomy: Taxonomy, id: number, params: Params, headers: Record<string, string>): SiteResponse {
  const term = writableTerm(ctx, taxonomy, id, headers, 'rest_cannot_delete', 'Sorry, you are not allowed to delete this term.');
  if (parseBoolean(params.force) !== true) throw new SiteError(501, 'rest_trash_not_supported', "Terms do not support trashing. Set 'force=true' to delete.");
  const { _links, ...previous } = coreTermJson(ctx, term, [], 'edit');
  ctx.store.removeTerm(id);
  delete headers.Allow; // the term is gone: nothing is allowed on it any more
  return { status: 200, body: { deleted: true, previous } };
}

/** Answers `/wp/v2/{taxonomy route}[/{id}]`; `headers` is the response's, as for the post routes. */
export function handleCoreTerms(
  ctx: RequestContext,
  method: string,
  route: string,
  id: number | undefined,
  params: Params,
  headers: Record<string, string>,
): SiteResponse {
  const taxonomy = CORE_TAXONOMIES[route];
  if (id !== undefined && (method === 'POST' || method === 'PUT' || method === 'PATCH')) return updateCoreTerm(ctx, taxonomy, id, params, headers);
  if (id !== undefined && method === 'DELETE') return deleteCoreTerm(ctx, taxonomy, id, params, headers);
  if (method !== 'GET') throw noRoute();
  const refused = refusal(ctx, taxonomy, id, params);
  const allow = allowed(ctx, taxonomy, id, Boolean(refused));
  if (allow.length) headers.Allow = allow.join(', ');
  else delete headers.Allow;
  checkParams(taxonomy, params, id !== undefined);
  if (refused) throw refused;
  if (id === undefined) return listCoreTerms(ctx, route, taxonomy, params);
  const term = ctx.store.term(id, taxonomy)!;
  const body = coreTermJson(ctx, term, ctx.user ? ADMIN_METHODS : ['GET'], String(params.context ?? 'view'));
  return { status: 200, body: applyFieldsParam(body, params._fields) };
}
