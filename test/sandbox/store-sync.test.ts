/** The store's data-file engine on its own: coalesced writes, batches under the lock, flush on close, failures. */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataFileError, readDataFile, withFileLock, writeDataFile } from '../../src/sandbox/store/persistence.js';
import type { Store, StoreData } from '../../src/sandbox/store/store.js';
import { fileIo, StoreSync, type DataFileIo } from '../../src/sandbox/store/sync.js';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-sync-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const newFile = () => join(dir, `data-${++files}.json`);

/** The real file operations, counted (a write once done); `failWrites` makes the next writes throw as a full disk would. */
function countingIo() {
  const counts = { reads: 0, writes: 0, locks: 0 };
  const state = { failWrites: 0 };
  const io: DataFileIo = {
    read: (path) => (counts.reads++, fileIo.read(path)),
    write: async (path, text) => {
      if (state.failWrites > 0) {
        state.failWrites--;
        throw new Error('ENOSPC: no space left on device');
      }
      await fileIo.write(path, text);
      // Counted once the file is in place (written, synced, renamed): a test that sees the count
      // reads the file next. Counted at the start, a write slowed by a loaded machine was seen
      // before its rename, and the read found no file (ENOENT).
      counts.writes++;
    },
    fingerprint: fileIo.fingerprint,
    withLock: (path, work) => (counts.locks++, fileIo.withLock(path, work)),
  };
  return { io, counts, state };
}

/** The real file operations, the first write held until `release()`; `written` lists each write's tag names once on disk. */
function holdingFirstWrite() {
  const held = { release: undefined as (() => void) | undefined, written: [] as string[][] };
  let writes = 0;
  const io: DataFileIo = {
    ...fileIo,
    write: async (path, text) => {
      if (writes++ === 0) await new Promise<void>((resolve) => (held.release = resolve));
      await fileIo.write(path, text);
      held.written.push((JSON.parse(text) as StoreData).terms.map((term) => term.name));
    },
  };
  return { io, held };
}

