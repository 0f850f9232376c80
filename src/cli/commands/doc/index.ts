/** `calendar doc` and `calendar info`: what the site says about its API. Definitions only; actions load when run. */
import { Command } from 'commander';
import type { ActionRunner } from '../runner.js';
import { environmentHelp, examplesHelp } from '../help/text.js';

export function docCommands(run: ActionRunner): Command[] {
  const doc = new Command('doc')
    .description('show the API documentation served by the site (/doc): a summary, or the raw OpenAPI document with --json')
    .addHelpText('after', examplesHelp(['calendar doc', 'calendar doc --json > openapi.json']) + environmentHelp())
    .action(run(async () => (await import('./actions.js')).runDoc));

  const info = new Command('info')
    .description('show the namespace root: the routes and their parameters')
    .option('--context <context>', 'context of the description: view or edit')
    .addHelpText('after', examplesHelp(['calendar info', 'calendar info --json']) + environmentHelp())
    .action(run(async () => (await import('./actions.js')).runInfo));

  return [doc, info];
}
