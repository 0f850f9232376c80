/**
 * wptexturize and convert_chars, as the real site applies them to event, venue and organizer
 * titles and to content: typographic quotes, apostrophes and primes, dashes, ellipses, `×`
 * between numbers, a bare `&` as `&#038;`; text inside tags, comments, code elements and
 * WordPress's own shortcodes left alone. Written from what the site showed for texts typed
 * into it (test/unit/wordpress-text.test.ts) and WordPress 7.0's rules.
 *
 * The direction is one way only: `–` stands for both `--` and ` - `, `—` for both `---` and
 * ` -- `, so a shown text cannot be turned back into the typed one; the typed one is turned
 * forward instead (textAsShown in text.ts).
 */

/** White space as wptexturize sees it (wp_spaces_regexp). */
const SP = String.raw`(?:[\r\n\t ]|\u00a0|&nbsp;)`;
/** What may follow a closing quote: the end, closing punctuation, a `>` or white space. */
const CLOSES = String.raw`(?=$|[.,:;!?)}\-\]]|&gt;|${SP})`;

const APOSTROPHE = '&#8217;';
const OPENING_SINGLE = '&#8216;';
const CLOSING_SINGLE = '&#8217;';
const OPENING_DOUBLE = '&#8220;';
const CLOSING_DOUBLE = '&#8221;';
const PRIME = '&#8242;';
const DOUBLE_PRIME = '&#8243;';

// Marks for what is decided later, of characters no text holds (the Private Use Area).
const APOS_MARK = '\uf8f0';
const OPEN_SINGLE_MARK = '\uf8f1';
const OPEN_DOUBLE_MARK = '\uf8f2';
const PRIME_OR_QUOTE_MARK = '\uf8f3';

/** Words that start with an apostrophe, not an opening quote (`'til`, `'em`). */
const ELIDED = ["'tain't", "'twere", "'twas", "'tis", "'twill", "'til", "'bout", "'nuff", "'round", "'cause", "'em"];
const STATIC: Array<[string, string]> = [
  ['...', '&#8230;'],
  ['``', OPENING_DOUBLE],
  ["''", CLOSING_DOUBLE],
  [' (tm)', ' &#8482;'],
  ...ELIDED.map((word): [string, string] => [word, word.replaceAll("'", APOSTROPHE)]),
];

