/** The list `search` parameter as WordPress reads it. */
import { collationKey } from '../../wordpress/collation.js';

/** WordPress keyword search: every word must appear; a leading `-` excludes. */
export function searchMatcher(search: string): (text: string) => boolean {
  // As the site's database compares text (utf8mb4_unicode_520_ci): case and accents aside, `cafe` finds `Café`.
  const words = collationKey(search).split(/\s+/).filter(Boolean);
  const wanted = words.filter((word) => !word.startsWith('-') || word.length === 1);
  const unwanted = words.filter((word) => word.startsWith('-') && word.length > 1).map((word) => word.slice(1));
  const plain = (text: string) => (/^[\x00-\x7f]*$/.test(text) ? text.toLowerCase() : collationKey(text));
  return (text) => {
    const folded = plain(text);
    return wanted.every((word) => folded.includes(word)) && !unwanted.some((word) => folded.includes(word));
  };
}
