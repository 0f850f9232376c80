/**
 * What the shell completions know, read off the commander tree: every command, its
 * aliases, options and arguments, and the values each option or argument takes
 * (choices in the resource table, formats, languages, files, or names asked of the
 * site at completion time through `calendar __complete`).
 */
import type { Argument, Command, Option } from 'commander';
import { FORMATS, LANGUAGES, RESOURCE_NAMES, flagName, resources, type Field, type ResourceName } from '../../spec/resources.js';
import { METHODS } from '../../core/index.js';

export type ValueSpec =
  | { kind: 'words'; words: string[]; list?: boolean }
  | { kind: 'files' }
  | { kind: 'profiles' }
  | { kind: 'ids'; resource: ResourceName; list?: boolean }
  | { kind: 'any' };

export interface OptionSpec {
  /** `--limit`, `-f`: every spelling. */
  names: string[];
  /** As help prints it: `-f, --format <format>`. */
  flags: string;
  description: string;
  takesValue: boolean;
  values: ValueSpec;
}

export interface CommandSpec {
  name: string;
  aliases: string[];
  description: string;
  /** Names from the root down: `['events', 'list']`; the root is `[]`. */
  path: string[];
  /** What follows the command's name in its usage line: `[options] <id-or-slug...>`. */
  usage: string;
  options: OptionSpec[];
  args: ValueSpec[];
  commands: CommandSpec[];
}

const ANY: ValueSpec = { kind: 'any' };
const HELP: OptionSpec = { names: ['-h', '--help'], flags: '-h, --help', description: 'show help', takesValue: false, values: ANY };

/** Values of the global options that commander itself does not restrict. */
const GLOBAL_VALUES: Record<string, ValueSpec> = {
  '--format': { kind: 'words', words: [...FORMATS] },
  '--lang': { kind: 'words', words: [...LANGUAGES] },
  '--profile': { kind: 'profiles' },
  '--ca-cert': { kind: 'files' },
};

const isResource = (name: string | undefined): name is ResourceName => name !== undefined && (RESOURCE_NAMES as string[]).includes(name);

/** The resource-table field behind a flag of `events list`, `venues create`, ... */
function fieldOf(path: string[], long: string): Field | undefined {
  const [group, verb] = path;
  if (!isResource(group)) return undefined;
  const r = resources[group];
  const fields = verb === 'list' ? r.listParams : verb === 'create' || verb === 'update' ? r.fields : [];
  const bare = long.replace(/^--(no-)?/, '');
  return fields.find((f) => flagName(f.name) === bare || (f.aliases ?? []).includes(bare));
}

function optionValues(path: string[], option: Option): ValueSpec {
  const long = option.long ?? '';
  if (option.argChoices) return { kind: 'words', words: [...option.argChoices] };
  if (path.length === 0 && GLOBAL_VALUES[long]) return GLOBAL_VALUES[long];
  const field = fieldOf(path, long);
  const words = field?.choices ?? field?.suggestions;
  if (words) return { kind: 'words', words: [...words], ...(field!.type === 'list' ? { list: true } : {}) };
  if (field?.relation && isResource(field.relation)) return { kind: 'ids', resource: field.relation, list: ['ids', 'terms', 'refs'].includes(field.type) };
  if (/<file\b/.test(option.flags)) return { kind: 'files' };
  if (path[0] === 'serve' && long === '--seed') return { kind: 'words', words: ['demo'] };
  return ANY;
}

function argumentValues(path: string[], argument: Argument): ValueSpec {
  if (argument.argChoices) return { kind: 'words', words: [...argument.argChoices] };
  const name = argument.name();
  if (name === 'id-or-slug' && isResource(path[0])) return { kind: 'ids', resource: path[0] };
  if (path[0] === 'profile' && path[1] !== 'add') return { kind: 'profiles' };
  if (name === 'resource') return { kind: 'words', words: [...RESOURCE_NAMES] };
  if (name === 'file') return { kind: 'files' };
  if (path[0] === 'api' && name === 'method') return { kind: 'words', words: [...METHODS] };
  if (path[0] === 'api' && name === 'path') return { kind: 'words', words: [...RESOURCE_NAMES.map((r) => `/${r}`), '/doc', '/wp-json/'] };
  return ANY;
}

function specOf(command: Command, path: string[]): CommandSpec {
  const options: OptionSpec[] = command.options
    .filter((o) => !o.hidden)
    .map((o) => ({
      names: [o.short, o.long].filter((n): n is string => Boolean(n)),
      flags: o.flags,
      description: o.description,
      takesValue: o.required || o.optional,
      values: o.required || o.optional ? optionValues(path, o) : ANY,
    }));
  const visible = command.commands.filter((c) => !(c as unknown as { _hidden: boolean })._hidden);
  const commands = visible.map((c) => specOf(c, [...path, c.name()]));
  if (path.length === 0 && commands.length > 0) {
    commands.push({
      name: 'help',
      aliases: [],
      description: 'show help for a command',
      path: ['help'],
      usage: '[command...]',
      options: [],
      args: [{ kind: 'words', words: commands.map((c) => c.name) }],
      commands: [],
    });
  }
  return {
    name: command.name(),
    aliases: command.aliases(),
    description: command.description(),
    path,
    usage: command.usage(),
    options: [
      ...options,
      HELP,
      ...(path.length === 0 ? [{ names: ['-V', '--version'], flags: '-V, --version', description: 'print the version', takesValue: false, values: ANY }] : []),
    ],
    args: command.registeredArguments.map((a) => argumentValues(path, a)),
    commands,
  };
}

/** The whole tree; options of the root apply everywhere (commander reads them after subcommands too). */
export function completionSpec(program: Command): CommandSpec {
  return specOf(program, []);
}

/** Every command of the tree, the root first. */
export function allCommands(spec: CommandSpec): CommandSpec[] {
  return [spec, ...spec.commands.flatMap(allCommands)];
}

/** Options of the root that are not also defined by `command` (its own win). */
export function inheritedOptions(root: CommandSpec, command: CommandSpec): OptionSpec[] {
  if (command.path.length === 0) return [];
  const own = new Set(command.options.flatMap((o) => o.names));
  return root.options.filter((o) => !o.names.some((n) => own.has(n)) && !o.names.includes('--version'));
}

/** Quotes for single-quoted shell strings. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** One line of help text, safe for any shell's quoting. */
export function oneLine(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
