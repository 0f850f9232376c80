/** How WordPress makes a slug of a title or name. */

/** Characters sanitize_title drops outright: soft hyphen, inverted marks, angle and curly quotes, bullet, ©®°…™, spacing accents, invisible marks. */
const DROPPED = new RegExp(
  String.raw`[\u00ad\u00a1\u00bf\u00ab\u00bb\u2039\u203a\u2018\u2019\u201c\u201d\u201a\u201b\u201e\u201f\u2022` +
    String.raw`\u00a9\u00ae\u00b0\u2026\u2122\u00b4\u02ca\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff\ufffc]`,
  'g',
);
/** Characters it turns into a hyphen: no-break and typographic spaces, en and em dashes, line and paragraph separators, the slash. */
const HYPHENED = /[\u00a0\u2000-\u200a\u2013\u2014\u2028\u2029\u202f\u205f\u3000/]/g;

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
 * The slug WordPress makes of a title or name (sanitize_title): tags and entities dropped, accents folded, some marks dropped,
 * other non-ASCII percent-encoded, apostrophes removed, spaces and dots to dashes.
 */
export function slugFromName(text: string): string {
  const folded = text
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, '')
    .replace(DROPPED, '')
    .replace(/\u00d7/g, 'x')
    .replace(SPELT_LETTERS, (letter) => SPELT[letter])
    .normalize('NFKD')
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
