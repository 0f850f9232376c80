/**
 * What every record shares as the real server serialises it: dates as wall-clock strings with
 * `*_details` parts as strings, `author` as a string, post URLs, global IDs, images, paragraphs,
 * text in the requested language, and the json_ld description.
 */
import { localized } from './i18n.js';
import { siteHost, type RequestContext } from './context.js';
import { lessThanAsText } from '../../wordpress/text.js';
import { autop } from './render.js';
import { modifiedLocal } from './post-fields.js';
import { NEVER_PUBLISHED } from '../../wordpress/dates.js';
import type { PostRecord, TermRecord } from '../store/store.js';
import { postResource } from '../store/kinds.js';

export type Json = Record<string, unknown>;

export function dateDetails(wall: string): Json {
  return {
    year: wall.slice(0, 4),
    month: wall.slice(5, 7),
    day: wall.slice(8, 10),
    hour: wall.slice(11, 13),
    minutes: wall.slice(14, 16),
    seconds: wall.slice(17, 19),
  };
}

/** `&` as `&amp;` (an entity kept), as the plugin escapes a venue's address details on output. */
export const escapeAmpersands = (text: string) => text.replace(/&(?!#?[a-z0-9]+;)/gi, '&amp;');

/** A shown name with its `<` and `>` escaped besides (json_ld names, tec/v1's organizer names). */
export const escapeAngles = (text: string) => text.replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** esc_url's `&`: `&#038;` (an entity kept). */
export const escUrlAmpersands = (url: string) => url.replace(/&(?!#?[a-z0-9]+;)/gi, '&#038;');

export function entityEscape(html: string): string {
  return html.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * esc_js: `&` (not starting an entity), `<`, `>` and `"` as entities, `'` and backslashes
 * slashed, line breaks as a literal backslash-n.
 */
function escJs(text: string): string {
  return text
    .replace(/&(?!#?[a-z0-9]+;)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/&#0*39;|&#x0*27;/gi, "'")
    .replace(/\r/g, '')
    .replace(/[\\']/g, (char) => `\\${char}`)
    .replace(/\n/g, '\\n');
}

/**
 * A post's json_ld description, from its texts as stored (not texturized): the excerpt, else the
 * content's text (tags out, white space made one space); bracketed codes (`[caption ...]`) out,
 * a `<` that opens no tag as text, in paragraphs (wpautop), through esc_js.
 */
export function ldPostDescription(rawExcerpt: string, rawContent: string): string {
  const prepared = (raw: string) => lessThanAsText(raw.replace(/\[[^\]]*\]/g, ''));
  const contentText = () =>
    prepared(rawContent)
      .replace(/<[^>]*>/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  const html = autop(rawExcerpt.trim() ? prepared(rawExcerpt) : contentText());
  return html ? escJs(`${html}\n`) : '';
}

export function hasPermalink(post: PostRecord): boolean {
  return (post.status === 'publish' || post.status === 'private') && Boolean(post.slug);
}

export function postUrl(ctx: RequestContext, post: PostRecord): string {
  const resource = postResource(post.type);
  if (hasPermalink(post)) return `${ctx.site.baseUrl}/${resource.permalinkBase}/${post.slug}/`;
  return `${ctx.site.baseUrl}/?post_type=${resource.wpType}&p=${post.id}`;
}

export function postHead(ctx: RequestContext, post: PostRecord): Json {
  return {
    author: String(post.author),
    status: post.status,
    date: post.date,
    date_utc: post.dateUtc ?? NEVER_PUBLISHED,
    modified: modifiedLocal(ctx, post),
    modified_utc: post.modifiedUtc,
    url: postUrl(ctx, post),
  };
}

export function globalIds(ctx: RequestContext, post: PostRecord): Json {
  const id = `${siteHost(ctx.site)}?id=${post.id}`;
  return { global_id: id, global_id_lineage: [id] };
}

export function imageJson(_ctx: RequestContext, url: string | null | undefined): Json | false {
  if (!url) return false;
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url)?.[1]?.toLowerCase() ?? '';
  return { url, id: 0, extension };
}

/** A text field in the request's language. */
export const text = (ctx: RequestContext, post: PostRecord | TermRecord, field: string, base: unknown) =>
  localized(post, field, typeof base === 'string' ? base : '', ctx.language);
