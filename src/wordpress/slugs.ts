/** How WordPress makes a slug of a title or name. */

import { stripTags } from './text.js';

/** Characters sanitize_title drops outright: soft hyphen, inverted marks, angle and curly quotes, bullet, ©®°…™, spacing accents, invisible marks. */
const DROPPED = new RegExp(
  String.raw`[\u00ad\u00a1\u00bf\u00ab\u00bb\u2039\u203a\u2018\u2019\u201c\u201d\u201a\u201b\u201e\u201f\u2022` +
    String.raw`\u00a9\u00ae\u00b0\u2026\u2122\u00b4\u02ca\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff\ufffc]`,
  'g',
);
/** Characters it turns into a hyphen: no-break and typographic spaces, the no-break hyphen, en and em dashes, line and paragraph separators, the slash. */
const HYPHENED = /[\u00a0\u2000-\u200a\u2011\u2013\u2014\u2028\u2029\u202f\u205f\u3000/]/g;
/** The entities of those it turns into a hyphen too, before every other entity goes. */
const HYPHENED_ENTITIES = /&(?:nbsp|#160|#8209|ndash|#8211|mdash|#8212);/gi;

/** Letters remove_accents spells out: no combining accent takes them apart. */
const SPELT: Record<string, string> = {
  Æ: 'AE',
  æ: 'ae',
  Ð: 'D',
  ð: 'd',
  Ø: 'O',
  ø: 'o',
  Þ: 'TH',
  þ: 'th',
  ß: 's',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ĳ: 'IJ',
  ĳ: 'ij',
  ĸ: 'k',
  Ŀ: 'L',
  ŀ: 'l',
  Ł: 'L',
  ł: 'l',
  ŉ: 'N',
  Ŋ: 'N',
  ŋ: 'n',
  Œ: 'OE',
  œ: 'oe',
  Ŧ: 'T',
  ŧ: 't',
};
const SPELT_LETTERS = new RegExp(`[${Object.keys(SPELT).join('')}]`, 'g');

/**
 * The slug WordPress makes of a title or name (sanitize_title, in a site whose language is
 * English: a German site spells ß as `ss`, ä as `ae`): tags dropped (a `<` that no `>` closes
 * drops the rest, as PHP's strip_tags does: `I <3 jazz` is `i`), a `%` not part of an
 * escape dropped, entities dropped (from an `&` to the next `;`, whatever lies between, as
 * WordPress does: `R&B <b>x</b> &amp; co` is `r-co`), accents folded, some marks dropped,
 * other non-ASCII percent-encoded, apostrophes removed, spaces and dots to dashes. A term's
 * slug is made of its name as stored (termName: `&` as `&amp;`).
 */
export function slugFromName(text: string): string {
  const folded = stripTags(text)
    .replace(/<(?!\s)[^>]*$/, '')
    .replace(/%(?![0-9a-f]{2})/gi, '')
    .replace(HYPHENED_ENTITIES, '-')
    .replace(/&.+?;/g, '')
    .replace(DROPPED, '')
    .replace(/\u00d7/g, 'x')
    .replace(SPELT_LETTERS, (letter) => SPELT[letter])
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    // Other scripts come back whole (ジ, 한), as WordPress keeps them: it percent-encodes them composed.
    .normalize('NFC')
    .toLowerCase()
    .replace(HYPHENED, '-')
    .replace(/\./g, '-');
  let encoded = folded;
  if (!/^[\x00-\x7f]*$/.test(folded)) {
    encoded = '';
    for (const char of folded)
      encoded += /[\x00-\x7f]/.test(char) ? char : [...Buffer.from(char, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
  return encoded
    .replace(/[^%a-z0-9 _-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
}
