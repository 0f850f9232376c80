/** Flags from the resource table, and their values read back from commander's options. */
import { Option } from 'commander';
import { flagName, namesLinkedRecords, resources, type Field } from '../../../spec/resources.js';

/** Attribute name commander gives a flag: `--start-date` -> `startDate`. */
export function attributeName(flag: string): string {
  return flag.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** How a flag that lists records by name is written (values.ts splitListText). */
export const NAME_LIST = 'comma-separated; \\, is a comma inside a name';

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
  const placeholder = namesLinkedRecords(field) ? PLACEHOLDER.refs : (PLACEHOLDER[field.type] ?? 'text');
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
  const names = field.relation !== undefined && field.type !== 'ref' && field.type !== 'id' ? `, ${NAME_LIST}` : '';
  return `${field.description}${names}${choices}${extra}`;
}

/**
 * The value commander parsed for `--flag` (`start-date`), or undefined. The options are typed
 * from the table (options.ts); a walk of the table's fields reads them by the flag's name.
 */
export function flagValue(opts: object, flag: string): unknown {
  return Object.getOwnPropertyDescriptor(opts, attributeName(flag))?.value;
}

/** Reads the flags of the given fields back from commander's parsed options: the fields by their API names. */
export function collectFields(fields: readonly Field[], opts: object): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    for (const name of [flagName(field.name), ...(field.aliases ?? [])]) {
      const value = flagValue(opts, name);
      if (value !== undefined) values[field.name] = value;
    }
  }
  return values;
}

/** The flag a field was given by (`--name` for a venue's `venue`), for messages; its own flag when none was. */
export function givenFlag(fields: readonly Field[], fieldName: string, opts: object): string {
  const field = fields.find((f) => f.name === fieldName);
  const used = (field?.aliases ?? []).find((alias) => flagValue(opts, alias) !== undefined);
  return `--${used ?? flagName(fieldName)}`;
}

/** The names of the list filters `export` takes, from the resource table (each resource uses those it has). */
export const EXPORT_FILTERS = [...new Set(Object.values(resources).flatMap((r) => r.listParams.filter((p) => p.exportFilter).map((p) => p.name)))];

/** One option per export filter, described as the first list that has it describes it. */
export function exportFilterOptions(): Option[] {
  const seen = new Set<string>();
  const options: Option[] = [];
  for (const resource of Object.values(resources)) {
    for (const field of resource.listParams) {
      if (!field.exportFilter || seen.has(field.name)) continue;
      seen.add(field.name);
      options.push(...fieldOptions(field));
    }
  }
  return options;
}
