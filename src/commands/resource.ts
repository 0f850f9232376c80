/**
 * The five verbs of every resource, generated from the resource table. Only commander
 * and the table are loaded here; each action loads its own modules when it runs.
 */
import { Command, Option } from 'commander';
import { aSingular, flagName, resources, type Field, type Resource } from '../resources.js';
import { environmentHelp, examplesHelp, verbExamples } from './help.js';

export type ActionRunner = (load: () => Promise<(command: Command, ...args: string[]) => Promise<void>>) => (...args: unknown[]) => Promise<void>;

/** Attribute name commander gives a flag: `--start-date` -> `startDate`. */
export function attributeName(flag: string): string {
  return flag.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

const PLACEHOLDER: Partial<Record<Field['type'], string>> = {
  date: 'date',
  ids: 'ids',
  id: 'id',
  terms: 'ids|slugs',
  ref: 'id|slug|name',
  refs: 'ids|slugs|names',
  integer: 'n',
  positive: 'n',
  number: 'number',
  url: 'url',
  list: 'list',
};

/**
 * The commander options of one field: `--x <value>`, or `--x` and `--no-x` for booleans.
 * `required` marks the fields a create needs; an update needs none.
 */
export function fieldOptions(field: Field, { required = false } = {}): Option[] {
  const flag = flagName(field.name);
  const names = [flag, ...(field.aliases ?? [])];
  if (field.type === 'boolean' || field.type === 'boolstring') {
    return [new Option(`--${flag}`, field.description), new Option(`--no-${flag}`, field.negated ?? `the opposite of --${flag}`)];
  }
  const placeholder = PLACEHOLDER[field.type] ?? 'text';
  return names.map((name, i) => {
    const option = new Option(`--${name} <${placeholder}>`, i === 0 ? describe(field, required) : `same as --${flag}`);
    if (field.choices && field.type !== 'list') option.choices(field.choices as string[]);
    return option;
  });
}

function describe(field: Field, required: boolean): string {
  const extra = required && field.required ? ' (required)' : '';
  const known = field.choices ?? field.suggestions;
  const choices = known && (field.type === 'list' || !field.choices) ? ` (${known.join(', ')}${field.type === 'list' ? ', comma-separated' : ''})` : '';
  return `${field.description}${choices}${extra}`;
}

/** Reads the flags of the given fields back from commander's parsed options. */
export function collectFields(fields: Field[], opts: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    for (const name of [flagName(field.name), ...(field.aliases ?? [])]) {
      const value = opts[attributeName(name)];
      if (value !== undefined) values[field.name] = value;
    }
  }
  return values;
}

function addOptions(command: Command, fields: Field[], required = false): Command {
  for (const field of fields) for (const option of fieldOptions(field, { required })) command.addOption(option);
  return command;
}

function helpFor(command: Command, resource: Resource, verb: Parameters<typeof verbExamples>[1]): Command {
  return command.addHelpText('after', examplesHelp(verbExamples(resource, verb)) + environmentHelp());
}

const hasLinks = (r: Resource) => r.fields.some((f) => f.type === 'ref' || f.type === 'refs');

export function resourceCommand(resource: Resource, run: ActionRunner): Command {
  const r = resource;
  const actions = () => import('./resource-actions.js');
  const ref = '<id-or-slug>';
  const group = new Command(r.name)
    .description(`list, read, create, update and delete ${r.name}`)
    .addHelpText('after', examplesHelp([...verbExamples(r, 'list').slice(0, 2), verbExamples(r, 'get')[0], verbExamples(r, 'create')[0]]) + environmentHelp());

  const list = group
    .command('list')
    .alias('ls')
    .description(`list ${r.name}${r.name === 'events' ? ' (from today on unless dates are given)' : ''}`)
    .option('--all', 'fetch every page (streams the records as they arrive)')
    .option('--limit <n>', 'stop after n records');
  if (r.name === 'events') list.option('--hidden', 'list the events hidden from listings (and drafts the list leaves out), found through the WordPress core route');
  addOptions(list, r.listParams);
  helpFor(list, r, 'list').action(run(async () => (await actions()).runList.bind(null, r)));

  const get = group.command('get').argument(ref, `${r.singular} ID or slug`).description(`show one ${r.singular}`);
  if (r.name === 'events') get.option('--password <password>', 'password of a protected event');
  helpFor(get, r, 'get').action(run(async () => (await actions()).runGet.bind(null, r)));

  const create = group.command('create').description(`create ${aSingular(r)}`);
  create.option('--data <json|@file|->', 'fields as a JSON object, from a file (@file) or stdin (-); flags override its keys');
  addOptions(create, r.fields, true).option('--dry-run', 'print the request instead of sending it');
  if (hasLinks(r)) create.option('--create-missing', 'create linked records given by a name that matches none');
  if (r.mergesOnCreate) create.option('--force', `create even when ${aSingular(r)} of that name exists (the server then overwrites it)`);
  helpFor(create, r, 'create').action(run(async () => (await actions()).runCreate.bind(null, r)));

  const update = group.command('update').argument(ref, `${r.singular} ID or slug`).description(`change fields of ${aSingular(r)}`);
  update.option('--data <json|@file|->', 'fields as a JSON object, from a file (@file) or stdin (-); flags override its keys');
  addOptions(update, r.fields).option('--dry-run', 'print the request instead of sending it');
  if (hasLinks(r)) update.option('--create-missing', 'create linked records given by a name that matches none');
  if (r.trashes) update.option('--replace', 'send only the given fields; the server then resets what is left out');
  if (r.mergesOnCreate) update.option('--force', `rename even when another ${r.singular} has that name`);
  if (r.name === 'events') update.option('--password <password>', 'password of a protected event');
  helpFor(update, r, 'update').action(run(async () => (await actions()).runUpdate.bind(null, r)));

  const remove = group
    .command('delete')
    .alias('rm')
    .argument(ref, `${r.singular} ID or slug`)
    .description(r.trashes ? `move ${aSingular(r)} to the trash` : `delete ${aSingular(r)} for good`)
    .option('--dry-run', 'print the request instead of sending it');
  if (r.name === 'events') remove.option('--password <password>', 'password of a protected event');
  helpFor(remove, r, 'delete').action(run(async () => (await actions()).runDelete.bind(null, r)));

  if (r.trashes) {
    const restore = group
      .command('restore')
      .argument(ref, `${r.singular} ID or slug`)
      .description(`take ${aSingular(r)} out of the trash, keeping every field (a bare status write would reset all-day, cost and website)`)
      .option('--status <status>', 'status to restore to (default publish)')
      .option('--dry-run', 'print the request instead of sending it');
    helpFor(restore, r, 'restore').action(run(async () => (await actions()).runRestore.bind(null, r)));
  }

  return group;
}

export function allResourceCommands(run: ActionRunner): Command[] {
  return Object.values(resources).map((r) => resourceCommand(r, run));
}
