/**
 * The library: `new Calendar()` and the five verbs of each resource, as data. The site is
 * resolved as the CLI resolves it (environment, profiles, trusted project files, the built-in
 * sandbox) and opened on first use; `close()` lets it go. Messages the CLI would print on stderr
 * go to `onMessage` (dropped by default). Errors are CalendarErrors with the CLI's exit codes.
 */
import type { WritePlan } from './write/plan.js';
import type { Messages } from './context.js';
import type { Site } from './config/site.js';
import type { RecordAccess } from './records/verbs.js';
import { CONFLICT_FILTER_NAMES, MAX_PER_PAGE, resources, type Resource, type ResourceName, VIEW_FILTER_NAMES } from '../spec/resources.js';
import type { CreateFieldsOf, EventRecord, FieldsOf, FiltersOf, ImportRowOf, LinkChangesOf, RecordOf, SiteFileDocument } from '../spec/types.js';
import type { Member as SeriesMember, OccurrencePlace as SeriesPlace } from './series/types.js';
import type { LinkAdjustments } from './records/link-changes.js';
import type { ConflictRow } from './views/conflicts.js';
import type { CalendarEvent, DayEntry } from './views/days.js';
import type { OpenSite } from './transfer.js';
import type { CallLimits } from './http/client.js';
import type { HttpHooks } from './http/hooks.js';
import type { Dispatcher } from 'undici';
import { UsageError } from './errors.js';
import { said } from './words.js';
import { refuseUnknownKeys } from './values.js';
import type { StartSandboxOptions } from './sandbox-options.js';
import type { ImportOptions, ImportOutcome, ImportSource, SiteApplied, SiteApplyOptions, SiteDiff, SiteFileSource } from './batch/types.js';
import type { AssistantApi } from './assistant/types.js';

export interface CalendarMessage {
  level: 'notice' | 'warning';
  text: string;
}

interface CommonOptions {
  /** The environment read for CALENDAR_* settings and the configuration's places (default process.env). */
  env?: Record<string, string | undefined>;
  /** Where project configuration files are looked for (default process.cwd()). */
  cwd?: string;
  /** Receives the notices and warnings the CLI prints on stderr; default: dropped. */
  onMessage?: (message: CalendarMessage) => void;
  /** Seconds a request may take (default 30, or the profile's). */
  timeout?: number;
  /** Retries of a request that failed on the network or with a server error, or a create the server did not take (429) (default 3). */
  retries?: number;
  /** Told of every request, answer and retry (counting, tracing, metrics). */
  hooks?: HttpHooks;
  /**
   * Each request and answer as the CLI's `--debug` says them (`debug: > GET https://...`), never
   * a credential: `true` writes them with console.error, a function receives each line.
   */
  debug?: boolean | ((line: string) => void);
  /** An undici Dispatcher the requests go through (a proxy agent, a MockAgent, a test's); the Calendar does not close it. */
  dispatcher?: DispatcherLike;
}

/** What bounds one call: every method takes these. */
export interface CallOptions {
  /** Stops the call: no request is sent after it aborts, and the one in flight is stopped (AbortError). */
  signal?: AbortSignal;
  /** Seconds each request of the call may take (default the Calendar's `timeout`). */
  timeout?: number;
  /** Seconds the whole call may take, its retries and their waits included (AbortError, code `deadline`, exit 5). */
  deadline?: number;
}

/** What a read takes: the call's bounds, and which text it gives. */
export interface ReadOptions extends CallOptions {
  /**
   * Titles, descriptions and excerpts as the site displays them (quotes curled, `&` as `&#038;`,
   * blocks rendered) instead of as typed and stored. Default false: the text as typed, read from
   * WordPress's own route with `context=edit` (one more request per hundred records, per record for get).
   */
  rendered?: boolean;
}

/** An undici Dispatcher (`import { Agent } from 'undici'`), as far as the Calendar uses it. */
export interface DispatcherLike {
  dispatch(options: object, handler: object): boolean;
}

/** The site as the CLI would find it, or a profile by name. */
export interface ProfileOptions extends CommonOptions {
  profile?: string;
  /**
   * When no site is named, the CLI's built-in sandbox (its calendar kept in the data directory), as
   * `calendar` and its MCP server do for people; default false: a CalendarError saying so.
   */
  builtInSandbox?: boolean;
}

/** The site given whole: no configuration file is read. */
export interface SiteOptions extends CommonOptions {
  baseUrl: string;
  username?: string;
  appPassword?: string;
  namespace?: string;
  language?: string;
  /** The zone of event dates given without one (else the site's). */
  timezone?: string;
}

/** A sandbox of the Calendar's own, started on first use and stopped by close(): in memory, on a free loopback port. */
export interface SandboxCalendarOptions extends CommonOptions {
  /** `true`: an empty sandbox; or its records and faults (as `startSandbox` from `events-calendar-cli/sandbox` takes them). */
  sandbox: true | StartSandboxOptions;
}

