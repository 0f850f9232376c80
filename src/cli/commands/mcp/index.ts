/** `calendar mcp`: the calendar as tools for AI assistants. Definition only; the action (and the SDK) load when run. */
import { Command } from 'commander';
import type { ActionRunner } from '../runner.js';
import { environmentHelp, examplesHelp } from '../help/text.js';

export function mcpCommand(run: ActionRunner): Command {
  return new Command('mcp')
    .description('serve the calendar to AI assistants (the Model Context Protocol, over stdio)')
    .option('--read-only', 'offer only the tools that read (list, get, agenda, conflicts, site_diff)')
    .addHelpText('after', examplesHelp(['calendar mcp', 'calendar mcp --read-only', 'calendar mcp --profile sandbox']) + environmentHelp())
    .action(run(async () => (await import('./actions.js')).runMcp));
}
