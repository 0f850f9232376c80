/**
 * The library: `new Calendar()` and the five verbs of each resource, as data. The site is
 * resolved as the CLI resolves it (environment, profiles, trusted project files, the built-in
 * sandbox) and opened on first use; `close()` lets it go. Messages the CLI would print on stderr
 * go to `onMessage` (dropped by default). Errors are CalendarErrors with the CLI's exit codes.
 */
import type { Messages } from './context.js';
import type { Site } from './config/site.js';
import type { RecordAccess } from './records/verbs.js';
import { MAX_PER_PAGE, resources, type CONFLICT_FILTER_NAMES, type Resource, type ResourceName, type VIEW_FILTER_NAMES } from '../spec/resources.js';
import type { CreateFieldsOf, EventRecord, FieldsOf, FiltersOf, LinkChangesOf, RecordOf } from '../spec/types.js';
import type { Member as SeriesMember, OccurrencePlace as SeriesPlace } from './series/types.js';
import type { LinkAdjustments } from './records/link-changes.js';
import type { ConflictRow } from './views/conflicts.js';
import type { CalendarEvent, DayEntry } from './views/days.js';
import type { OpenSite } from './transfer.js';
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
  /** Retries of a request that failed on the network or with a server error (default 3). */
  retries?: number;
}

/** The site as the CLI would find it, or a profile by name. */
export interface ProfileOptions extends CommonOptions {
  profile?: string;
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

export type CalendarOptions = ProfileOptions | SiteOptions;

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
  /** Every record the filters select, every page (a `page` filter: that page only), at most `limit`. */
  list(filters?: FiltersOf<R>): Promise<Array<RecordOf<R>>>;
  /** The same records as list(), handed over one by one as the pages arrive. */
  iterate(filters?: FiltersOf<R>): AsyncIterable<RecordOf<R>>;
  get(ref: Ref): Promise<RecordOf<R>>;
  create(fields: CreateFieldsOf<R>, options?: CreateOptions): Promise<RecordOf<R>>;
  /** The lossless update: only the fields given change. */
  update(ref: Ref, changes: FieldsOf<R>, options?: UpdateOptions<R>): Promise<RecordOf<R>>;
  /** Moves the record to the trash (or deletes it for good: terms, or `permanently`); returns it as it was. */
  delete(ref: Ref, options?: DeleteOptions): Promise<RecordOf<R>>;
}

/**
 * `calendar.events`: the five verbs, and series (docs/series.md): `create` with `repeat` makes
 * one event per occurrence; `update` and `delete` of an occurrence with a `scope` reach its whole
 * series or it and the later ones; `series` says where an event stands in its series.
 */
export interface EventRecords extends Omit<ResourceRecords<'events'>, 'create' | 'update' | 'delete'> {
  create(fields: CreateFieldsOf<'events'>, options: RepeatOptions & { dryRun: true }): Promise<PlannedOccurrence[]>;
  /** The occurrences created, in order (some failed: CalendarError exit 6, each failure told to onMessage). */
  create(fields: CreateFieldsOf<'events'>, options: RepeatOptions): Promise<EventRecord[]>;
  create(fields: CreateFieldsOf<'events'>, options?: CreateOptions): Promise<EventRecord>;
  update(ref: Ref, changes: FieldsOf<'events'>, options: SeriesUpdateOptions & { dryRun: true }): Promise<SeriesMember[]>;
  /** The occurrences changed; a new time of day moves each by as much (a moved one keeps its offset), a new day is refused. */
  update(ref: Ref, changes: FieldsOf<'events'>, options: SeriesUpdateOptions): Promise<EventRecord[]>;
  /** The lossless update of one event (an occurrence stays in its series). */
  update(ref: Ref, changes: FieldsOf<'events'>, options?: UpdateOptions<'events'> & { scope?: 'occurrence' }): Promise<EventRecord>;
  /** The occurrences moved to the trash (with `dryRun`: that would be). */
  delete(ref: Ref, options: SeriesDeleteOptions): Promise<SeriesMember[]>;
  delete(ref: Ref, options?: DeleteOptions & { scope?: 'occurrence' }): Promise<EventRecord>;
  /** Where an event (or a record read) stands in its series; undefined when it is no occurrence of one. */
  series(event: Ref | EventRecord): Promise<SeriesPlace | undefined>;
}

