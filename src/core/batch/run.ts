/**
 * The one batch engine of import, the iCalendar sync and site apply. The caller plans (reads
 * and checks its rows) and says what to do with one row; the engine does the rest the same way
 * for all three: a pool of a few requests at a time, the first Ctrl-C or SIGTERM (no new
 * request, those in flight finish, the rest counted as not sent), failures (one line each, the
 * site gone said once, --fail-fast), the counts, the rows left undone in input order (for a
 * --failed-to file), what became of each row (for a report) and the summary line.
 *
 * The engine writes nothing to a terminal: messages go to `Messages`, and a face that draws
 * progress passes `progress`, which is given the live counts.
 */
import type { Context, Messages } from '../context.js';
import { CalendarError, EXIT } from '../errors.js';
import { SiteUnreachable } from '../http/reachability.js';
import { emptyCounts, summaryLine, type Counts, type Done } from './counts.js';
import { runPool, toAsync } from './pool.js';
import type { WritePlan } from '../write/plan.js';

/** A progress display a face draws from the live counts (the CLI: a spinner on a terminal). */
export interface ProgressDisplay {
  /** Takes the display away until its next redraw, so that a message is written on a clean line. */
  clear(): void;
  stop(): void;
}

export type StartProgress = (label: string, total: number, counts: Readonly<Counts>) => ProgressDisplay | Promise<ProgressDisplay>;

/** What became of a row, for a report. `seq` is the row's place in the input. */
export interface RowOutcome<T> {
  seq: number;
  item: T;
  result: Done | 'failed' | 'not_sent';
  id?: number;
  error?: string;
  /** The row's write as planned (with dryRun) or as sent; none for a row that writes nothing. */
  plan?: WritePlan;
}

/** How a run goes, as its command's options say. */
export interface BatchSettings {
  concurrency: number;
  dryRun?: boolean;
  /** Stop at the first row that fails. */
  failFast?: boolean;
}

/** What a face gives a run: where its messages go, how Ctrl-C reaches it, a progress display. */
export interface BatchFace {
  messages: Messages;
  /** How the first Ctrl-C or SIGTERM reaches the run (Context.onInterrupt); without it none is caught. */
  onInterrupt?: Context['onInterrupt'];
  progress?: StartProgress;
}

export interface BatchOptions<T> {
  /** What the progress display says: `import events`, `apply`. */
  label: string;
  /** Rows to do, for the progress display. */
  total: number;
  settings: BatchSettings;
  face: BatchFace;
  /** Where a row is, at the start of its failure's line: `events.ndjson line 3`. */
  where(item: T): string;
  /** Keep what became of every row (`outcomes`), for a report. */
  keepOutcomes?: boolean;
}

/** What the worker says of a row it is through with. */
export interface RowDone {
  result: Done;
  /** The record's ID on the site (for a conflict: the holder of the name). */
  id?: number;
  /** The row's write as planned (with dryRun) or as sent. */
  plan?: WritePlan;
}

export class Batch<T extends object> {
  readonly counts: Counts = emptyCounts();
  /** The engine's messages: each clears the progress display first. */
  readonly messages: Messages;
  private stopped = false;
  private readonly sequence = new WeakMap<T, number>();
  private seen = 0;
  private readonly undone: Array<RowOutcome<T>> = [];
  private readonly kept: Array<RowOutcome<T>> = [];
  private display: ProgressDisplay | undefined;
  private stopListening: (() => void) | undefined;

  constructor(private readonly options: BatchOptions<T>) {
    const clear = () => this.display?.clear();
    const { messages } = options.face;
    this.messages = {
      notice: (line) => (clear(), messages.notice(line)),
      warn: (line) => (clear(), messages.warn(line)),
      error: (line, hint) => (clear(), messages.error(line, hint)),
    };
  }

  /** The run stops sending: interrupted, --fail-fast, or the site gone. */
  get stopping(): boolean {
    return this.stopped;
  }

  /** Starts the progress display and listens for the first Ctrl-C or SIGTERM. */
  async start(): Promise<void> {
    this.display = await this.options.face.progress?.(this.options.label, this.options.total, this.counts);
    this.stopListening = this.options.face.onInterrupt?.((signal) => {
      this.counts.interrupted = this.stopped = true;
      this.messages.warn(windingDownNotice(signal));
    });
  }

