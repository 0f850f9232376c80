/**
 * An import's options checked, once for every face: the CLI passes its flags' texts, the library
 * typed values; messages name each option once, for each face to say in its words. Every
 * problem is exit 2 before anything is read or sent.
 */
import { resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { option } from '../words.js';
import { isValidTimeZone, parseWallClock } from '../../base/time.js';
import { resources, type Resource } from '../../spec/resources.js';
import { refuseFixedOffset } from '../records/dates.js';
import { unwritable } from './failed-to.js';
import type { IcsImportSettings } from './ics-import.js';
import type { ImportSettings } from './importer.js';
import { UPSERT_KEYS } from './upsert-index.js';
import type { ImportOptions } from '../batch/types.js';

export const MAX_CONCURRENCY = 32;
export const DEFAULT_MAX_OCCURRENCES = 500;

export type { ImportOptions } from '../batch/types.js';

/** An import option named in a message (src/core/words.ts): `failedTo` as `--failed-to` in the CLI, `failedTo` in the library. */
const name = (key: keyof ImportOptions) => option(key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));

/** `source`: the file being imported (a --failed-to file must not be it), if it is a file. */
export function importSettingsOf(resource: Resource, options: ImportOptions, cwd: string, source: string | undefined): ImportSettings {
  if (options.upsertBy !== undefined && !(UPSERT_KEYS as readonly string[]).includes(options.upsertBy)) {
    throw new UsageError(`${name('upsertBy')}: "${options.upsertBy}" is not one of ${UPSERT_KEYS.join(', ')}`);
  }
  const raw = String(options.concurrency ?? 4);
  if (!/^[0-9]+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_CONCURRENCY) {
    throw new UsageError(`${name('concurrency')}: "${raw}" is not a whole number from 1 to ${MAX_CONCURRENCY}`);
  }
  let failedTo: string | undefined;
  if (options.failedTo !== undefined) {
    if (options.failedTo.trim() === '') throw new UsageError(`${name('failedTo')} needs a file name`);
    failedTo = resolve(cwd, options.failedTo);
    if (source !== undefined && failedTo === resolve(cwd, source)) throw new UsageError(`${name('failedTo')} must not be the file being imported`);
    const problem = unwritable(failedTo);
    if (problem)
      throw new UsageError(
        `${name('failedTo')}: cannot write ${options.failedTo}: ${problem}`,
        'Nothing was sent. Name a file in a directory you can write to.',
      );
  }
  return {
    resource,
    upsertBy: options.upsertBy,
    concurrency: Number(raw),
    dryRun: options.dryRun === true,
    failFast: options.failFast === true,
    force: options.force === true,
    failedTo,
    failedToName: options.failedTo,
    createMissing: options.createMissing === true,
  };
}

function day(raw: string | undefined, flag: string): string | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || !parseWallClock(raw)) throw new UsageError(`${flag}: "${raw}" is not a date (YYYY-MM-DD)`);
  return raw;
}

/** An iCalendar import's options; `yes`: the trashing of --prune is agreed to already. */
export function icsSettingsOf(options: ImportOptions, cwd: string, source: string | undefined, yes: boolean): IcsImportSettings {
  if (options.upsertBy !== undefined)
    throw new UsageError(
      `${name('upsertBy')} does not apply to an iCalendar import`,
      'Each occurrence is matched by the identity in its slug, so a re-import updates it.',
    );
  const base = importSettingsOf(resources.events, options, cwd, source);
  const from = day(options.from, name('from'));
  const until = day(options.until, name('until'));
  if (from && until && until <= from) throw new UsageError(`${name('until')} ${until} is not after ${name('from')} ${from}`);
  const rawMax = String(options.maxOccurrences ?? DEFAULT_MAX_OCCURRENCES);
  if (!/^[0-9]+$/.test(rawMax) || Number(rawMax) < 1) throw new UsageError(`${name('maxOccurrences')}: "${rawMax}" is not a whole number of at least 1`);
  if (options.timezone !== undefined) {
    if (!isValidTimeZone(options.timezone))
      throw new UsageError(`${name('timezone')}: "${options.timezone}" is not a timezone`, 'Use an IANA name such as Europe/Paris.');
    refuseFixedOffset(options.timezone, name('timezone'));
  }
  return {
    concurrency: base.concurrency,
    dryRun: base.dryRun,
    failFast: base.failFast,
    failedTo: base.failedTo,
    failedToName: base.failedToName,
    createMissing: options.createMissing === true,
    includePrivate: options.includePrivate === true,
    prune: options.prune === true,
    yes,
    from,
    until,
    maxOccurrences: Number(rawMax),
    timezone: options.timezone,
  };
}
