/**
 * WordPress's text filters, reduced to what the real server was seen doing: typographic
 * entities in event titles and content (wptexturize, `&` as `&#038;`), term names without
 * tags and with `&` escaped, slugs built by sanitize_title, and entity decoding.
 */

import { decodeEntities } from '../../wordpress/text.js';

export { decodeEntities };

/** One run of text outside tags, as wptexturize changes it. */
function texturizeText(text: string): string {
  return text
    .replace(/&(?!#?[a-z0-9]+;)/gi, '&#038;')
    .replace(/---/g, '&#8212;')
    .replace(/ -- /g, ' &#8212; ')
    .replace(/--/g, '&#8211;')
    .replace(/ - /g, ' &#8211; ')
    .replace(/\.\.\./g, '&#8230;')
    .replace(/(^|[\s([{-])"/g, '$1&#8220;')
    .replace(/"/g, '&#8221;')
    .replace(/'(?=\d\d(?:'?s)?(?:$|[\s.,:;!?)}\]-]))/g, '&#8217;') // '90s: an abbreviated year
    .replace(/(^|[\s([{-])'/g, '$1&#8216;')
    .replace(/'/g, '&#8217;');
}

/** wptexturize and convert_chars: typographic quotes and dashes, bare `&` as `&#038;`; tags and WordPress's own shortcodes left alone. */
export function texturize(html: string): string {
  return html
    .split(/(<[^>]*>|\[\/?(?:gallery|playlist|caption|embed|audio|video)\b[^\]]*\])/)
    .map((part, index) => (index % 2 === 1 ? part : texturizeText(part)))
    .join('');
}

/**
 * Text as it was typed, before wptexturize: what the database holds, and so what a search
 * looks into (`O'Brien` finds the title shown as `O&#8217;Brien`). Dashes fold to their
 * longest source, so that a search for the shorter one still finds them.
 */
export function untexturize(text: string): string {
  return text
    .replace(/&#8216;|&#8217;/g, "'")
    .replace(/&#8220;|&#8221;/g, '"')
    .replace(/&#038;/g, '&')
    .replace(/&#8212;/g, '---')
    .replace(/&#8211;/g, '--')
    .replace(/&#8230;/g, '...');
}

/** A term name as stored: tags stripped, trimmed, `&` (when not already an entity) as `&amp;`. */
export function termName(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .trim()
    .replace(/&(?!#?[a-z0-9]+;)/gi, '&amp;');
}

export { slugFromName as slugify } from '../../wordpress/slugs.js';

/** wp_unslash (PHP's stripslashes): a backslash escapes the next character, a lone one goes, `\0` is NUL. */
export function unslash(value: string): string {
  return value.replace(/\\(.?)/gs, (_escape, next: string) => (next === '0' ? '\0' : next));
}

/**
 * What the plugin saves of a write to an event, venue or organizer: it hands the request's
 * values to wp_insert_post and update_post_meta, which unslash every string (WordPress
 * expects them slashed, as its own REST routes send them). Terms go through WordPress's
 * own terms controller, which slashes first: their values are kept.
 */
export function unslashDeep<T>(value: T): T {
  if (typeof value === 'string') return unslash(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => unslashDeep(item)) as T;
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, unslashDeep(item)])) as T;
  return value;
}
