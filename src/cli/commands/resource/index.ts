/**
 * The five verbs of every resource, generated from the resource table. Only commander
 * and the table are loaded here; each action loads its own modules when it runs.
 */
import type { ActionRunner } from '../runner.js';
import { Command } from 'commander';
import { aSingular, flagName, updateResetsLeftOut, linkFields, type Field, type Resource } from '../../../spec/resources.js';
import { fieldOptions, NAME_LIST } from './flags.js';
import { environmentHelp, EVENT_COST_FORCE, examplesHelp, verbExamples } from '../help/text.js';
import { conflictsCommand } from '../views/index.js';
import { editCommand } from '../edit/index.js';
import { DEFAULT_SERIES_CAP } from '../../../core/index.js';

function addOptions(command: Command, fields: readonly Field[], required = false): Command {
  for (const field of fields) for (const option of fieldOptions(field, { required })) command.addOption(option);
  return command;
}

function helpFor(command: Command, resource: Resource, verb: Parameters<typeof verbExamples>[1]): Command {
  return command.addHelpText('after', examplesHelp(verbExamples(resource, verb)) + environmentHelp());
}

const WEB_HELP = "open the event's page in the browser (prints its URL where there is no desktop)";

const hasLinks = (r: Resource) => r.fields.some((f) => f.type === 'ref' || f.type === 'refs');

/** Reads show titles and descriptions as typed; this asks for what the site's pages show. */
const RENDERED_HELP = 'show titles, descriptions and excerpts as the site renders them (entities, curled quotes, blocks as HTML), not as typed';

type VerbBuilder = (group: Command, r: Resource, run: ActionRunner) => void;

function addList(group: Command, r: Resource, run: ActionRunner): void {
  const list = group
    .command('list')
    .alias('ls')
    .description(`list ${r.name}${r.isEvent ? ' (from today on unless dates are given)' : ''}`)
    .option('--all', 'fetch every page (streams the records as they arrive)')
    .option('--limit <n>', 'stop after n records');
  if (r.isEvent) {
    list
      .option('--hidden', 'list the events hidden from listings (and drafts the list leaves out), found through the WordPress core route')
      .option('--on <date>', 'events taking place on that day, whenever they start (a multi-day event counts on each of its days)')
      .option('--during <from..to>', 'events taking place at any time between two dates, e.g. 2027-03-01..2027-03-31');
  }
  addOptions(list, r.listParams);
  if (r.isPost) list.option('--rendered', RENDERED_HELP);
  helpFor(list, r, 'list').action(run(async () => (await import('./list.js')).runList.bind(null, r)));
}

function addGet(group: Command, r: Resource, run: ActionRunner): void {
  const get = group
    .command('get')
    .argument('<id-or-slug...>', `${r.singular} ${refWords(r, true)}, or - to read them from stdin`)
    .description(`show ${aSingular(r)}, or several`);
  if (r.isEvent) get.option('--password <password>', 'password of a protected event');
  if (r.isEvent) get.option('--web', WEB_HELP);
  if (r.isPost) get.option('--rendered', RENDERED_HELP);
  helpFor(get, r, 'get').action(run(async () => (await import('./get.js')).runGet.bind(null, r)));
}

function addCreate(group: Command, r: Resource, run: ActionRunner): void {
  const create = group.command('create').description(`create ${aSingular(r)}`);
  create.option('--data <json|@file|->', 'fields as a JSON object, from a file (@file) or stdin (-); flags override its keys');
  addOptions(create, r.fields, true).option('--dry-run', 'print the request instead of sending it');
  if (hasLinks(r)) create.option('--create-missing', 'create linked records given by a name that matches none');
  if (r.isEvent) create.option('--no-conflict-check', 'do not warn about other events at the same venue at the same time');
  if (r.isEvent) create.option('--web', WEB_HELP);
  if (r.mergesOnCreate) create.option('--force', `create even when ${aSingular(r)} of that name exists (the server then overwrites it)`);
  if (r.isEvent) {
    create
      .option('--repeat <rule>', 'repeat as a series: an iCalendar RRULE, e.g. FREQ=WEEKLY;BYDAY=TU;COUNT=8 (one event per occurrence)')
      .option('--except <dates>', 'with --repeat: leave out the occurrences of these days (YYYY-MM-DD or "YYYY-MM-DD HH:MM", comma-separated)')
      .option('--max <n>', `with --repeat: at most n occurrences (default ${DEFAULT_SERIES_CAP}); a rule without an end takes its first n`);
  }
  helpFor(create, r, 'create').action(run(async () => (await import('./create.js')).runCreate.bind(null, r)));
}

