/**
 * The package's library entry (`import { Calendar } from 'events-calendar-cli'`): the Calendar,
 * its error class and the types derived from the resource table. Loads no terminal library.
 */
export { Calendar } from './calendar.js';
export type {
  Agenda,
  AgendaFilters,
  CalendarEvent,
  CalendarMessage,
  ConflictFilters,
  ConflictRow,
  Conflicts,
  DayEntry,
  CalendarOptions,
  CreateOptions,
  DeleteOptions,
  EventRecords,
  PlannedOccurrence,
  ProfileOptions,
  Ref,
  RepeatOptions,
  ResourceRecords,
  SeriesDeleteOptions,
  SeriesMember,
  SeriesPlace,
  SeriesScope,
  SeriesUpdateOptions,
  SiteOptions,
  UpdateOptions,
} from './calendar.js';
export type {
  CallOptions,
  DispatcherLike,
  ImportInput,
  LibraryImportOptions,
  ReadOptions,
  RecordList,
  SandboxCalendarOptions,
  SiteFileInput,
  SiteFiles,
} from './calendar.js';
export type { SandboxSeed, StartSandboxOptions } from './sandbox-options.js';
export type { HttpHooks, Method, RequestEvent, ResponseEvent, RetryEvent } from './http/hooks.js';
export type {
  ImportOptions,
  ImportOutcome,
  ImportSource,
  ReportRow,
  RowResult,
  SiteApplied,
  SiteApplyOptions,
  SiteDiff,
  SiteFileSource,
} from './batch/types.js';
export type { Counts } from './batch/counts.js';
export { AbortError, ApiError, CalendarError, EXIT, NameTakenError, NotFoundError, UsageError } from './errors.js';
export type { ServerDetail } from './errors.js';
export type { PlannedRequest, WritePlan } from './write/plan.js';
export type { ExitCode } from './errors.js';
export type { ResourceName } from '../spec/resources.js';
export type * from '../spec/types.js';

