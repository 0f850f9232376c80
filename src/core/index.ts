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
  ProfileOptions,
  Ref,
  ResourceRecords,
  SiteOptions,
  UpdateOptions,
} from './calendar.js';
export { ApiError, CalendarError, EXIT, UsageError } from './errors.js';
export { NameTakenError } from './records/name-taken.js';
export type { ExitCode } from './errors.js';
export type { ResourceName } from '../spec/resources.js';
export type * from '../spec/types.js';
