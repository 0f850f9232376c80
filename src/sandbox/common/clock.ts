/**
 * The sandbox's one clock. Without a start it is the real time; with one (`calendar serve
 * --now`) it starts there and runs on at the real pace, so a recorded run replays on any day.
 * It reads the global `Date` on every call, so a replaced `Date` (the fidelity tool's
 * clock.mjs) still moves it.
 */
export function sandboxClock(start?: Date): () => Date {
  if (!start) return () => new Date();
  const offset = start.getTime() - Date.now();
  return () => new Date(Date.now() + offset);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2}))?$/i;

/** `2026-11-22T21:40:00Z`, `2026-11-22T16:40:00-05:00` or `2026-11-22` (midnight UTC); null for anything else. */
export function parseClockStart(text: string): Date | null {
  if (!ISO_INSTANT.test(text.trim())) return null;
  const date = new Date(text.trim());
  return Number.isNaN(date.getTime()) ? null : date;
}
