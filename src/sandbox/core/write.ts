/**
 * `POST`/`PUT`/`PATCH /wp/v2/{tribe_events|tribe_venue|tribe_organizer}/{id}`: WordPress core's
 * update of a post's own columns (title, content, excerpt, slug, status, date, author) and of an event's
 * `tags` and `tribe_events_cat`. Measured on the real site (docs/write-routes.md): it changes
 * only the fields it is sent, the calendar's fields untouched, and keeps backslashes (core slashes
 * what it sends to the database, unlike the plugin's routes). A title that is not text is
 * ignored, an empty slug keeps the slug, unknown term IDs are left out.
 */
import { postTexts, afterUpdate } from '../common/revisions.js';
import { nowLocalWall, nowUtcWall, type RequestContext } from '../common/context.js';
import { SiteError } from '../common/errors.js';
import type { Params } from '../common/params.js';
import { publishSlug } from '../common/post-fields.js';
import type { EventFields, PostRecord } from '../store/store.js';
import { convertWallClock } from '../../base/time.js';

/** The statuses the core route takes, by post type (an event's include the plugin's importer's). */
const EVENT_STATUSES = [
  'publish',
  'future',
  'draft',
  'pending',
  'private',
  'tribe-ea-success',
  'tribe-ea-failed',
  'tribe-ea-schedule',
  'tribe-ea-pending',
  'tribe-ea-draft',
  'tribe-ignored',
];
const POST_STATUSES = ['publish', 'future', 'draft', 'pending', 'private'];

/** A core text field: a string, or `{raw}` as the block editor sends it. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object' && typeof (value as { raw?: unknown }).raw === 'string') return (value as { raw: string }).raw;
  return undefined;
}

function invalid(param: string, message: string, code: string, data: Record<string, unknown> | null): SiteError {
  return new SiteError(400, 'rest_invalid_param', `Invalid parameter(s): ${param}`, {
    params: { [param]: message },
    details: { [param]: { code, message, data } },
  });
}

/** PHP's list of an enum: "a, b, and c". */
const enumText = (values: string[]) => `${values.slice(0, -1).join(', ')}, and ${values[values.length - 1]}`;

/** The schema checks of the body, before anything is written. */
function checkCoreBody(post: PostRecord, params: Params): void {
  const statuses = post.type === 'event' ? EVENT_STATUSES : POST_STATUSES;
  if (params.status !== undefined && !statuses.includes(String(params.status)))
    throw invalid('status', `status is not one of ${enumText(statuses)}.`, 'rest_not_in_enum', null);
  if (post.type !== 'event') return;
  for (const taxonomy of ['tags', 'tribe_events_cat']) {
    const value = params[taxonomy];
    if (value === undefined) continue;
    const list = Array.isArray(value)
      ? value
      : String(value)
          .split(/[\s,]+/)
          .filter(Boolean);
    const bad = list.findIndex((item) => !/^\d+$/.test(String(item).trim()));
    if (bad >= 0) throw invalid(taxonomy, `${taxonomy}[${bad}] is not of type integer.`, 'rest_invalid_type', { param: `${taxonomy}[${bad}]` });
  }
}

/** The term IDs sent that name terms of the taxonomy. */
function termIds(ctx: RequestContext, value: unknown, taxonomy: 'tags' | 'categories'): number[] {
  const list = Array.isArray(value)
    ? value
    : String(value)
        .split(/[\s,]+/)
        .filter(Boolean);
  return [...new Set(list.map(Number))].filter((id) => ctx.store.term(id, taxonomy));
}

export function updateCorePost(ctx: RequestContext, post: PostRecord, params: Params): void {
  checkCoreBody(post, params);
  const title = textOf(params.title);
  const content = textOf(params.content);
  const excerpt = textOf(params.excerpt);
  const texts = post.fields as Record<string, unknown>;
  if (title !== undefined) texts[post.type === 'event' ? 'title' : post.type] = title.trim();
  if (content !== undefined) texts.description = content;
  if (excerpt !== undefined) texts.excerpt = excerpt;
  if (post.type === 'event') {
    const f = post.fields as EventFields;
    if (params.tags !== undefined) f.tags = termIds(ctx, params.tags, 'tags');
    if (params.tribe_events_cat !== undefined) f.categories = termIds(ctx, params.tribe_events_cat, 'categories');
  }
  if (typeof params.status === 'string') post.status = params.status;
  // The publication date in site time (`2026-01-02T03:04:05`), its UTC date worked out; the author by ID.
  if (typeof params.date === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(params.date)) {
    post.date = params.date.replace('T', ' ');
    post.dateUtc = convertWallClock(post.date, ctx.site.timezone, 'UTC');
  }
  if (params.author !== undefined && Number(params.author) > 0) post.author = Number(params.author);
  if (post.dateUtc === null && post.status !== 'draft' && post.status !== 'pending') {
    post.date = nowLocalWall(ctx);
    post.dateUtc = nowUtcWall(ctx);
  }
  // An empty slug is made again from the title.
  publishSlug(ctx, post, params.slug === '' ? postTexts(post).title : params.slug);
  post.modifiedUtc = nowUtcWall(ctx);
  afterUpdate(ctx.store, post);
  ctx.store.changed(post);
}
