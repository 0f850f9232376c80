/**
 * A list page cut into its records without building them as objects. `list --format ndjson`
 * writes each record as one line of compact JSON: parsing a page and serialising every record
 * again was a fifth of the client's CPU over a long list. Each record here is checked to be
 * well-formed JSON and written exactly as `JSON.stringify(JSON.parse(text))` would write it;
 * a record this cannot vouch for (spaces, decimals, escapes it does not rewrite) goes through
 * JSON itself, and a page it cannot cut is decoded the usual way by the caller.
 */

/** A record as the server sent it, in the compact form JSON.stringify gives. */
export class RawRecord {
  constructor(
    readonly json: string,
    readonly id: number | undefined,
  ) {}

  static of(value: unknown): RawRecord {
    const id = (value as { id?: unknown } | null)?.id;
    return new RawRecord(JSON.stringify(value), typeof id === 'number' ? id : undefined);
  }
}

export interface CutPage {
  records: RawRecord[];
  /** The page without its records: `total`, `total_pages`, `rest_url`... */
  rest: Record<string, unknown>;
}

/**
 * The records of `{"KEY":[...], ...}` and the rest of the page, or undefined when the text
 * is not laid out that way (pretty-printed, the key elsewhere) or is not JSON: the caller then
 * decodes the page as usual, and says what is wrong with it.
 */
export function cutListPage(text: string, key: string): CutPage | undefined {
  try {
    return cut(text, key);
  } catch {
    return undefined; // a record, or the rest of the page, that JSON itself refused
  }
}

function cut(text: string, key: string): CutPage | undefined {
  const marker = `"${key}":[`;
  const open = text.indexOf(marker);
  if (open < 0 || !text.startsWith('{')) return undefined;
  // Most pages hold no escape but \/ and those JSON.stringify keeps: their records need no closer look.
  const simple = !NOT_SIMPLE.test(text);
  const records: RawRecord[] = [];
  let pos = open + marker.length;
  if (text[pos] !== ']') {
    for (;;) {
      if (!scanValue(text, pos)) return undefined;
      const json = text.slice(pos, scannedEnd);
      records.push(compact(json, scannedPlain, simple));
      pos = scannedEnd;
      const next = text[pos];
      if (next === ']') break;
      if (next !== ',') return undefined;
      pos++;
    }
  }
  const rest: unknown = JSON.parse(`${text.slice(0, open + marker.length)}${text.slice(pos)}`);
  // The marker found must have been the page's own list, not a key of the same name inside a value.
  const list = (rest as Record<string, unknown> | null)?.[key];
  if (rest === null || typeof rest !== 'object' || !Array.isArray(list) || list.length !== 0) return undefined;
  return { records, rest: rest as Record<string, unknown> };
}

/*
 * The scanner is the hot loop of a long list, so it compares literal character codes: the
 * bundle would read named constants from its closure at every comparison.
 * { 0x7b  } 0x7d  [ 0x5b  ] 0x5d  , 0x2c  : 0x3a  " 0x22  \\ 0x5c  - 0x2d
 * What it expects next: 0 a value, 1 a value or ], 2 a key, 3 a key or }, 4 a colon,
 * 5 a comma or the container's end.
 */

/** Where the last value scanned ends, and whether JSON.stringify would write it the same outside its strings. */
let scannedEnd = 0;
let scannedPlain = true;

/**
 * Scans the JSON value that starts at `pos`, its grammar checked outside strings (their
 * contents are checked by compact()), and sets scannedEnd and scannedPlain. Plain: no
 * whitespace, and only integers written digit for digit. False when it is not JSON, or is
 * nested too deep to follow.
 */
