/**
 * Progress of a bulk run on stderr, only when stderr is a terminal: done/total, rate and
 * failures, redrawn a few times a second. Off a terminal nothing is drawn.
 */
import type { Context } from '../context.js';
import type { CliError } from '../errors.js';

export interface Counts {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  /** Records removed (apply --prune). */
  removed?: number;
  /** Dry runs: rows the real run would fail because their name is taken. */
  conflicts?: number;
  /** Rows never sent because the run stopped (Ctrl-C, --fail-fast). */
  notSent?: number;
  interrupted?: boolean;
  /** The run stopped because the site could no longer be reached (src/http/reachability.ts). */
  unreachable?: CliError;
}

export interface Progress {
  /** Takes the line away until the next redraw, so that a message can be written on a clean line. */
  clear(): void;
  stop(): void;
}

export async function startProgress(ctx: Context, label: string, total: number, counts: Counts): Promise<Progress> {
  if (!ctx.stderr.isTTY) return { clear() {}, stop() {} };
  const { default: ora } = await import('ora');
  const started = Date.now();
  const spinner = ora({ stream: ctx.stderr as NodeJS.WritableStream, text: label, discardStdin: false }).start();
  const render = () => {
    const done = counts.created + counts.updated + counts.unchanged + (counts.removed ?? 0) + counts.failed;
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
}

export function summaryLine(counts: Counts, dryRun: boolean): string {
  const line =
    `${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.failed} failed` +
    (counts.notSent ? `, ${counts.notSent} not sent` : '') +
    (counts.conflicts ? `, ${counts.conflicts} conflicts (names taken)` : '');
  return dryRun ? `dry run, nothing sent: ${line.replace(' created', ' to create').replace(' updated', ' to update')}` : line;
}

/** What a bulk run says when the first Ctrl-C or SIGTERM stops it. */
export function windingDownNotice(signal: NodeJS.Signals | undefined): string {
  const what = signal === 'SIGTERM' ? 'terminated (SIGTERM)' : 'interrupted';
  const again = signal === 'SIGTERM' ? 'a second signal aborts at once' : 'Ctrl-C again aborts at once';
  return `${what}: no new request is sent; the ones in flight finish (${again})`;
}
