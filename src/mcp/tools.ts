/**
 * The tools the MCP server offers, derived from the resource table: `<resource>_<verb>` for the
 * five resources and five verbs, then the views and the site file. Each tool is its input
 * schema, its annotations and one call of the core; the server (server.ts) turns what the call
 * returns, or throws, into the answer.
 */
import { aSingular, CONFLICT_FILTER_NAMES, linkFields, RESOURCE_NAMES, resources, VIEW_FILTER_NAMES, type Resource } from '../spec/resources.js';
import type { Calendar } from '../core/calendar.js';
import { DEFAULT_SERIES_CAP } from '../core/series/cap.js';
import type { EventRecord } from '../spec/types.js';
import { UsageError } from '../core/errors.js';
import { DATES_ACCEPTED, fieldInputs, refInput, takesDates, toolInput, type JsonSchema, type ToolInput } from './schemas.js';

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  /** The tools reach one calendar site, not the open world. */
  openWorldHint: false;
}

export interface Tool {
  name: string;
  title: string;
  description: string;
  input: ToolInput;
  annotations: ToolAnnotations;
  /** The core call; what it returns is the answer, what it throws a tool error. */
  call(cal: Calendar, args: Record<string, unknown>, note: (text: string) => void): Promise<unknown>;
}

type Args = Record<string, unknown>;

const READ: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const ADD: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
const CHANGE: ToolAnnotations = { ...ADD, idempotentHint: true };
const REMOVE: ToolAnnotations = { ...ADD, destructiveHint: true, idempotentHint: true };

/** Records a list answers when the call names no limit: enough to work with, not a whole site in one answer. */
export const DEFAULT_LIST_LIMIT = 50;

/** `args` without the tool's own inputs: what is left are the API's fields or filters. */
function without(args: Args, ...names: string[]): Args {
  return Object.fromEntries(Object.entries(args).filter(([key, value]) => !names.includes(key) && value !== undefined));
}

const flag = (value: unknown) => value === true;

/** The record a call names: `ref` is this layer's own input, so its absence is said here. */
function refOf(args: Args): string | number {
  const ref = args.ref;
  if (typeof ref === 'number' || (typeof ref === 'string' && ref.trim() !== '')) return ref;
  throw new UsageError('ref: is required: the ID, slug or name of the record');
}

/** A series to create (events_create), as `events create --repeat --except --max` takes it. */
const REPEAT_INPUTS: Record<string, JsonSchema> = {
  repeat: {
    type: 'string',
    description: "make a recurring series: an iCalendar RRULE (e.g. FREQ=WEEKLY;BYDAY=TU;COUNT=8), expanded in the event's zone; one event per occurrence",
  },
  except: { type: ['array', 'string'], items: { type: 'string' }, description: 'with repeat: dates (YYYY-MM-DD) of occurrences to leave out' },
  max: {
    type: 'integer',
    minimum: 1,
    description: `with repeat: the most occurrences allowed (default ${DEFAULT_SERIES_CAP}); a rule without COUNT or UNTIL takes its first max`,
  },
};

/** How far an update or delete of an occurrence reaches. */
const scopeInput = (what: string): Record<string, JsonSchema> => ({
  scope: {
    type: 'string',
    enum: ['occurrence', 'series', 'following'],
    description: `for an occurrence of a series: occurrence (default) ${what} it alone; series every occurrence; following it and the later ones`,
  },
});

const SERIES_ON_CREATE =
  ' With repeat, creates a recurring series (the same wall-clock time across daylight-saving changes) and answers the occurrences created;' +
  ' a rule the tool cannot expand, one without COUNT, UNTIL or max, or more occurrences than max is refused, nothing created.';
const SERIES_ON_UPDATE =
  ' For an occurrence of a series, scope series changes every occurrence (a new time of day moves each by as much; the day cannot change) and' +
  ' following changes it and the later ones, which become a series of their own; both answer the occurrences changed.' +
  ' Alone, a changed occurrence stays in its series.';
const SERIES_ON_DELETE =
  ' For an occurrence of a series, scope series moves every occurrence to the trash and removes the rule; following moves it and the later ones' +
  ' there and ends the series before it; both answer the occurrences trashed (permanently is refused with them).';
const SERIES_ON_GET = ' An occurrence of a recurring series also has `series`: its id, rule, position (from 1) and count (not a field of the API).';