export type CalendarOptions = ProfileOptions | SiteOptions | SandboxCalendarOptions;

export interface CreateOptions {
  /** Say the other events at an event's venue and time to onMessage (default true; `--no-conflict-check`). */
  conflictCheck?: boolean;
  /** Create the linked records (venue, organizers, categories, tags) named that match none. */
  createMissing?: boolean;
  /** Create a venue or organizer even when one of that name exists (the server then overwrites it). */
  force?: boolean;
}

export interface UpdateOptions<R extends ResourceName = ResourceName> {
  /** Say the other events at an event's venue and time to onMessage (default true; `--no-conflict-check`). */
  conflictCheck?: boolean;
  /** Create the linked records named that match none (those added with `links` too). */
  createMissing?: boolean;
  /** Rename a venue or organizer to a name another holds; send an event's cost the route would re-format. */
  force?: boolean;
  /** Send only the given fields: the server resets what is left out (default false: the lossless update). */
  replace?: boolean;
  /** With a new start alone, move the end by as much (default true). */
  keepDuration?: boolean;
  /** Records added to and removed from list links (`{ tags: { add: ['jazz'], remove: ['rock'] } }`), the rest of each list kept. */
  links?: LinkChangesOf<R>;
}

export interface DeleteOptions {
  /** Delete an event, venue or organizer for good instead of moving it to the trash. Terms are always deleted for good. */
  permanently?: boolean;
}

/** How far an update or delete of an event reaches when the event is an occurrence of a series (docs/series.md). */
export type SeriesScope = 'occurrence' | 'series' | 'following';

/** A series made of the event given, its first occurrence: one event per occurrence of the rule, each knowing its series. */
export interface RepeatOptions {
  /**
   * An iCalendar RRULE (`FREQ=WEEKLY;BYDAY=TU;COUNT=8`; an `RRULE:` prefix allowed), expanded in
   * the event's zone: the same wall-clock time across daylight-saving changes.
   */
  repeat: string;
  /** Occurrences left out, by date (`2027-03-16`) or date and time. */
  except?: string[];
  /** The cap (default 500): a rule giving more is refused; a rule without an end takes its first `max` occurrences. */
  max?: number;
  /** Create the linked records named that match none. */
  createMissing?: boolean;
  /** Expand and check the rule, send nothing: the occurrences as they would be created. */
  dryRun?: boolean;
}

/** An occurrence a dry run would create: the event's fields at its dates, with the slug that names its series. */
export type PlannedOccurrence = FieldsOf<'events'> & { slug: string; start_date: string; end_date: string };

export interface SeriesUpdateOptions {
  /** `series`: every occurrence; `following`: this one and the later ones, which become a series of their own. */
  scope: 'series' | 'following';
  /** Create the linked records named that match none. */
  createMissing?: boolean;
  /** Send an event's cost the route would re-format. */
  force?: boolean;
  /** With a new start alone, move the end by as much (default true). */
  keepDuration?: boolean;
  /**
   * Refused with a scope: adding to and removing from list links is one occurrence's business (give
   * the whole list instead). Named so that a call carrying them is refused, not silently ignored.
   */
  links?: LinkChangesOf<'events'>;
  /** Send nothing: the occurrences the change would take. */
  dryRun?: boolean;
}

export interface SeriesDeleteOptions {
  /** `series`: every occurrence, and the rule; `following`: this one and the later ones, the series then ending before it. To the trash. */
  scope: 'series' | 'following';
  /** Send nothing: the occurrences that would go. */
  dryRun?: boolean;
}

export type { Member as SeriesMember, OccurrencePlace as SeriesPlace } from './series/types.js';

/**
 * The keys of each options object, all of them (a key of the type missing from its list is a type
 * error): a call refuses any other (refuseUnknownKeys), as a JavaScript caller has no type check.
 */
const everyKey =
  <T>() =>
  <const K extends readonly (keyof T & string)[]>(keys: K & (Exclude<keyof T, K[number]> extends never ? unknown : never)): K =>
    keys;
const CALL_KEYS = everyKey<CallOptions>()(['signal', 'timeout', 'deadline']);
const READ_KEYS = everyKey<ReadOptions>()([...CALL_KEYS, 'rendered']);
const CREATE_KEYS = [...CALL_KEYS, ...everyKey<CreateOptions>()(['conflictCheck', 'createMissing', 'force'])];
const UPDATE_KEYS = [...CALL_KEYS, ...everyKey<UpdateOptions>()(['conflictCheck', 'createMissing', 'force', 'replace', 'keepDuration', 'links'])];
const DELETE_KEYS = [...CALL_KEYS, ...everyKey<DeleteOptions>()(['permanently'])];
const REPEAT_KEYS = everyKey<RepeatOptions>()(['repeat', 'except', 'max', 'createMissing', 'dryRun']);
const SERIES_UPDATE_KEYS = everyKey<SeriesUpdateOptions>()(['scope', 'createMissing', 'force', 'keepDuration', 'links', 'dryRun']);
const SERIES_DELETE_KEYS = everyKey<SeriesDeleteOptions>()(['scope', 'dryRun']);
const VIEW_DAYS = everyKey<ViewDays>()(['from', 'to', 'timezone']);