const APOSTROPHE_RULES: Array<[RegExp, string]> = [
  // '99' and '99": an abbreviated year at the end of a quotation.
  [new RegExp(String.raw`'(\d\d)'${CLOSES}`, 'g'), `${APOS_MARK}$1${CLOSING_SINGLE}`],
  [new RegExp(String.raw`'(\d\d)"${CLOSES}`, 'g'), `${APOS_MARK}$1${CLOSING_DOUBLE}`],
  // '99 '99s '99's, never '9, '99%, '999 or '99.0.
  [/'(?=\d\d(?:$|(?![%\d]|[.,]\d)))/g, APOS_MARK],
  // Quoted numbers: '0.42'.
  [new RegExp(String.raw`(?<=^|${SP})'(\d[.,\d]*)'`, 'g'), `${OPEN_SINGLE_MARK}$1${CLOSING_SINGLE}`],
  // At the start, or after ( { < [ " - or a space: an opening quote.
  [new RegExp(String.raw`(?<=^|[([{"\-]|&lt;|${SP})'`, 'g'), OPEN_SINGLE_MARK],
  // Within a word.
  [new RegExp(String.raw`(?<!${SP})'(?!$|[.,:;!?"'(){}[\]\-]|&[lg]t;|${SP})`, 'g'), APOS_MARK],
];

const QUOTE_RULES: Array<[RegExp, string]> = [
  [new RegExp(String.raw`(?<=^|${SP})"(\d[.,\d]*)"`, 'g'), `${OPEN_DOUBLE_MARK}$1${CLOSING_DOUBLE}`],
  [new RegExp(String.raw`(?<=^|[([{\-]|&lt;|${SP})"(?!${SP})`, 'g'), OPEN_DOUBLE_MARK],
];

const DASH_RULES: Array<[RegExp, string]> = [
  [/---/g, '&#8212;'],
  [new RegExp(`(?<=^|${SP})--(?=$|${SP})`, 'g'), '&#8212;'],
  [/(?<!xn)--/g, '&#8211;'],
  [new RegExp(`(?<=^|${SP})-(?=$|${SP})`, 'g'), '&#8211;'],
];

/** An `&` that does not start an entity. */
const BARE_AMPERSAND = /&(?!#(?:\d+|x[a-f0-9]+);|[a-z1-4]{1,8};)/gi;

const count = (text: string, part: string) => text.split(part).length - 1;

/**
 * After the rules, a quote (`'` or `"`) left after a digit is a prime (`9'`, `12"`) unless it
 * closes a quotation that opened before it in the same sentence (wptexturize_primes).
 */
function primes(text: string, quote: string, prime: string, openMark: string, close: string): string {
  const closing = new RegExp(`${quote}${CLOSES}`, 'g');
  const afterDigit = new RegExp(`(?<=\\d)${quote}`, 'g');
  return text
    .split(openMark)
    .map((sentence, index) => {
      if (!sentence.includes(quote)) return sentence;
      let out: string;
      if (index !== 0 && count(sentence, close) === 0) {
        const marks = sentence.match(closing)?.length ?? 0;
        out = sentence.replace(closing, PRIME_OR_QUOTE_MARK);
        if (marks > 1) {
          // Several could close the quotation: one not after a digit does; else the last (before a full stop if one is).
          const noDigit = new RegExp(`(?<!\\d)${PRIME_OR_QUOTE_MARK}`, 'g');
          if (noDigit.test(out)) out = out.replace(noDigit, close);
          else {
            const beforeStop = out.lastIndexOf(`${PRIME_OR_QUOTE_MARK}.`);
            const at = beforeStop >= 0 ? beforeStop : out.lastIndexOf(PRIME_OR_QUOTE_MARK);
            out = out.slice(0, at) + close + out.slice(at + 1);
          }
          out = out
            .replace(afterDigit, prime)
            .replace(new RegExp(`(?<=\\d)${PRIME_OR_QUOTE_MARK}`, 'g'), prime)
            .replaceAll(PRIME_OR_QUOTE_MARK, close);
        } else if (marks === 1) out = out.replaceAll(PRIME_OR_QUOTE_MARK, close).replace(afterDigit, prime);
        else out = out.replace(afterDigit, prime);
      } else out = sentence.replace(afterDigit, prime).replace(closing, close);
      return quote === '"' ? out.replaceAll('"', close) : out;
    })
    .join(openMark);
}

/** One run of text outside tags, as wptexturize changes it. */
function texturizeText(text: string): string {
  let out = text;
  for (const [from, to] of STATIC) out = out.replaceAll(from, to);
  if (out.includes("'")) {
    for (const [rule, to] of APOSTROPHE_RULES) out = out.replace(rule, to);
    out = primes(out, "'", PRIME, OPEN_SINGLE_MARK, CLOSING_SINGLE).replaceAll(APOS_MARK, APOSTROPHE).replaceAll(OPEN_SINGLE_MARK, OPENING_SINGLE);
  }
  if (out.includes('"')) {
    for (const [rule, to] of QUOTE_RULES) out = out.replace(rule, to);
    out = primes(out, '"', DOUBLE_PRIME, OPEN_DOUBLE_MARK, CLOSING_DOUBLE).replaceAll(OPEN_DOUBLE_MARK, OPENING_DOUBLE);
  }
  if (out.includes('-')) for (const [rule, to] of DASH_RULES) out = out.replace(rule, to);
  // 9x9, 0.5x2 (a leading 0 must be followed by more digits).
  if (/(?<=\d)x\d/.test(out)) out = out.replace(/\b(0[\d.,]+|[1-9][\d.,]*)x(\d[\d.,]*)\b/g, '$1&#215;$2');
  return out.replace(BARE_AMPERSAND, '&#038;');
}

/** Tags, comments and WordPress's own shortcodes: left as they are (a tag's bare `&` aside). */
const DELIMITERS = /(<!--[\s\S]*?-->|<[^>]*>|\[\/?(?:gallery|playlist|caption|embed|audio|video|code)\b[^\]]*\])/;
/** Elements and shortcodes whose text is code: not texturized. */
const CODE_TAG = /^[<[](\/?)(pre|code|kbd|style|script|tt)\b/i;

export function texturize(html: string): string {
  const open: string[] = [];
  return html
    .split(DELIMITERS)
    .map((part, index) => {
      if (index % 2 === 0) return open.length || part.trim() === '' ? part : texturizeText(part);
      const code = CODE_TAG.exec(part);
      if (code && code[1] === '') open.push(code[2].toLowerCase());
      else if (code && open.at(-1) === code[2].toLowerCase()) open.pop();
      return part.startsWith('<') && !part.startsWith('<!--') ? part.replace(BARE_AMPERSAND, '&#038;') : part;
    })
    .join('');
}