// What the command line and the MCP server build on besides the Calendar: they reach the core only
// through this file (test/unit/layers.test.ts). Marked internal: not in the library's declarations
// nor in its entry (scripts/build.mjs), so that these can change without a major version.
/** @internal */
export type { LinkedEvent } from './assistant/types.js';
/** @internal */
export { processed } from './batch/counts.js';
/** @internal */
export type { StartProgress } from './batch/run.js';
/** @internal */
export { exportColumns, exportRecords } from './bulk/export.js';
/** @internal */
export type { IcsImportSettings } from './bulk/ics-import.js';
/** @internal */
export { detectIcsSource, type IcsSource } from './bulk/ics-source.js';
/** @internal */
export { failureReportText, reportText } from './bulk/import-report.js';
/** @internal */
export type { ImportSettings } from './bulk/importer.js';
/** @internal */
export { INPUT_FORMATS, openInput, parseDelimiter, type InputFormat } from './bulk/input.js';
/** @internal */
export { icsSettingsOf, importSettingsOf } from './bulk/options.js';
/** @internal */
export { recordSink } from './bulk/output-file.js';
/** @internal */
export { importFeed, importRecords, type Finished, type ImportSession } from './bulk/run-import.js';
/** @internal */
export type { UpsertKey } from './bulk/upsert-index.js';
/** @internal */
export { findProjectFile, isProjectFileName, loadConfig, runsCode } from './config/load.js';
/** @internal */
export { sandboxDataFile } from './config/paths.js';
/** @internal */
export { SANDBOX_PROFILE, checkLanguage, splitUserInfo, unknownProfile, type GlobalFlags } from './config/profile.js';
/** @internal */
export type { ProfileConfig } from './config/schema.js';
/** @internal */
export { openSite, type Site } from './config/site.js';
/** @internal */
export { cannotRead, digestOf, readTrusted, trustFile, trustKey, writeTrusted } from './config/trust.js';
/** @internal */
export { readUserConfig, saveProfile, writePrivateJson } from './config/write.js';
/** @internal */
export { withContext, type Context, type OutputStream } from './context.js';
/** @internal */
export { errorIn, fileProblem } from './errors.js';
/** @internal */
export { clientOpened } from './http/activity.js';
/** @internal */
export { ApiClient, errorFromResponse, networkError, readCa } from './http/client.js';
/** @internal */
export { METHODS } from './http/methods.js';
/** @internal */
export { Agent, request } from './http/undici.js';
/** @internal */
export { buildUrl, parseRestRoot, type Query, type RestRoot } from './http/url.js';
/** @internal */
export { createIcsStream, renderIcs, type IcsMeta } from './ical/index.js';
/** @internal */
export { ZoneSource } from './records/dates.js';
/** @internal */
export { formText, formValues, readForm, withError } from './records/edit-form.js';
/** @internal */
export { decodeEntities, textForPeople } from './records/identity.js';
/** @internal */
export { adjustableLinks, hasAdjustments, type LinkAdjustments } from './records/link-changes.js';
/** @internal */
export { UNFILTERED_KEYS, listQueryOf, walkList } from './records/list.js';
/** @internal */
export { unlistedEventsNote, walkEveryEvent, walkEveryRecord, walkShortfall, windowOf } from './records/pages.js';
/** @internal */
export { RawRecord } from './records/raw-list.js';
/** @internal */
export { readCurrent, readManyRawTexts, showsRawText, typedTexts, withRawTexts } from './records/raw-text.js';
/** @internal */
export { parseRef, recordPath, translateNotFound, type RecordRef } from './records/refs.js';
/** @internal */
export { countsLinkedEvents, deleteRecord, deleteTargets, deletesForGood, linkedEvents, linkedWarning, plannedDelete } from './records/remove.js';
/** @internal */
export {
  checkWrite,
  createRecord,
  finishBody,
  getRecord,
  getWithTexts,
  passwordQuery,
  refuseRename,
  restoreRecord,
  restoreStatus,
  updateRecord,
  type RecordAccess,
} from './records/verbs.js';
/** @internal */
export { costShownReformatted } from './records/writable.js';
/** @internal */
export { checkRecord, type WriteMode } from './schema.js';
/** @internal */
export { DEFAULT_SERIES_CAP } from './series/cap.js';
/** @internal */
export { planSeriesCreate, type RepeatRequest } from './series/create.js';
/** @internal */
export { occurrencePlace, placeLine } from './series/describe.js';
/** @internal */
export { SeriesIcs } from './series/ics.js';
/** @internal */
export { markedTitle, parseOccurrenceSlug } from './series/slug.js';
/** @internal */
export type { Member } from './series/store.js';
/** @internal */
export { checkRepeat, createRepeating, deleteInScope, occurrencesText, refuseFailures, repeatRequest, scopeOf, updateInScope } from './series/verbs.js';
/** @internal */
export { SITE_RESOURCES, readSite, type SiteDocument } from './site/document.js';
/** @internal */
export { readSiteFile, type SiteFile } from './site/file.js';
/** @internal */
export { formatPlan, planData, type Plan } from './site/plan.js';
/** @internal */
export { DIGEST_PATTERN, applySite, diffSite, exportSite, planSites } from './site/sync.js';
/** @internal */
export { recordsYaml } from './site/yaml.js';
/** @internal */
export { coerceValue, refuseUnknownKeys } from './values.js';
/** @internal */
export { PACKAGE_NAME, USER_AGENT, VERSION, versionLine } from './version.js';
/** @internal */
export { reportClashes, reportSeriesClashes } from './views/clashes.js';
/** @internal */
export { conflictLine, conflictRow, findConflicts } from './views/conflicts.js';
/** @internal */
export { bucketByDay, entryMarks, timeSpan } from './views/days.js';
/** @internal */
export { AGENDA_DAYS, CONFLICT_DAYS, checkZone, dayOf, dayRange, readViewEvents, type ViewEvents } from './views/window.js';
/** @internal */
export { updateByPlan } from './write/execute.js';
/** @internal */
export { eventsNamed, relinkAfterDelete, relinksBeforeDelete } from './write/relink.js';
/** @internal */
export { inWords, speaking } from './words.js';
