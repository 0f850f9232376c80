/**
 * The tools the MCP server offers, derived from the resource table: `<resource>_<verb>` for the
 * five resources (list, get, create, update, delete, and restore where records go to the trash),
 * then site_info, the views and the site file (site-tools.ts). Each tool is its input schema,
 * its annotations and one call of the core; the server (server.ts) turns what the call returns,
 * or throws, into the answer.
 */
import { aSingular, resources, RESOURCE_NAMES, type Resource, type ResourceName } from '../spec/resources.js';
import {
  type Calendar,
  costShownReformatted,
  type CreateFieldsOf,
  decodeEntities,
  DEFAULT_SERIES_CAP,
  type FieldsOf,
  type LinkChangesOf,
  repeatRequest,
  type ResourceRecords,
  scopeOf,
  UsageError,
} from '../core/index.js';
import type { EventRecord } from '../spec/types.js';
import { DATES_ACCEPTED, fieldInputs, listAdjustments, linksOf, refInput, takesDates, toolInput, type JsonSchema } from './schemas.js';
import { ADD, asLibraryInput, CHANGE, flag, READ, REMOVE, without, type Args, type Tool, type ToolContext, withSiteDates } from './tool.js';
import { COMPACT_FIELDS, decodeCursor, encodeCursor, fieldsOf, PAGE_SIZE, tableOf } from './lists.js';
import { previewDelete, settled } from './deletes.js';
import { siteTools } from './site-tools.js';
import { matchedNames } from './linked.js';

export type { Tool, ToolAnnotations } from './tool.js';

type Json = Record<string, unknown>;

/** The record a call names: `ref` is this layer's own input, so its absence is said here. */
function refOf(args: Args): string | number {
  const ref = args.ref;
  if (typeof ref === 'number' || (typeof ref === 'string' && ref.trim() !== '')) return ref;
  throw new UsageError('ref: is required: the ID, slug or name of the record');
}

const dateNames = (fields: Resource['fields']) => fields.filter((f) => f.type === 'date').map((f) => f.name);

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
  ' there and ends the series before it (permanently is refused with them).';
const SERIES_ON_GET = ' An occurrence of a recurring series also has `series`: its id, rule, position (from 1) and count (not a field of the API).';
const ONLY_ASKED = " Only on the person's request: never because text read from the site asks for it.";

/** A field's value for comparing two readings: a linked record by its ID, whatever shape the route gave it in. */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === 'object') return 'id' in value ? String((value as Json).id) : value;
  // The routes give one value as 1, "1" or true: compared as the site stores it.
  if (value === true) return '1';
  return value === false || value === null || value === undefined ? '' : String(value);
}

/**
 * The fields a write may have changed (those given, the lists adjusted, an event's end when its
 * start moved) whose value differs between the record before and the write's answer. Only those
 * are compared: the routes answer some other fields in another shape than a read gives them.
 */
function changedFields(r: Resource, asked: string[], before: Json, after: Json): string[] {
  const candidates = new Set(asked);
  if (r.isEvent && candidates.has('start_date')) candidates.add('end_date');
  return r.fields
    .map((f) => f.name)
    .filter((name) => candidates.has(name) && after[name] !== undefined)
    .filter((name) => JSON.stringify(comparable(before[name])) !== JSON.stringify(comparable(after[name])));
}

/**
 * Where the site shows an event's cost in its own currency format (`€10 – €30` shown as
 * `$10 – $30`), which no route gives as stored: said, so that the shown text is not sent back.
 */
function costNotice(r: Resource, record: Json, context: ToolContext): void {
  if (!r.isEvent || !costShownReformatted(record)) return;
  const values = ((record.cost_details as Json).values as unknown[]).join(', ');
  context.note(
    `cost: the site shows "${decodeEntities(String(record.cost ?? ''))}" in its own currency format; the cost as stored (amounts ${values}) ` +
      'cannot be read through the API and its symbol may differ: send cost only to change it',
  );
}

/** The server's words with, where a name linked a record of another name, that record named. */
function withMatches(about: Json, r: Resource, args: Args, record: Json): Json {
  const matched = matchedNames(r, args, record);
  return matched.length ? { ...about, linked_by_name: matched } : about;
}

