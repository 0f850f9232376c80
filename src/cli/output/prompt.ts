/** Questions at a terminal. Secrets are read with echo off, one key at a time. */
import { CalendarError, type Context, EXIT } from '../../core/index.js';

type TtyInput = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?(mode: boolean): unknown };

/** Asks on stderr and reads a line from the terminal without showing it. Ctrl-C cancels (exit 130). */
export function askHidden(ctx: Context, question: string): Promise<string> {
  const input = ctx.stdin as TtyInput;
  // Echo goes off before the question shows, so nothing typed after it can appear.
  input.setRawMode?.(true);
  ctx.stderr.write(question);
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error) => {
      input.removeListener('data', onData);
      input.setRawMode?.(false);
      input.pause();
      ctx.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer | string) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish();
        if (char === '\u0003') return finish(new CalendarError('cancelled', EXIT.interrupted));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else if (char >= ' ') typed += char;
      }
    };
    input.resume();
    input.on('data', onData);
  });
}
