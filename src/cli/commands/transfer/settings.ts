/** What import (records or iCalendar) and export share: the resource argument and the import flags checked. */
import { resolve } from 'node:path';
import { UsageError } from '../../../core/errors.js';
import { isResourceName, RESOURCE_NAMES, resources, type Resource } from '../../../spec/resources.js';
import type { GlobalOptions } from '../../session.js';
import type { ImportSettings } from '../../../core/bulk/importer.js';
import { UPSERT_KEYS, type UpsertKey } from '../../../core/bulk/upsert-index.js';
import { unwritable } from '../../../core/bulk/failed-to.js';

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
    failedToName: flags.failedTo,
    createMissing: flags.createMissing === true,
  };
}
