/**
 * A list page cut into its records from its bytes, without building them as objects or
 * decoding them as text. `list --format ndjson` writes each record as one line of compact
 * JSON: parsing a page and serialising every record again was a fifth of the client's CPU
 * over a long list, and decoding the page, rewriting its `\/` and encoding the lines again
 * most of what was left. Each record is checked to be well-formed JSON and copied as
 * `JSON.stringify(JSON.parse(text))` would write it; a record this cannot vouch for (decimals,
 * escapes JSON.stringify writes another way) goes through JSON itself, and a page it cannot
 * cut is decoded the usual way by the caller.
 */
import { isUtf8 } from 'node:buffer';

/** A record and its newline as UTF-8, in the compact form JSON.stringify gives. */
export class RawRecord {
  constructor(
    readonly line: Buffer,
    readonly id: number | undefined,
  ) {}

  static of(value: unknown): RawRecord {
    const id = (value as { id?: unknown } | null)?.id;
    return new RawRecord(Buffer.from(`${JSON.stringify(value)}\n`), typeof id === 'number' ? id : undefined);
  }

  /** The record's JSON text. */
  get json(): string {
    return this.line.toString('utf8', 0, this.line.length - 1);
  }
}

export interface CutPage {
  records: RawRecord[];
  /** The page without its records: `total`, `total_pages`, `rest_url`... */
  rest: Record<string, unknown>;
}

/**
 * The records of `{"KEY":[...], ...}` and the rest of the page, or undefined when the body
 * is not laid out that way (pretty-printed, the key elsewhere) or is not JSON in UTF-8: the
 * caller then decodes the page as usual, and says what is wrong with it. The page is only read.
 */
export function cutListPage(page: Uint8Array, key: string): CutPage | undefined {
  try {
    return cut(Buffer.isBuffer(page) ? page : Buffer.from(page.buffer, page.byteOffset, page.length), key);
  } catch {
    return undefined; // a record, or the rest of the page, that JSON itself refused
  }
}

function cut(bytes: Buffer, key: string): CutPage | undefined {
  const marker = Buffer.from(`"${key}":[`);
  const open = bytes.indexOf(marker);
  // Invalid UTF-8 is decoded with replacement characters the usual way: copying it would differ.
  if (open < 0 || bytes[0] !== 0x7b || !isUtf8(bytes)) return undefined;
  // Every rewrite shortens or keeps what it rewrites, so the page's length holds the lines.
  const out = Buffer.allocUnsafe(bytes.length);
  const records: RawRecord[] = [];
  let pos = skipSpace(bytes, open + marker.length);
  written = 0;
  if (bytes[pos] !== 0x5d) {
    for (;;) {
      const start = written;
      const end = copyValue(bytes, pos, out);
      if (end < 0) return undefined;
      if (copiedPlain) {
        out[written++] = 0x0a;
        records.push(new RawRecord(out.subarray(start, written), leadingId(out, start)));
      } else {
        written = start;
        records.push(RawRecord.of(JSON.parse(bytes.toString('utf8', pos, end))));
      }
      pos = skipSpace(bytes, end);
      const next = bytes[pos];
      if (next === 0x5d) break;
      if (next !== 0x2c) return undefined;
      pos = skipSpace(bytes, pos + 1);
    }
  }
  const rest: unknown = JSON.parse(`${bytes.toString('utf8', 0, open + marker.length)}${bytes.toString('utf8', pos)}`);
  // The marker found must have been the page's own list, not a key of the same name inside a value.
  const list = (rest as Record<string, unknown> | null)?.[key];
  if (rest === null || typeof rest !== 'object' || !Array.isArray(list) || list.length !== 0) return undefined;
  return { records, rest: rest as Record<string, unknown> };
}

function skipSpace(bytes: Buffer, pos: number): number {
  for (let c = bytes[pos]; c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09; c = bytes[++pos]);
  return pos;
}

/*
 * The copier is the hot loop of a long list, so it compares literal byte values: the bundle
 * would read named constants from its closure at every comparison.
 * { 0x7b  } 0x7d  [ 0x5b  ] 0x5d  , 0x2c  : 0x3a  " 0x22  \\ 0x5c  - 0x2d  / 0x2f  u 0x75
 * What it expects next: 0 a value, 1 a value or ], 2 a key, 3 a key or }, 4 a colon,
 * 5 a comma or the container's end.
 */

