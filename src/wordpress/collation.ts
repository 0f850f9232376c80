/**
 * Names as the site's database compares them. Post titles, meta values and term names are
 * `utf8mb4_unicode_520_ci` (MariaDB 10.11, WordPress's default): the Unicode Collation Algorithm of
 * Unicode 5.2 at its first level, so case and accents aside, and PAD SPACE, so trailing spaces aside.
 * The server finds "the venue named X" with SQL, so `Cafe`, `CAFÉ` and `café ` are one name to it, as
 * are `Дом культуры` and `ДОМ КУЛЬТУРЫ`, `ホール` and `ほーる`, and a create with the second merges
 * into the first.
 *
 * Measured on the real site: `WEIGHT_STRING(c COLLATE utf8mb4_unicode_520_ci)` for every code point
 * (test/fixtures/collation-weights.json keeps the classes of Latin, Greek, Cyrillic, Armenian, Hebrew,
 * Arabic, Devanagari, Thai, Georgian, Hangul, kana, CJK ideographs, and the punctuation, letter-like,
 * number, enclosed, full-width and half-width forms; test/unit/collation.test.ts checks this key
 * against every one of their 24,347 characters; rarer scripts may differ). What the key does:
 * - compatibility forms are their letters (full-width `Ａ`, `ﬁ`, `①`, half-width kana), and a letter
 *   with an accent is its letter (`é`, `ё`, `ά`, `ガ`), except the letters below that the collation
 *   keeps apart (`й` is not `и`, `أ` is not `ا`);
 * - case does not count, nor hiragana against katakana, nor small kana against large, nor a final
 *   letter form (`ς`, `ך`), nor which script's digits a number is written in;
 * - some letters are spelt as others (`ß` as `ss`, `æ` as `ae`, `ø` as `o`);
 * - accents on their own, joiners, direction marks and other format characters weigh nothing;
 * - spaces of every width are one space, and trailing ones do not count; leading ones do, and so do
 *   punctuation (hyphens, apostrophes of either kind), `þ`, the dotless `ı` and emoji.
 */

/** Characters with no weight at all (code point ranges, hexadecimal): accents alone, Hebrew and Arabic points, joiners, controls. */
const WEIGHTLESS =
  '1-8 e-1f 7f-84 86-9f 300-362 483-489 591-5bd 5bf 5c1-5c2 5c4-5c5 5c7 600-603 610-61a 64b-65e 670 6d6-6e4 6e7-6e8 6ea-6ed ' +
  '70f 711 730-74a 7eb-7f3 818-819 81c-82d 900-903 93c 951-954 981-983 9bc a01-a03 a3c a70-a71 a81-a83 abc b01-b03 b3c b82 ' +
  'c01-c03 c82-c83 cbc d02-d03 d82-d83 e47-e4e ec8-ecd f18-f19 f35 f37 f39 f7e-f7f f82-f83 f86-f87 fc6 1036-1038 108d 135f ' +
  '17c6-17d1 17d3 17dd 180b-180d 1939-193b 1a74-1a7c 1a7f 1b00-1b04 1b34 1b6b-1b73 1b80-1b82 1c37 1cd0-1ce8 1ced 1cf2 ' +
  '1dc0-1dc9 1dcb-1dd1 1dfd-1dff 200b-200f 202a-202e 2060-2064 206a-206f 20d0-20f0 2cef-2cf1 302a-302f 3099-309a a66f-a672 ' +
  'a67c-a67d a6f0-a6f1 a80b a880-a881 a8e0-a8f1 a92b-a92d a980-a983 a9b3 aabf aac1 abec fb1e fc5e-fc63 fcf2-fcf4 fe00-fe0f ' +
  'fe20-fe26 fe70-fe74 fe76-fe7f feff ff9e-ff9f fff9-fffb 101fd 10a0d-10a0f 10a38-10a3a 11080-11082 110ba 110bd 1d165-1d169 ' +
  '1d16d-1d182 1d185-1d18b 1d1aa-1d1ad 1d242-1d244';

const WEIGHTLESS_CHARS = new RegExp(
  `[${WEIGHTLESS.split(' ')
    .map((range) =>
      range
        .split('-')
        .map((hex) => `\\u{${hex}}`)
        .join('-'),
    )
    .join('')}]`,
  'u',
);

/**
 * Letters Unicode writes as another letter with a mark, which the collation keeps apart from that
 * letter (lower case; their capitals are read as these).
 */
const OWN_LETTERS = new Set([...'йўӑӓӗӝӟӥӧӱӳӵќѓїӹӭѷӛӫآأإؤئำ〸〹〺']);

