/** `calendar import events FEED.ics|-|URL`: the iCalendar options checked, then the sync of src/core/bulk/ics-import.ts. */
import type { Invocation } from '../runner.js';
import { type IcsImportSettings, icsSettingsOf, type IcsSource, importFeed, UsageError } from '../../../core/index.js';
import { importOptions, type ImportFlags } from './settings.js';
import { importSession, printImport, type ImportShown } from './import-face.js';

export interface IcsFlags extends ImportFlags {
  from?: string;
  until?: string;
  maxOccurrences?: string;
  includePrivate?: boolean;
  createMissing?: boolean;
  prune?: boolean;
  timezone?: string;
}

export function icsSettings(flags: IcsFlags, cwd: string, source: string, yes: boolean, interactive: boolean): IcsImportSettings {
  const { from, until, maxOccurrences, includePrivate, prune, timezone } = flags;
  const options = { ...importOptions(flags), from, until, maxOccurrences, includePrivate, prune, timezone };
  const settings = icsSettingsOf(options, cwd, source === '-' ? undefined : source, yes);
  // Refused before anything is read or sent, rather than after the import when pruning.
  if (flags.prune && !settings.dryRun && !yes && !interactive) {
    throw new UsageError('--prune trashes events: refused without --yes when not run at a terminal', 'Add --yes to confirm.');
  }
  return { ...settings, report: flags.format === 'json' || flags.json === true };
}

export async function runIcsImport(inv: Invocation, source: IcsSource, rawSource: string, shown: ImportShown): Promise<void> {
  const ctx = inv.ctx;
  const flags = inv.opts as IcsFlags;
  const settings = icsSettings(flags, ctx.cwd, rawSource, flags.yes === true, ctx.stdin.isTTY === true && ctx.stderr.isTTY === true);
  const prepared = { ...inv.prepare(), connections: settings.concurrency, writes: !settings.dryRun };
  const result = await importFeed(source, settings, importSession(ctx, prepared, settings.yes));
  const ics = { resource: 'events', input: source.name, dryRun: settings.dryRun, ids: false, report: settings.report, icalendar: true };
  printImport(ctx, result, Object.assign(shown, ics));
}
