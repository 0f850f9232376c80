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
