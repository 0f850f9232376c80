/**
 * The progress of a batch run (import, the iCalendar sync, apply) on stderr, only when stderr is
 * a terminal: done/total, rate and failures, redrawn a few times a second from the engine's live
 * counts (core/batch/run.ts). Off a terminal nothing is drawn.
 */
import { type Context, processed, type StartProgress } from '../../core/index.js';

export function terminalProgress(ctx: Context): StartProgress | undefined {
  if (!ctx.stderr.isTTY) return undefined;
  return async (label, total, counts) => {
    const { default: ora } = await import('ora');
    const started = Date.now();
    const spinner = ora({ stream: ctx.stderr as NodeJS.WritableStream, text: label, discardStdin: false }).start();
    const render = () => {
      const done = processed(counts);
      const seconds = (Date.now() - started) / 1000;
      const rate = seconds > 0 ? Math.round(done / seconds) : 0;
      spinner.text = `${label}: ${done}/${total} (${rate}/s)${counts.failed ? `, ${counts.failed} failed` : ''}`;
    };
    const timer = setInterval(render, 100);
    return {
      clear() {
        spinner.clear();
      },
      stop() {
        clearInterval(timer);
        spinner.stop();
      },
    };
  };
}
