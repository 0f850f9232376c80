/** A walk of records (walkList) handed to a caller as an async generator, at the caller's pace: the library's list() and iterate(). */

/**
 * A walk that hands records to a callback, turned into an async generator: once `highWater`
 * records wait for the caller, the walk waits until the caller has taken them all; it stops when
 * the caller does.
 */
export async function* pulled<T>(highWater: number, run: (onRecord: (record: T) => Promise<void>) => Promise<unknown>): AsyncGenerator<T> {
  const buffer: T[] = [];
  let finished = false;
  let failure: { error: unknown } | undefined;
  let stopped = false;
  let wake: (() => void) | undefined;
  let resume: (() => void) | undefined;
  const stop = new Error('stopped by the caller');
  const walking = run(async (record) => {
    if (stopped) throw stop;
    buffer.push(record);
    wake?.();
    if (buffer.length >= highWater) await new Promise<void>((resolve) => (resume = resolve));
    if (stopped) throw stop;
  }).then(
    () => {
      finished = true;
      wake?.();
    },
    (error: unknown) => {
      if (error !== stop) failure = { error };
      finished = true;
      wake?.();
    },
  );
  try {
    for (;;) {
      if (buffer.length > 0) {
        const record = buffer.shift() as T;
        // The walk goes on once all it handed over is taken (its next page is already on the way).
        if (buffer.length === 0) resume?.();
        yield record;
        continue;
      }
      if (failure) throw failure.error;
      if (finished) return;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
  } finally {
    stopped = true;
    resume?.();
    await walking;
  }
}