/** The days of a view: `from` (default today in the view's zone) to `to`, in `timezone` (default the profile's, else the site's). */
interface ViewDays {
  from?: string;
  to?: string;
  timezone?: string;
}

/** What an agenda shows: the days (default today and the seven after), and the events list's filters the CLI's views take. */
export type AgendaFilters = ViewDays & Pick<FiltersOf<'events'>, (typeof VIEW_FILTER_NAMES)[number]>;
/** What the conflicts view looks at: the days (default thirty from today); with `organizer`, shared organizers instead of venues. */
export type ConflictFilters = ViewDays & Pick<FiltersOf<'events'>, (typeof CONFLICT_FILTER_NAMES)[number]>;

export interface Agenda {
  zone: string;
  today: string;
  from: string;
  to: string;
  /** Every date of the range, in order, with the events on it (an event of several days on each). */
  days: Array<{ date: string; entries: DayEntry[] }>;
}

export interface Conflicts {
  zone: string;
  from: string;
  to: string;
  conflicts: ConflictRow[];
}

export type { CalendarEvent, ConflictRow, DayEntry };

/** A reference to one record: its ID, its slug, or (venues, organizers, categories, tags) its exact name. */
export type Ref = number | string;

type Json = Record<string, unknown>;

/** The five verbs of one resource: `calendar.events`, `calendar.venues`... */
export interface ResourceRecords<R extends ResourceName> {
  /**
   * Every record the filters select, every page (a `page` filter: that page only), at most `limit`;
   * with the count the server gives (`total`) and its pages of the size asked (`totalPages`).
   */
  list(filters?: FiltersOf<R>, options?: ReadOptions): Promise<RecordList<RecordOf<R>>>;
  /** The same records as list(), handed over one by one as the pages arrive (`for await`). */
  iterate(filters?: FiltersOf<R>, options?: ReadOptions): AsyncIterable<RecordOf<R>>;
  get(ref: Ref, options?: ReadOptions): Promise<RecordOf<R>>;
  create(fields: CreateFieldsOf<R>, options?: CreateOptions & CallOptions): Promise<RecordOf<R>>;
  /** The lossless update: only the fields given change. */
  update(ref: Ref, changes: FieldsOf<R>, options?: UpdateOptions<R> & CallOptions): Promise<RecordOf<R>>;
  /** The update's dry run: the plan it would send (src/core/write/plan.ts), nothing written. */
  planUpdate(ref: Ref, changes: FieldsOf<R>, options?: UpdateOptions<R> & CallOptions): Promise<WritePlan>;
  /** Moves the record to the trash (or deletes it for good: terms, or `permanently`); returns it as it was. */
  delete(ref: Ref, options?: DeleteOptions & CallOptions): Promise<RecordOf<R>>;
}

/** The records of a list, with what the server counts: every record the filters select, and the pages they make. */
export type RecordList<T> = T[] & { total?: number; totalPages?: number };

/**
 * `calendar.events`: the five verbs, and series (docs/series.md): `create` with `repeat` makes
 * one event per occurrence; `update` and `delete` of an occurrence with a `scope` reach its whole
 * series or it and the later ones; `series` says where an event stands in its series.
 */
export interface EventRecords extends Omit<ResourceRecords<'events'>, 'create' | 'update' | 'delete'> {
  create(fields: CreateFieldsOf<'events'>, options: RepeatOptions & CallOptions & { dryRun: true }): Promise<PlannedOccurrence[]>;
  /** The occurrences created, in order (some failed: CalendarError exit 6, each failure told to onMessage). */
  create(fields: CreateFieldsOf<'events'>, options: RepeatOptions & CallOptions): Promise<EventRecord[]>;
  create(fields: CreateFieldsOf<'events'>, options?: CreateOptions & CallOptions): Promise<EventRecord>;
  update(ref: Ref, changes: FieldsOf<'events'>, options: SeriesUpdateOptions & CallOptions & { dryRun: true }): Promise<SeriesMember[]>;
  /** The occurrences changed; a new time of day moves each by as much (a moved one keeps its offset), a new day is refused. */
  update(ref: Ref, changes: FieldsOf<'events'>, options: SeriesUpdateOptions & CallOptions): Promise<EventRecord[]>;
  /** The lossless update of one event (an occurrence stays in its series). */
  update(ref: Ref, changes: FieldsOf<'events'>, options?: UpdateOptions<'events'> & CallOptions & { scope?: 'occurrence' }): Promise<EventRecord>;
  /** The occurrences moved to the trash (with `dryRun`: that would be). */
  delete(ref: Ref, options: SeriesDeleteOptions & CallOptions): Promise<SeriesMember[]>;
  delete(ref: Ref, options?: DeleteOptions & CallOptions & { scope?: 'occurrence' }): Promise<EventRecord>;
  /** Where an event (or a record read) stands in its series; undefined when it is no occurrence of one. */
  series(event: Ref | EventRecord, options?: CallOptions): Promise<SeriesPlace | undefined>;
}

