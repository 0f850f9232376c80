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
export type { SiteFiles } from './calendar.js';
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
export type { PlannedRequest, WritePlan } from './write/plan.js';
export { ApiError, CalendarError, EXIT, NameTakenError, UsageError } from './errors.js';
export type { ExitCode } from './errors.js';
export type { ResourceName } from '../spec/resources.js';
export type * from '../spec/types.js';
