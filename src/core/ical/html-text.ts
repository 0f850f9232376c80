/**
 * HTML descriptions as readable plain text (for DESCRIPTION) and plain text back as
 * simple HTML (for an imported DESCRIPTION without an HTML alternative).
 */
import { htmlToText as wordpressHtmlToText } from '../../wordpress/text.js';

/** `<p>One<br>two <a href="https://x">link</a></p>` -> `One\ntwo link (https://x)`: the description read as a document. */
export function htmlToText(html: string): string {
  return wordpressHtmlToText(html, { lines: true });
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
