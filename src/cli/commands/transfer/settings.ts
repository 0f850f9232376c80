/** What import (records or iCalendar) and export share: the resource argument and the import flags checked. */
import { accessSync, constants, lstatSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../../../core/errors.js';
import { isResourceName, RESOURCE_NAMES, resources, type Resource } from '../../../spec/resources.js';
import type { GlobalOptions } from '../../session.js';
import type { ImportSettings } from '../../../core/bulk/importer.js';
import { UPSERT_KEYS, type UpsertKey } from '../../../core/bulk/upsert-index.js';

export const MAX_CONCURRENCY = 32;

export function resourceArgument(name: string): Resource {
  if (!isResourceName(name)) throw new UsageError(`"${name}" is not a resource`, `Use one of: ${RESOURCE_NAMES.join(', ')}.`);
  return resources[name];
}

export interface ImportFlags extends GlobalOptions {
  inputFormat?: string;
  delimiter?: string;
  upsertBy?: string;
  concurrency?: string;
  dryRun?: boolean;
  failFast?: boolean;
  failedTo?: string;
  force?: boolean;
  createMissing?: boolean;
}

export function importSettings(resource: Resource, flags: ImportFlags, cwd: string, source: string): ImportSettings {
  if (flags.upsertBy !== undefined && !(UPSERT_KEYS as readonly string[]).includes(flags.upsertBy)) {
    throw new UsageError(`--upsert-by: "${flags.upsertBy}" is not one of ${UPSERT_KEYS.join(', ')}`);
  }
  const raw = flags.concurrency ?? '4';
  if (!/^[0-9]+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_CONCURRENCY) {
    throw new UsageError(`--concurrency: "${raw}" is not a whole number from 1 to ${MAX_CONCURRENCY}`);
  }
  let failedTo: string | undefined;
  if (flags.failedTo !== undefined) {
    if (flags.failedTo.trim() === '') throw new UsageError('--failed-to needs a file name');
    failedTo = resolve(cwd, flags.failedTo);
    if (source !== '-' && failedTo === resolve(cwd, source)) throw new UsageError('--failed-to must not be the file being imported');
    const problem = unwritable(failedTo);
    if (problem)
      throw new UsageError(`--failed-to: cannot write ${flags.failedTo}: ${problem}`, 'Nothing was sent. Name a file in a directory you can write to.');
  }
  return {
    resource,
    upsertBy: flags.upsertBy as UpsertKey | undefined,
    concurrency: Number(raw),
    dryRun: flags.dryRun === true,
    failFast: flags.failFast === true,
    force: flags.force === true,
    printIds: flags.format === 'ids',
    report: flags.format === 'json' || flags.json === true,
    failedTo,
    createMissing: flags.createMissing === true,
  };
}

/**
 * Why a --failed-to file could not be written, found before anything is sent: the failed
 * rows are written at the end, when they could no longer be saved anywhere else.
 */
function unwritable(path: string): string | undefined {
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