function resourceTools(r: Resource): Tool[] {
  const links = linkFields(r).length > 0;
  const createMissing: Record<string, JsonSchema> = links
    ? { create_missing: { type: 'boolean', description: 'create linked records given by a name that matches none' } }
    : {};
  // Where the core's refusal says that --force would go ahead: a name another venue or organizer holds, an event's cost the site re-writes.
  const force = (what: string): Record<string, JsonSchema> => (r.mergesOnCreate || r.hasCost ? { force: { type: 'boolean', description: what } } : {});
  const dates = (fields: typeof r.fields) => (takesDates(fields) ? ` ${DATES_ACCEPTED}` : '');
  const api = (cal: Calendar) => cal[r.name];
  const title = (verb: string) => `${verb} ${r.name}`;
  return [
    {
      name: `${r.name}_list`,
      title: title('List'),
      description:
        `List ${r.name}, filtered with the API's own parameters, at most \`limit\` of them (default ${DEFAULT_LIST_LIMIT}).` +
        `${r.hasDates ? ` Without a date filter, ${r.name} from today on.` : ''}${dates(r.listParams)}`,
      input: toolInput({
        ...fieldInputs(r.listParams.filter((p) => p.name !== 'page' && p.name !== 'per_page')),
        limit: { type: 'integer', minimum: 1, description: `records to return at most (default ${DEFAULT_LIST_LIMIT})` },
      }),
      annotations: READ,
      async call(cal, args, note) {
        const limit = args.limit ?? DEFAULT_LIST_LIMIT;
        // One more than asked says whether more match.
        const records = await api(cal).list({ ...without(args, 'limit'), limit: typeof limit === 'number' ? limit + 1 : limit } as never);
        if (typeof limit === 'number' && records.length > limit) {
          note(`More ${r.name} match: ask with a higher limit, or narrow the filters.`);
          return records.slice(0, limit);
        }
        return records;
      },
    },
    {
      name: `${r.name}_get`,
      title: title('Get'),
      description: `Get one ${r.singular}, whole, by its ID${r.namedRefs ? ', slug or exact name' : ' or slug'}.${r.repeats ? SERIES_ON_GET : ''}`,
      input: toolInput({ ref: refInput(r) }, ['ref']),
      annotations: READ,
      async call(cal, args) {
        const record = await api(cal).get(refOf(args));
        const series = r.repeats ? await cal.events.series(record as EventRecord) : undefined;
        return series ? { ...record, series } : record;
      },
    },
    {
      name: `${r.name}_create`,
      title: title('Create'),
      description:
        `Create ${aSingular(r)}: fields with the API's names, as a record read gives them.` +
        `${links ? ' Linked records (venue, organizer, categories, tags, parent) by ID, slug or exact name.' : ''}` +
        `${r.mergesOnCreate ? ` Refused when ${aSingular(r)} of that name exists (the server would overwrite it).` : ''}` +
        `${r.repeats ? SERIES_ON_CREATE : ''}${dates(r.fields)}`,
      input: toolInput(
        {
          ...fieldInputs(r.fields),
          ...createMissing,
          ...(r.mergesOnCreate ? force(`create even when ${aSingular(r)} of that name exists (the server then overwrites it)`) : {}),
          ...(r.repeats ? REPEAT_INPUTS : {}),
        },
        r.fields.filter((f) => f.required).map((f) => f.name),
      ),
      annotations: ADD,
      call: (cal, args) =>
        api(cal).create(
          without(args, 'create_missing', 'force', 'repeat', 'except', 'max') as never,
          {
            createMissing: flag(args.create_missing),
            force: flag(args.force),
            ...(r.repeats ? { repeat: args.repeat, except: args.except, max: args.max } : {}),
          } as never,
        ),
    },
    {
      name: `${r.name}_update`,
      title: title('Update'),
      description:
        `Change the given fields of ${aSingular(r)} and keep the others as they are (the server would otherwise reset what is left out).` +
        `${r.hasDates ? ' A new start_date alone moves the end by as much.' : ''}${r.repeats ? SERIES_ON_UPDATE : ''}${dates(r.fields)}`,
      input: toolInput(
        {
          ref: refInput(r),
          ...fieldInputs(r.fields),
          ...createMissing,
          ...force('go ahead where a refusal says --force would (a name another record holds, a value the site re-writes)'),
          ...(r.repeats ? scopeInput('changes') : {}),
        },
        ['ref'],
      ),
      // Twice the same change of a series or of its later part leaves the site as once: the split has happened.
      annotations: CHANGE,
      call: (cal, args) =>
        api(cal).update(
          refOf(args),
          without(args, 'ref', 'create_missing', 'force', 'scope') as never,
          {
            createMissing: flag(args.create_missing),
            force: flag(args.force),
            ...(r.repeats ? { scope: args.scope } : {}),
          } as never,
        ),
    },
    {
      name: `${r.name}_delete`,
      title: title('Delete'),
      description:
        (r.trashes
          ? `Move ${aSingular(r)} to the trash, or with permanently delete it for good (cannot be undone).`
          : `Delete ${aSingular(r)} for good (${r.name} have no trash; cannot be undone).`) + (r.repeats ? SERIES_ON_DELETE : ''),
      input: toolInput(
        {
          ref: refInput(r),
          ...(r.trashes ? { permanently: { type: 'boolean', description: 'delete for good instead of moving to the trash' } } : {}),
          ...(r.repeats ? scopeInput('deletes') : {}),
        },
        ['ref'],
      ),
      annotations: REMOVE,
      call: (cal, args) => api(cal).delete(refOf(args), { permanently: flag(args.permanently), ...(r.repeats ? { scope: args.scope } : {}) } as never),
    },
  ];
}