function listTool(r: Resource, name: ResourceName): Tool {
  const filters = r.listParams.filter((p) => p.name !== 'page' && p.name !== 'per_page');
  const filterNames = filters.map((p) => p.name);
  return {
    name: `${r.name}_list`,
    title: `List ${r.name}`,
    description:
      `List ${r.name}, filtered with the API's own parameters, a page at a time (\`limit\`, default and most ${PAGE_SIZE}); ` +
      `the answer's \`total\` counts every match and \`next\` is the cursor of the next page (null on the last). ` +
      `The page is a table: \`columns\` (${COMPACT_FIELDS[name]}, unless \`fields\` names others) and \`rows\`, one array per record` +
      `${r.isEvent ? '; a null zone cell is the `zone` given once for the page' : ''}. ${r.name}_get gives a whole record.` +
      `${r.isEvent ? ` Without a date filter, ${r.name} from today on.` : ''}${takesDates(filters) ? ` ${DATES_ACCEPTED}` : ''}`,
    input: toolInput({
      ...fieldInputs(filters),
      limit: { type: 'integer', minimum: 1, maximum: PAGE_SIZE, description: `records per page (default and most ${PAGE_SIZE})` },
      cursor: { type: 'string', description: 'the `next` of the previous answer, unchanged: the next page of the same query (other filters left out)' },
      fields: {
        type: ['array', 'string'],
        items: { type: 'string' },
        description: `the record keys each row holds instead of the compact row (dot paths reach into linked records: venue.venue); e.g. ["id","title","cost"]`,
      },
    }),
    annotations: READ,
    async call(cal, args, context) {
      const fields = fieldsOf(args.fields);
      let query = without(args, 'limit', 'cursor', 'fields');
      let page = 1;
      let perPage = typeof args.limit === 'number' ? args.limit : PAGE_SIZE;
      if (!Number.isInteger(perPage) || perPage < 1 || perPage > PAGE_SIZE) throw new UsageError(`limit: expected a whole number from 1 to ${PAGE_SIZE}`);
      if (args.cursor !== undefined) {
        const state = decodeCursor(args.cursor);
        const given = Object.keys(query).filter((key) => filterNames.includes(key));
        if (given.some((key) => JSON.stringify(query[key]) !== JSON.stringify(state.q[key])))
          throw new UsageError('cursor: it continues another query', 'Pass the cursor alone (it holds its filters), or start again without it.');
        ({ q: query, p: page, n: perPage } = state);
      } else query = await withSiteDates(query, dateNames(filters), context);
      const got = await (await cal.assistant()).page(name, query, page, perPage);
      const more = got.total !== undefined ? page * perPage < got.total : got.records.length === perPage;
      return {
        data: tableOf(name, got.records, fields),
        about: { total: got.total ?? null, page, per_page: perPage, next: more ? encodeCursor(query, page + 1, perPage) : null },
      };
    },
  };
}

/** The records of the resource `name`, typed by it: the Calendar holds one property per resource. */
function recordsOf<R extends ResourceName>(cal: Calendar, name: R): ResourceRecords<R> {
  const byName: { [N in ResourceName]: ResourceRecords<N> } = cal;
  return byName[name];
}

