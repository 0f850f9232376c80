/** What import (records or iCalendar) and export share: the resource argument and the import flags read. */
import { type ImportOptions, type ImportSettings, importSettingsOf, type UpsertKey, UsageError } from '../../../core/index.js';
import { isResourceName, RESOURCE_NAMES, resources, type Resource } from '../../../spec/resources.js';
import type { GlobalOptions } from '../../session.js';

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

/** The import flags as core options (core/bulk/options.ts checks them, naming the flags). */
export function importSettings(resource: Resource, flags: ImportFlags, cwd: string, source: string): ImportSettings {
  const settings = importSettingsOf(resource, importOptions(flags), cwd, source === '-' ? undefined : source);
  return { ...settings, printIds: flags.format === 'ids', report: flags.format === 'json' || flags.json === true };
}

export function importOptions(flags: ImportFlags): ImportOptions {
  const { upsertBy, concurrency, dryRun, failFast, failedTo, force, createMissing } = flags;
  return { upsertBy: upsertBy as UpsertKey | undefined, concurrency, dryRun, failFast, failedTo, force, createMissing };
}