class Records<R extends ResourceName> implements ResourceRecords<R> {
  protected readonly resource: Resource;

  constructor(
    name: R,
    protected readonly open: (call?: CallOptions) => Promise<RecordAccess>,
  ) {
    this.resource = resources[name];
  }

  async list(filters: FiltersOf<R> = {} as FiltersOf<R>, options?: ReadOptions): Promise<RecordList<RecordOf<R>>> {
    const records: RecordList<RecordOf<R>> = [];
    const { walk, perPage } = await this.walkOf(filters, options);
    const result = await walk(PAGES_AHEAD, true, (record) => void records.push(record));
    // Not enumerable: the list is an array of records, as JSON and deep equality see it.
    if (result.total !== undefined) {
      Object.defineProperties(records, {
        total: { value: result.total },
        totalPages: { value: Math.ceil(result.total / perPage) },
      });
    }
    return records;
  }

  /** One page read ahead of the caller. */
  async *iterate(filters: FiltersOf<R> = {} as FiltersOf<R>, options?: ReadOptions): AsyncGenerator<RecordOf<R>> {
    const { walk, perPage } = await this.walkOf(filters, options);
    const [{ pulled }, { AbortError }] = await Promise.all([import('./records/pulled.js'), import('./errors.js')]);
    for await (const record of pulled<RecordOf<R>>(perPage, (onRecord) => walk(1, false, onRecord))) {
      // Records read before the abort are not handed over after it.
      if (options?.signal?.aborted) throw new AbortError('the call was aborted', options.signal.reason);
      yield record;
    }
  }

  async get(ref: Ref, options?: ReadOptions): Promise<RecordOf<R>> {
    refuseUnknownKeys(options, READ_KEYS, 'options of a read');
    const [{ parseRef }, { getWithTexts }] = await Promise.all([import('./records/refs.js'), import('./records/verbs.js')]);
    const target = parseRef(this.resource, ref);
    const access = await this.open(options);
    const notice = (line: string) => access.messages.notice(line);
    return (await getWithTexts(access, this.resource, target, { typed: !options?.rendered, notice })) as RecordOf<R>;
  }

  async create(fields: CreateFieldsOf<R>, options: CreateOptions & CallOptions = {}): Promise<RecordOf<R>> {
    this.checkOptions('create', options);
    const { checkWrite, createRecord } = await import('./records/verbs.js');
    const checked = await checkWrite(this.resource, fields as Json, 'create');
    const access = await this.open(options);
    const { record } = await createRecord(access, this.resource, checked, { createMissing: options.createMissing, force: options.force });
    await (await import('./views/clashes.js')).reportClashes(access, this.resource, record as Json, options);
    return record as RecordOf<R>;
  }

  /**
   * The update's dry run: what it reads, then the requests it would send (each with its route
   * and the fields it writes), as a real update sends them; nothing is written.
   */
  async planUpdate(ref: Ref, changes: FieldsOf<R>, options: UpdateOptions<R> & CallOptions = {}): Promise<WritePlan> {
    return (await this.updateOrPlan(ref, changes, options, true)) as WritePlan;
  }

  async update(ref: Ref, changes: FieldsOf<R>, options: UpdateOptions<R> & CallOptions = {}): Promise<RecordOf<R>> {
    return (await this.updateOrPlan(ref, changes, options, false)) as RecordOf<R>;
  }

  private async updateOrPlan(ref: Ref, changes: FieldsOf<R>, options: UpdateOptions<R> & CallOptions, dryRun: boolean): Promise<RecordOf<R> | WritePlan> {
    this.checkOptions('update', options);
    const [{ parseRef }, { checkWrite, updateRecord }] = await Promise.all([import('./records/refs.js'), import('./records/verbs.js')]);
    const target = parseRef(this.resource, ref);
    const checked = await checkWrite(this.resource, changes as Json, 'update');
    const access = await this.open(options);
    const result = await updateRecord(access, this.resource, target, checked, {
      createMissing: options.createMissing,
      force: options.force,
      replace: options.replace,
      keepDuration: options.keepDuration,
      links: options.links && listTexts(options.links),
      dryRun,
    });
    if (result.planned) return result.planned;
    const written = (result.planned ?? result.plan)?.requests.flatMap((request) => request.fields ?? []) ?? [];
    await (await import('./views/clashes.js')).reportClashes(access, this.resource, result.record as Json, { ...options, written });
    return result.record as RecordOf<R>;
  }

