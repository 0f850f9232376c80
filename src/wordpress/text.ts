/**
 * How WordPress writes text, and how people read it back: the entities its filters leave in
 * titles and names, term names as stored, HTML as text, and texts compared as the server shows
 * them (wptexturize itself is in texturize.ts). The client (to show and compare what the server
 * sends) and the sandbox (to send it) both read these, so they speak of one server.
 */

import { texturize } from './texturize.js';

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
};

/** WordPress titles come with HTML entities (`&#8217;`, `&amp;`); people read the characters. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/** The entity names of HTML 4, case-sensitive: the ones WordPress's kses keeps in a term name (`&B;` is not one). */
const HTML4_ENTITY_NAMES = new Set(
  (
    'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn acute micro para ' +
    'middot cedil ordm raquo iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml ' +
    'Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml ' +
    'Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute ' +
    'icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml ' +
    'quot amp lt gt apos OElig oelig Scaron scaron Yuml circ tilde ensp emsp thinsp zwnj zwj lrm rlm ndash mdash ' +
    'lsquo rsquo sbquo ldquo rdquo bdquo dagger Dagger permil lsaquo rsaquo euro fnof Alpha Beta Gamma Delta ' +
    'Epsilon Zeta Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho Sigma Tau Upsilon Phi Chi Psi Omega alpha ' +
    'beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigmaf sigma tau upsilon phi ' +
    'chi psi omega thetasym upsih piv bull hellip prime Prime oline frasl weierp image real trade alefsym larr uarr ' +
    'rarr darr harr crarr lArr uArr rArr dArr hArr forall part exist empty nabla isin notin ni prod sum minus ' +
    'lowast radic prop infin ang and or cap cup int sim cong asymp ne equiv le ge sub sup nsub sube supe oplus ' +
    'otimes perp sdot lceil rceil lfloor rfloor lang rang loz spades clubs hearts diams sup1 sup2 sup3 frac14 ' +
    'frac12 frac34 there4'
  ).split(' '),
);

/**
 * A term name as stored (categories and tags are not texturized): tags stripped, trimmed, an
 * `&` that does not start an entity (a number, or a name of HTML 4) as `&amp;` (the real
 * site stored `R&B; rock & roll` as `R&amp;B; rock &amp; roll`).
 */
