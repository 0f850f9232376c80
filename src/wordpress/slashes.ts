/**
 * Backslashes: what WordPress does to them on the way to the database, and how a client sends
 * text so that it is stored as typed.
 *
 * The plugin's routes for events, venues and organizers (tribe/events/v1 and tec/v1) hand the
 * request's values to wp_insert_post and update_post_meta, which unslash every string
 * (WordPress expects them slashed, as its own REST routes send them): the real site stored
 * `Back\slash` as `Backslash`. Categories and tags go through WordPress's own terms
 * controller, which slashes first: their values are kept. Which routes do it: stripsBackslashes
 * in src/spec/resources.ts.
 */

/** wp_unslash (PHP's stripslashes): a backslash escapes the next character, a lone one goes, `\0` is NUL. */
export function unslash(value: string): string {
  return value.replace(/\\(.?)/gs, (_escape, next: string) => (next === '0' ? '\0' : next));
}

/** unslash on every string of a value (a request's parameters). */
export function unslashDeep<T>(value: T): T {
  if (typeof value === 'string') return unslash(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => unslashDeep(item)) as T;
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, unslashDeep(item)])) as T;
  return value;
}

/** A text with its backslashes doubled: what unslash turns back into the text (`C:\Temp`, not `C:Temp`; `\0`, not NUL). */
export function slashBackslashes(value: string): string {
  return value.replaceAll('\\', '\\\\');
}
