/**
 * Events, venues and organizers as WordPress core's `/wp/v2/{post type}` routes show them:
 * rendered title/content/excerpt, GMT dates with a `T`, `_links`; more with `context=edit`.
 */
import { resources, wpRoute } from '../../spec/resources.js';
import type { RequestContext } from '../common/context.js';
import { postUrl } from '../common/post-json.js';
import { modifiedLocal } from '../common/post-fields.js';
import { generatedExcerpt, hasBlocks, renderContent, renderExcerpt, renderTitle } from '../common/render.js';
import type { EventFields, PostRecord, PostType, TermRecord } from '../store/store.js';
import { POST_RESOURCES, POST_TYPE, postResource } from '../store/kinds.js';
import { postTexts } from '../common/revisions.js';
import { convertWallClock } from '../../base/time.js';
import { collationKey } from '../../wordpress/collation.js';
import { slugFromName } from '../../wordpress/slugs.js';

type Json = Record<string, unknown>;

/** The post type a `/wp/v2/{route}` serves, by route (`tribe_events` -> `event`). */
export const CORE_POST_TYPES: Readonly<Record<string, PostType>> = Object.fromEntries(
  POST_RESOURCES.map((name) => [wpRoute(resources[name]), POST_TYPE[name]]),
);
/** A route of `CORE_POST_TYPES`. */
export type CorePostType = string;

/** An event's taxonomies in the order WordPress lists them. */
const EVENT_TAXONOMIES = [resources.tags, resources.categories];

const isoLocal = (wall: string) => wall.replace(' ', 'T');

function postTerms(ctx: RequestContext, post: PostRecord): { tags: TermRecord[]; categories: TermRecord[] } {
  if (post.type !== 'event') return { tags: [], categories: [] };
  const f = post.fields as EventFields;
  // WordPress lists a post's terms by name (as the database collates them).
  const terms = (ids: number[]) =>
    ids
      .map((id) => ctx.store.term(id))
      .filter((term): term is TermRecord => Boolean(term))
      .sort((a, b) => (collationKey(a.name) < collationKey(b.name) ? -1 : collationKey(a.name) > collationKey(b.name) ? 1 : a.id - b.id));
  return { tags: terms(f.tags), categories: terms(f.categories) };
}

function links(ctx: RequestContext, post: PostRecord, wpType: CorePostType, allow: string[], edit: boolean): Json {
  const core = `${ctx.site.baseUrl}/wp-json/wp/v2`;
  const { revisions } = ctx.store.extrasOf(post.id);
  const out: Json = {
    self: [{ href: `${core}/${wpType}/${post.id}`, targetHints: { allow } }],
    collection: [{ href: `${core}/${wpType}` }],
    about: [{ href: `${core}/types/${wpType}` }],
    author: [{ embeddable: true, href: `${core}/users/${post.author}` }],
    'version-history': [{ count: revisions?.count ?? 0, href: `${core}/${wpType}/${post.id}/revisions` }],
    ...(revisions ? { 'predecessor-version': [{ id: revisions.latest, href: `${core}/${wpType}/${post.id}/revisions/${revisions.latest}` }] } : {}),
    'wp:attachment': [{ href: `${core}/media?parent=${post.id}` }],
  };
  if (post.type === 'event') {
    out['wp:term'] = EVENT_TAXONOMIES.map((taxonomy) => ({
      taxonomy: taxonomy.wpType,
      embeddable: true,
      href: `${core}/${wpRoute(taxonomy)}?post=${post.id}`,
    }));
  }
  if (edit) {
    const self = [{ href: `${core}/${wpType}/${post.id}` }];
    const taxonomies = post.type === 'event' ? EVENT_TAXONOMIES.map(wpRoute) : [];
    for (const action of ['publish', 'unfiltered-html', 'assign-author', ...taxonomies.flatMap((name) => [`create-${name}`, `assign-${name}`])])
      out[`wp:action-${action}`] = self;
  }
  out.curies = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];
  return out;
}

/**
 * The slug the editor proposes (get_sample_permalink): the current title made a slug, unique
 * among the other posts of the type; the post's ID when the title gives none.
 */
