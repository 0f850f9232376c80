/** Categories and tags as the real server serialises them, alone or inside an event. */
import { resources, wpRoute } from '../../spec/resources.js';
import { restBase, type RequestContext } from '../common/context.js';
import { text, type Json } from '../common/post-json.js';
import type { TermRecord } from '../store/store.js';

function termUrls(ctx: RequestContext, term: TermRecord): Json {
  const collection = `${restBase(ctx.site)}/${term.taxonomy}`;
  return { self: `${collection}/${term.id}`, collection, ...(term.parent ? { up: `${collection}/${term.parent}` } : {}) };
}

/** A category or tag inside an event. */
export function embeddedTermJson(ctx: RequestContext, term: TermRecord): Json {
  return {
    name: text(ctx, term, 'name', term.name),
    slug: term.slug,
    term_group: 0,
    term_taxonomy_id: term.id,
    taxonomy: resources[term.taxonomy].wpType,
    description: text(ctx, term, 'description', term.description),
    parent: term.parent,
    count: ctx.store.termCounts().get(term.id) ?? 0,
    filter: 'raw',
    id: term.id,
    urls: termUrls(ctx, term),
  };
}

/** A term's archive page; a category's path holds its ancestors' slugs too. */
export function termArchiveUrl(ctx: RequestContext, term: TermRecord): string {
  const path: string[] = [];
  for (let current: TermRecord | undefined = term; current && path.length < 20; current = current.parent ? ctx.store.term(current.parent) : undefined)
    path.unshift(current.slug);
  return `${ctx.site.baseUrl}/${resources[term.taxonomy].permalinkBase}/${path.join('/')}/`;
}

/** A category or tag as `/categories` and `/tags` return it; `_links` only on single reads and writes. */
export function termJson(ctx: RequestContext, term: TermRecord, options: { links?: boolean; admin?: boolean } = {}): Json {
  const out: Json = {
    id: term.id,
    count: ctx.store.termCounts().get(term.id) ?? 0,
    description: text(ctx, term, 'description', term.description),
    name: text(ctx, term, 'name', term.name),
    slug: term.slug,
    taxonomy: resources[term.taxonomy].wpType,
  };
  if (resources[term.taxonomy].hierarchical) out.parent = term.parent;
  out.meta = [];
  out.url = termArchiveUrl(ctx, term);
  out.urls = termUrls(ctx, term);
  if (options.links) out._links = termLinks(ctx, term, options.admin ? ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] : ['GET']);
  return out;
}

/** A term's `_links`, pointing at WordPress core's routes; `allow` is what the caller may do with it. */
export function termLinks(ctx: RequestContext, term: TermRecord, allow: string[]): Json {
  const core = `${ctx.site.baseUrl}/wp-json/wp/v2`;
  const taxonomy = resources[term.taxonomy];
  const route = wpRoute(taxonomy);
  return {
    self: [{ href: `${core}/${route}/${term.id}`, targetHints: { allow } }],
    collection: [{ href: `${core}/${route}` }],
    about: [{ href: `${core}/taxonomies/${taxonomy.wpType}` }],
    ...(term.parent && ctx.store.term(term.parent) ? { up: [{ embeddable: true, href: `${core}/${route}/${term.parent}` }] } : {}),
    'wp:post_type': [
      // Tags belong to WordPress's own posts as well.
      ...(term.taxonomy === 'tags' ? [{ href: `${core}/posts?${route}=${term.id}` }] : []),
      { href: `${core}/${wpRoute(resources.events)}?${route}=${term.id}` },
      // The plugin's calendar-embed post type shares both taxonomies.
      { href: `${core}/tec_calendar_embed?${route}=${term.id}` },
    ],
    curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
  };
}