/** Where the output of the last value copied ends, and whether it is what JSON.stringify writes. */
let written = 0;
let copiedPlain = true;

/**
 * Copies the JSON value that starts at `pos` into `out` from `written` on, as JSON.stringify
 * writes it: whitespace outside strings dropped, `\/` as `/`, `\u00e9` as UTF-8. Returns where
 * the value ends, or -1 when it is not JSON or is nested too deep to follow. Sets `written`,
 * and `copiedPlain` to false where the copy is not JSON.stringify's form (a number it would
 * write another way, a `\u` escape of a control character, quote, backslash or lone surrogate):
 * the grammar is still checked to the end.
 */
function copyValue(src: Buffer, pos: number, out: Buffer): number {
  // One bit a level: set for an object, clear for an array.
  let objects = 0;
  let depth = 0;
  let expect = 0;
  let plain = true;
  let w = written;
  const length = src.length;
  while (pos < length) {
    const c = src[pos];
    let valueEnded = false;
    if (c === 0x22) {
      if (expect === 4 || expect === 5) return -1;
      out[w++] = 0x22;
      pos++;
      for (;;) {
        const d = src[pos++];
        // Most bytes of a string: copied with two comparisons.
        if (d > 0x22 && d !== 0x5c) {
          out[w++] = d;
          continue;
        }
        if (d === 0x22) break;
        if (d !== 0x5c) {
          // A raw control character is not JSON; nor is a string the page ends in (undefined).
          if (!(d >= 0x20)) return -1;
          out[w++] = d;
          continue;
        }
        const escaped = src[pos++];
        if (escaped === 0x2f) out[w++] = 0x2f;
        else if (escaped === 0x75) {
          const code = hex4(src, pos);
          if (code < 0) return -1;
          pos += 4;
          if (code >= 0xd800 && code <= 0xdbff && src[pos] === 0x5c && src[pos + 1] === 0x75) {
            const low = hex4(src, pos + 2);
            if (low >= 0xdc00 && low <= 0xdfff) {
              const point = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
              out[w++] = 0xf0 | (point >> 18);
              out[w++] = 0x80 | ((point >> 12) & 0x3f);
              out[w++] = 0x80 | ((point >> 6) & 0x3f);
              out[w++] = 0x80 | (point & 0x3f);
              pos += 6;
              continue;
            }
          }
          // JSON.stringify escapes these itself, in its own way.
          if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff)) plain = false;
          else if (code < 0x80) out[w++] = code;
          else if (code < 0x800) {
            out[w++] = 0xc0 | (code >> 6);
            out[w++] = 0x80 | (code & 0x3f);
          } else {
            out[w++] = 0xe0 | (code >> 12);
            out[w++] = 0x80 | ((code >> 6) & 0x3f);
            out[w++] = 0x80 | (code & 0x3f);
          }
        } else if (escaped === 0x22 || escaped === 0x5c || escaped === 0x62 || escaped === 0x66 || escaped === 0x6e || escaped === 0x72 || escaped === 0x74) {
          out[w++] = 0x5c;
          out[w++] = escaped;
        } else return -1;
      }
      out[w++] = 0x22;
      if (expect === 2 || expect === 3) {
        // A key: in compact JSON its colon follows at once.
        if (src[pos] === 0x3a) {
          out[w++] = 0x3a;
          pos++;
          expect = 0;
        } else expect = 4;
      } else valueEnded = true;
    } else if (c === 0x3a || c === 0x2c) {
      if (c === 0x3a ? expect !== 4 : expect !== 5) return -1;
      expect = c === 0x3a ? 0 : (objects & (1 << depth)) !== 0 ? 2 : 0;
      out[w++] = c;
      pos++;
    } else if (c === 0x7b || c === 0x5b) {
      if (expect > 1) return -1;
      // Deeper containers are left to JSON itself.
      if (++depth > 30) return -1;
      if (c === 0x7b) {
        objects |= 1 << depth;
        expect = 3;
      } else expect = 1;
      out[w++] = c;
      pos++;
    } else if (c === 0x7d || c === 0x5d) {
      const closesObject = c === 0x7d;
      const inObject = (objects & (1 << depth)) !== 0;
      if (closesObject ? !inObject || (expect !== 5 && expect !== 3) : inObject || (expect !== 5 && expect !== 1)) return -1;
      objects &= ~(1 << depth);
      depth--;
      out[w++] = c;
      pos++;
      valueEnded = true;
    } else if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
      pos++;
    } else if (c === 0x74 || c === 0x66 || c === 0x6e) {
      const word = c === 0x74 ? TRUE : c === 0x66 ? FALSE : NULL;
      if (expect > 1) return -1;
      for (let i = 0; i < word.length; i++) if (src[pos + i] !== word[i]) return -1;
      for (let i = 0; i < word.length; i++) out[w++] = word[i];
      pos += word.length;
      valueEnded = true;
    } else {
      if (expect > 1) return -1;
      const end = numberEnd(src, pos);
      if (end < 0) return -1;
      // Integers JSON.stringify writes back the same: no minus zero, no fraction or exponent, exact in a double.
      let at = pos;
      if (c === 0x2d) out[w++] = src[at++];
      if (end - at > 15 || (c === 0x2d && src[at] === 0x30)) plain = false;
      for (; at < end; at++) {
        const digit = src[at];
        if (digit < 0x30 || digit > 0x39) plain = false;
        out[w++] = digit;
      }
      pos = end;
      valueEnded = true;
    }
    if (valueEnded) {
      if (depth === 0) {
        written = w;
        copiedPlain = plain;
        return pos;
      }
      // In compact JSON the comma follows at once.
      if (src[pos] === 0x2c) {
        out[w++] = 0x2c;
        pos++;
        expect = (objects & (1 << depth)) !== 0 ? 2 : 0;
      } else expect = 5;
    }
  }
  return -1;
}