function scanValue(text: string, pos: number): boolean {
  // One bit a level: set for an object, clear for an array.
  let objects = 0;
  let depth = 0;
  let expect = 0;
  let plain = true;
  const length = text.length;
  while (pos < length) {
    const c = text.charCodeAt(pos);
    let valueEnded = false;
    switch (c) {
      case 0x22: {
        if (expect === 4 || expect === 5) return false;
        // The closing quote: the next one not escaped by an odd number of backslashes.
        let end = text.indexOf('"', pos + 1);
        while (end > 0 && text.charCodeAt(end - 1) === 0x5c) {
          let backslashes = 1;
          while (text.charCodeAt(end - 1 - backslashes) === 0x5c) backslashes++;
          if ((backslashes & 1) === 0) break;
          end = text.indexOf('"', end + 1);
        }
        if (end < 0) return false;
        pos = end + 1;
        if (expect === 2 || expect === 3) expect = 4;
        else valueEnded = true;
        break;
      }
      case 0x3a:
        if (expect !== 4) return false;
        expect = 0;
        pos++;
        break;
      case 0x2c:
        if (expect !== 5) return false;
        expect = (objects & (1 << depth)) !== 0 ? 2 : 0;
        pos++;
        break;
      case 0x7b:
      case 0x5b:
        if (expect > 1) return false;
        // Deeper containers are left to JSON itself.
        if (++depth > 30) return false;
        if (c === 0x7b) {
          objects |= 1 << depth;
          expect = 3;
        } else expect = 1;
        pos++;
        break;
      case 0x7d:
      case 0x5d: {
        const closesObject = c === 0x7d;
        const inObject = (objects & (1 << depth)) !== 0;
        if (closesObject ? !inObject || (expect !== 5 && expect !== 3) : inObject || (expect !== 5 && expect !== 1)) return false;
        objects &= ~(1 << depth);
        depth--;
        pos++;
        valueEnded = true;
        break;
      }
      case 0x20:
      case 0x0a:
      case 0x0d:
      case 0x09:
        plain = false;
        pos++;
        break;
      case 0x74:
      case 0x66:
      case 0x6e: {
        const word = c === 0x74 ? 'true' : c === 0x66 ? 'false' : 'null';
        if (expect > 1 || !text.startsWith(word, pos)) return false;
        pos += word.length;
        valueEnded = true;
        break;
      }
      default: {
        if (expect > 1 || (c !== 0x2d && (c < 0x30 || c > 0x39))) return false;
        NUMBER.lastIndex = pos;
        if (!NUMBER.test(text)) return false;
        const end = NUMBER.lastIndex;
        // Integers JSON.stringify writes back the same: no leading zero, no minus zero, exact in a double.
        const digits = end - pos - (c === 0x2d ? 1 : 0);
        const first = text.charCodeAt(end - digits);
        if (digits > 15 || (first === 0x30 && (digits > 1 || c === 0x2d))) plain = false;
        else for (let at = end - digits; at < end; at++) if (text.charCodeAt(at) < 0x30 || text.charCodeAt(at) > 0x39) plain = false;
        pos = end;
        valueEnded = true;
      }
    }
    if (valueEnded) {
      if (depth === 0) {
        scannedEnd = pos;
        scannedPlain = plain;
        return true;
      }
      expect = 5;
    }
  }
  return false;
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

/** A raw control character (not JSON inside a string), or an escape other than `\/` and those JSON.stringify keeps. */
const NOT_SIMPLE = /[\x00-\x1f]|\\[^/"bfnrt]/;
/** As NOT_SIMPLE, but `\u` and four hex digits are let through. */
const UNSUPPORTED = /[\x00-\x1f]|\\(?![/"bfnrt]|u[0-9a-fA-F]{4})/;

/**
 * The record as JSON.stringify(JSON.parse(json)) writes it: `\/` as `/`, `\u00e9` as `é`, and
 * `\"`, `\b`, `\f`, `\n`, `\r`, `\t` as they are. Anything else is left to JSON itself.
 */
function compact(json: string, plain: boolean, simple: boolean): RawRecord {
  let text: string | undefined;
  if (plain && (simple || !NOT_SIMPLE.test(json))) text = json;
  else if (plain && !UNSUPPORTED.test(json)) text = unescapeUnicode(json);
  if (text === undefined) return RawRecord.of(JSON.parse(json));
  return new RawRecord(text.replaceAll('\\/', '/'), leadingId(json));
}

const UNICODE_ESCAPE = /\\u([0-9a-fA-F]{4})?/g;

/**
 * `\u00e9` as `é`, as JSON.stringify writes it; undefined for an escape it would keep or
 * write another way (control characters, quote, backslash, surrogates), or that is not one.
 */
function unescapeUnicode(text: string): string | undefined {
  let kept = true;
  const out = text.replace(UNICODE_ESCAPE, (escape, hex: string | undefined) => {
    const code = hex === undefined ? 0 : parseInt(hex, 16);
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff)) kept = false;
    return String.fromCharCode(code);
  });
  return kept ? out : undefined;
}

const ID_PREFIX = '{"id":';

/** The `id` a record opens with, as the API writes it; otherwise read from the whole record. */
function leadingId(json: string): number | undefined {
  if (json.startsWith(ID_PREFIX)) {
    let id = 0;
    let at = ID_PREFIX.length;
    for (let c = json.charCodeAt(at); c >= 0x30 && c <= 0x39 && at < ID_PREFIX.length + 15; c = json.charCodeAt(++at)) id = id * 10 + (c - 0x30);
    const after = json.charCodeAt(at);
    if (at > ID_PREFIX.length && json.charCodeAt(ID_PREFIX.length) !== 0x30 && (after === 0x2c || after === 0x7d)) return id;
  }
  const id = (JSON.parse(json) as { id?: unknown } | null)?.id;
  return typeof id === 'number' ? id : undefined;
}
