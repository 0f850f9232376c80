/**
 * Builds the command tree and maps every failure to one line on stderr and an exit code.
 * Only commander and the resource table are loaded up front; actions load what they use.
 */
import { hintOf } from './output/write-hints.js';
import { Command, CommanderError, Option } from 'commander';
import { CalendarError, type Context, EXIT, speaking, versionLine } from '../core/index.js';
import { processContext } from './process-context.js';
import { DEFAULT_NAMESPACE, FORMATS, LANGUAGES } from '../spec/resources.js';
import { Ui } from './output/ui.js';
import { attachContext } from './commands/context-of.js';
import { runAction } from './commands/runner.js';
import { COMMAND_GROUPS } from './commands/index.js';
import { environmentHelp, OVERVIEW } from './commands/help/text.js';
import { asksHelpTopic, helpTopicArgv } from './commands/help/topic.js';
import { keptOutput, readHabits, type Habits } from './gh-habits.js';
import { visible, visibleOn } from './output/visible.js';

const run = runAction;

/**
 * The program, with every command, or with `argv` only the group its command word names (and
 * of a resource, only the verb named next): building all of them costs more than most commands'
 * own work. A word that names no command (a typo, `help`) gets everything at its level, so
 * that suggestions and help see it all.
 */
export function buildProgram(ctx: Context, argv?: string[]): Command {
  const program = new Command('calendar')
    .description('Manage an events calendar (The Events Calendar for WordPress) through its REST API.')
    .version(versionLine(), '-V, --version', 'print the version')
    .option('--profile <name>', 'configuration profile to use (env CALENDAR_PROFILE)')
    .option('--base-url <url>', "the site's REST root (https://example.org/wp-json) or address (https://example.org; env CALENDAR_BASE_URL)")
    .option('--namespace <ns>', `API namespace (default ${DEFAULT_NAMESPACE}; env CALENDAR_NAMESPACE)`)
    .addOption(new Option('--lang <code>', `language of the content, sent as i18n_language (${LANGUAGES.join(', ')}; env CALENDAR_LANG)`))
    .addOption(new Option('--format <format>', `output format: ${FORMATS.join(', ')} (default table)`))
    .option('--json', "same as --format json; gh's --json id,title is --format json --fields id,title")
    .option('--jq <expression>', 'filter the JSON output with jq (as gh --jq; strings print raw); implies --format json')
    .option('--fields <list>', 'fields or dot paths to print, comma-separated (e.g. id,title,venue.venue)')
    .option('--no-color', 'no colour (also NO_COLOR)')
    .option('--debug', 'log each request on stderr (credentials are never shown)')
    .option('-y, --yes', 'do not ask before destructive actions')
    .option('--timeout <seconds>', 'time allowed for each request (default 30)')
    .option('--retries <n>', 'retries of idempotent requests on network errors, 429 and 5xx (default 3)')
    .option('--ca-cert <file>', 'trust this CA certificate (PEM) for HTTPS sites')
    .addHelpText('after', environmentHelp())
    .showSuggestionAfterError(true)
    .exitOverride();
  attachContext(program, ctx);
  const [word, verb] = argv === undefined ? [] : leadingWords(program, argv);
  const named = COMMAND_GROUPS.find((g) => word !== undefined && g.names.includes(word) && !g.needsWholeTree);
  for (const group of named ? [named] : COMMAND_GROUPS) for (const command of group.build(run, named && verb)) program.addCommand(command);
  const output = { writeOut: (text: string) => ctx.stdout.write(text), writeErr: (text: string) => ctx.stderr.write(text), outputError: () => undefined };
  const configure = (command: Command) => {
    // A verb's help lists the options of the root it takes too (--format, --fields, --profile...).
    command.exitOverride().configureOutput(output).showSuggestionAfterError(true).configureHelp({ showGlobalOptions: true });
    command.commands.forEach(configure);
  };
  configure(program);
  return program;
}

/**
 * The first two command words of `argv` (the group's and the verb's), options and their values
 * skipped, up to `--` or a help flag: help asked for before a word is about every command under it.
 */
function leadingWords(program: Command, argv: string[]): string[] {
  const words: string[] = [];
  for (let i = 0; i < argv.length && words.length < 2; i++) {
    const word = argv[i];
    if (word === '--' || word === '-h' || word === '--help') break;
    if (!word.startsWith('-') || word === '-') {
      words.push(word);
      continue;
    }
    const option = program.options.find((o) => o.long === word || o.short === word);
    // As commander reads them: `--format json` takes the next word, an optional value only one that is no option.
    const next = argv[i + 1];
    if (option?.required || (option?.optional && next !== undefined && !next.startsWith('-'))) i++;
  }
  return words;
}

/**
 * The command path the user typed before the unknown word: `calendar profile`. Options and
 * their values are stepped over (`calendar --profile x events list --bogus`).
 */
function commandPath(program: Command, argv: string[]): string[] {
  return typedCommand(program, argv).path;
}

/** The command the user typed, and its path. */
function typedCommand(program: Command, argv: string[]): { command: Command; path: string[] } {
  const path = ['calendar'];
  let current = program;
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (word === '--') break;
    if (word.startsWith('-') && word !== '-') {
      const option = [current, program].flatMap((c) => c.options).find((o) => o.long === word || o.short === word);
      if (option?.required || (option?.optional && argv[i + 1] !== undefined && !argv[i + 1].startsWith('-'))) i++;
      continue;
    }
    const next = current.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next) break;
    path.push(next.name());
    current = next;
  }
  return { command: current, path };
}

