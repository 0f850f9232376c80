/**
 * Messages for people, on stderr: notices, warnings and errors. Colour only where allowed; the
 * control characters of a site's or a file's text they quote are made visible (output/visible.ts).
 */
import { type Context, inWords } from '../../core/index.js';
import { firstToday } from './daily-notice.js';
import { visible } from './visible.js';

/** A core text with its options said as flags (src/core/words.ts), then made safe for a terminal. */
const shown = (text: string) => visible(inWords(text, 'cli'));

export interface ColorChoice {
  /** --no-color was given. */
  noColor?: boolean;
}

/** NO_COLOR and --no-color switch colour off, FORCE_COLOR on; otherwise only on a terminal. */
export function colorEnabled(stream: { isTTY?: boolean }, env: Record<string, string | undefined>, choice: ColorChoice): boolean {
  if (choice.noColor) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  if (env.TERM === 'dumb') return false;
  return stream.isTTY === true;
}

const RED = (t: string) => `\u001b[31m${t}\u001b[39m`;
const YELLOW = (t: string) => `\u001b[33m${t}\u001b[39m`;
const DIM = (t: string) => `\u001b[2m${t}\u001b[22m`;

export class Ui {
  readonly color: boolean;

  constructor(
    private readonly ctx: Context,
    choice: ColorChoice,
  ) {
    this.color = colorEnabled(ctx.stderr, ctx.env, choice);
  }

  /** A notice; with `oncePerDay`, a key that says it only on the first run of the day (output/daily-notice.ts). */
  notice(message: string, oncePerDay?: string): void {
    if (oncePerDay !== undefined && !firstToday(this.ctx.env, oncePerDay)) return;
    this.ctx.stderr.write(`${this.color ? DIM(shown(message)) : shown(message)}\n`);
  }

  warn(message: string): void {
    this.ctx.stderr.write(`${this.color ? YELLOW('warning:') : 'warning:'} ${shown(message)}\n`);
  }

  error(message: string, hint?: string): void {
    this.ctx.stderr.write(`${this.color ? RED('calendar:') : 'calendar:'} ${shown(message)}\n`);
    if (hint) this.ctx.stderr.write(`${shown(hint)}\n`);
  }
}