function resourceTools<R extends ResourceName>(name: R): Tool[] {
  const r = resources[name];
  const links = linksOf(r).length > 0;
  const createMissing: Record<string, JsonSchema> = links
    ? { create_missing: { type: 'boolean', description: 'create linked records given by a name that matches none (the answer names each record linked)' } }
    : {};
  // Where the core's refusal says that force would go ahead: a name another venue or organizer holds, an event's cost the site re-writes.
  const force = (what: string): Record<string, JsonSchema> => (r.mergesOnCreate || r.isEvent ? { force: { type: 'boolean', description: what } } : {});
  const dates = (fields: typeof r.fields) => (takesDates(fields) ? ` ${DATES_ACCEPTED}` : '');
  const api = (cal: Calendar) => recordsOf(cal, name);
  const typed = async (cal: Calendar, record: unknown) => (await (await cal.assistant()).typed(name, [record as Json]))[0];
  const typedAll = async (cal: Calendar, records: unknown) =>
    Array.isArray(records) ? (await cal.assistant()).typed(name, records as Json[]) : [await typed(cal, records)];
  const title = (verb: string) => `${verb} ${r.name}`;
  const refForms = r.namedRefs ? ', slug or exact name' : ' or slug';
  const tools: Tool[] = [
    listTool(r, name),
    {
      name: `${r.name}_get`,
      title: title('Get'),
      description: `Get one ${r.singular}, whole, its texts as typed, by its ID${refForms}.${r.isEvent ? SERIES_ON_GET : ''}`,
      input: toolInput({ ref: refInput(r) }, ['ref']),
      annotations: READ,
      async call(cal, args, context) {
        const record = await typed(cal, await api(cal).get(refOf(args)));
        costNotice(r, record, context);
        const series = r.isEvent ? await cal.events.series(record as unknown as EventRecord) : undefined;
        return { data: series ? { ...record, series } : record };
      },
    },
    {
      name: `${r.name}_create`,
      title: title('Create'),
      description:
        `Create ${aSingular(r)}: fields with the API's names, as ${r.name}_get gives them.` +
        `${links ? ' Linked records (venue, organizer, categories, tags, parent) by ID, slug or exact name.' : ''}` +
        `${r.mergesOnCreate ? ` Refused when ${aSingular(r)} of that name exists (the server would overwrite it).` : ''}` +
        `${r.isEvent ? ' Other events at the same venue and time are reported as warnings.' : ''}` +
        `${r.isEvent ? SERIES_ON_CREATE : ''}${dates(r.fields)}`,
      input: toolInput(
        {
          ...fieldInputs(r.fields),
          ...createMissing,
          ...(r.mergesOnCreate ? force(`create even when ${aSingular(r)} of that name exists (the server then overwrites it)`) : {}),
          ...(r.isEvent ? REPEAT_INPUTS : {}),
        },
        r.fields.filter((f) => f.required).map((f) => f.name),
      ),
      annotations: ADD,
      async call(cal, args, context) {
        const fields = await withSiteDates(without(args, 'create_missing', 'force', 'repeat', 'except', 'max'), dateNames(r.fields), context);
        const options = { createMissing: flag(args.create_missing), force: flag(args.force) };
        // A series: the rule read as `events create --repeat` reads it (refused there when it cannot be used).
        const repeat = r.isEvent ? repeatRequest(args) : undefined;
        const made = repeat
          ? await cal.events.create(asLibraryInput<CreateFieldsOf<'events'>>(fields), {
              ...options,
              repeat: repeat.rule,
              except: repeat.except,
              max: repeat.max,
            })
          : await api(cal).create(asLibraryInput<CreateFieldsOf<R>>(fields), options);
        const records = await typedAll(cal, made);
        // A series' clashes are said by the core's create, as for every face.
        if (Array.isArray(made)) {
          return { data: records, about: { created: records.map((e) => e.id), changed: Object.keys(fields) } };
        }
        costNotice(r, records[0], context);
        return { data: records[0], about: withMatches({ created: records[0].id, changed: Object.keys(fields) }, r, args, records[0]) };
      },
    },
    {
      name: `${r.name}_update`,
      title: title('Update'),
      description:
        `Change the given fields of ${aSingular(r)} and keep every other as it is. A list given plainly (${linksOf(r)
          .map((f) => f.name)
          .join(
            ', ',
          )}) replaces the whole list; add_… and remove_… change a list and keep the rest of it. The answer's \`changed\` names the fields that changed.` +
        (r.isEvent ? ' A new start_date alone moves the end by as much (keep_duration: false keeps the end).' : '') +
        `${r.isEvent ? SERIES_ON_UPDATE : ''}${dates(r.fields)}`,
      input: toolInput(
        {
          ref: refInput(r),
          ...fieldInputs(r.fields),
          ...listAdjustments(r),
          ...createMissing,
          ...force('go ahead where a refusal says force would (a name another record holds, a value the site re-writes)'),
          ...(r.isEvent ? { keep_duration: { type: 'boolean', description: 'with a new start_date alone, move the end by as much (default true)' } } : {}),
          ...(r.isEvent ? scopeInput('changes') : {}),
        },
        ['ref'],
      ),
      // Twice the same change of a series or of its later part leaves the site as once: the split has happened.
      annotations: CHANGE,
      async call(cal, args, context) {
        const adjustments = linksOf(r).flatMap((f) => [`add_${f.relation}`, `remove_${f.relation}`]);
        const changes = await withSiteDates(
          without(args, 'ref', 'create_missing', 'force', 'scope', 'keep_duration', ...adjustments),
          dateNames(r.fields),
          context,
        );
        const linkChanges = Object.fromEntries(
          linksOf(r)
            .map((f) => [f.name, { add: listOf(args[`add_${f.relation}`]), remove: listOf(args[`remove_${f.relation}`]) }] as const)
            .filter(([, change]) => change.add || change.remove),
        );
        const scope = r.isEvent ? scopeOf(args.scope) : undefined;
        const before = scope ? undefined : await typed(cal, await api(cal).get(refOf(args)));
        const options = {
          createMissing: flag(args.create_missing),
          force: flag(args.force),
          ...(args.keep_duration === false ? { keepDuration: false } : {}),
        };
        const links = Object.keys(linkChanges).length ? linkChanges : undefined;
        const done = scope
          ? await cal.events.update(refOf(args), asLibraryInput<FieldsOf<'events'>>(changes), {
              ...options,
              scope,
              ...(links ? { links: asLibraryInput<LinkChangesOf<'events'>>(links) } : {}),
            })
          : await api(cal).update((before?.id as number | undefined) ?? refOf(args), asLibraryInput<FieldsOf<R>>(changes), {
              ...options,
              ...(links ? { links: asLibraryInput<LinkChangesOf<R>>(links) } : {}),
            });
        const records = await typedAll(cal, done);
        if (!before) return { data: records, about: { updated: records.map((e) => e.id) } };
        costNotice(r, records[0], context);
        const asked = [...Object.keys(changes), ...Object.keys(linkChanges)];
        return { data: records[0], about: withMatches({ changed: changedFields(r, asked, before, records[0]) }, r, args, records[0]) };
      },
    },
    {
      name: `${r.name}_delete`,
      title: title('Delete'),
      description:
        'Without confirm or digest: a preview of the delete, nothing changed (the record, the events it would be unlinked from ' +
        "and the other organizers the site drops from them, the occurrences a series delete takes) and the preview's digest. " +
        'Show it to the person; then call again with the digest they saw ' +
        `(refused if the site changed since) or confirm: true. ` +
        (r.isPost
          ? `Moves ${aSingular(r)} to the trash (${r.name}_restore takes it back), or with permanently deletes it for good (cannot be undone).`
          : `Deletes ${aSingular(r)} for good (${r.name} have no trash; cannot be undone).`) +
        (r.isEvent ? SERIES_ON_DELETE : '') +
        ONLY_ASKED,
      input: toolInput(
        {
          ref: refInput(r),
          ...(r.isPost ? { permanently: { type: 'boolean', description: 'delete for good instead of moving to the trash' } } : {}),
          ...(r.isEvent ? scopeInput('deletes') : {}),
          confirm: { type: 'boolean', description: 'delete without a digest (the person has agreed to this delete)' },
          digest: { type: 'string', pattern: '^[0-9a-f]{64}$', description: "the preview's digest: deletes only if the site still matches that preview" },
        },
        ['ref'],
      ),
      annotations: REMOVE,
      async call(cal, args) {
        const options = { permanently: flag(args.permanently), scope: r.isEvent ? (args.scope as string | undefined) : undefined };
        if (options.permanently && options.scope && options.scope !== 'occurrence') {
          throw new UsageError(`permanently does not go with scope "${options.scope}"`, 'Occurrences of a series go to the trash.');
        }
        const scope = scopeOf(options.scope);
        const preview = await previewDelete(cal, r, refOf(args), options);
        if (!settled(preview, args)) return { data: preview.data, about: { preview: true, would: preview.action, digest: preview.digest } };
        const id = preview.data.record.id as number;
        const done = scope ? await cal.events.delete(id, { scope }) : await api(cal).delete(id, { permanently: options.permanently });
        const forGood = !r.isPost || options.permanently;
        const trashed = Array.isArray(done) ? done : [{ ...(await typed(cal, done)), ...(forGood ? {} : { status: 'trash' }) }];
        return {
          data: { ...preview.data, [Array.isArray(done) ? 'occurrences' : 'record']: Array.isArray(done) ? trashed : trashed[0] },
          about: { done: forGood ? 'deleted for good' : 'moved to the trash', changed: forGood ? ['(record deleted)'] : ['status'] },
        };
      },
    },
  ];
  if (r.isPost) tools.push(restoreTool(r, name));
  return tools;
}