const TRUE = [0x74, 0x72, 0x75, 0x65];
const FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65];
const NULL = [0x6e, 0x75, 0x6c, 0x6c];

/** The four hex digits at `pos` as a number, or -1. */
function hex4(src: Buffer, pos: number): number {
  let code = 0;
  for (let i = 0; i < 4; i++) {
    const c = src[pos + i];
    const digit = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : c >= 0x41 && c <= 0x46 ? c - 0x37 : -1;
    if (digit < 0) return -1;
    code = (code << 4) | digit;
  }
  return code;
}

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

function digitsEnd(src: Buffer, pos: number): number {
  while (isDigit(src[pos])) pos++;
  return pos;
}

/** Where the JSON number at `pos` ends: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?, or -1. */
function numberEnd(src: Buffer, pos: number): number {
  if (src[pos] === 0x2d) pos++;
  if (src[pos] === 0x30) pos++;
  else if (isDigit(src[pos])) pos = digitsEnd(src, pos);
  else return -1;
  if (src[pos] === 0x2e) {
    if (!isDigit(src[pos + 1])) return -1;
    pos = digitsEnd(src, pos + 1);
  }
  if (src[pos] === 0x65 || src[pos] === 0x45) {
    pos++;
    if (src[pos] === 0x2b || src[pos] === 0x2d) pos++;
    if (!isDigit(src[pos])) return -1;
    pos = digitsEnd(src, pos);
  }
  return pos;
}

/** The `id` a record opens with, as the API writes it; otherwise read from the whole record. */
function leadingId(out: Buffer, start: number): number | undefined {
  // {"id":
  if (
    out[start] === 0x7b &&
    out[start + 1] === 0x22 &&
    out[start + 2] === 0x69 &&
    out[start + 3] === 0x64 &&
    out[start + 4] === 0x22 &&
    out[start + 5] === 0x3a
  ) {
    const from = start + 6;
    let id = 0;
    let at = from;
    for (let c = out[at]; c >= 0x30 && c <= 0x39 && at < from + 15; c = out[++at]) id = id * 10 + (c - 0x30);
    const after = out[at];
    if (at > from && (out[from] !== 0x30 || at === from + 1) && (after === 0x2c || after === 0x7d)) return id;
  }
  const id = (JSON.parse(out.toString('utf8', start, written - 1)) as { id?: unknown } | null)?.id;
  return typeof id === 'number' ? id : undefined;
}
