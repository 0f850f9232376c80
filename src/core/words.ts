/**
 * How the core names an option in a message, said once for every face. The core writes
 * `option('per_page')` (the option by its API name: the table's, else the library's in snake case)
 * into the text; that leaves a marker, which each face renders in its own words:
 * - the CLI as its flag: `--per-page`, `--no-keep-duration` for `option('keep_duration', false)`,
 *   `--upsert-by name` for `option('upsert_by', 'name')`, `--series` for `option('scope', 'series')`;
 * - the library as its option: `per_page` (a table name), `keepDuration: false`, `upsertBy: "name"`,
 *   `links.tags.add` for `option('add_tags')`;
 * - an MCP tool as its argument: `per_page`, `keep_duration: false`, `confirm: true` for `option('yes')`.
 * A CalendarError keeps the text with its markers; its `message` and `hint`, and the notices a
 * Calendar gives `onMessage`, are said in the words of the face the call runs in: the library's,
 * unless a face runs its work in `speaking('cli' | 'tool', ...)` (the CLI's main, each MCP tool call).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { resources } from '../spec/resources.js';

export type Face = 'cli' | 'library' | 'tool';

type OptionValue = string | number | boolean;

const OPEN = '\u{E000}';
const CLOSE = '\u{E001}';
const MARKER = /\u{E000}([^\u{E001}]*)\u{E001}/gu;

/** An option named in a message: a marker each face renders (see above). */
export function option(name: string, value?: OptionValue): string {
  return `${OPEN}${JSON.stringify(value === undefined ? [name] : [name, value])}${CLOSE}`;
}

/** Names of the resource table's fields and filters, which the library takes as they are (`start_date`). */
const TABLE_NAMES = new Set(Object.values(resources).flatMap((resource) => [...resource.fields, ...resource.listParams].map((field) => field.name)));

/** CLI flags that are not the option's name with dashes. */
const CLI_FLAGS: Record<string, string> = { language: '--lang' };
/** Library options that are not the option's name in camel case. */
const LIBRARY_NAMES: Record<string, string> = { input_format: 'format' };
/** Tool arguments that are not the option's name. */
const TOOL_ARGUMENTS: Record<string, string> = { yes: 'confirm' };

/** The library's name of an option: a table name as it is, a list change under `links`, else in camel case. */
function libraryName(name: string): string {
  if (TABLE_NAMES.has(name)) return name;
  if (LIBRARY_NAMES[name]) return LIBRARY_NAMES[name];
  const change = /^(add|remove)_(.+)$/.exec(name);
  if (change && TABLE_NAMES.has(change[2])) return `links.${change[2]}.${change[1]}`;
  return name.replace(/_([a-z0-9])/g, (_underscore, letter: string) => letter.toUpperCase());
}

function rendered(face: Face, name: string, value: OptionValue | undefined): string {
  if (face === 'cli') {
    if (name === 'scope' && typeof value === 'string') return `--${value}`;
    const flag = CLI_FLAGS[name] ?? `--${name.replace(/_/g, '-')}`;
    if (value === false) return `--no-${flag.slice(2)}`;
    return value === undefined || value === true ? flag : `${flag} ${value}`;
  }
  const said = face === 'tool' ? (TOOL_ARGUMENTS[name] ?? name) : libraryName(name);
  if (face === 'tool' && TOOL_ARGUMENTS[name]) value ??= true;
  return value === undefined ? said : `${said}: ${JSON.stringify(value)}`;
}

/** The text with each option named as the face names it. */
export function inWords(text: string, face: Face): string {
  return text.replace(MARKER, (_marker, json: string) => {
    const [name, value] = JSON.parse(json) as [string, OptionValue?];
    return rendered(face, name, value);
  });
}

/** The options a text names, by their API names, in order, once each. */
export function optionsNamed(text: string): string[] {
  return [...new Set([...text.matchAll(MARKER)].map((match) => (JSON.parse(match[1]) as [string])[0]))];
}

const speaker = new AsyncLocalStorage<Face>();

/** Runs the work with the core's texts said in the face's words. */
export function speaking<T>(face: Face, work: () => T): T {
  return speaker.run(face, work);
}

/** The text in the words of the face the call runs in (the library's by default). */
export function said(text: string): string {
  return inWords(text, speaker.getStore() ?? 'library');
}