function addUpdate(group: Command, r: Resource, run: ActionRunner): void {
  const update = group
    .command('update')
    .argument(REF, `${r.singular} ${refWords(r, false)}`)
    .description(`change fields of ${aSingular(r)}`);
  update.option('--data <json|@file|->', 'fields as a JSON object, from a file (@file) or stdin (-); flags override its keys');
  addOptions(update, r.fields).option('--dry-run', 'print the request instead of sending it');
  if (hasLinks(r)) update.option('--create-missing', 'create linked records given by a name that matches none');
  for (const link of linkFields(r).filter((f) => f.many)) {
    update
      .option(`--add-${flagName(link.name)} <refs>`, `add to the ${link.name}: IDs, slugs or names, ${NAME_LIST}`)
      .option(`--remove-${flagName(link.name)} <refs>`, `remove from the ${link.name}: IDs, slugs or names, ${NAME_LIST}`);
  }
  if (updateResetsLeftOut(r)) update.option('--replace', 'send only the given fields; the server then resets what is left out');
  if (r.isEvent) {
    update
      .option('--keep-duration', 'with --start-date alone, move the end by as much as the start (the default)')
      .option('--no-keep-duration', 'with --start-date alone, leave the end where it is');
  }
  if (r.mergesOnCreate) update.option('--force', `rename even when another ${r.singular} has that name`);
  if (r.isEvent) {
    update
      .option('--series', 'change every occurrence of its series (a new time of day moves each by as much)')
      .option('--following', 'change this occurrence and the later ones, which become a series of their own');
  }
  if (r.isEvent) update.option('--force', EVENT_COST_FORCE);
  if (r.isEvent) update.option('--password <password>', 'password of a protected event');
  if (r.isEvent) update.option('--no-conflict-check', 'do not warn about other events at the same venue at the same time');
  if (r.isEvent) update.option('--web', WEB_HELP);
  helpFor(update, r, 'update').action(run(async () => (await import('./update.js')).runUpdate.bind(null, r)));
}

function addDelete(group: Command, r: Resource, run: ActionRunner): void {
  const remove = group
    .command('delete')
    .alias('rm')
    .argument('<id-or-slug...>', `${r.singular} ${refWords(r, true)}, or - to read them from stdin`)
    .description(r.isPost ? `move ${aSingular(r)} to the trash` : `delete ${aSingular(r)} for good`)
    .option('--dry-run', 'print the request instead of sending it');
  if (r.isPost) remove.option('--permanently', 'delete for good instead of moving to the trash (through the WordPress core route); cannot be undone');
  if (r.isEvent) remove.option('--password <password>', 'password of a protected event');
  if (r.isEvent) {
    remove
      .option('--series', 'move every occurrence of its series to the trash, and its rule')
      .option('--following', 'move this occurrence and the later ones to the trash; the series ends before it');
  }
  helpFor(remove, r, 'delete').action(run(async () => (await import('./delete.js')).runDelete.bind(null, r)));
}

function addRestore(group: Command, r: Resource, run: ActionRunner): void {
  const restore = group
    .command('restore')
    .argument(REF, `${r.singular} ${refWords(r, false)}`)
    .description(`take ${aSingular(r)} out of the trash, keeping every field (a bare status write would reset all-day, cost and website)`)
    .option('--status <status>', 'status to restore to (default publish)')
    .option('--dry-run', 'print the request instead of sending it');
  if (r.isEvent) restore.option('--force', EVENT_COST_FORCE);
  helpFor(restore, r, 'restore').action(run(async () => (await import('./restore.js')).runRestore.bind(null, r)));
}

const REF = '<id-or-slug>';

/** What names one record on the command line: venues, organizers and terms also by exact name. */
function refWords(r: Resource, several: boolean): string {
  const named = r.namedRefs === true;
  if (several) return named ? 'IDs, slugs or exact names' : 'IDs or slugs';
  return named ? 'ID, slug or exact name' : 'ID or slug';
}

/** A resource's verbs in help order, with the words (names and aliases) that select each. */
const VERBS: ReadonlyArray<{ names: readonly string[]; add: VerbBuilder; applies?: (r: Resource) => boolean }> = [
  { names: ['list', 'ls'], add: addList },
  { names: ['get'], add: addGet },
  { names: ['create'], add: addCreate },
  { names: ['update'], add: addUpdate },
  { names: ['delete', 'rm'], add: addDelete },
  { names: ['restore'], add: addRestore, applies: (r) => r.isPost },
  { names: ['edit'], add: (group, r, run) => void group.addCommand(editCommand(r, run)) },
  { names: ['conflicts'], add: (group, _r, run) => void group.addCommand(conflictsCommand(run)), applies: (r) => r.isEvent === true },
];

/**
 * A resource's command group: every verb, or only the one `verb` names (the word after the
 * resource on the command line). A word naming no verb gets them all, for help and suggestions.
 */
export function resourceCommand(r: Resource, run: ActionRunner, verb?: string): Command {
  const group = new Command(r.name)
    .description(`list, read, create, update, edit and delete ${r.name}${r.isEvent ? ', and find conflicts' : ''}`)
    .addHelpText('after', examplesHelp([...verbExamples(r, 'list').slice(0, 2), verbExamples(r, 'get')[0], verbExamples(r, 'create')[0]]) + environmentHelp());
  const verbs = VERBS.filter((v) => v.applies?.(r) ?? true);
  const named = verb === undefined ? undefined : verbs.find((v) => v.names.includes(verb));
  for (const { add } of named ? [named] : verbs) add(group, r, run);
  return group;
}
