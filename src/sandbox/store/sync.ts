/**
 * Keeps the in-memory store and its data file in step.
 *
 * Alone (one process owns the file), requests run at once and a change is written a moment
 * later, in the background: changes close together share one write, the wait grows with the
 * time the last write took, and requests go on being answered while the file is written (only
 * the posts changed since the last write are encoded again). Close writes what is left.
 *
 * Shared (several processes on one file, the CLI's built-in sandbox), requests queue up. Writes
 * waiting together form one batch: it holds the file lock once, re-reads the file when another
 * process replaced it, runs every write, writes the file once, and only then are they answered.
 * Reads wait for the writes queued before them and re-read a replaced file too.
 */
import { fingerprint, readDataFile, withFileLock, writeDataText } from './persistence.js';
import { emptyData, Store, type StoreData } from './store.js';

/** The file operations, replaceable in tests. */
export interface DataFileIo {
  /** The stored state, or null when there is no file yet. */
  read(path: string): StoreData | null;
  /** Replaces the file with `text`, the store's serialized state. */
  write(path: string, text: string): Promise<void>;
  /** Changes whenever the file is replaced; null when there is none. */
  fingerprint(path: string): string | null;
  withLock<T>(path: string, work: () => T | Promise<T>): Promise<T>;
}

export const fileIo: DataFileIo = { read: readDataFile, write: writeDataText, fingerprint, withLock: withFileLock };

export interface StoreSyncOptions {
  /** Without one the store lives in memory only. */
  dataFile?: string;
  shared?: boolean;
  io?: DataFileIo;
  /** The least wait between a change and its write when alone. */
  flushDelayMs?: number;
  /** A background write that failed (alone): the changes stay pending for the next write. */
  onFlushError?: (error: unknown) => void;
}

const FLUSH_DELAY_MS = 100;
/** The wait after a change is at least this many times the last write's duration. */
const FLUSH_TIME_FACTOR = 5;

interface WaitingWrite {
  work: (store: Store) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export class StoreSync {
  readonly store: Store;
  private readonly dataFile: string | undefined;
  private readonly shared: boolean;
  private readonly io: DataFileIo;
  private readonly flushDelayMs: number;
  private readonly onFlushError: (error: unknown) => void;
  private seenFingerprint: string | null;
  private lastWriteMs = 0;
  private flushTimer: NodeJS.Timeout | undefined;
  /** Alone: the background write under way. */
  private writing: Promise<void> | undefined;
  /** Closing: close() writes what is left, no timer may start another write. */
  private closing = false;
  /** Shared: the requests of this process, one after the other. */
  private queue: Promise<unknown> = Promise.resolve();
  private waitingWrites: WaitingWrite[] = [];

  /** Reads the data file (a DataFileError when it cannot be used). */
  constructor(options: StoreSyncOptions = {}) {
    this.dataFile = options.dataFile;
    this.shared = options.shared === true && this.dataFile !== undefined;
    this.io = options.io ?? fileIo;
    this.flushDelayMs = options.flushDelayMs ?? FLUSH_DELAY_MS;
    this.onFlushError = options.onFlushError ?? ((error) => process.stderr.write(`calendar serve: cannot write the data file: ${(error as Error).message}\n`));
    this.store = new Store(this.dataFile ? (this.io.read(this.dataFile) ?? emptyData()) : emptyData());
    this.seenFingerprint = this.dataFile ? this.io.fingerprint(this.dataFile) : null;
  }

  /** Runs `work` on the current store; a `write` is kept (alone: soon; shared: before it is answered). */
  access<T>(write: boolean, work: (store: Store) => T): Promise<T> {
    if (!this.shared) {
      try {
        return Promise.resolve(work(this.store));
      } catch (error) {
        return Promise.reject(error);
      } finally {
        this.scheduleFlush();
      }
    }
    if (write) {
      return new Promise<T>((resolve, reject) => {
        this.waitingWrites.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (this.waitingWrites.length === 1) this.queue = this.queue.then(this.runWriteBatch, this.runWriteBatch);
      });
    }
    const read = async () => {
      this.reloadIfChanged();
      return work(this.store);
    };
    const result = this.queue.then(read, read);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Runs `work` with the file's latest content, under the lock when shared, and writes the result (the demo seed). */
  async exclusive(work: (store: Store) => void): Promise<void> {
    const run = async () => {
      this.reloadIfChanged();
      work(this.store);
      await this.persist();
    };
    if (this.shared) await this.io.withLock(this.dataFile!, run);
    else await run();
  }

  /** Waits for the queued requests and writes what is pending. */
  async close(): Promise<void> {
    this.closing = true;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    await this.queue;
    if (this.shared) return;
    await this.writing;
    await this.persist();
  }

  /** Writes the state if it changed; a failed write leaves it to write again. */
  private async persist(): Promise<void> {
    if (!this.dataFile || !this.store.dirty) return;
    const started = performance.now();
    const text = this.store.serialize();
    // Changes made while the file is being written mark the store dirty again.
    this.store.dirty = false;
    try {
      await this.io.write(this.dataFile, text);
    } catch (error) {
      this.store.dirty = true;
      throw error;
    }
    this.lastWriteMs = performance.now() - started;
    this.seenFingerprint = this.io.fingerprint(this.dataFile);
  }

  private reloadIfChanged(): void {
    if (!this.dataFile) return;
    const current = this.io.fingerprint(this.dataFile);
    if (current === this.seenFingerprint) return;
    this.store.replace(this.io.read(this.dataFile) ?? emptyData());
    this.seenFingerprint = current;
  }

  private scheduleFlush(): void {
    if (!this.dataFile || !this.store.dirty || this.flushTimer || this.writing || this.closing) return;
    this.flushTimer = setTimeout(
      () => {
        this.flushTimer = undefined;
        this.writing = this.persist()
          .catch((error: unknown) => this.onFlushError(error))
          .finally(() => {
            this.writing = undefined;
            // Changes made during the write: the next write waits its turn as usual.
            this.scheduleFlush();
          });
      },
      Math.max(this.flushDelayMs, FLUSH_TIME_FACTOR * this.lastWriteMs),
    );
  }

  private readonly runWriteBatch = async (): Promise<void> => {
    await new Promise((resolve) => setImmediate(resolve)); // lets requests already read join the batch
    const batch = this.waitingWrites.splice(0);
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      await this.io.withLock(this.dataFile!, async () => {
        this.reloadIfChanged();
        try {
          for (const job of batch) {
            try {
              outcomes.push({ ok: true, value: job.work(this.store) });
            } catch (error) {
              outcomes.push({ ok: false, value: error });
            }
          }
        } finally {
          await this.persist();
        }
      });
    } catch (error) {
      for (const job of batch) job.reject(error);
      return;
    }
    batch.forEach((job, index) => (outcomes[index].ok ? job.resolve(outcomes[index].value) : job.reject(outcomes[index].value)));
  };
}
