/**
 * Text is stored as typed and rendered on the way out, as WordPress does: titles through
 * `the_title` (wptexturize, `&` as `&#038;`), content through `the_content` (blocks, then
 * wptexturize, then paragraphs for content without blocks, then shortcodes), excerpts through
 * `the_excerpt`. Reduced to what the real 6.17.1 site was seen doing
 * (test/fixtures/lossless/render-real.json holds its answers); known gap: shortcodes other than
 * gallery, playlist, caption and embed.
 */
import { texturize } from '../../wordpress/texturize.js';

/** `<!-- wp:name {attributes} -->`, its closer and the self-closing form. */
const BLOCK_DELIMITER = /<!--\s+\/?wp:[a-z0-9/-]+(?:\s+\{[\s\S]*?\})?\s*\/?-->/g;
/** The opening of a paragraph block and its inner HTML up to the first `<p`. */
const PARAGRAPH_BLOCK = /<!--\s+wp:paragraph(?:\s+\{[\s\S]*?\})?\s*-->(\s*)<p(\s[^>]*)?>/g;

/** The block-level elements of wpautop. */
const BLOCK_NAMES =
  'table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|math|style|p|h[1-6]|hr|' +
  'fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary';
/** Tags wpautop never wraps in a paragraph. */
const BLOCK_TAG = new RegExp(`^<\\/?(?:${BLOCK_NAMES})[\\s/>]`, 'i');
const BLOCK_OPENING = new RegExp(`(<(?:${BLOCK_NAMES})[\\s/>])`, 'gi');
const BLOCK_CLOSING = new RegExp(`(</(?:${BLOCK_NAMES})>)`, 'gi');

export function hasBlocks(raw: string): boolean {
  return raw.includes('<!-- wp:');
}

/** The opening of a list block and its `<ul>` or `<ol>`. */
const LIST_BLOCK = /<!--\s+wp:list(?:\s+\{[\s\S]*?\})?\s*-->(\s*)<(ul|ol)(\s[^>]*)?>/g;

/**
 * do_blocks, reduced: a paragraph block's `<p>` gains the class `wp-block-paragraph` (WordPress 7),
 * a list block's `<ul>`/`<ol>` the class `wp-block-list`, every delimiter goes.
 */
function renderBlocks(raw: string): string {
  return raw
    .replace(LIST_BLOCK, (_whole, space: string, tag: string, attributes: string | undefined) => {
      const classes = /\sclass="([^"]*)"/.exec(attributes ?? '');
      if (!classes) return `${space}<${tag} class="wp-block-list"${attributes ?? ''}>`;
      return `${space}<${tag}${attributes!.replace(classes[0], ` class="${classes[1]} wp-block-list"`)}>`;
    })
    .replace(PARAGRAPH_BLOCK, (_whole, space: string, attributes: string | undefined) => {
      const classes = /\sclass="([^"]*)"/.exec(attributes ?? '');
      if (!classes) return `${space}<p class="wp-block-paragraph"${attributes ?? ''}>`;
      return `${space}<p${attributes!.replace(classes[0], ` class="${classes[1]} wp-block-paragraph"`)}>`;
    })
    .replace(BLOCK_DELIMITER, '');
}

/** A paragraph that is one shortcode and nothing else: wpautop leaves it unwrapped (shortcode_unautop). */
const LONE_SHORTCODE = /^\[([a-z_]+)[^\]]*\](?:[\s\S]*\[\/\1\])?$/;

/** Stands for a line break wpautop keeps as it is. */
const KEPT_BREAK = '\u0000';

/**
 * wpautop: blank lines part paragraphs, single line ends become `<br />`, block-level HTML is left
 * unwrapped. A `<` that no `>` follows opens a tag to the end of the text for wpautop, which keeps
 * the line breaks inside tags: those after it stay as typed, the one it pads the text with too
 * (`I <3 this` is `<p>I <3 this\n</p>`).
 */
