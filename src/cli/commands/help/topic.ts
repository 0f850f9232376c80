/**
 * `calendar help events list`: the help of the command the words name, as `calendar events list
 * --help` prints it. Commander's own help command reads one word, and answers a word it does not
 * know with the root's help and exit 0; a script or a person asking about a typo gets exit 2
 * and the nearest command here.
 */
import type { Command } from 'commander';
import { UsageError } from '../../../core/index.js';
import { closest } from '../../../base/closest.js';

const visible = (command: Command) => command.commands.filter((c) => !(c as unknown as { _hidden: boolean })._hidden);

/** Whether `argv` asks for help by topic: `help` as the first word. */
export const asksHelpTopic = (argv: string[]) => argv[0] === 'help';

/**
 * The arguments that show the help of the command `words` name (`['events', 'list', '--help']`),
 * or a usage error naming the nearest command to a word no command has.
 */
export function helpTopicArgv(program: Command, words: string[]): string[] {
  const path: string[] = [];
  let current = program;
  for (const word of words) {
    if (word.startsWith('-')) continue;
    const next = current.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next) {
      const here = ['calendar', ...path].join(' ');
      const nearest = closest(
        word,
        visible(current).flatMap((c) => [c.name(), ...c.aliases()]),
      );
      if (!current.commands.length) throw new UsageError(`no help topic '${[...path, word].join(' ')}': ${here} has no subcommands`, `See ${here} --help.`);
      const hint = nearest ? `Did you mean calendar help ${[...path, nearest].join(' ')}?` : `See ${here} --help for its commands.`;
      throw new UsageError(`no help topic '${[...path, word].join(' ')}': ${here} has no command '${word}'`, hint);
    }
    path.push(next.name());
    current = next;
  }
  return [...path, '--help'];
}
