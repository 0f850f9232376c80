/**
 * The batch calls' types as the library shows them (cal.import, cal.export, cal.site): plain
 * data, declared here without reaching into the modules that do the work, so that the
 * package's declarations stay self-contained.
 */
import type { CalendarError } from '../errors.js';
import type { Counts } from './counts.js';
import type { WritePlan } from '../write/plan.js';

/** What became of a row (with dryRun: what would). */
export type RowResult = 'created' | 'updated' | 'unchanged' | 'failed' | 'not_sent' | 'conflict' | 'skipped' | 'trashed';

/** A row of an import's report (the JSON of `import --format json`, docs/bulk.md). */
export interface ReportRow {
  /** Where the row is in the input: `line` (NDJSON, CSV, iCalendar) or `index` (a JSON array). */
  line?: number;
  index?: number;
  /** iCalendar: the VEVENT's UID and the occurrence's start. */
  uid?: string;
  start?: string;
  result: RowResult;
  /** The record's ID on the site (created, updated, unchanged; a conflict's the name's holder). */
  id?: number;
  error?: string;
  /** The row's write: with dryRun the plan, else the requests sent (docs/bulk.md). None for a row that writes nothing. */
  plan?: WritePlan;
}

/** An import's options as a program gives them (the CLI gives numbers as its flags' texts). */
export interface ImportOptions {
  /** Update the existing record with the same slug, name or id instead of creating one. */
  upsertBy?: 'slug' | 'name' | 'id';
  /** Requests in flight at once: 1 to 32 (default 4). */
  concurrency?: number | string;
  /** Plan only: nothing is sent. */
  dryRun?: boolean;
  /** Stop at the first record that fails. */
  failFast?: boolean;
  /** A file the rows that failed (or were not sent) are written to, in the input's format, to import again. */
  failedTo?: string;
  /** Let a venue or organizer whose name is taken be created anyway (the server then overwrites the existing one). */
  force?: boolean;
  /** Create the linked records the input names that the site lacks (by name). */
  createMissing?: boolean;
  /** iCalendar: expand recurring events from this day, YYYY-MM-DD (default today)... */
  from?: string;
  /** ...up to this day, excluded (default a year after `from`). */
  until?: string;
  /** iCalendar: at most this many events per recurring series (default 500). */
  maxOccurrences?: number | string;
  /** iCalendar: import CLASS:PRIVATE/CONFIDENTIAL events as private events instead of skipping them. */
  includePrivate?: boolean;
  /** iCalendar: trash the events an earlier import of this feed made that it no longer has. */
  prune?: boolean;
  /** iCalendar: zone for UTC and floating times (default the profile's, else the site's). */
  timezone?: string;
}

type Json = Record<string, unknown>;
type Format = 'json' | 'ndjson' | 'csv' | 'ics';

/**
 * What to import: records a program holds, a file, text, or (events) an iCalendar feed URL.
 * `format` is read from the file's extension or the text when left out. For an iCalendar
 * text, `name` is the feed's identity: import the same feed again under the same name.
 */
export type ImportSource =
  | readonly Json[]
  | { file: string; format?: Format; delimiter?: string }
  | { text: string; format?: Format; name?: string; delimiter?: string }
  | { url: string };

/** What an import did, as data. */
export interface ImportOutcome {
  counts: Counts;
  /** Rows of the input (an iCalendar feed: its occurrences). */
  total: number;
  /** The ID each row ended up as (created, updated, unchanged), in input order. */
  ids: number[];
  /** What became of each row, in input order (when a report is asked for; the library always asks). */
  rows: ReportRow[];
  /** The --failed-to file could not be written: said after the summary, which says what was done. */
  failedRowsError?: unknown;
  /** Why the run did not do everything (exit 5, 130, 6) or its failedTo file could not be written (exit 1). */
  error?: CalendarError;
}

/** A site file: its text (YAML or JSON), the path of one, or the document as an object. */
export type SiteFileSource = string | { file: string } | Json;

/** The plan as data (as `diff --format json` prints it), its summary line, and its digest. */
export interface SiteDiff {
  plan: unknown;
  summary: string;
  /** What `site.apply` is given to apply exactly this plan. */
  digest: string;
}

export interface SiteApplyOptions {
  /** The digest of the plan `site.diff` gave: required, so that only a plan someone saw is applied. */
  digest: string;
  /** Remove the records the file lacks (the caller's consent). */
  prune?: boolean;
  /** Requests in flight at once: 1 to 16 (default 4). */
  concurrency?: number;
}

/** What apply did: the plan it carried out, and the counts (none when the plan had no changes). */
export interface SiteApplied extends SiteDiff {
  counts?: Counts;
}
