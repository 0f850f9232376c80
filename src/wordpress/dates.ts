/**
 * WordPress's and The Events Calendar's rules about dates that are not arithmetic (that is in
 * src/base/time.ts): the zero date, and the edges of a day.
 */

/** WordPress's zero date: the UTC publication date (`date_utc`) of a post never published. */
export const NEVER_PUBLISHED = '0000-00-00 00:00:00';

/**
 * The first or the last second of a day (`YYYY-MM-DD`): an all-day event is stored from the
 * first to the last second of its days, and a date given without a time filters whole days.
 */
export function dayEdge(day: string, edge: 'start' | 'end'): string {
  return `${day.slice(0, 10)} ${edge === 'start' ? '00:00:00' : '23:59:59'}`;
}
