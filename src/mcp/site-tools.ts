/**
 * The tools beside the five resources: site_info (the site, its clock, the user), the views
 * (agenda, conflicts) and the site file (site_diff, site_apply), whose files are read only under
 * the client's roots.
 */
import { type AgendaFilters, type Calendar, type ConflictFilters, UsageError } from '../core/index.js';
import { CONFLICT_FILTER_NAMES, resources, VIEW_FILTER_NAMES } from '../spec/resources.js';
import { DATES_ACCEPTED, fieldInputs, toolInput, type JsonSchema } from './schemas.js';
import { asLibraryInput, flag, READ, REMOVE, type Args, type Tool, type ToolContext, withSiteDates } from './tool.js';
import { allowedFile } from './files.js';

/** The days of a view, as the CLI's FROM and TO arguments and --timezone take them. */
const VIEW_DAYS: Record<string, JsonSchema> = {
  from: { type: 'string', description: "first day (default today on the site's clock)" },
  to: { type: 'string', description: 'last day' },
  timezone: { type: 'string', description: "show the times in this IANA zone (default: the profile's, else the site's)" },
};

/** The events list's filters a view takes, as the table describes them. */
const viewFilters = (names: readonly string[]) => fieldInputs(resources.events.listParams.filter((p) => names.includes(p.name)));

/** The titles of events as typed (one request per hundred), by ID. */
async function typedTitles(cal: Calendar, ids: number[]): Promise<Map<number, string>> {
  const typed = await (await cal.assistant()).typed(
    'events',
    ids.map((id) => ({ id })),
  );
  return new Map(typed.flatMap((record) => (typeof record.title === 'string' ? [[record.id as number, record.title] as const] : [])));
}

/**
 * An agenda's events without their whole records, which each day of a long event would repeat
 * (events_get gives one), their titles as typed.
 */
async function agendaAnswer(cal: Calendar, agenda: Awaited<ReturnType<Calendar['agenda']>>) {
  const titles = await typedTitles(cal, [...new Set(agenda.days.flatMap((day) => day.entries.map(({ event }) => event.id)))]);
  return {
    ...agenda,
    days: agenda.days.map((day) => ({
      ...day,
      entries: day.entries.map(({ event: { record, ...event }, ...entry }) => ({ ...entry, event: { ...event, title: titles.get(event.id) ?? event.title } })),
    })),
  };
}

/** The site file of site_diff and site_apply: its text, or its path. */
const SITE_FILE: Record<string, JsonSchema> = {
  document: {
    type: ['string', 'object'],
    description: 'the site file: its text (YAML or JSON, as `calendar export --site` writes it), or the document as an object',
  },
  file: {
    type: 'string',
    description: "the path of a site file instead: only under the client's roots (or, without roots, the directory the server runs in); relative to the first",
  },
  prune: { type: 'boolean', description: 'also remove the records the file lacks (events, venues, organizers to the trash; categories and tags for good)' },
};

/** `document` or `file`, as the core takes a site file; a file outside the roots is refused before it is read. */
async function siteFileOf(args: Args, context: ToolContext): Promise<string | { file: string } | Record<string, unknown>> {
  const { document, file } = args;
  if ((document === undefined) === (file === undefined)) throw new UsageError('give the site file as document (its text) or as file (its path), one of them');
  if (file !== undefined) {
    if (typeof file !== 'string' || file === '') throw new UsageError('file: expected the path of a site file');
    return { file: allowedFile(file, await context.fileRoots()) };
  }
  if (typeof document !== 'string' && (document === null || typeof document !== 'object' || Array.isArray(document)))
    throw new UsageError('document: expected the text of a site file, or the document as an object');
  return document as string | Record<string, unknown>;
}

export function siteTools(): Tool[] {
  return [
    {
      name: 'site_info',
      title: 'The site',
      description:
        "The site: its name and address, its time zone, today's date and the time there (relative dates are read on that clock), " +
        'the APIs it offers and the one updates use, and the user with what they may do. Also the resource calendar://site.',
      input: toolInput({}),
      annotations: READ,
      call: async (cal) => ({ data: await (await cal.assistant()).siteInfo() }),
    },
    {
      name: 'agenda',
      title: 'Agenda',
      description:
        'The events of some days (default today and the seven after), day by day, with their times on each day, as `calendar agenda` shows them. ' +
        DATES_ACCEPTED,
      input: toolInput({ ...VIEW_DAYS, ...viewFilters(VIEW_FILTER_NAMES) }),
      annotations: READ,
      call: async (cal, args, context) => {
        const filters = asLibraryInput<AgendaFilters>(await withSiteDates(args, ['from', 'to'], context));
        return { data: await agendaAnswer(cal, await cal.agenda(filters)) };
      },
    },
    {
      name: 'conflicts',
      title: 'Conflicts',
      description:
        'Events at the same venue at overlapping times (default: the thirty days from today); with `organizer`, events sharing an organizer instead. ' +
        DATES_ACCEPTED,
      input: toolInput({ ...VIEW_DAYS, ...viewFilters(CONFLICT_FILTER_NAMES) }),
      annotations: READ,
      async call(cal, args, context) {
        const found = await cal.conflicts(asLibraryInput<ConflictFilters>(await withSiteDates(args, ['from', 'to'], context)));
        const ids = [...new Set(found.conflicts.flatMap((row) => row.events.map((event) => event.id)))];
        const titles = await typedTitles(cal, ids);
        const conflicts = found.conflicts.map((row) => ({ ...row, events: row.events.map((e) => ({ ...e, title: titles.get(e.id) ?? e.title })) }));
        return { data: { ...found, conflicts } };
      },
    },
    {
      name: 'site_diff',
      title: 'Site file: the plan',
      description:
        'What applying a site file would change on the site, nothing written: the plan (each record to create, change or remove, ' +
        'with the fields that change), its summary, and its digest, which site_apply takes to apply exactly this plan. Show the plan to the person first.',
      input: toolInput(SITE_FILE),
      annotations: READ,
      async call(cal, args, context) {
        const { digest, summary, ...plan } = await cal.site.diff(await siteFileOf(args, context), { prune: flag(args.prune) });
        return { data: plan, about: { summary, digest } };
      },
    },
    {
      name: 'site_apply',
      title: 'Site file: apply the plan',
      description:
        'Make the site match a site file, carrying out the plan whose digest site_diff gave, and only that plan: when the file ' +
        "or the site changed since, nothing is sent. With prune (as in the diff), removes the records the file lacks. Only on the person's request.",
      input: toolInput(
        { ...SITE_FILE, digest: { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'the digest site_diff gave for the plan the person saw' } },
        ['digest'],
      ),
      // It removes records when the plan was made with prune; applying the same plan again sends nothing (its digest no longer matches).
      annotations: REMOVE,
      call: async (cal, args, context) => ({
        data: await cal.site.apply(await siteFileOf(args, context), { digest: args.digest as string, prune: flag(args.prune) }),
      }),
    },
  ];
}