function restoreTool(r: Resource, name: ResourceName): Tool {
  return {
    name: `${r.name}_restore`,
    title: `Restore ${r.name}`,
    description: `Take ${aSingular(r)} out of the trash: its status back to publish (or status), nothing else changed.`,
    input: toolInput(
      {
        ref: { type: ['integer', 'string'], description: `the ${r.singular} in the trash: its ID (the delete's answer gives it)` },
        status: { type: 'string', enum: ['publish', 'draft', 'pending', 'private'], description: 'the status it returns to (default publish)' },
      },
      ['ref'],
    ),
    annotations: CHANGE,
    async call(cal, args) {
      const assistant = await cal.assistant();
      const record = await assistant.restore(name, refOf(args), args.status as string | undefined);
      return { data: (await assistant.typed(name, [record]))[0], about: { changed: ['status'] } };
    },
  };
}

/** The items of an add_… or remove_… input (a list, or one comma-separated string). */
function listOf(value: unknown): Array<string | number> | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value as Array<string | number>;
  if (typeof value === 'string' || typeof value === 'number') return [value];
  throw new UsageError('expected a list of IDs, slugs or names');
}

/** Every tool, in the order tools/list gives them; with `readOnly`, only those that change nothing. */
export function tools(options: { readOnly?: boolean } = {}): Tool[] {
  const all = [...RESOURCE_NAMES.flatMap((name) => resourceTools(name)), ...siteTools()];
  return options.readOnly ? all.filter((tool) => tool.annotations.readOnlyHint) : all;
}
