/**
 * HTML descriptions as readable plain text (for DESCRIPTION) and plain text back as
 * simple HTML (for an imported DESCRIPTION without an HTML alternative).
 */
import { decodeEntities } from '../records/identity.js';

const BLOCK_END = /<\/(p|div|h[1-6]|blockquote|pre|ul|ol|table|section|article|header|footer)\s*>/gi;
const BLOCK_START = /<(p|div|h[1-6]|blockquote|pre|ul|ol|table|section|article|header|footer)(\s[^>]*)?>/gi;
const LINK = /<a\s[^>]*?href\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>([\s\S]*?)<\/a\s*>/gi;

/** `<p>One<br>two <a href="https://x">link</a></p>` -> `One\ntwo link (https://x)`. */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return html.trim();
  let text = html
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\s+/g, ' ') // HTML whitespace: source line breaks are spaces
    .replace(LINK, (_whole, _quoted, dq, sq, bare, inner: string) => {
      const href = decodeEntities(dq ?? sq ?? bare ?? '');
      const label = inner.replace(/<[^>]*>/g, '').trim();
      const labelText = decodeEntities(label);
      if (!href || href.startsWith('#') || labelText === href || `mailto:${labelText}` === href) return label || href;
      return label ? `${label} (${href})` : href;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li(\s[^>]*)?>/gi, '\n- ')
    .replace(/<\/tr\s*>/gi, '\n')
    .replace(/<\/t[dh]\s*>/gi, '\t')
    .replace(BLOCK_END, '\n\n')
    .replace(BLOCK_START, '\n\n')
    .replace(/<[^>]*>/g, '');
  text = decodeEntities(text).replace(/\u00a0/g, ' ');
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Blank lines separate paragraphs, single line breaks stay line breaks. */
export function textToHtml(text: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  return paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br />\n')}</p>`).join('\n');
}
