/**
 * The --failed-to file of an import: checked before anything is sent (the failed rows are
 * written at the end, when they could no longer be saved anywhere else), and dropped after a
 * run that left nothing undone.
 */
import { accessSync, constants, lstatSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/** Why a --failed-to file could not be written, or undefined when it can. */
export function unwritable(path: string): string | undefined {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (stat?.isDirectory()) return 'it is a directory';
  const dir = dirname(path);
  const parent = stat ? undefined : statSync(dir, { throwIfNoEntry: false });
  if (!stat && !parent) return `no such directory ${dir}`;
  if (parent && !parent.isDirectory()) return `${dir} is not a directory`;
  try {
    accessSync(stat ? path : dir, constants.W_OK);
  } catch {
    return 'permission denied';
  }
  return undefined;
}

/**
 * After a run where nothing failed, a --failed-to file left by an earlier run would still hold
 * rows that are now done: it goes, so that the file always holds what this run left undone.
 * Only a regular file: `--failed-to /dev/null` (or a link, a pipe) is never removed.
 */
export function dropStaleFailedTo(failedTo: string | undefined, dryRun: boolean): void {
  if (!failedTo || dryRun) return;
  let regular = false;
  try {
    regular = lstatSync(failedTo).isFile();
  } catch {
    return; // nothing there
  }
  if (regular) rmSync(failedTo, { force: true });
}
