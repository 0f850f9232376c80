/**
 * Text from a site or a file, shown to a person at a terminal, with its control characters made
 * visible: a venue named `ESC]0;…BEL` would otherwise retitle the terminal, and `ESC[2J` clear it.
 * Every C0 control but tab and newline, DEL and every C1 control is written as `\xHH`
 * (`\x1b]0;…\x07`). Data formats (JSON, NDJSON, YAML, and CSV or rows through a pipe) keep the
 * text as it is: JSON and YAML escape these characters themselves, and a script wants the bytes.
 */

import type { OutputStream } from '../../core/index.js';

const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

const escaped = (char: string) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;

/** The text with its control characters (but tab and newline) written as `\xHH`. */
export function visible(text: string): string {
  CONTROLS.lastIndex = 0;
  return CONTROLS.test(text) ? text.replace(CONTROLS, escaped) : text;
}

/** `visible` where the stream is a terminal; through a pipe the text stays as it is. */
export function visibleOn(stream: { isTTY?: boolean }, text: string): string {
  return stream.isTTY === true ? visible(text) : text;
}

/** A stream whose every text written is made visible: for writers of plain lines that hold no colour of their own. */
export function visibleStream(stream: OutputStream): OutputStream {
  return new Proxy(stream, {
    get(target, key) {
      if (key === 'write') return (chunk: string | Uint8Array) => target.write(typeof chunk === 'string' ? visible(chunk) : chunk);
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