export function autop(typed: string): string {
  if (!typed.trim()) return '';
  const open = typed.lastIndexOf('<');
  const unclosed = open >= 0 && !typed.includes('>', open);
  const text = unclosed ? `${typed.slice(0, open)}${`${typed.slice(open)}\n`.replace(/\n/g, KEPT_BREAK)}` : typed;
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    // Block-level tags stand apart: a paragraph ends before one opens and after one closes.
    .replace(BLOCK_OPENING, '\n\n$1')
    .replace(BLOCK_CLOSING, '$1\n\n')
    .replace(/<br\s*\/?>/gi, '<br />')
    .split(/\n\s*\n/)
    .map((para) => para.replace(/^\n+|\n+$/g, ''))
    .filter((para) => para.trim());
  return paragraphs
    .map((para) => (BLOCK_TAG.test(para.trimStart()) || LONE_SHORTCODE.test(para.trim()) ? para : `<p>${para.replace(/(?<!<br \/>)\n/g, '<br />\n')}</p>`))
    .join('\n')
    .replaceAll(KEPT_BREAK, '\n');
}

/** WordPress's shortcodes a calendar text uses, as a site without media renders them; others stay as typed. */
function renderShortcodes(html: string): string {
  return html
    .replace(/\[(?:gallery|playlist)\b[^\]]*\]/g, '')
    .replace(/\[caption\b([^\]]*)\]([\s\S]*?)\[\/caption\]/g, (_whole, attributes: string, inner: string) => {
      const width = Number(/\bwidth="(\d+)"/.exec(attributes)?.[1] ?? 0);
      const align = /\balign="([^"]*)"/.exec(attributes)?.[1] ?? 'alignnone';
      const image = /^\s*(<img\b[^>]*>)\s*([\s\S]*)$/.exec(inner);
      const tag = (image?.[1] ?? '').replace(/^<img\b/, '<img decoding="async"');
      // Without a width or a caption the shortcode gives its image (or its text) alone.
      if (width < 1 || !(image?.[2] ?? '').trim()) return image ? tag : inner;
      return `<div style="width: ${width + 10}px" class="wp-caption ${align}">${tag}<p class="wp-caption-text">${(image?.[2] ?? inner).trim()}</p></div>`;
    });
}

/** `[embed]URL[/embed]` runs before the paragraphs: a bare link, then wrapped like any text. */
function renderEmbeds(raw: string): string {
  return raw.replace(/\[embed\b[^\]]*\]([\s\S]*?)\[\/embed\]/g, (_whole, url: string) => `<a href="${url.trim()}">${url.trim()}</a>`);
}

/** `the_title`: typographic quotes, dashes and ellipses, `&` as `&#038;`. */
export function renderTitle(raw: string): string {
  return texturize(raw);
}

/**
 * `the_content` as the REST API shows it (`content.rendered`, with its trailing newline when
 * it has paragraphs); tribe/events/v1 shows it trimmed.
 */
export function renderContent(raw: string): string {
  if (!raw) return '';
  if (hasBlocks(raw)) return renderShortcodes(texturize(renderBlocks(renderEmbeds(raw))));
  const html = renderShortcodes(autop(texturize(renderEmbeds(raw))));
  return html ? `${html}\n` : '';
}

/** `the_excerpt` of an excerpt as typed: typographic, in paragraphs, trailing newline. */
export function renderExcerpt(raw: string): string {
  const html = autop(texturize(raw));
  return html ? `${html}\n` : '';
}

/** WordPress's generated excerpt: the content without shortcodes, blocks and tags, cut at `words`, in one paragraph. */
export function generatedExcerpt(raw: string, words = 55): string {
  const text = raw
    .replace(/\[([a-z_]+)\b[^\]]*\][\s\S]*?\[\/\1\]/g, '')
    .replace(/\[(?:gallery|playlist|caption|embed)\b[^\]]*\]/g, '')
    .replace(BLOCK_DELIMITER, '');
  // As PHP's strip_tags: a `<` before anything but white space opens a tag, to the next `>` or the
  // end; the blocks' edges (list items, paragraphs, headings) part words, inline tags do not.
  const list = renderContent(text)
    .replace(/<\/?(?:li|p|h[1-6]|div|ul|ol|br|blockquote|figure|figcaption|tr|td|th)\b[^>]*>/gi, ' ')
    .replace(/<(?!\s)[^>]*(?:>|$)/g, '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (!list.length) return '';
  const cut = list.length > words;
  return `<p>${list.slice(0, words).join(' ')}${cut ? ' [&hellip;]' : ''}</p>\n`;
}