  async delete(ref: Ref, options: DeleteOptions & CallOptions = {}): Promise<RecordOf<R>> {
    this.checkOptions('delete', options);
    const [{ parseRef }, remove] = await Promise.all([import('./records/refs.js'), import('./records/remove.js')]);
    const { deleteRecord, deletesForGood, deleteTargets } = remove;
    const target = parseRef(this.resource, ref);
    const { client, messages } = await this.open(options);
    const [found] = await deleteTargets(client, this.resource, [target]);
    // As the CLI warns before it asks: the events that still link to a venue or organizer.
    if (remove.countsLinkedEvents(this.resource) && found.id !== undefined) {
      const warning = remove.linkedWarning(`${this.resource.singular} ${target.text}`, false, await remove.linkedEvents(client, this.resource, [found.id]));
      if (warning) messages.warn(warning);
    }
    const relink = await import('./write/relink.js');
    const relinks = await relink.relinksBeforeDelete(client, this.resource, found.id === undefined ? [] : [found.id]);
    const deleted = await deleteRecord(client, this.resource, found, deletesForGood(this.resource, options.permanently));
    const back = await relink.relinkAfterDelete(client, relinks, (line) => messages.warn(line));
    if (back.relinked.length) messages.notice(`Linked back the other organizers of ${relink.eventsNamed(back.relinked)}.`);
    for (const miss of back.failed) messages.warn(`event ${miss.event} "${miss.title}" lost its other organizers: ${miss.error}`);
    return deleted as RecordOf<R>;
  }

  /** Option keys each write takes beside the common ones: a series' for events. */
  protected readonly seriesKeys: Record<'create' | 'update' | 'delete', readonly string[]> = { create: [], update: [], delete: [] };

  /** A write's options object refused when it holds a key the write does not take. */
  protected checkOptions(verb: 'create' | 'update' | 'delete', options: object | undefined): void {
    const common: readonly string[] = { create: CREATE_KEYS, update: UPDATE_KEYS, delete: DELETE_KEYS }[verb];
    refuseUnknownKeys(options, [...common, ...this.seriesKeys[verb].filter((key) => !common.includes(key))], `options of ${this.resource.name}.${verb}`);
  }

  /**
   * The walk the filters ask for (checked before anything is sent), `ahead` pages read ahead of the
   * records handed over; their texts as typed (a hundred records' in one request) unless `rendered`.
   */
  private async walkOf(filters: FiltersOf<R>, options: ReadOptions | undefined) {
    refuseUnknownKeys(options, READ_KEYS, 'options of a read');
    const { limit, on, during, ...rest } = filters as Json & { limit?: number; on?: string; during?: string };
    const [{ listQueryOf, walkList }, { UsageError }, { typedTexts }] = await Promise.all([
      import('./records/list.js'),
      import('./errors.js'),
      import('./records/raw-text.js'),
    ]);
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new UsageError(`limit: "${String(limit)}" is not a whole number of at least 1`);
    const query = listQueryOf(this.resource, rest, { on, during });
    const access = await this.open(options);
    // A walk of every page asks for the most a page holds unless a page size is given.
    const perPage = query.per_page !== undefined ? Number(query.per_page) : MAX_PER_PAGE;
    // `total`: the records' count is given (list()), which a walk the client filters reads every page for.
    const walk = async (ahead: number, total: boolean, onRecord: (record: RecordOf<R>) => Promise<void> | void) => {
      const handOn = (record: unknown) => onRecord(record as RecordOf<R>);
      const notice = (line: string) => access.messages.notice(line);
      // The typed texts of a hundred records in one request (list), or of each page as it is handed over (iterate).
      const typed = options?.rendered
        ? undefined
        : typedTexts(access.client, this.resource, handOn, notice, { batch: ahead > 1 ? 100 : Math.min(perPage, 100), copies: false });
      const result = await walkList(access, this.resource, query, { all: query.page === undefined, limit, parallel: ahead, total }, (record) =>
        typed ? typed.push(record as Json) : handOn(record),
      );
      await typed?.end();
      return result;
    };
    return { walk, perPage };
  }
}

/** The events, with their series: each verb with a series option makes the one call of src/core/series/verbs.ts the CLI makes. */
class Events extends Records<'events'> {
  protected override readonly seriesKeys = { create: REPEAT_KEYS, update: SERIES_UPDATE_KEYS, delete: SERIES_DELETE_KEYS };

  constructor(open: (call?: CallOptions) => Promise<RecordAccess>) {
    super('events', open);
  }