class Records<R extends ResourceName> implements ResourceRecords<R> {
  protected readonly resource: Resource;

  constructor(
    name: R,
    protected readonly open: () => Promise<RecordAccess>,
  ) {
    this.resource = resources[name];
  }

  async list(filters: FiltersOf<R> = {} as FiltersOf<R>): Promise<Array<RecordOf<R>>> {
    const records: Array<RecordOf<R>> = [];
    for await (const record of this.walk(filters, PAGES_AHEAD)) records.push(record);
    return records;
  }

  /** One page read ahead of the caller. */
  iterate(filters: FiltersOf<R> = {} as FiltersOf<R>): AsyncIterable<RecordOf<R>> {
    return this.walk(filters, 1);
  }

  async get(ref: Ref): Promise<RecordOf<R>> {
    const [{ parseRef }, { getRecord }] = await Promise.all([import('./records/refs.js'), import('./records/verbs.js')]);
    const target = parseRef(this.resource, ref);
    return (await getRecord(await this.open(), this.resource, target)) as RecordOf<R>;
  }

  async create(fields: CreateFieldsOf<R>, options: CreateOptions = {}): Promise<RecordOf<R>> {
    const { checkWrite, createRecord } = await import('./records/verbs.js');
    const checked = await checkWrite(this.resource, fields as Json, 'create');
    const access = await this.open();
    const { record } = await createRecord(access, this.resource, checked, { createMissing: options.createMissing, force: options.force });
    await (await import('./views/clashes.js')).reportClashes(access, this.resource, record as Json, options);
    return record as RecordOf<R>;
  }

  async update(ref: Ref, changes: FieldsOf<R>, options: UpdateOptions<R> = {}): Promise<RecordOf<R>> {
    const [{ parseRef }, { checkWrite, updateRecord }] = await Promise.all([import('./records/refs.js'), import('./records/verbs.js')]);
    const target = parseRef(this.resource, ref);
    const checked = await checkWrite(this.resource, changes as Json, 'update');
    const access = await this.open();
    const result = await updateRecord(access, this.resource, target, checked, {
      createMissing: options.createMissing,
      force: options.force,
      replace: options.replace,
      keepDuration: options.keepDuration,
      links: options.links && listTexts(options.links),
    });
    await (await import('./views/clashes.js')).reportClashes(access, this.resource, result.record as Json, options);
    return result.record as RecordOf<R>;
  }

  async delete(ref: Ref, options: DeleteOptions = {}): Promise<RecordOf<R>> {
    const [{ parseRef }, remove] = await Promise.all([import('./records/refs.js'), import('./records/remove.js')]);
    const { deleteRecord, deletesForGood, deleteTargets } = remove;
    const target = parseRef(this.resource, ref);
    const { client, messages } = await this.open();
    const [found] = await deleteTargets(client, this.resource, [target]);
    // As the CLI warns before it asks: the events that still link to a venue or organizer.
    if (remove.countsLinkedEvents(this.resource) && found.id !== undefined) {
      const warning = remove.linkedWarning(`${this.resource.singular} ${target.text}`, false, await remove.linkedEvents(client, this.resource, [found.id]));
      if (warning) messages.warn(warning);
    }
    return (await deleteRecord(client, this.resource, found, deletesForGood(this.resource, options.permanently))) as RecordOf<R>;
  }

