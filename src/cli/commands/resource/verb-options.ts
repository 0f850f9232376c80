/**
 * The options of each resource verb besides the table's fields, in help order: each flag once,
 * with the trait of the resource it goes with (`when`, read from the table). The commands are
 * built from this list (index.ts) and the options' types derived from it (options.ts), so that a
 * flag and its typed option cannot part. `{ table: ... }` places the flags the table derives.
 */
import { EVENT_COST_FORCE } from '../help/text.js';
import { DEFAULT_SERIES_CAP } from '../../../core/index.js';
import { aSingular, type Resource } from '../../../spec/resources.js';
import { NAME_LIST } from './flags.js';

/** What a verb option goes with: a trait of the resource in the table, or linked fields (`ref`, `refs`). */
export type Trait = 'isEvent' | 'isPost' | 'mergesOnCreate' | 'hasLinks';

const WEB_HELP = "open the event's page in the browser (prints its URL where there is no desktop)";
const DATA_HELP = 'fields as a JSON object, from a file (@file) or stdin (-); flags override its keys';
const DRY_RUN_HELP = 'print the request instead of sending it';
const CREATE_MISSING_HELP = 'create linked records given by a name that matches none';
const PASSWORD_HELP = 'password of a protected event';
const CONFLICT_CHECK_HELP = 'do not warn about other events at the same venue at the same time';
/** Reads show titles and descriptions as typed; this asks for what the site's pages show. */
const RENDERED_HELP = 'show titles, descriptions and excerpts as the site renders them (entities, curled quotes, blocks as HTML), not as typed';

export const VERB_OPTIONS = {
  list: [
    { flag: '--all', help: 'fetch every page (streams the records as they arrive)' },
    { flag: '--limit <n>', help: 'stop after n records' },
    {
      flag: '--hidden',
      help: 'list the events hidden from listings (and drafts the list leaves out), found through the WordPress core route',
      when: 'isEvent',
    },
    { flag: '--on <date>', help: 'events taking place on that day, whenever they start (a multi-day event counts on each of its days)', when: 'isEvent' },
    { flag: '--during <from..to>', help: 'events taking place at any time between two dates, e.g. 2027-03-01..2027-03-31', when: 'isEvent' },
    { table: 'listParams' },
    { flag: '--rendered', help: RENDERED_HELP, when: 'isPost' },
  ],
  get: [
    { flag: '--password <password>', help: PASSWORD_HELP, when: 'isEvent' },
    { flag: '--web', help: WEB_HELP, when: 'isEvent' },
    { flag: '--rendered', help: RENDERED_HELP, when: 'isPost' },
  ],
  create: [
    { flag: '--data <json|@file|->', help: DATA_HELP },
    { table: 'fields' },
    { flag: '--dry-run', help: DRY_RUN_HELP },
    { flag: '--create-missing', help: CREATE_MISSING_HELP, when: 'hasLinks' },
    { flag: '--no-conflict-check', help: CONFLICT_CHECK_HELP, when: 'isEvent' },
    { flag: '--web', help: WEB_HELP, when: 'isEvent' },
    { flag: '--force', help: (r: Resource) => `create even when ${aSingular(r)} of that name exists (the server then overwrites it)`, when: 'mergesOnCreate' },
    {
      flag: '--repeat <rule>',
      help: 'repeat as a series: an iCalendar RRULE, e.g. FREQ=WEEKLY;BYDAY=TU;COUNT=8 (one event per occurrence)',
      when: 'isEvent',
    },
    {
      flag: '--except <dates>',
      help: 'with --repeat: leave out the occurrences of these days (YYYY-MM-DD or "YYYY-MM-DD HH:MM", comma-separated)',
      when: 'isEvent',
    },
    {
      flag: '--max <n>',
      help: `with --repeat: at most n occurrences (default ${DEFAULT_SERIES_CAP}); a rule without an end takes its first n`,
      when: 'isEvent',
    },
  ],
  update: [
    { flag: '--data <json|@file|->', help: DATA_HELP },
    { table: 'fields' },
    { flag: '--dry-run', help: DRY_RUN_HELP },
    { flag: '--create-missing', help: CREATE_MISSING_HELP, when: 'hasLinks' },
    { table: 'linkAdjustments' },
    { flag: '--replace', help: 'send only the given fields; the server then resets what is left out', when: 'isPost' },
    { flag: '--keep-duration', help: 'with --start-date alone, move the end by as much as the start (the default)', when: 'isEvent' },
    { flag: '--no-keep-duration', help: 'with --start-date alone, leave the end where it is', when: 'isEvent' },
    { flag: '--force', help: (r: Resource) => `rename even when another ${r.singular} has that name`, when: 'mergesOnCreate' },
    { flag: '--series', help: 'change every occurrence of its series (a new time of day moves each by as much)', when: 'isEvent' },
    { flag: '--following', help: 'change this occurrence and the later ones, which become a series of their own', when: 'isEvent' },
    { flag: '--force', help: EVENT_COST_FORCE, when: 'isEvent' },
    { flag: '--password <password>', help: PASSWORD_HELP, when: 'isEvent' },
    { flag: '--no-conflict-check', help: CONFLICT_CHECK_HELP, when: 'isEvent' },
    { flag: '--web', help: WEB_HELP, when: 'isEvent' },
  ],
  delete: [
    { flag: '--dry-run', help: DRY_RUN_HELP },
    {
      flag: '--permanently',
      help: 'delete for good instead of moving to the trash (through the WordPress core route); cannot be undone',
      when: 'isPost',
    },
    { flag: '--password <password>', help: PASSWORD_HELP, when: 'isEvent' },
    { flag: '--series', help: 'move every occurrence of its series to the trash, and its rule', when: 'isEvent' },
    { flag: '--following', help: 'move this occurrence and the later ones to the trash; the series ends before it', when: 'isEvent' },
  ],
  restore: [
    { flag: '--status <status>', help: 'status to restore to (default publish)' },
    { flag: '--dry-run', help: DRY_RUN_HELP },
    { flag: '--force', help: EVENT_COST_FORCE, when: 'isEvent' },
  ],
} as const;

export type Verb = keyof typeof VERB_OPTIONS;

/** How an `--add-x`/`--remove-x` pair is described (index.ts). */
export const linkAdjustmentHelp = (verb: 'add' | 'remove', field: string) =>
  `${verb === 'add' ? 'add to' : 'remove from'} the ${field}: IDs, slugs or names, ${NAME_LIST}`;
