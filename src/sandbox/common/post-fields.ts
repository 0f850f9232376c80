/**
 * Checks of writable fields, derived from each resource's field list in `src/spec/resources.ts`,
 * and the post metadata (status, author, publication date) every post write shares.
 */
import { postTexts, afterUpdate } from './revisions.js';
import { slugFromName } from '../../wordpress/slugs.js';
import { NEVER_PUBLISHED } from '../../wordpress/dates.js';
import { takesUrl } from '../../wordpress/urls.js';
import { resources, type ResourceName } from '../../spec/resources.js';
import { nowLocalWall, nowUtcWall, type RequestContext } from './context.js';
import { parseDateInput } from './dates.js';
import { missingParams, ParamProblems } from './errors.js';
import { parseBoolean, type Params } from './params.js';
import type { PostRecord } from '../store/store.js';
import { postResource } from '../store/kinds.js';
import { convertWallClock, isValidTimeZone } from '../../base/time.js';

export const KNOWN_USERS = new Set([1]);

function isUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Missing required fields (create only), then every field present with a bad type or value. */
export function checkWritableFields(ctx: RequestContext, resource: ResourceName, params: Params, create: boolean): ParamProblems {
  const fields = resources[resource].fields;
  if (create) {
    const missing = fields.filter((field) => field.required && params[field.name] === undefined).map((field) => field.name);
    if (missing.length) throw missingParams(missing);
  }
  const problems = new ParamProblems();

  for (const field of fields) {
    const value = params[field.name];
    if (value === undefined) continue;
    const name = field.name;
    switch (field.type) {
      case 'string':
      case 'text':
      case 'email':
      case 'boolstring':
        if (typeof value !== 'string') {
          // Text fields have validation callbacks that refuse a non-string; the map flags only a type.
          if (field.type === 'boolstring') problems.wrongType(name, 'string');
          else problems.invalid(name);
        } else if (value === '' && field.emptyRefused) {
          problems.invalid(name);
        } else if ((field.choices ?? field.suggestions) && !(field.choices ?? field.suggestions)!.includes(value)) {
          problems.invalid(name);
        } else if (name === 'timezone' && value !== '' && !isValidTimeZone(value)) {
          problems.invalid(name);
        } else if (name === 'image' && value !== '' && !isUrl(value)) {
          // No media library here: an attachment ID never exists.
          problems.invalid(name);
        }
        break;
      case 'date':
        if (typeof value !== 'string') problems.wrongType(name, 'string');
        else if (!parseDateInput(value, nowLocalWall(ctx))) problems.invalid(name);
        break;
      case 'boolean':
        if (parseBoolean(value) === undefined) problems.wrongType(name, 'boolean');
        break;
      case 'url':
        if (typeof value !== 'string') problems.wrongType(name, 'string');
        else if (value !== '' && !takesUrl(value)) problems.invalid(name);
        break;
      case 'ref':
      case 'id':
        if (field.relation === 'users' && !KNOWN_USERS.has(Number(value))) problems.invalid(name);
        if (
          field.relation === 'categories' &&
          !(typeof value === 'number' || /^\d+$/.test(String(value)) ? ctx.store.term(Number(value), 'categories') : undefined)
        ) {
          problems.invalid(name);
        }
        break;
      default:
        break;
    }
  }
  return problems;
}

export interface PostMeta {
  status: string;
  author: number;
  date: string;
  dateUtc: string | null;
}

/**
 * The UTC modification time a new post starts with: WordPress copies the publication date
 * on insert, so a draft's is the zero date until its first update.
 */
export function insertedModifiedUtc(meta: PostMeta): string {
  return meta.dateUtc ?? NEVER_PUBLISHED;
}

/** The local modification time: the post date while the UTC one is the zero date. */
export function modifiedLocal(ctx: RequestContext, post: PostRecord): string {
  return post.modifiedUtc === NEVER_PUBLISHED ? post.date : convertWallClock(post.modifiedUtc, 'UTC', ctx.site.timezone);
}

/** Status, author and publication date from a write; left-out ones fall back to `fallback`. */
export function postMeta(ctx: RequestContext, params: Params, fallback: Partial<PostMeta> = {}): PostMeta {
  const zone = ctx.site.timezone;
  const status = typeof params.status === 'string' && params.status ? params.status : (fallback.status ?? 'publish');
  const author = params.author !== undefined ? Number(params.author) : (fallback.author ?? ctx.user?.id ?? 0);
  let date = fallback.date ?? nowLocalWall(ctx);
  let dateUtc: string | null = fallback.dateUtc !== undefined ? fallback.dateUtc : nowUtcWall(ctx);
  if (typeof params.date === 'string' && params.date) {
    date = parseDateInput(params.date, nowLocalWall(ctx))!.wall;
    dateUtc = convertWallClock(date, zone, 'UTC');
  } else if (typeof params.date_utc === 'string' && params.date_utc) {
    dateUtc = parseDateInput(params.date_utc, nowLocalWall(ctx))!.wall;
    date = convertWallClock(dateUtc, 'UTC', zone);
  }
  // A draft's UTC date stays the zero date unless the UTC date itself is sent (WordPress computes it from `date` only for statuses that are not floating).
  if (status === 'draft' || status === 'pending') dateUtc = params.date_utc ? dateUtc : null;
  else if (dateUtc === null) dateUtc = convertWallClock(date, zone, 'UTC');
  return { status, author, date, dateUtc };
}

export function isVisibleTo(ctx: RequestContext, post: PostRecord): boolean {
  return post.status === 'publish' || ctx.user !== null;
}

export const TRASH_SUFFIX = '__trashed';

/**
 * wp_trash_post: the slug gets `__trashed` (an unpublished post's empty slug too), and a post
 * never published is dated now, as every save of a draft without a date is.
 */
export function trash(ctx: RequestContext, post: PostRecord): void {
  post.status = 'trash';
  if (!post.slug.endsWith(TRASH_SUFFIX)) post.slug += TRASH_SUFFIX;
  if (post.dateUtc === null) {
    post.date = nowLocalWall(ctx);
    post.dateUtc = nowUtcWall(ctx);
  }
  post.modifiedUtc = nowUtcWall(ctx);
  afterUpdate(ctx.store, post);
  ctx.store.changed(post);
}

/**
 * The slug a save gives: the one requested, made a slug and unique among the type's posts; else,
 * for a post that leaves draft without one, one made from its title.
 */
export function publishSlug(ctx: RequestContext, post: PostRecord, requested: unknown): void {
  const taken = (slug: string) => {
    const holder = ctx.store.postBySlug(post.type, slug);
    return holder !== undefined && holder !== post;
  };
  if (typeof requested === 'string' && requested) post.slug = ctx.store.uniqueSlug(slugFromName(requested), (slug) => slug !== post.slug && taken(slug));
  else if (post.status !== 'draft' && post.status !== 'pending' && !post.slug) post.slug = ctx.store.uniqueSlug(slugFromName(postTexts(post).title), taken);
}

/**
 * Stamps a new post's guid as WordPress does on insert: its permalink then, the pretty one when
 * it was published with a slug, else the query form. Later slugs leave it (common/revisions.ts
 * escapes its `&` at the next save).
 */
export function stampGuid(post: PostRecord): void {
  const resource = postResource(post.type);
  post.guid = post.slug ? `/${resource.permalinkBase}/${post.slug}/` : `/?post_type=${resource.wpType}&p=${post.id}`;
}
