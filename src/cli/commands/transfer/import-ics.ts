/** `calendar import events FEED.ics|-|URL`: the iCalendar options checked, then the sync of src/bulk/ics-import.ts. */
import type { Invocation } from '../runner.js';
import { UsageError } from '../../../core/errors.js';
import { isValidTimeZone, parseWallClock } from '../../../base/time.js';
import { refuseFixedOffset } from '../../../core/records/dates.js';
import type { IcsSource } from '../../../core/bulk/ics-source.js';
import type { IcsImportSettings } from '../../../core/bulk/ics-import.js';
import { importFeed } from '../../../core/bulk/run-import.js';
import { importSettings, type ImportFlags } from './settings.js';
import { importSession, printImport } from './import-face.js';
import { resources } from '../../../spec/resources.js';

export interface IcsFlags extends ImportFlags {
  from?: string;
  until?: string;
  maxOccurrences?: string;
  includePrivate?: boolean;
  createMissing?: boolean;
  prune?: boolean;
  timezone?: string;
}

export const DEFAULT_MAX_OCCURRENCES = 500;

function day(raw: string | undefined, flag: string): string | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || !parseWallClock(raw)) throw new UsageError(`${flag}: "${raw}" is not a date (YYYY-MM-DD)`);
  return raw;
}

export function icsSettings(flags: IcsFlags, cwd: string, source: string, yes: boolean, interactive: boolean): IcsImportSettings {
  if (flags.upsertBy !== undefined)
    throw new UsageError(
      '--upsert-by does not apply to an iCalendar import',
      'Each occurrence is matched by the identity in its slug, so a re-import updates it.',
    );
  const base = importSettings(resources.events, flags, cwd, source);
  const from = day(flags.from, '--from');
  const until = day(flags.until, '--until');
  if (from && until && until <= from) throw new UsageError(`--until ${until} is not after --from ${from}`);
  const rawMax = flags.maxOccurrences ?? String(DEFAULT_MAX_OCCURRENCES);
  if (!/^[0-9]+$/.test(rawMax) || Number(rawMax) < 1) throw new UsageError(`--max-occurrences: "${rawMax}" is not a whole number of at least 1`);
  if (flags.timezone !== undefined) {
    if (!isValidTimeZone(flags.timezone)) throw new UsageError(`--timezone: "${flags.timezone}" is not a timezone`, 'Use an IANA name such as Europe/Paris.');
    refuseFixedOffset(flags.timezone, '--timezone');
  }
  // Refused before anything is read or sent, rather than after the import when pruning.
  if (flags.prune && !base.dryRun && !yes && !interactive) {
    throw new UsageError('--prune trashes events: refused without --yes when not run at a terminal', 'Add --yes to confirm.');
  }
  return {
    concurrency: base.concurrency,
    dryRun: base.dryRun,
    failFast: base.failFast,
    failedTo: base.failedTo,
    failedToName: base.failedToName,
    createMissing: flags.createMissing === true,
    includePrivate: flags.includePrivate === true,
    prune: flags.prune === true,
    yes,
    from,
    until,
    maxOccurrences: Number(rawMax),
    timezone: flags.timezone,
    report: base.report,
  };
}

export async function runIcsImport(inv: Invocation, source: IcsSource, rawSource: string): Promise<void> {
  const ctx = inv.ctx;
  const flags = inv.opts as IcsFlags;
  const settings = icsSettings(flags, ctx.cwd, rawSource, flags.yes === true, ctx.stdin.isTTY === true && ctx.stderr.isTTY === true);
  const prepared = { ...inv.prepare(), connections: settings.concurrency, writes: !settings.dryRun };
  const result = await importFeed(source, settings, importSession(ctx, prepared, settings.yes));
  printImport(ctx, result, { resource: 'events', input: source.name, dryRun: settings.dryRun, report: settings.report, icalendar: true });
}
