/**
 * Notices worth saying once a day, not on every run (the events no route can list, said by
 * every export, diff and apply of a site): the day each was last given, by key, is kept in
 * `notices.json` in the user's cache directory. A cache that cannot be read or written only
 * means the notice is given again.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { makeDirectory } from '../../base/dirs.js';

type Env = Record<string, string | undefined>;

/** The user's cache directory for calendar (XDG): small state whose loss costs nothing. */
function cacheDir(env: Env): string {
  return join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache'), 'calendar');
}

/** Notices older than this are forgotten when the file is written. */
const KEPT_DAYS = 30;

const today = (now: Date) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** True when the notice `key` was not given yet today (by the local calendar), and notes that it now is. */
export function firstToday(env: Env, key: string, now = new Date()): boolean {
  const file = join(cacheDir(env), 'notices.json');
  let given: Record<string, string> = {};
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) given = parsed as Record<string, string>;
  } catch {
    // No file yet, or one that is not ours to read: start afresh.
  }
  const day = today(now);
  if (given[key] === day) return false;
  const oldest = today(new Date(now.getTime() - KEPT_DAYS * 86_400_000));
  const kept = Object.fromEntries(Object.entries(given).filter(([, at]) => typeof at === 'string' && at >= oldest));
  try {
    makeDirectory(cacheDir(env), 0o700);
    writeFileSync(file, `${JSON.stringify({ ...kept, [key]: day }, null, 2)}\n`, { mode: 0o600 });
  } catch {
    // A read-only cache: the notice is given on every run, as before.
  }
  return true;
}
