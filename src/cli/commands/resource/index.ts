/**
 * The five verbs of every resource, generated from the resource table and each verb's own
 * options (verb-options.ts). Only commander and the table are loaded here; each action loads its own modules when it runs.
 */
import type { ActionRunner } from '../runner.js';
import { Command } from 'commander';
import { aSingular, flagName, linkFields, type Resource } from '../../../spec/resources.js';
import { fieldOptions } from './flags.js';
import { environmentHelp, examplesHelp, verbExamples } from '../help/text.js';
import { conflictsCommand } from '../views/index.js';
import { editCommand } from '../edit/index.js';
import { linkAdjustmentHelp, type Trait, type Verb, VERB_OPTIONS } from './verb-options.js';

const hasLinks = (r: Resource) => r.fields.some((f) => f.type === 'ref' || f.type === 'refs');

/** Whether a verb option goes with this resource (verb-options.ts `when`). */
function applies(r: Resource, when: Trait | undefined): boolean {
  if (when === undefined) return true;
  return when === 'hasLinks' ? hasLinks(r) : r[when] === true;
}

type Entry = (typeof VERB_OPTIONS)[Verb][number];

/** A verb's options in help order: its own (verb-options.ts) and, where placed, those the table derives. */
function addVerbOptions(command: Command, r: Resource, verb: Verb): Command {
  for (const entry of VERB_OPTIONS[verb] as readonly Entry[]) {
    if ('flag' in entry) {
      if (applies(r, 'when' in entry ? entry.when : undefined)) command.option(entry.flag, typeof entry.help === 'string' ? entry.help : entry.help(r));
    } else if (entry.table === 'linkAdjustments') {
      for (const link of linkFields(r).filter((f) => f.many)) {
        command
          .option(`--add-${flagName(link.name)} <refs>`, linkAdjustmentHelp('add', link.name))
          .option(`--remove-${flagName(link.name)} <refs>`, linkAdjustmentHelp('remove', link.name));
      }
    } else {
      // A create marks the fields it needs.
      for (const field of r[entry.table]) for (const option of fieldOptions(field, { required: verb === 'create' })) command.addOption(option);
    }
  }
  return command;
}

function helpFor(command: Command, resource: Resource, verb: Parameters<typeof verbExamples>[1]): Command {
  return command.addHelpText('after', examplesHelp(verbExamples(resource, verb)) + environmentHelp());
}

type VerbBuilder = (group: Command, r: Resource, run: ActionRunner) => void;

function addList(group: Command, r: Resource, run: ActionRunner): void {
  const list = group
    .command('list')
    .alias('ls')
    .description(`list ${r.name}${r.isEvent ? ' (from today on unless dates are given)' : ''}`);
  addVerbOptions(list, r, 'list');
  helpFor(list, r, 'list').action(run(async () => (await import('./list.js')).runList.bind(null, r)));
}

function addGet(group: Command, r: Resource, run: ActionRunner): void {
  const get = group
    .command('get')
    .argument('<id-or-slug...>', `${r.singular} ${refWords(r, true)}, or - to read them from stdin`)
    .description(`show ${aSingular(r)}, or several`);
  addVerbOptions(get, r, 'get');
  helpFor(get, r, 'get').action(run(async () => (await import('./get.js')).runGet.bind(null, r)));
}

function addCreate(group: Command, r: Resource, run: ActionRunner): void {
  const create = group.command('create').description(`create ${aSingular(r)}`);
  addVerbOptions(create, r, 'create');
  helpFor(create, r, 'create').action(run(async () => (await import('./create.js')).runCreate.bind(null, r)));
}

function addUpdate(group: Command, r: Resource, run: ActionRunner): void {
  const update = group
    .command('update')
    .argument(REF, `${r.singular} ${refWords(r, false)}`)
    .description(`change fields of ${aSingular(r)}`);
  addVerbOptions(update, r, 'update');
  helpFor(update, r, 'update').action(run(async () => (await import('./update.js')).runUpdate.bind(null, r)));
}

function addDelete(group: Command, r: Resource, run: ActionRunner): void {
  const remove = group
    .command('delete')
    .alias('rm')
    .argument('<id-or-slug...>', `${r.singular} ${refWords(r, true)}, or - to read them from stdin`)
    .description(r.isPost ? `move ${aSingular(r)} to the trash` : `delete ${aSingular(r)} for good`);
  addVerbOptions(remove, r, 'delete');
  helpFor(remove, r, 'delete').action(run(async () => (await import('./delete.js')).runDelete.bind(null, r)));
}

function addRestore(group: Command, r: Resource, run: ActionRunner): void {
  const restore = group
    .command('restore')
    .argument(REF, `${r.singular} ${refWords(r, false)}`)
    .description(`take ${aSingular(r)} out of the trash, keeping every field (a bare status write would reset all-day, cost and website)`);
  addVerbOptions(restore, r, 'restore');
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