  // biome-ignore lint/suspicious/noExplicitAny: the overloads of EventRecords say what each options form returns
  override async create(fields: CreateFieldsOf<'events'>, options: CreateOptions & CallOptions & Partial<RepeatOptions> = {}): Promise<any> {
    this.checkOptions('create', options);
    const series = await import('./series/verbs.js');
    const repeat = series.repeatRequest(options);
    if (!repeat) {
      series.refuseLoneDryRun(options, 'create');
      return super.create(fields, options);
    }
    const { checkWrite } = await import('./records/verbs.js');
    const checked = await checkWrite(this.resource, fields as Json, 'create');
    // A rule that cannot be used is refused before anything is sent, reads included.
    await series.checkRepeat(checked, repeat);
    const access = await this.open(options);
    const { plan, report } = await series.createRepeating(access, checked, repeat, { createMissing: options.createMissing, dryRun: options.dryRun });
    if (!report) return plan.occurrences.map((occurrence) => occurrence.body);
    // Each occurrence's clashes, as a single create's are said (one walk of the venue's events).
    if (options.conflictCheck !== false) await (await import('./views/clashes.js')).reportSeriesClashes(access, report.created);
    series.refuseFailures(report.failed, report.created.length, 'created', access.messages);
    return report.created;
  }

  override async update(
    ref: Ref,
    changes: FieldsOf<'events'>,
    options: UpdateOptions<'events'> & CallOptions & Partial<SeriesUpdateOptions> = {},
    // biome-ignore lint/suspicious/noExplicitAny: as create
  ): Promise<any> {
    this.checkOptions('update', options);
    const series = await import('./series/verbs.js');
    const scope = series.scopeOf(options.scope);
    if (!scope) {
      series.refuseLoneDryRun(options, 'update');
      return super.update(ref, changes, options);
    }
    const [{ parseRef }, { checkWrite }] = await Promise.all([import('./records/refs.js'), import('./records/verbs.js')]);
    const target = parseRef(this.resource, ref);
    const checked = await checkWrite(this.resource, changes as Json, 'update');
    const access = await this.open(options);
    const done = await series.updateInScope(access, target, checked, scope, {
      createMissing: options.createMissing,
      force: options.force,
      keepDuration: options.keepDuration,
      replace: options.replace,
      dryRun: options.dryRun,
      links: options.links && listTexts(options.links),
    });
    if ('planned' in done) return done.planned.inScope;
    series.refuseFailures(done.report.failed, done.report.updated.length, 'changed', access.messages);
    return done.report.updated;
  }

  // biome-ignore lint/suspicious/noExplicitAny: as create
  override async delete(ref: Ref, options: DeleteOptions & CallOptions & Partial<SeriesDeleteOptions> = {}): Promise<any> {
    this.checkOptions('delete', options);
    const series = await import('./series/verbs.js');
    const scope = series.scopeOf(options.scope);
    if (!scope) {
      series.refuseLoneDryRun(options, 'delete');
      return super.delete(ref, options);
    }
    const { parseRef } = await import('./records/refs.js');
    const target = parseRef(this.resource, ref);
    const access = await this.open(options);
    const done = await series.deleteInScope(access, target, scope, { dryRun: options.dryRun, permanently: options.permanently });
    if ('planned' in done) return done.planned.inScope;
    series.refuseFailures(done.report.failed, done.report.trashed.length, 'moved to the trash', access.messages);
    return done.report.trashed;
  }

  async series(event: Ref | EventRecord, options?: CallOptions): Promise<SeriesPlace | undefined> {
    const record = typeof event === 'object' ? event : await this.get(event, options);
    const { occurrencePlace } = await import('./series/describe.js');
    return occurrencePlace((await this.open(options)).client, record as unknown as Json);
  }
}

/** Link changes as the core takes them: each list as text, a comma inside a name written `\,` (values.ts splitListText). */
function listTexts(links: Record<string, { add?: Array<number | string>; remove?: Array<number | string> } | undefined>): LinkAdjustments {
  const text = (items: Array<number | string> | undefined) => items?.map((item) => String(item).replace(/,/g, '\\,')).join(',');
  return Object.fromEntries(Object.entries(links).map(([field, change]) => [field, { add: text(change?.add), remove: text(change?.remove) }]));
}

/** Pages a list reads ahead of the records handed over (the CLI's walk reads as many). */
const PAGES_AHEAD = 8;

/** `cal.site`: a site file (its text, `{ file }`, or the document as an object) against the site. */
export interface SiteFiles {
  /** What applying the file would change, nothing written: the plan as data, its summary and its digest. */
  diff(file: SiteFileInput, options?: { prune?: boolean } & CallOptions): Promise<SiteDiff>;
  /** Applies the file's plan only if its digest is `options.digest` (else CalendarError, exit 2, nothing sent). */
  apply(file: SiteFileInput, options: SiteApplyOptions & CallOptions): Promise<SiteApplied>;
}

/** A site file: its text (YAML or JSON), the path of one, or the document. */
export type SiteFileInput = string | { file: string } | SiteFileDocument;

/** What an import reads: rows of the resource's fields, or a file, a text, a feed URL (events). */
export type ImportInput<R extends ResourceName> = ReadonlyArray<ImportRowOf<R>> | Exclude<ImportSource, readonly unknown[]>;