  private async *walk(filters: FiltersOf<R>, ahead: number): AsyncGenerator<RecordOf<R>> {
    const { limit, on, during, ...rest } = filters as Json & { limit?: number; on?: string; during?: string };
    const [{ listQueryOf, walkList }, { pulled }, { UsageError }] = await Promise.all([
      import('./records/list.js'),
      import('./records/pulled.js'),
      import('./errors.js'),
    ]);
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new UsageError(`limit: "${String(limit)}" is not a whole number of at least 1`);
    const query = listQueryOf(this.resource, rest, { on, during });
    const access = await this.open();
    // A walk of every page asks for the most a page holds unless a page size is given.
    const perPage = query.per_page !== undefined ? Number(query.per_page) : MAX_PER_PAGE;
    yield* pulled<RecordOf<R>>(perPage * ahead, (onRecord) =>
      walkList(access, this.resource, query, { all: query.page === undefined, limit, parallel: ahead }, (record) => onRecord(record as RecordOf<R>)),
    );
  }
}

/** The events, with their series: each verb with a series option makes the one call of src/core/series/verbs.ts the CLI makes. */
class Events extends Records<'events'> {
  constructor(open: () => Promise<RecordAccess>) {
    super('events', open);
  }

  // biome-ignore lint/suspicious/noExplicitAny: the overloads of EventRecords say what each options form returns
  override async create(fields: CreateFieldsOf<'events'>, options: CreateOptions & Partial<RepeatOptions> = {}): Promise<any> {
    const series = await import('./series/verbs.js');
    const repeat = series.repeatRequest(options);
    if (!repeat) return super.create(fields, options);
    const { checkWrite } = await import('./records/verbs.js');
    const checked = await checkWrite(this.resource, fields as Json, 'create');
    // A rule that cannot be used is refused before anything is sent, reads included.
    await series.checkRepeat(checked, repeat);
    const access = await this.open();
    const { plan, report } = await series.createRepeating(access, checked, repeat, { createMissing: options.createMissing, dryRun: options.dryRun });
    if (!report) return plan.occurrences.map((occurrence) => occurrence.body);
    series.refuseFailures(report.failed, report.created.length, 'created', access.messages);
    return report.created;
  }

