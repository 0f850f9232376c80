/**
 * Names as the site's database compares them (post titles are `utf8mb4_unicode_520_ci`):
 * the server finds "the venue named X" with SQL, so `Cafe`, `CAFÉ` and `café ` are one name to
 * it and a create with the second merges into the first. Checked on the real site: accents,
 * case, ligatures, full-width forms and trailing spaces are ignored; `ø ł đ ð ħ ŀ æ œ ß` equal
 * `o l d d h l ae oe ss`; `þ`, leading spaces, punctuation (hyphens, apostrophes of either kind), the dotless `ı` and
 * emoji stay distinct.
 */

const SPELT: Readonly<Record<string, string>> = { ø: 'o', ł: 'l', đ: 'd', ð: 'd', æ: 'ae', œ: 'oe', ß: 'ss', ħ: 'h', ŀ: 'l', ĳ: 'ij' };
const SPELT_LETTERS = new RegExp(`[${Object.keys(SPELT).join('')}]`, 'g');

/** The key two names share exactly when the database's collation finds them equal. */
export function collationKey(name: string): string {
  return name
    .replace(/ +$/, '')
    .toLowerCase()
    .replace(SPELT_LETTERS, (letter) => SPELT[letter])
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
}

/** Whether the server takes two names for the same one. */
export function sameName(a: string, b: string): boolean {
  return collationKey(a) === collationKey(b);
}