/** Letters the collation reads as other letters, where Unicode's compatibility forms do not say so. */
const SPELT: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ŀ: 'l',
  ƍ: 'zw',
  ƾ: 'ts',
  ȸ: 'db',
  ȹ: 'qp',
  ỻ: 'll',
  ς: 'σ',
  ͺ: 'ι',
  ϗ: 'και',
  ґ: 'г',
  ך: 'כ',
  ם: 'מ',
  ן: 'נ',
  ף: 'פ',
  ץ: 'צ',
  װ: 'וו',
  ױ: 'וי',
  ײ: 'יי',
  ٴ: 'ء',
  ۥ: 'و',
  ۦ: 'ي',
  '۽': 'ء',
  '۾': 'م',
  ↅ: '6',
  〇: '0',
  〆: 'シメ',
  〼: 'マス',
  〲: '〱',
  〴: '〳',
  ゟ: 'ヨリ',
  ァ: 'ア',
  ィ: 'イ',
  ゥ: 'ウ',
  ェ: 'エ',
  ォ: 'オ',
  ッ: 'ツ',
  ャ: 'ヤ',
  ュ: 'ユ',
  ョ: 'ヨ',
  ヮ: 'ワ',
  ヵ: 'カ',
  ヶ: 'ケ',
};
/** Numbers the collation reads as their digits: `⓫`..`⓴`, `⓵`..`⓾`, `⓿`, and the Suzhou numerals `〡`..`〩`. */
const NUMBERS: Readonly<Record<string, string>> = Object.fromEntries([
  ...Array.from({ length: 10 }, (_, n) => [String.fromCharCode(0x24eb + n), String(n + 11)]),
  ...Array.from({ length: 10 }, (_, n) => [String.fromCharCode(0x24f5 + n), String(n + 1)]),
  ['\u24ff', '0'],
  ...Array.from({ length: 9 }, (_, n) => [String.fromCharCode(0x3021 + n), String(n + 1)]),
]);

/** The value of a decimal digit of any script (they come in runs of ten from 0), as an ASCII digit. */
function digitValue(digit: string): string {
  const code = digit.codePointAt(0) ?? 0;
  let zero = code;
  while (zero > 0 && /\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--;
  return String((code - zero) % 10);
}

/** A hiragana letter as its katakana (the collation does not tell them apart). */
const katakana = (kana: string) => String.fromCharCode(kana.charCodeAt(0) + 0x60);

/** One character's key. */
function letterKey(char: string): string {
  if (WEIGHTLESS_CHARS.test(char)) return '';
  const lower = char.toLowerCase();
  if (OWN_LETTERS.has(lower)) return lower;
  const spelt = SPELT[lower] ?? NUMBERS[lower];
  if (spelt !== undefined) return spelt;
  const compatible = lower.normalize('NFKD');
  // A spacing accent (`´`, `΄`, `¨`, `΅`) is a character of its own, that of its (first) accent.
  if (/^ \p{M}/u.test(compatible)) return compatible.slice(0, 2);
  let key = '';
  for (const part of compatible.toLowerCase()) {
    if (WEIGHTLESS_CHARS.test(part)) continue;
    if (/[\u3041-\u3096]/.test(part)) key += SPELT[katakana(part)] ?? katakana(part);
    else if (/\p{Nd}/u.test(part)) key += digitValue(part);
    else key += SPELT[part] ?? part;
  }
  return key;
}

/** The key two names share exactly when the database's collation finds them equal. */
export function collationKey(name: string): string {
  // Most names are printable ASCII, where only case and trailing spaces do not count.
  if (/^[\x20-\x7e]*$/.test(name)) return name.toLowerCase().replace(/ +$/, '');
  let key = '';
  for (const char of name.normalize('NFC')) key += letterKey(char);
  return key.replace(/ +$/, '');
}

/**
 * The key of a text as SQL LIKE compares it by the same collation: character by character, so a
 * character the collation spells with several letters (`ß` as `ss`, `æ`, `ﬁ`) matches none of
 * them there (`Straße` is `Strasse` by `=`, but `LIKE '%strasse%'` does not find it; measured).
 */
export function likeKey(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text.toLowerCase();
  let key = '';
  for (const char of text.normalize('NFC')) {
    const letter = letterKey(char);
    key += [...letter].length > 1 ? `\u0000${char}` : letter;
  }
  return key;
}

/**
 * Letter pairs that the collation also takes for one letter of an alphabet: `ss` (`ß`), `ae`
 * (`æ`), `oe` (`œ`), `ij` (`ĳ`). A name typed with the pair is the stored one with the letter by
 * `=`, but not by LIKE. (Ligatures such as `ﬁ` and letter-like symbols such as `Ⅳ` are such
 * characters too, rarely typed in names, and not counted here.)
 */
export const ONE_LETTER_PAIRS = /ss|ae|oe|ij/gi;

/** Whether the server takes two names for the same one. */
export function sameName(a: string, b: string): boolean {
  return collationKey(a) === collationKey(b);
}
