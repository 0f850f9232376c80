/**
 * `POST`/`PUT`/`PATCH /wp/v2/{tribe_events|tribe_venue|tribe_organizer}/{id}`: WordPress core's
 * update of a post's own columns (title, content, excerpt, slug, status). Measured on the real
 * site (docs/write-routes.md): it changes nothing else, the calendar's fields included, and keeps
 * backslashes (core slashes what it sends to the database, unlike the plugin's routes).
 */
import { saveRevision } from '../common/revisions.js';
import { nowUtcWall, type RequestContext } from '../common/context.js';
import type { Params } from '../common/params.js';
import type { EventFields, LinkedFields, PostRecord } from '../store/store.js';

/** A core text field: a string, or `{raw}` as the block editor sends it. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object' && typeof (value as { raw?: unknown }).raw === 'string') return (value as { raw: string }).raw;
  return undefined;
}

export function updateCorePost(ctx: RequestContext, post: PostRecord, params: Params): void {
  const title = textOf(params.title);
  const content = textOf(params.content);
  const excerpt = textOf(params.excerpt);
  if (post.type === 'event') {
    const f = post.fields as EventFields;
    if (title !== undefined) f.title = title.trim();
    if (content !== undefined) f.description = content;
    if (excerpt !== undefined) f.excerpt = excerpt;
  } else {
    const f = post.fields as LinkedFields;
    if (title !== undefined) f[post.type] = title.trim();
    if (content !== undefined) f.description = content;
    if (excerpt !== undefined) f.excerpt = excerpt;
  }
  if (typeof params.slug === 'string' && params.slug) post.slug = params.slug;
  if (typeof params.status === 'string' && params.status) post.status = params.status;
  post.modifiedUtc = nowUtcWall(ctx);
  saveRevision(ctx.store, post);
  ctx.store.changed(post);
}
