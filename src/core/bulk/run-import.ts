/**
 * An import as one core call, for every face (the CLI, the library): records (a file, text, an
 * array) checked and sent, or an iCalendar feed synced. The result is data: the counts, the IDs,
 * what became of each row, and the error the run ends with when it did not do everything
 * (the face prints what it prints, then throws it).
 */
import type { Confirm } from '../context.js';
import type { CalendarError } from '../errors.js';
import type { ApiClient } from '../http/client.js';
import { ZoneSource } from '../records/dates.js';
import { emptyCounts, summaryLine } from '../batch/counts.js';
import { unfinishedError, type Unfinished } from '../batch/outcome.js';
import type { BatchFace } from '../batch/run.js';
import { dropStaleFailedTo } from './failed-to.js';
import type { FetchSettings } from './ics-fetch.js';
import { importIcs, type IcsImportSettings } from './ics-import.js';
import type { IcsSource } from './ics-source.js';
import { runImportPasses, scanInput, type ImportResult, type ImportSettings } from './importer.js';
import type { Input } from './input.js';
import type { ImportOutcome } from '../batch/types.js';
import { option } from '../words.js';

/** The site an import writes to, opened only once the rows are checked (a bad file makes no request). */
export interface ImportSite {
  client: ApiClient;
  /** The profile's zone, if it sets one. */
  timezone?: string;
  /** How a feed URL is fetched (the profile's timeout, retries, CA). */
  fetch: FetchSettings;
}

export interface ImportSession extends BatchFace {
  /** Asked before existing records are updated (--upsert-by) or a feed's dropped events trashed (--prune). */
  confirm: Confirm;
  withSite<T>(work: (site: ImportSite) => Promise<T>): Promise<T>;
  /** A dry run's plan, line by line. */
  print?: (text: string) => void;
}

export type Finished = ImportOutcome;

/** Records of a JSON, NDJSON or CSV input: checked (exit 2, nothing sent), then sent. */
export async function importRecords(input: Input, settings: ImportSettings, session: ImportSession): Promise<Finished> {
  const scan = await scanInput(input, settings);
  if (scan.count === 0) {
    // An empty export imports as nothing to do, so that round trips of any calendar work.
    const counts = emptyCounts();
    session.messages.notice(`${input.name} holds no records: ${summaryLine(counts, settings.dryRun)}`);
    dropStaleFailedTo(settings.failedTo, settings.dryRun);
    return { counts, ids: [], rows: [], total: 0 };
  }
  if (settings.upsertBy && !settings.dryRun) {
    await session.confirm(`Update the existing ${settings.resource.name} that match a record of ${input.name} by ${settings.upsertBy}?`);
  }
  const result = await session.withSite(({ client }) => runImportPasses(input, scan, settings, { ...session, client }));
  const kept = settings.failedTo ? `They are in ${settings.failedToName ?? settings.failedTo}` : undefined;
  return finished(result, settings, {
    rows: 'records',
    total: result.total,
    hints: {
      unreachable: kept
        ? `${kept}; import that file (or the same file with ${option('upsert_by')}) once the site answers.`
        : `Once the site answers, run the same import again with ${option('upsert_by')}; nothing is created twice.`,
      interrupted: kept
        ? `${kept}; import that file (or the same file with ${option('upsert_by')}) to finish.`
        : `Run the same import again with ${option('upsert_by')} to finish it; nothing is created twice.`,
      failed: kept ? `${kept}: fix them and import that file again.` : `Keep them for another try with ${option('failed_to')} FILE.`,
    },
  });
}

/** An iCalendar file or feed, synced: read and checked first (exit 2, nothing sent). */
export async function importFeed(source: IcsSource, settings: IcsImportSettings, session: ImportSession): Promise<Finished> {
  const result = await session.withSite(async ({ client, timezone, fetch }) => {
    const text = await source.text(fetch);
    const zones = new ZoneSource(client, timezone);
    return importIcs(text, source, settings, { ...session, client, profileZone: timezone, siteZone: () => zones.siteZone() });
  });
  const kept = settings.failedTo ? `Their VEVENTs are in ${settings.failedToName ?? settings.failedTo}` : undefined;
  return finished(result, settings, {
    rows: `events of ${source.name}`,
    total: result.total,
    hints: {
      unreachable: kept
        ? `${kept}; import that file (or the same feed again) once the site answers.`
        : 'Once the site answers, import the same feed again; nothing is created twice.',
      interrupted: kept
        ? `${kept}; import that file (or the same feed again) to finish.`
        : 'Import the same feed again to finish it; nothing is created twice.',
      failed: kept ? `${kept}: fix them and import that file again.` : `Keep them for another try with ${option('failed_to')} FILE.ics.`,
    },
  });
}

/** A run that left nothing undone drops an earlier run's --failed-to file; one that did says why. */
function finished(result: ImportResult, settings: { failedTo?: string; dryRun: boolean }, unfinished: Unfinished): Finished {
  const { counts } = result;
  if (counts.failed === 0 && !counts.notSent) dropStaleFailedTo(settings.failedTo, settings.dryRun);
  return { ...result, error: (result.failedRowsError as CalendarError | undefined) ?? unfinishedError(counts, unfinished) };
}