export function termName(text: string): string {
  return stripTags(text)
    .trim()
    .replace(/&(?:(#[0-9]+|#x[0-9a-f]+|[a-z0-9]+);)?/gi, (whole, entity?: string) =>
      entity !== undefined && (entity.startsWith('#') || HTML4_ENTITY_NAMES.has(entity)) ? whole : `&amp;${whole.slice(1)}`,
    );
}

/** Elements whose content is code, not text: wp_strip_all_tags drops them whole (an unclosed one to the end). */
const CODE_ELEMENTS = /<(script|style)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi;

/** strip_tags: the tags go, their text stays; a `<` before white space opens none (`1 < 2 > 0` stays). */
export function stripTags(html: string): string {
  return html.includes('<') ? html.replace(/<(?!\s)[^>]*>/g, '') : html;
}

/** wp_strip_all_tags: code elements go whole, then the tags; trimmed. Entities stay. */
export function stripAllTags(html: string): string {
  return stripTags(html.replace(CODE_ELEMENTS, '')).trim();
}

const BLOCK_END = /<\/(p|div|h[1-6]|blockquote|pre|ul|ol|table|section|article|header|footer)\s*>/gi;
const BLOCK_START = /<(p|div|h[1-6]|blockquote|pre|ul|ol|table|section|article|header|footer)(\s[^>]*)?>/gi;
const LINK = /<a\s[^>]*?href\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>([\s\S]*?)<\/a\s*>/gi;

export interface TextOptions {
  /**
   * Keep the document's shape: paragraphs part by a blank line, `<br>` and list items and
   * table rows on lines of their own, a link's target after its text. For text read as a
   * document (an iCalendar DESCRIPTION); without it the text is one line, which is what a table
   * cell, a completion's description, a message and a comparison want.
   */
  lines?: boolean;
}

/**
 * HTML as people read it: code elements and comments out, tags out, entities decoded, no-break
 * spaces as spaces, runs of white space as one (in `lines` mode, within each line), trimmed.
 * `<p>One<br>two <a href="https://x">link</a></p>` is `One two link`, with `lines`
 * `One\ntwo link (https://x)`.
 */
export function htmlToText(html: string, options: TextOptions = {}): string {
  if (!/[<&]/.test(html)) return options.lines ? html.trim() : html.replace(/\s+/g, ' ').trim();
  if (!options.lines) return decodeEntities(stripAllTags(html)).replace(/\s+/g, ' ').trim();
  let text = html.replace(CODE_ELEMENTS, '').replace(/<!--[\s\S]*?-->/g, '');
  text = text
    .replace(/\s+/g, ' ') // HTML white space: source line breaks are spaces
    .replace(LINK, (_whole, _quoted, dq, sq, bare, inner: string) => {
      const href = decodeEntities(dq ?? sq ?? bare ?? '');
      const label = stripTags(inner).trim();
      const labelText = decodeEntities(label);
      if (!href || href.startsWith('#') || labelText === href || `mailto:${labelText}` === href) return label || href;
      return label ? `${label} (${href})` : href;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li(\s[^>]*)?>/gi, '\n- ')
    .replace(/<\/tr\s*>/gi, '\n')
    .replace(/<\/t[dh]\s*>/gi, '\t')
    .replace(BLOCK_END, '\n\n')
    .replace(BLOCK_START, '\n\n');
  return decodeEntities(stripTags(text))
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * A text, typed or as the server shows it, in the one form both come to: the typed text is
 * texturized as the server would (so `a--b` and the shown `a&#8211;b` meet, and ` - ` and
 * ` &#8211; `), then everything is read as text (tags out, entities decoded, spacing folded,
 * NFC); quotes, primes and the ellipsis fold to their ASCII forms so that texts typed with
 * either kind of quote, and the primes the site writes after digits, meet too. Dashes stay
 * as texturized: `a-b`, `a–b` and `a—b` are three different texts on the site.
 */
export function textAsShown(text: string): string {
  const read = htmlToText(text);
  return decodeEntities(texturize(read))
    .normalize('NFC')
    .replace(/[‘’‚′]/g, "'")
    .replace(/[“”„″]/g, '"')
    .replace(/…/g, '...');
}

/** wp_pre_kses_less_than: a `<` that no `>` closes before the next `<` is text, escaped as esc_html does (entities kept). */
export function lessThanAsText(text: string): string {
  const asEntities = (part: string) =>
    part
      .replace(/&(?!#?[a-z0-9]+;)/gi, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#039;');
  return text.replace(/<[^>]*?(?:(?=<)|>|$)/g, (part) => (part.includes('>') ? part : asEntities(part)));
}

/** A percent-escaped octet (`%C3`), which sanitize_text_field drops. */
export const ESCAPED_OCTET = /%[0-9a-f]{2}/i;

/**
 * WordPress's sanitize_text_field, through which the plugin stores every meta text of a venue
 * or organizer (address, city, phone, website...; measured on both write routes): tags stripped
 * (a `<` that opens none kept as `&lt;`), runs of white space made one space, trimmed, and every
 * percent-escaped octet dropped (`https://example.org/caf%C3%A9` is kept as
 * `https://example.org/caf`, `50%25 off` as `50 off`).
 */
export function sanitizeTextField(text: string): string {
  let out = text;
  if (out.includes('<')) out = stripAllTags(lessThanAsText(out));
  out = out.replace(/[\r\n\t ]+/g, ' ').trim();
  let found = false;
  while (ESCAPED_OCTET.test(out)) {
    out = out.replace(ESCAPED_OCTET, '');
    found = true;
  }
  return found ? out.replace(/ +/g, ' ').trim() : out;
}