/** The days of a view, as the CLI's FROM and TO arguments and --timezone take them. */
const VIEW_DAYS: Record<string, JsonSchema> = {
  from: { type: 'string', description: 'first day (default today)' },
  to: { type: 'string', description: 'last day' },
  timezone: { type: 'string', description: "show the times in this IANA zone (default: the profile's, else the site's)" },
};

/** The events list's filters a view takes, as the table describes them. */
const viewFilters = (names: readonly string[]) => fieldInputs(resources.events.listParams.filter((p) => names.includes(p.name)));

/** An agenda's events without their whole records, which each day of a long event would repeat: events_get gives one. */
function agendaAnswer(agenda: Awaited<ReturnType<Calendar['agenda']>>) {
  return {
    ...agenda,
    days: agenda.days.map((day) => ({ ...day, entries: day.entries.map(({ event: { record, ...event }, ...entry }) => ({ ...entry, event })) })),
  };
}

function viewTools(): Tool[] {
  return [
    {
      name: 'agenda',
      title: 'Agenda',
      description:
        'The events of some days (default today and the seven after), day by day, with their times on each day, as `calendar agenda` shows them. ' +
        DATES_ACCEPTED,
      input: toolInput({ ...VIEW_DAYS, ...viewFilters(VIEW_FILTER_NAMES) }),
      annotations: READ,
      call: async (cal, args) => agendaAnswer(await cal.agenda(args as never)),
    },
    {
      name: 'conflicts',
      title: 'Conflicts',
      description:
        'Events at the same venue at overlapping times (default: the thirty days from today); with `organizer`, events sharing an organizer instead. ' +
        DATES_ACCEPTED,
      input: toolInput({ ...VIEW_DAYS, ...viewFilters(CONFLICT_FILTER_NAMES) }),
      annotations: READ,
      call: (cal, args) => cal.conflicts(args as never),
    },
  ];
}

/** The site file of site_diff and site_apply: its text, or its path. */
const SITE_FILE: Record<string, JsonSchema> = {
  document: {
    type: ['string', 'object'],
    description: 'the site file: its text (YAML or JSON, as `calendar export --site` writes it), or the document as an object',
  },
  file: { type: 'string', description: 'the path of a site file instead (relative to the directory the server runs in)' },
  prune: { type: 'boolean', description: 'also remove the records the file lacks (events, venues, organizers to the trash; categories and tags for good)' },
};

/** `document` or `file`, as the core takes a site file; neither, or both, is refused here: they are this layer's inputs. */
function siteFileOf(args: Args): string | { file: string } | Record<string, unknown> {
  const { document, file } = args;
  if ((document === undefined) === (file === undefined)) throw new UsageError('give the site file as document (its text) or as file (its path), one of them');
  if (file !== undefined) {
    if (typeof file !== 'string' || file === '') throw new UsageError('file: expected the path of a site file');
    return { file };
  }
  if (typeof document !== 'string' && (document === null || typeof document !== 'object' || Array.isArray(document)))
    throw new UsageError('document: expected the text of a site file, or the document as an object');
  return document as string | Record<string, unknown>;
}

function siteTools(): Tool[] {
  return [
    {
      name: 'site_diff',
      title: 'Site file: the plan',
      description:
        'What applying a site file would change on the site, nothing written: the plan (each record to create, change or remove, ' +
        'with the fields that change), its summary, and its digest, which site_apply takes to apply exactly this plan. Show the plan to the person first.',
      input: toolInput(SITE_FILE),
      annotations: READ,
      call: (cal, args) => cal.site.diff(siteFileOf(args), { prune: flag(args.prune) }),
    },
    {
      name: 'site_apply',
      title: 'Site file: apply the plan',
      description:
        'Make the site match a site file, carrying out the plan whose digest site_diff gave, and only that plan: when the file ' +
        'or the site changed since, nothing is sent. With prune (as in the diff), removes the records the file lacks.',
      input: toolInput(
        { ...SITE_FILE, digest: { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'the digest site_diff gave for the plan the person saw' } },
        ['digest'],
      ),
      // It removes records when the plan was made with prune; applying the same plan again sends nothing (its digest no longer matches).
      annotations: REMOVE,
      call: (cal, args) => cal.site.apply(siteFileOf(args), { digest: args.digest as string, prune: flag(args.prune) }),
    },
  ];
}

/** Every tool, in the order tools/list gives them; with `readOnly`, only those that change nothing. */
export function tools(options: { readOnly?: boolean } = {}): Tool[] {
  const all = [...RESOURCE_NAMES.flatMap((name) => resourceTools(resources[name])), ...viewTools(), ...siteTools()];
  return options.readOnly ? all.filter((tool) => tool.annotations.readOnlyHint) : all;
}