function generatedSlug(ctx: RequestContext, post: PostRecord): string {
  const base = slugFromName(postTexts(post).title);
  if (!base) return String(post.id);
  const slug = ctx.store.uniqueSlug(base, (candidate) => {
    const holder = ctx.store.postBySlug(post.type, candidate);
    return holder !== undefined && holder !== post;
  });
  // Shown decoded (`emoji-🎉`), where the slug itself stays percent-encoded.
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}

export interface CoreJsonOptions {
  edit?: boolean;
  /** `_links`, left out of the `previous` record a delete answers with. */
  allow?: string[];
  /**
   * The top-level keys `_fields` keeps: the costly others are not built (a walk of names
   * asks for `id,slug,title` of thousands of records). The caller still applies `_fields`.
   */
  only?: ReadonlySet<string>;
}

export function corePostJson(ctx: RequestContext, post: PostRecord, wpType: CorePostType, options: CoreJsonOptions = {}): Json {
  const edit = options.edit === true;
  // A key left out here is one `_fields` drops afterwards anyway.
  const wanted = (key: string) => !options.only || options.only.has(key);
  const texts = postTexts(post);
  const link = postUrl(ctx, post);
  const liveSlug = post.slug.replace(/__trashed$/, '');
  const permalinkBase = postResource(post.type).permalinkBase;
  const guid = `${ctx.site.baseUrl}${post.guid ?? (liveSlug ? `/${permalinkBase}/${liveSlug}/` : `/?post_type=${wpType}&p=${post.id}`)}`;
  const { tags, categories } = postTerms(ctx, post);
  const out: Json = { id: post.id, date: isoLocal(post.date) };
  if (wanted('date_gmt')) out.date_gmt = isoLocal(post.dateUtc ?? convertWallClock(post.date, ctx.site.timezone, 'UTC'));
  out.guid = edit ? { rendered: guid, raw: guid } : { rendered: guid };
  if (wanted('modified') || wanted('modified_gmt')) {
    out.modified = isoLocal(modifiedLocal(ctx, post));
    out.modified_gmt = isoLocal(convertWallClock(modifiedLocal(ctx, post), ctx.site.timezone, 'UTC'));
  }
  if (edit) out.password = post.password ?? '';
  Object.assign(out, {
    slug: post.slug,
    status: post.status,
    type: wpType,
    link,
    // Stored as typed (`raw`), shown through WordPress's filters (`rendered`).
    title: edit ? { raw: texts.title, rendered: renderTitle(texts.title) } : { rendered: renderTitle(texts.title) },
    content: !wanted('content')
      ? undefined
      : edit
        ? { raw: texts.content, rendered: renderContent(texts.content), protected: false, block_version: hasBlocks(texts.content) ? 1 : 0 }
        : { rendered: renderContent(texts.content), protected: false },
    excerpt: !wanted('excerpt')
      ? undefined
      : { ...(edit ? { raw: texts.excerpt } : {}), rendered: texts.excerpt ? renderExcerpt(texts.excerpt) : generatedExcerpt(texts.content), protected: false },
    author: post.author,
    featured_media: 0,
    template: '',
    meta: post.type === 'event' ? { _tribe_events_status: '', _tribe_events_status_reason: '', footnotes: '' } : { footnotes: '' },
  });
  if (post.type === 'event') {
    out[wpRoute(resources.tags)] = tags.map((term) => term.id);
    out[wpRoute(resources.categories)] = categories.map((term) => term.id);
  }
  // Venues and organizers have no slug templates (real core answers, test/fixtures/lossless/core-*-edit.json).
  if (edit && post.type === 'event') {
    out.permalink_template = `${ctx.site.baseUrl}/${permalinkBase}/%pagename%/`;
    out.generated_slug = generatedSlug(ctx, post);
  }
  if (post.type === 'event')
    out.class_list = [
      `post-${post.id}`,
      wpType,
      `type-${wpType}`,
      `status-${post.status}`,
      'hentry',
      ...tags.map((term) => `tag-${term.slug}`),
      ...categories.map((term) => `${resources.categories.wpType}-${term.slug}`),
      ...categories.map((term) => `cat_${term.slug}`),
    ];
  if (options.allow && wanted('_links')) out._links = links(ctx, post, wpType, options.allow, edit);
  return out;
}