/** An import's options as a program gives them: numbers as numbers. */
export type LibraryImportOptions = Omit<ImportOptions, 'concurrency' | 'maxOccurrences'> & {
  /** Requests in flight at once: 1 to 32 (default 4). */
  concurrency?: number;
  /** iCalendar: at most this many events per recurring series (default 500). */
  maxOccurrences?: number;
};

export class Calendar {
  readonly events: EventRecords;
  readonly venues: ResourceRecords<'venues'>;
  readonly organizers: ResourceRecords<'organizers'>;
  readonly categories: ResourceRecords<'categories'>;
  readonly tags: ResourceRecords<'tags'>;
  /** A site file against the site: the plan and its digest, and the plan applied only with that digest. */
  readonly site: SiteFiles;
  private opened?: Promise<Site>;
  private readonly messages: Messages;
  private helper?: AssistantApi;

  constructor(private readonly options: CalendarOptions = {}) {
    const say = options.onMessage ?? (() => {});
    this.messages = {
      // In the words of the face the call runs in: the library's, or an MCP tool's (src/core/words.ts).
      notice: (text) => say({ level: 'notice', text: said(text) }),
      warn: (text) => say({ level: 'warning', text: said(text) }),
      error: (text, hint) => say({ level: 'warning', text: said(hint ? `${text} ${hint}` : text) }),
    };
    const open = (call?: CallOptions) => this.access(call);
    this.events = new Events(open) as EventRecords;
    this.venues = new Records('venues', open);
    this.organizers = new Records('organizers', open);
    this.categories = new Records('categories', open);
    this.tags = new Records('tags', open);
    this.site = {
      diff: async (file, options) => (await import('./transfer.js')).diffSiteFile(await this.transferSite(options), file as SiteFileSource, options),
      apply: async (file, options) => (await import('./transfer.js')).applySiteFile(await this.transferSite(options), file as SiteFileSource, options),
    };
  }

  /** The events of some days, day by day, as `calendar agenda` shows them. */
  async agenda(filters: AgendaFilters = {}, options?: CallOptions): Promise<Agenda> {
    refuseUnknownKeys(filters, [...VIEW_DAYS, ...VIEW_FILTER_NAMES], 'filters of the agenda');
    refuseUnknownKeys(options, CALL_KEYS, 'options of a call');
    const [{ AGENDA_DAYS }, { bucketByDay }] = await Promise.all([import('./views/window.js'), import('./views/days.js')]);
    const { from, to, zone, events, today } = await this.view(filters, AGENDA_DAYS, options);
    return { zone, today, from, to, days: [...bucketByDay(events, from, to)].map(([date, entries]) => ({ date, entries })) };
  }

  /** Events at the same venue (or, with an `organizer` filter, with an organizer in common) at overlapping times. */
  async conflicts(filters: ConflictFilters = {}, options?: CallOptions): Promise<Conflicts> {
    refuseUnknownKeys(filters, [...VIEW_DAYS, ...CONFLICT_FILTER_NAMES], 'filters of the conflicts');
    refuseUnknownKeys(options, CALL_KEYS, 'options of a call');
    const [{ CONFLICT_DAYS }, { conflictRow, findConflicts }] = await Promise.all([import('./views/window.js'), import('./views/conflicts.js')]);
    const { from, to, zone, events } = await this.view(filters, CONFLICT_DAYS, options);
    const kind = filters.organizer !== undefined ? 'organizer' : 'venue';
    return { zone, from, to, conflicts: findConflicts(events, kind, zone).map(conflictRow) };
  }

  private async view(filters: AgendaFilters | ConflictFilters, days: number, options: CallOptions | undefined) {
    const [{ checkZone, dayRange, readViewEvents }, { listQueryOf }] = await Promise.all([import('./views/window.js'), import('./records/list.js')]);
    const { from, to, timezone, ...rest } = filters;
    const range = dayRange(from, to, days, { from: 'from', to: 'to' });
    const zone = checkZone(timezone, 'timezone');
    const query = listQueryOf(resources.events, rest as Json);
    return readViewEvents(await this.access(options), range, query, zone);
  }

  /**
   * @internal The MCP server's own needs (src/core/assistant/assistant.ts: the user checked, a page with its
   * total, texts as typed, a delete's reach, a restore); not part of the library's promise.
   */
  async assistant(): Promise<AssistantApi> {
    const { Assistant } = await import('./assistant/assistant.js');
    this.helper ??= new Assistant(
      () => this.access(),
      () => this.openedSite(),
    );
    return this.helper;
  }

  /**
   * Closes the connections to the site once the requests in flight are answered (and stops the
   * sandbox, when it was the site); with `abort`, stops those requests at once (AbortError).
   */
  async close(options: { abort?: boolean } = {}): Promise<void> {
    const site = this.opened;
    this.opened = undefined;
    if (site) await (await site).close(options);
  }

