/**
 * Runs a worker over an async sequence with at most `concurrency` calls at once. Items are
 * pulled only when a slot is free, so a file of any length is held a few records at a time.
 */
export async function runPool<T>(
  items: AsyncIterable<T>,
  concurrency: number,
  worker: (item: T) => Promise<void>,
  shouldStop: () => boolean = () => false,
  /** Items never handed to the worker because the run stopped early, in order. */
  onLeftover?: (item: T) => Promise<void> | void,
): Promise<void> {
  const iterator = items[Symbol.asyncIterator]();
  let done = false;
  let failure: unknown;
  // Pulls are serialised: an async generator must not be asked for two items at once.
  let pulling: Promise<unknown> = Promise.resolve();
  const next = (): Promise<IteratorResult<T>> => {
    const result = pulling.then(() => iterator.next());
    pulling = result.catch(() => undefined);
    return result;
  };
  const lane = async () => {
    while (!done && failure === undefined && !shouldStop()) {
      let step: IteratorResult<T>;
      try {
        step = await next();
      } catch (err) {
        failure ??= err;
        return;
      }
      if (step.done) {
        done = true;
        return;
      }
      try {
        await worker(step.value);
      } catch (err) {
        failure ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  if (!done && onLeftover && failure === undefined) {
    for (let step = await next(); !step.done; step = await next()) await onLeftover(step.value);
    done = true;
  }
  if (!done) await iterator.return?.(undefined);
  if (failure !== undefined) throw failure;
}

export async function* toAsync<T>(items: T[]): AsyncGenerator<T> {
  yield* items;
}
