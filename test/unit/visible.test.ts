/** Control characters of a site's or a file's text, as a terminal is shown them (src/cli/output/visible.ts). */
import { describe, expect, test } from 'vitest';
import { visible, visibleOn, visibleStream } from '../../src/cli/output/visible.js';

describe('visible', () => {
  test('C0 (but tab and newline), DEL and C1 are written as \\xHH; other text is left alone', () => {
    expect(visible('a\u001b]0;title\u0007b')).toBe('a\\x1b]0;title\\x07b');
    expect(visible('\r\u0000\u007f\u009b2J')).toBe('\\x0d\\x00\\x7f\\x9b2J');
    expect(visible('tab\there\nnext line, Дом культуры, 東京 🎷')).toBe('tab\there\nnext line, Дом культуры, 東京 🎷');
  });

  test('through a pipe the bytes stay; a stream shows them on every write', () => {
    expect(visibleOn({ isTTY: false }, '\u001b[2J')).toBe('\u001b[2J');
    expect(visibleOn({ isTTY: true }, '\u001b[2J')).toBe('\\x1b[2J');
    const written: Array<string | Uint8Array> = [];
    const stream = visibleStream({ write: (chunk) => written.push(chunk) > 0, isTTY: true });
    stream.write('debug: \u0007\n');
    expect(written).toEqual(['debug: \\x07\n']);
    expect(stream.isTTY).toBe(true);
  });
});
