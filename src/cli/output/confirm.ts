/** Destructive verbs ask on a terminal; off a terminal they need --yes. */
import { createInterface } from 'node:readline/promises';
import { CalendarError, type Context, EXIT, UsageError } from '../../core/index.js';
import { visible } from './visible.js';

export async function confirm(ctx: Context, yes: boolean, question: string): Promise<void> {
  if (yes) return;
  if (!ctx.stdin.isTTY || !ctx.stderr.isTTY) {
    throw new UsageError(`${question.replace(/\?$/, '')}: refused without --yes when not run at a terminal`, 'Add --yes to confirm.');
  }
  const rl = createInterface({ input: ctx.stdin, output: ctx.stderr as NodeJS.WritableStream });
  try {
    const answer = (await rl.question(`${visible(question)} [y/N] `)).trim().toLowerCase();
    if (answer !== 'y' && answer !== 'yes') throw new CalendarError('cancelled', EXIT.refused);
  } finally {
    rl.close();
  }
}
