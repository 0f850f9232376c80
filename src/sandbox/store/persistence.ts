/**
 * The data file: read and checked on start, written atomically (temp file in the same
 * directory, fsync, rename), and locked around read-modify-write when several processes
 * share it (an O_EXCL lock file; a lock older than STALE_LOCK_MS is taken over).
 */
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { checkDataShape, DataShapeError, type StoreData } from './store.js';

export class DataFileError extends Error {}

const STALE_LOCK_MS = 10_000;
const LOCK_TIMEOUT_MS = 30_000;

/** The stored state, or null when the file does not exist yet. */
export function readDataFile(path: string): StoreData | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new DataFileError(`cannot read data file ${path}: ${(error as Error).message}`);
  }
  if (!text.trim()) throw new DataFileError(`data file ${path} is empty; remove it or pass another --data file`);
  try {
    return checkDataShape(JSON.parse(text));
  } catch (error) {
    const why = error instanceof DataShapeError ? error.message : 'invalid JSON';
    throw new DataFileError(`data file ${path} is corrupt (${why}); it was left untouched`);
  }
}

export async function writeDataFile(path: string, data: StoreData): Promise<void> {
  await writeDataText(path, JSON.stringify(data));
}

/**
 * Replaces the data file with `text` (a Store's `serialize()`), through a temporary file
 * synced to disk and renamed. Asynchronous: the sandbox goes on answering meanwhile.
 */
export async function writeDataText(path: string, text: string): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const file = await open(temp, 'w', 0o600);
  try {
    await file.writeFile(text);
    await file.sync();
  } catch (error) {
    await file.close();
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await file.close();
  await rename(temp, path);
}

/** Changes whenever another process replaces the file. */
export function fingerprint(path: string): string | null {
  try {
    const stat = statSync(path);
    return `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function withFileLock<T>(path: string, work: () => T | Promise<T>): Promise<T> {
  const lockPath = `${path}.lock`;
  const deadline = Date.now() + LOCK_TIMEOUT_MS;
  for (;;) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(lockPath).mtimeMs > STALE_LOCK_MS) unlinkSync(lockPath);
      } catch {
        // the holder released it meanwhile
      }
      if (Date.now() > deadline) throw new DataFileError(`could not lock ${path} (lock file ${lockPath} is held)`);
      await sleep(2 + Math.random() * 8);
    }
  }
  try {
    return await work();
  } finally {
    try {
      unlinkSync(lockPath);
    } catch {
      // already gone
    }
  }
}