/**
 * The options an option cut short names the start of (`--start` for `--start-date`): commander
 * suggests by spelling distance, which prefers `--status` there.
 */
function optionsStartingWith(program: Command, argv: string[], typed: string): string[] {
  if (!/^--[a-z][a-z-]{2,}$/.test(typed)) return [];
  const { command } = typedCommand(program, argv);
  const longs = [command, program].flatMap((c) => c.options).map((o) => o.long);
  return [...new Set(longs.filter((long): long is string => long?.startsWith(typed) === true && long !== typed && !long.startsWith('--no-')))];
}

const didYouMean = (options: string[]) => `Did you mean ${options.length > 1 ? `one of: ${options.join(', ')}` : options[0]}?`;

/** Turns a commander parse error into our one-line message (typos get the nearest command). */
function usageMessage(err: CommanderError, program: Command, argv: string[]): { message: string; hint?: string } {
  const [first, ...rest] = err.message.replace(/^error: /, '').split('\n');
  const suggestion = /^\(Did you mean (?:one of )?(.*)\?\)$/.exec(rest.find((l) => l.startsWith('(Did you mean')) ?? '');
  // What other tools call the version: -v, --v, `version`.
  if (/^unknown (option '(-v|--v)'|command 'version')$/.test(first)) return { message: first, hint: 'Did you mean calendar --version (or -V)?' };
  // gh's `--json FIELD`: one field name reads as an argument (two or more work, see gh-habits.ts).
  const afterJson = argv[argv.indexOf('--json') + 1];
  if (err.code === 'commander.excessArguments' && argv.includes('--json') && afterJson !== undefined && /^[\w.]+$/.test(afterJson)) {
    return { message: first, hint: `--json takes no field name here: for JSON with only that field use --fields ${afterJson} --format json.` };
  }
  const cutShort = err.code === 'commander.unknownOption' ? optionsStartingWith(program, argv, /'([^']*)'/.exec(first)?.[1] ?? '') : [];
  if (cutShort.length) return { message: first, hint: didYouMean(cutShort) };
  if (!suggestion) return { message: first, hint: `See ${commandPath(program, argv).join(' ')} --help.` };
  const prefix = err.code === 'commander.unknownCommand' ? `${commandPath(program, argv).join(' ')} ` : '';
  return { message: first, hint: didYouMean(suggestion[1].split(', ').map((s) => `${prefix}${s}`)) };
}

/** Runs the command line; the core's messages name options as this CLI's flags (src/core/words.ts). */
export function main(argv: string[], ctx: Context = processContext()): Promise<number> {
  return speaking('cli', () => runMain(argv, ctx));
}

async function runMain(argv: string[], ctx: Context): Promise<number> {
  const debug = argv.includes('--debug');
  const ui = new Ui(ctx, { noColor: argv.includes('--no-color') });
  if (argv.length === 0) {
    ctx.stdout.write(OVERVIEW);
    return EXIT.ok;
  }
  let habits: Habits;
  try {
    habits = readHabits(argv);
  } catch (err) {
    ui.error((err as CalendarError).message, (err as CalendarError).hint);
    return EXIT.usage;
  }
  if (habits.jq !== undefined) return filtered(habits.jq, habits.argv, ctx, ui, debug);
  return runCommand(habits.argv, ctx, ui, debug);
}

/** Runs the command with its output kept, then prints what the jq filter makes of it. */
async function filtered(filter: string, argv: string[], ctx: Context, ui: Ui, debug: boolean): Promise<number> {
  const { checkJqFilter, runJq } = await import('./output/jq.js');
  try {
    await checkJqFilter(filter);
  } catch (err) {
    ui.error((err as CalendarError).message, (err as CalendarError).hint);
    return EXIT.usage;
  }
  const kept = keptOutput(ctx);
  const code = await runCommand(argv, kept.ctx, ui, debug);
  try {
    ctx.stdout.write(visibleOn(ctx.stdout, await runJq(kept.text(), filter)));
  } catch (err) {
    ui.error((err as CalendarError).message);
    return code === EXIT.ok ? (err as CalendarError).exitCode : code;
  }
  return code;
}

async function runCommand(argv: string[], ctx: Context, ui: Ui, debug: boolean): Promise<number> {
  let program = buildProgram(ctx, argv);
  try {
    if (asksHelpTopic(argv)) {
      argv = helpTopicArgv(program, argv.slice(1));
      program = buildProgram(ctx, argv);
    }
    await program.parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.exitCode === 0 || err.code === 'commander.helpDisplayed' || err.code === 'commander.version') return EXIT.ok;
      if (err.code === 'commander.help') return EXIT.ok;
      const { message, hint } = usageMessage(err, program, argv);
      ui.error(message, hint);
      return EXIT.usage;
    }
    if (err instanceof CalendarError) {
      if (err.message) ui.error(err.message, hintOf(err));
      if (debug && err.stack) ctx.stderr.write(visible(`${err.stack}\n`));
      return err.exitCode;
    }
    const e = err as Error;
    ui.error(`unexpected error: ${e?.message ?? String(err)}`, debug ? undefined : 'Run again with --debug for details.');
    if (debug && e?.stack) ctx.stderr.write(visible(`${e.stack}\n`));
    return EXIT.refused;
  }
}
