/**
 * The order MySQL gives rows that tie on the sort key. The venues and organizers lists sort
 * by post date alone, and with `LIMIT offset, n` the database returns tied rows in an order
 * that depends on the limit, so a page walk over records created in the same second repeats
 * some and skips others (recordings-2, venues_list_ties_page*.http). Reproduced here
 * deterministically: the same page of the same data always comes back the same.
 */

/** A 32-bit integer hash (the finaliser of MurmurHash3): small input changes scatter widely. */
function mix(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * Sorts `items` by `key` descending, then by `tieBreak` when the query has a second sort
 * column; items that still tie come in an order drawn from their IDs and the page window
 * (`offset`, `size`), as the database's limited sort does.
 */
export function sortWithUnstableTies<T>(
  items: T[],
  key: (item: T) => string,
  id: (item: T) => number,
  offset: number,
  size: number,
  tieBreak?: (a: T, b: T) => number,
): T[] {
  const window = mix(offset * 7919 + size);
  const rank = new Map<T, number>();
  for (const item of items) rank.set(item, mix(id(item) ^ window));
  return items.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) return ka < kb ? 1 : -1;
    return tieBreak?.(a, b) || rank.get(a)! - rank.get(b)!;
  });
}