  /** Stops the display and the listening; safe to call twice. */
  end(): void {
    this.stopListening?.();
    this.stopListening = undefined;
    this.display?.stop();
    this.display = undefined;
  }

  /**
   * Runs `work` over the rows, `concurrency` at a time (or as given). Rows left when the run
   * stops are counted as not sent. A worker that returns nothing has not done the row yet
   * (import defers a category whose parent the same file creates).
   */
  async run(items: AsyncIterable<T> | T[], work: (item: T) => Promise<RowDone | undefined>, run: { concurrency?: number } = {}): Promise<void> {
    const numbered = this.numbered(Array.isArray(items) ? toAsync(items) : items);
    await runPool(
      numbered,
      run.concurrency ?? this.options.settings.concurrency,
      async (item) => {
        let done: RowDone | undefined;
        try {
          done = await work(item);
        } catch (err) {
          return this.failed(item, err);
        }
        if (done) this.done(item, done);
      },
      () => this.stopped,
      (item) => this.notSent(item),
    );
  }

  /** A row that will not be sent (the run stopped before it). */
  notSent(item: T): void {
    this.counts.notSent = (this.counts.notSent ?? 0) + 1;
    this.keep({ seq: this.seqOf(item), item, result: 'not_sent' }, true);
  }

  /** Rows failed or not sent, in input order: what a --failed-to file holds. */
  get undoneRows(): Array<RowOutcome<T>> {
    return [...this.undone].sort((a, b) => a.seq - b.seq);
  }

  /** What became of every row, in input order (with keepOutcomes). */
  get outcomes(): Array<RowOutcome<T>> {
    return [...this.kept].sort((a, b) => a.seq - b.seq);
  }

  /** Ends the run and says its summary line. */
  finish(): Counts {
    this.end();
    this.options.face.messages.notice(summaryLine(this.counts, this.options.settings.dryRun === true));
    return this.counts;
  }

  private done(item: T, done: RowDone): void {
    if (done.result === 'conflict') this.counts.conflicts = (this.counts.conflicts ?? 0) + 1;
    else if (done.result === 'removed' || done.result === 'skipped') this.counts[done.result] = (this.counts[done.result] ?? 0) + 1;
    else this.counts[done.result]++;
    this.keep({ seq: this.seqOf(item), item, result: done.result, id: done.id, ...(done.plan ? { plan: done.plan } : {}) }, false);
  }

  private failed(item: T, err: unknown): void {
    if (err instanceof CalendarError && err.exitCode === EXIT.auth) throw err; // every other row would fail the same way
    const message = err instanceof Error ? err.message : String(err);
    this.counts.failed++;
    this.keep({ seq: this.seqOf(item), item, result: 'failed', error: message }, true);
    // The site is gone: said once by the command, not once a row.
    if (err instanceof SiteUnreachable) this.counts.unreachable = err;
    else this.messages.error(`${this.options.where(item)}: ${message}`);
    if (this.options.settings.failFast || this.counts.unreachable) this.stopped = true;
  }

  private keep(outcome: RowOutcome<T>, undone: boolean): void {
    if (undone) this.undone.push(outcome);
    if (this.options.keepOutcomes) this.kept.push(outcome);
  }

  private seqOf(item: T): number {
    let seq = this.sequence.get(item);
    if (seq === undefined) this.sequence.set(item, (seq = this.seen++));
    return seq;
  }

  private async *numbered(items: AsyncIterable<T>): AsyncGenerator<T> {
    for await (const item of items) {
      this.seqOf(item);
      yield item;
    }
  }
}

/** What a batch run says when the first Ctrl-C or SIGTERM stops it. */
export function windingDownNotice(signal: NodeJS.Signals | undefined): string {
  const what = signal === 'SIGTERM' ? 'terminated (SIGTERM)' : 'interrupted';
  const again = signal === 'SIGTERM' ? 'a second signal aborts at once' : 'Ctrl-C again aborts at once';
  return `${what}: no new request is sent; the ones in flight finish (${again})`;
}