const addTag = (name: string) => (store: Store) => store.addTerm({ taxonomy: 'tags', name, slug: name.toLowerCase(), description: '', parent: 0 }).id;
const tagNames = (path: string) => (JSON.parse(readFileSync(path, 'utf8')) as StoreData).terms.map((term) => term.name);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done()` holds (the background write happened), whatever the machine's load. */
async function until(done: () => boolean): Promise<void> {
  for (const started = Date.now(); !done(); await sleep(5)) if (Date.now() - started > 10_000) throw new Error('timed out waiting');
}

describe('alone: one process owns the file', () => {
  it('writes changes close together once, a moment after them', async () => {
    const file = newFile();
    const { io, counts } = countingIo();
    // A window wide enough that a loaded machine cannot stall between the two writes past it.
    const sync = new StoreSync({ dataFile: file, io, flushDelayMs: 400 });
    try {
      await sync.access(true, addTag('One'));
      await sync.access(true, addTag('Two'));
      expect(existsSync(file)).toBe(false);
      await until(() => counts.writes > 0);
      await sleep(50);
      expect(counts.writes).toBe(1);
      expect(tagNames(file)).toEqual(['One', 'Two']);
    } finally {
      await sync.close();
    }
  });

  it('writes nothing for reads, and what is pending on close without waiting for the delay', async () => {
    const file = newFile();
    const { io, counts } = countingIo();
    const sync = new StoreSync({ dataFile: file, io, flushDelayMs: 60_000 });
    await sync.access(false, (store) => store.terms('tags').length);
    await sync.access(true, addTag('Closing'));
    expect(counts.writes).toBe(0);
    await sync.close();
    expect(counts.writes).toBe(1);
    expect(tagNames(file)).toEqual(['Closing']);
  });

  it('reports a failed background write and keeps the changes for the next one', async () => {
    const file = newFile();
    const { io, counts, state } = countingIo();
    const errors: unknown[] = [];
    const sync = new StoreSync({ dataFile: file, io, flushDelayMs: 10, onFlushError: (error) => errors.push(error) });
    state.failWrites = 1;
    await sync.access(true, addTag('Kept'));
    await until(() => errors.length > 0);
    expect(errors.map((error) => (error as Error).message)).toEqual(['ENOSPC: no space left on device']);
    expect(existsSync(file)).toBe(false);
    await sync.close();
    expect(counts.writes).toBe(1);
    expect(tagNames(file)).toEqual(['Kept']);
  });

  it('answers a failing request with its error and still writes the others', async () => {
    const file = newFile();
    const sync = new StoreSync({ dataFile: file, flushDelayMs: 10 });
    await expect(
      sync.access(true, () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await sync.access(true, addTag('After'));
    await sync.close();
    expect(tagNames(file)).toEqual(['After']);
  });

  it('answers requests while the file is being written, and writes what they changed next', async () => {
    const file = newFile();
    const { io, held } = holdingFirstWrite();
    const sync = new StoreSync({ dataFile: file, io, flushDelayMs: 5 });
    try {
      await sync.access(true, addTag('Before'));
      await until(() => held.release !== undefined);
      // The first write is held: a request made now is answered at once all the same.
      expect(await sync.access(true, addTag('During'))).toBeGreaterThan(0);
      expect(held.written).toEqual([]);
      held.release!();
      await until(() => held.written.length === 2);
      expect(held.written).toEqual([['Before'], ['Before', 'During']]);
      expect(tagNames(file)).toEqual(['Before', 'During']);
    } finally {
      await sync.close();
    }
  });

  it('closed during a background write: waits for it, writes the rest, then writes no more', async () => {
    const file = newFile();
    const { io, held } = holdingFirstWrite();
    const sync = new StoreSync({ dataFile: file, io, flushDelayMs: 5 });
    await sync.access(true, addTag('First'));
    await until(() => held.release !== undefined);
    await sync.access(true, addTag('Second'));
    const closed = sync.close();
    held.release!();
    await closed;
    expect(tagNames(file)).toEqual(['First', 'Second']);
    expect(held.written).toHaveLength(2);
    await sleep(60);
    expect(held.written).toHaveLength(2);
  });

  it('keeps an in-memory store off the disk', async () => {
    const { io, counts } = countingIo();
    const sync = new StoreSync({ io, flushDelayMs: 1 });
    expect(await sync.access(true, addTag('Memory'))).toBe(2);
    await sleep(20);
    await sync.close();
    expect(counts).toEqual({ reads: 0, writes: 0, locks: 0 });
  });
});

describe('shared: several processes on one file', () => {
  it('answers writes waiting together after one lock and one file write', async () => {
    const file = newFile();
    const { io, counts } = countingIo();
    const sync = new StoreSync({ dataFile: file, shared: true, io });
    const writtenWhenAnswered: number[] = [];
    const ids = await Promise.all(
      ['A', 'B', 'C', 'D'].map((name) => sync.access(true, addTag(name)).then((id) => (writtenWhenAnswered.push(counts.writes), id))),
    );
    expect(ids).toEqual([2, 3, 4, 5]);
    expect(counts).toMatchObject({ locks: 1, writes: 1 });
    expect(writtenWhenAnswered).toEqual([1, 1, 1, 1]);
    expect(tagNames(file)).toEqual(['A', 'B', 'C', 'D']);
    await sync.close();
  });

  it('lets two writers on one file see each other and never reuse an ID', async () => {
    const file = newFile();
    const first = new StoreSync({ dataFile: file, shared: true });
    const second = new StoreSync({ dataFile: file, shared: true });
    const writes = Array.from({ length: 10 }, (_, i) => [first.access(true, addTag(`First ${i}`)), second.access(true, addTag(`Second ${i}`))]).flat();
    const ids = await Promise.all(writes);
    expect(new Set(ids).size).toBe(20);
    expect(tagNames(file)).toHaveLength(20);
    // A read re-reads the file the other writer replaced.
    await second.access(true, addTag('Last word'));
    expect(await first.access(false, (store) => store.terms('tags').map((term) => term.name))).toContain('Last word');
    await Promise.all([first.close(), second.close()]);
  });

  it('rejects only the write that failed; the batch is still written', async () => {
    const file = newFile();
    const sync = new StoreSync({ dataFile: file, shared: true });
    const outcomes = await Promise.allSettled([
      sync.access(true, addTag('Good')),
      sync.access(true, () => {
        throw new Error('bad input');
      }),
      sync.access(true, addTag('Also good')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(tagNames(file)).toEqual(['Good', 'Also good']);
    await sync.close();
  });

  it('rejects every write of a batch whose file write failed, leaves the file as it was and writes the changes with the next batch', async () => {
    const file = newFile();
    const { io, state } = countingIo();
    const sync = new StoreSync({ dataFile: file, shared: true, io });
    await sync.access(true, addTag('Before'));
    state.failWrites = 1;
    const failed = await Promise.allSettled([sync.access(true, addTag('Lost 1')), sync.access(true, addTag('Lost 2'))]);
    expect(failed.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(tagNames(file)).toEqual(['Before']);
    // The failed batch's changes stayed in memory (as on a real site after a fatal error mid-request): the next write takes them along.
    await sync.access(true, addTag('Next'));
    expect(tagNames(file)).toEqual(['Before', 'Lost 1', 'Lost 2', 'Next']);
    await sync.close();
  });

  it('seeds under the lock only what the file does not hold yet', async () => {
    const file = newFile();
    const first = new StoreSync({ dataFile: file, shared: true });
    const second = new StoreSync({ dataFile: file, shared: true });
    const seed = (store: Store) => {
      if (!store.data.terms.length) addTag('Seeded')(store);
    };
    await Promise.all([first.exclusive(seed), second.exclusive(seed)]);
    expect(tagNames(file)).toEqual(['Seeded']);
    await Promise.all([first.close(), second.close()]);
  });
});

describe('the data file after a crash', () => {
  it('is left whole by a writer that died before its rename: the temporary file is ignored', async () => {
    const file = newFile();
    await writeDataFile(file, {
      version: 1,
      nextPostId: 4,
      nextTermId: 3,
      posts: [],
      terms: [{ id: 2, taxonomy: 'tags', name: 'Safe', slug: 'safe', description: '', parent: 0 }],
    });
    writeFileSync(join(dir, `.${file.split('/').pop()}.999.deadbeef.tmp`), '{"version":1,"posts":[{"id":');
    const sync = new StoreSync({ dataFile: file, shared: true });
    expect(await sync.access(false, (store) => store.terms('tags').map((term) => term.name))).toEqual(['Safe']);
    await sync.close();
  });

  it('is refused, untouched, when it was cut short', () => {
    const file = newFile();
    writeFileSync(file, '{"version":1,"nextPostId":4,"nextTermId":2,"posts":[');
    expect(() => new StoreSync({ dataFile: file })).toThrow(DataFileError);
    expect(readFileSync(file, 'utf8')).toBe('{"version":1,"nextPostId":4,"nextTermId":2,"posts":[');
  });

  it('takes over a lock left by a dead process once it is stale, and waits for a live one', async () => {
    const file = newFile();
    writeFileSync(`${file}.lock`, '12345\n');
    const old = (Date.now() - 60_000) / 1000;
    utimesSync(`${file}.lock`, old, old);
    expect(await withFileLock(file, () => 'taken over')).toBe('taken over');
    expect(existsSync(`${file}.lock`)).toBe(false);

    const order: string[] = [];
    let release!: () => void;
    const held = withFileLock(file, () => new Promise<void>((resolve) => (release = resolve)).then(() => order.push('first done')));
    await sleep(5);
    const waiting = withFileLock(file, () => order.push('second ran'));
    await sleep(40);
    expect(order).toEqual([]);
    release();
    await Promise.all([held, waiting]);
    expect(order).toEqual(['first done', 'second ran']);
  });

  it('reads back what was written', async () => {
    const file = newFile();
    const data: StoreData = { version: 1, nextPostId: 7, nextTermId: 2, posts: [], terms: [] };
    await writeDataFile(file, data);
    expect(readDataFile(file)).toEqual(data);
    expect(readdirSync(dir).filter((name) => name.startsWith(`.${file.split('/').pop()}`) && name.endsWith('.tmp') && !name.includes('deadbeef'))).toEqual([]);
  });
});
