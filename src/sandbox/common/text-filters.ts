/**
 * WordPress's text filters, reduced to what the real server was seen doing: typographic
 * entities in event titles and content (wptexturize, `&` as `&#038;`), term names without
 * tags and with `&` escaped, slugs built by sanitize_title, and entity decoding.
 */

import { decodeEntities } from '../../records/identity.js';

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
    .replace(/(^|[\s([{-])'/g, '$1&#8216;')
    .replace(/'/g, '&#8217;');
}

/** wptexturize and convert_chars: typographic quotes and dashes, bare `&` as `&#038;`; tags left alone. */
export function texturize(html: string): string {
  return html
    .split(/(<[^>]*>)/)
    .map((part, index) => (index % 2 === 1 ? part : texturizeText(part)))
    .join('');
}

/** A term name as stored: tags stripped, trimmed, `&` (when not already an entity) as `&amp;`. */
export function termName(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .trim()
    .replace(/&(?!#?[a-z0-9]+;)/gi, '&amp;');
}

/** Characters sanitize_title drops outright: soft hyphen, inverted marks, angle and curly quotes, bullet, ©®°…™, spacing accents, invisible marks. */
const DROPPED = /[\u00ad\u00a1\u00bf\u00ab\u00bb\u2039\u203a\u2018\u2019\u201c\u201d\u201a\u201b\u201e\u201f\u2022\u00a9\u00ae\u00b0\u2026\u2122\u00b4\u02ca\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff\ufffc]/g;
/** Characters it turns into a hyphen: no-break and typographic spaces, en and em dashes, line and paragraph separators, the slash. */
const HYPHENED = /[\u00a0\u2000-\u200a\u2013\u2014\u2028\u2029\u202f\u205f\u3000/]/g;

/** sanitize_title: tags and entities dropped, accents folded, some marks dropped, other non-ASCII percent-encoded, apostrophes removed, spaces and dots to dashes. */
export function slugify(text: string): string {
  const folded = text
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, '')
    .replace(DROPPED, '')
    .replace(/\u00d7/g, 'x')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(HYPHENED, '-')
    .replace(/\./g, '-');
  let encoded = '';
  for (const char of folded) encoded += /[\x00-\x7f]/.test(char) ? char : [...Buffer.from(char, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  return encoded
    .replace(/[^%a-z0-9 _-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
}