  /**
   * Creates (or, with `upsertBy`, updates) records from an array, a file or text (JSON, NDJSON,
   * CSV), or syncs events from an iCalendar file, text or feed URL, as `calendar import` does:
   * every record is checked before any is sent (a bad one: CalendarError, exit 2, nothing sent).
   * Rows that fail do not throw: the outcome has the counts, each row's result and `error`.
   */
  async import<R extends ResourceName>(resource: R, source: ImportInput<R>, options?: LibraryImportOptions & CallOptions): Promise<ImportOutcome> {
    const { importInto } = await import('./transfer.js');
    return importInto(await this.transferSite(options), resource, source as ImportSource, options);
  }

  /** Every record (past events and drafts too), or those the list filters select, in the shape `import` takes back. */
  async export<R extends ResourceName>(resource: R, filters?: FiltersOf<R>, options?: CallOptions): Promise<Array<FieldsOf<R> & { slug?: string }>> {
    const { exportFrom } = await import('./transfer.js');
    return (await exportFrom(await this.transferSite(options), resource, filters as Json | undefined)) as Array<FieldsOf<R> & { slug?: string }>;
  }

  private async openedSite(): Promise<Site> {
    this.opened ??= this.openSite();
    try {
      return await this.opened;
    } catch (err) {
      this.opened = undefined;
      throw err;
    }
  }

  private async access(call?: CallOptions): Promise<RecordAccess> {
    const limits = callLimits(call);
    const site = await this.openedSite();
    return { client: limits ? site.client.withLimits(limits) : site.client, timezone: site.profile.timezone, messages: this.messages };
  }

  private async transferSite(call?: CallOptions): Promise<OpenSite> {
    const { client, timezone, messages } = await this.access(call);
    const { profile } = await this.openedSite();
    const fetch = { timeoutMs: profile.timeoutMs, retries: profile.retries, caCertFile: profile.caCert };
    return { client, timezone, fetch, messages, cwd: this.options.cwd ?? process.cwd() };
  }

  private async openSite(): Promise<Site> {
    const { options } = this;
    if ('sandbox' in options && options.sandbox) return this.openSandbox(options.sandbox === true ? {} : options.sandbox);
    return this.openGivenSite(options as ProfileOptions | SiteOptions);
  }

  /** A sandbox of its own, stopped when the site is let go. */
  private async openSandbox(settings: StartSandboxOptions): Promise<Site> {
    const { startSandbox } = await import('./sandbox.js');
    const sandbox = await startSandbox(settings);
    try {
      const site = await this.openGivenSite({ ...this.options, ...sandbox.site });
      return {
        ...site,
        async close(closing) {
          await site.close(closing);
          await sandbox.close();
        },
      };
    } catch (err) {
      await sandbox.close();
      throw err;
    }
  }

  private async openGivenSite(options: ProfileOptions | SiteOptions): Promise<Site> {
    const { openSite } = await import('./config/site.js');
    const given = 'baseUrl' in options ? options : undefined;
    const number = (value: number | undefined) => (value === undefined ? undefined : String(value));
    return openSite({
      flags: {
        profile: given ? undefined : (options as ProfileOptions).profile,
        baseUrl: given?.baseUrl,
        namespace: given?.namespace,
        lang: given?.language,
        timeout: number(options.timeout),
        retries: number(options.retries),
      },
      given: given && { username: given.username, appPassword: given.appPassword, timezone: given.timezone },
      env: options.env ?? process.env,
      cwd: options.cwd ?? process.cwd(),
      messages: this.messages,
      // A program that names no site gets an error, not a calendar that vanishes with the process.
      defaultSandbox: !given && (options as ProfileOptions).builtInSandbox === true,
      hooks: options.hooks,
      dispatcher: options.dispatcher as Dispatcher | undefined,
      ...debugOutput(options.debug),
    });
  }
}

/** The limits of one call (its clock starts now), checked; undefined when it has none. */
function callLimits(call: CallOptions | undefined): CallLimits | undefined {
  if (!call || (call.signal === undefined && call.timeout === undefined && call.deadline === undefined)) return undefined;
  const seconds = (name: 'timeout' | 'deadline') => {
    const value = call[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value))
      throw new UsageError(`${name}: "${String(value)}" is not a number of seconds above 0`);
    return value * 1000;
  };
  const timeoutMs = seconds('timeout');
  const deadlineMs = seconds('deadline');
  return { signal: call.signal, timeoutMs, deadlineMs, deadlineAt: deadlineMs === undefined ? undefined : Date.now() + deadlineMs };
}

/** Where the `debug` option's lines go: a function, or console.error; the client writes `debug: ...\n` lines. */
function debugOutput(debug: CommonOptions['debug']): { debug?: boolean; stderr?: { write(chunk: string | Uint8Array): boolean } } {
  if (!debug) return {};
  const say = typeof debug === 'function' ? debug : (line: string) => console.error(line);
  return { debug: true, stderr: { write: (chunk) => (say(String(chunk).replace(/\n$/, '')), true) } };
}