  // biome-ignore lint/suspicious/noExplicitAny: as create
  override async update(ref: Ref, changes: FieldsOf<'events'>, options: UpdateOptions<'events'> & Partial<SeriesUpdateOptions> = {}): Promise<any> {
    const series = await import('./series/verbs.js');
    const scope = series.scopeOf(options.scope);
    if (!scope) return super.update(ref, changes, options);
    const [{ parseRef }, { checkWrite }] = await Promise.all([import('./records/refs.js'), import('./records/verbs.js')]);
    const target = parseRef(this.resource, ref);
    const checked = await checkWrite(this.resource, changes as Json, 'update');
    const access = await this.open();
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
  override async delete(ref: Ref, options: DeleteOptions & Partial<SeriesDeleteOptions> = {}): Promise<any> {
    const series = await import('./series/verbs.js');
    const scope = series.scopeOf(options.scope);
    if (!scope) return super.delete(ref, options);
    const { parseRef } = await import('./records/refs.js');
    const target = parseRef(this.resource, ref);
    const access = await this.open();
    const done = await series.deleteInScope(access, target, scope, { dryRun: options.dryRun, permanently: options.permanently });
    if ('planned' in done) return done.planned.inScope;
    series.refuseFailures(done.report.failed, done.report.trashed.length, 'moved to the trash', access.messages);
    return done.report.trashed;
  }

  async series(event: Ref | EventRecord): Promise<SeriesPlace | undefined> {
    const record = typeof event === 'object' ? event : await this.get(event);
    const { occurrencePlace } = await import('./series/describe.js');
    return occurrencePlace((await this.open()).client, record);
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
  diff(file: SiteFileSource, options?: { prune?: boolean }): Promise<SiteDiff>;
  /** Applies the file's plan only if its digest is `options.digest` (else CalendarError, exit 2, nothing sent). */
  apply(file: SiteFileSource, options: SiteApplyOptions): Promise<SiteApplied>;
}

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
      notice: (text) => say({ level: 'notice', text }),
      warn: (text) => say({ level: 'warning', text }),
      error: (text, hint) => say({ level: 'warning', text: hint ? `${text} ${hint}` : text }),
    };
    const open = () => this.access();
    this.events = new Events(open) as EventRecords;
    this.venues = new Records('venues', open);
    this.organizers = new Records('organizers', open);
    this.categories = new Records('categories', open);
    this.tags = new Records('tags', open);
    const site = () => this.transferSite();
    this.site = {
      diff: async (file, options) => (await import('./transfer.js')).diffSiteFile(await site(), file, options),
      apply: async (file, options) => (await import('./transfer.js')).applySiteFile(await site(), file, options),
    };
  }

  /** The events of some days, day by day, as `calendar agenda` shows them. */
  async agenda(filters: AgendaFilters = {}): Promise<Agenda> {
    const [{ AGENDA_DAYS }, { bucketByDay }] = await Promise.all([import('./views/window.js'), import('./views/days.js')]);
    const { from, to, zone, events, today } = await this.view(filters, AGENDA_DAYS);
    return { zone, today, from, to, days: [...bucketByDay(events, from, to)].map(([date, entries]) => ({ date, entries })) };
  }

  /** Events at the same venue (or, with an `organizer` filter, with an organizer in common) at overlapping times. */
  async conflicts(filters: ConflictFilters = {}): Promise<Conflicts> {
    const [{ CONFLICT_DAYS }, { conflictRow, findConflicts }] = await Promise.all([import('./views/window.js'), import('./views/conflicts.js')]);
    const { from, to, zone, events } = await this.view(filters, CONFLICT_DAYS);
    const kind = filters.organizer !== undefined ? 'organizer' : 'venue';
    return { zone, from, to, conflicts: findConflicts(events, kind, zone).map(conflictRow) };
  }

  private async view(filters: AgendaFilters | ConflictFilters, days: number) {
    const [{ checkZone, dayRange, readViewEvents }, { listQueryOf }] = await Promise.all([import('./views/window.js'), import('./records/list.js')]);
    const { from, to, timezone, ...rest } = filters;
    const range = dayRange(from, to, days, { from: 'from', to: 'to' });
    const zone = checkZone(timezone, 'timezone');
    const query = listQueryOf(resources.events, rest as Json);
    return readViewEvents(await this.access(), range, query, zone);
  }

  /**
   * @internal The MCP server's own needs (src/core/assistant.ts: the user checked, a page with its
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

  /** Closes the connections to the site (and stops the built-in sandbox, when it was the site). */
  async close(): Promise<void> {
    const site = this.opened;
    this.opened = undefined;
    if (site) await (await site).close();
  }

  /**
   * Creates (or, with `upsertBy`, updates) records from an array, a file or text (JSON, NDJSON,
   * CSV), or syncs events from an iCalendar file, text or feed URL, as `calendar import` does:
   * every record is checked before any is sent (a bad one: CalendarError, exit 2, nothing sent).
   * Rows that fail do not throw: the outcome has the counts, each row's result and `error`.
   */
  async import(resource: ResourceName, source: ImportSource, options?: ImportOptions): Promise<ImportOutcome> {
    const { importInto } = await import('./transfer.js');
    return importInto(await this.transferSite(), resource, source, options);
  }

  /** Every record (past events and drafts too), or those the list filters select, in the shape `import` takes back. */
  async export<R extends ResourceName>(resource: R, filters?: FiltersOf<R>): Promise<Array<FieldsOf<R> & { slug?: string }>> {
    const { exportFrom } = await import('./transfer.js');
    return (await exportFrom(await this.transferSite(), resource, filters as Json | undefined)) as Array<FieldsOf<R> & { slug?: string }>;
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

  private async access(): Promise<RecordAccess> {
    const site = await this.openedSite();
    return { client: site.client, timezone: site.profile.timezone, messages: this.messages };
  }

  private async transferSite(): Promise<OpenSite> {
    const { client, profile } = await this.openedSite();
    const fetch = { timeoutMs: profile.timeoutMs, retries: profile.retries, caCertFile: profile.caCert };
    return { client, timezone: profile.timezone, fetch, messages: this.messages, cwd: this.options.cwd ?? process.cwd() };
  }

  private async openSite(): Promise<Site> {
    const { openSite } = await import('./config/site.js');
    const { options } = this;
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
    });
  }
}
