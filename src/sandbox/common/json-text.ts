/**
 * JSON as the real server writes it (PHP's json_encode: slashes and non-ASCII characters
 * escaped), and pieces of it encoded once and placed as they are: a list's records, whose
 * text is kept between requests.
 */
import { randomBytes } from 'node:crypto';

/** A value's JSON text, already encoded by encodeJson. */
export class EncodedJson {
  constructor(readonly text: string) {}

  /** Called by JSON.stringify inside encodeJson: leaves a mark where the text goes. */
  toJSON(): string {
    pieces.push(this.text);
    return `${MARK}${pieces.length - 1}`;
  }
}

/** Starts the string a piece's mark is; no text a client sends can hold it (random, and a NUL). */
const MARK = `\u0000${randomBytes(6).toString('hex')}:`;
const MARKED = new RegExp(`"\\\\u0000${MARK.slice(1)}(\\d+)"`, 'g');
let pieces: string[] = [];

function phpEscapes(json: string): string {
  const slashed = json.replace(/\//g, '\\/');
  // Most records are ASCII: a byte count finds that faster than the expression below scans.
  if (Buffer.byteLength(slashed) === slashed.length && !slashed.includes('\u007f')) return slashed;
  return slashed.replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** PHP's json_encode output: slashes and non-ASCII characters escaped; EncodedJson pieces placed as they are. */
export function encodeJson(value: unknown): string {
  const outer = pieces;
  pieces = [];
  try {
    const text = phpEscapes(JSON.stringify(value));
    const placed = pieces;
    return placed.length ? text.replace(MARKED, (_, index: string) => placed[Number(index)]) : text;
  } finally {
    pieces = outer;
  }
}
