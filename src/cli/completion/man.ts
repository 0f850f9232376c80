/**
 * The manual page, calendar(1), in roff (man(7) macros), read off the same command tree as the
 * help pages and the completion scripts: every command with its usage, options and examples.
 */
import type { CommandSpec, OptionSpec } from './spec.js';
import { allCommands } from './spec.js';

export interface ManPageText {
  /** `events-calendar-cli 0.1.0`, in the page's footer. */
  source: string;
  /** One line: what the program does. */
  summary: string;
  /** The examples a command's help shows. */
  examplesOf(command: CommandSpec): string[];
  environment: ReadonlyArray<readonly [string, string]>;
  exitCodes: ReadonlyArray<readonly [number, string]>;
  files: ReadonlyArray<readonly [string, string]>;
}

/** Text made safe for roff: backslashes, a leading dot or quote (a request), hyphens of options. */
export function roff(text: string): string {
  return text
    .replace(/\\/g, '\\e')
    .replace(/-/g, '\\-')
    .replace(/^([.'])/gm, '\\&$1');
}

/** `.TP` paragraphs: the term in bold, its description under it. */
function termList(rows: ReadonlyArray<readonly [string, string]>): string[] {
  return rows.flatMap(([term, description]) => ['.TP', `.B ${roff(term)}`, roff(description)]);
}

/** Each option once (the tree's root names --version twice: commander's and the completions'). */
function optionRows(options: OptionSpec[]): Array<[string, string]> {
  const rows = new Map(options.map((o) => [o.flags, o.description]));
  return [...rows];
}

function commandSection(command: CommandSpec, text: ManPageText): string[] {
  const name = ['calendar', ...command.path].join(' ');
  const lines = [`.SS "${roff(name)}"`, `.B ${roff(name)}`, roff(command.usage), '.PP', roff(command.description)];
  const own = command.options.filter((o) => !o.names.includes('--help'));
  if (own.length) lines.push('.RS', ...termList(optionRows(own)), '.RE');
  const examples = text.examplesOf(command);
  if (examples.length) lines.push('.PP', 'Examples:', '.RS', '.nf', ...examples.map((e) => `$ ${roff(e)}`), '.fi', '.RE');
  return lines;
}

export function manPage(root: CommandSpec, text: ManPageText): string {
  const commands = allCommands(root).filter((c) => c.path.length > 0 && c.commands.length === 0);
  const groups = root.commands.filter((c) => c.commands.length > 0).map((c) => c.name);
  return [
    `.TH CALENDAR 1 "" "${roff(text.source)}" "User Commands"`,
    '.SH NAME',
    `calendar \\- ${roff(text.summary)}`,
    '.SH SYNOPSIS',
    '.B calendar',
    '[\\fIglobal options\\fR] \\fIcommand\\fR [\\fIverb\\fR] [\\fIoptions\\fR] [\\fIarguments\\fR]',
    '.br',
    '.B calendar help',
    '\\fIcommand\\fR [\\fIverb\\fR]',
    '.SH DESCRIPTION',
    roff(root.description),
    '.PP',
    roff('With no site configured, every command runs on a built-in sandbox calendar seeded with demo data; `calendar profile add` names a real site.'),
    '.PP',
    roff(`Commands with verbs: ${groups.join(', ')}. Every command takes the global options; --help after any command prints its help.`),
    '.SH GLOBAL OPTIONS',
    ...termList(optionRows(root.options.filter((o) => !o.names.includes('--help')))),
    '.SH COMMANDS',
    ...commands.flatMap((c) => commandSection(c, text)),
    '.SH ENVIRONMENT',
    ...termList(text.environment),
    '.SH FILES',
    ...termList(text.files),
    '.SH EXIT STATUS',
    ...termList(text.exitCodes.map(([code, meaning]) => [String(code), meaning])),
    '.SH SEE ALSO',
    roff('calendar help COMMAND, calendar COMMAND --help; the README of events-calendar-cli.'),
    '',
  ].join('\n');
}
