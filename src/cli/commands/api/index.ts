/** `calendar api METHOD PATH`: the raw escape hatch. Definition only; the action loads when run. */
import { Command } from 'commander';
import type { ActionRunner } from '../runner.js';
import { environmentHelp, examplesHelp } from '../help/text.js';

import { METHODS } from '../../../core/index.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function apiCommand(run: ActionRunner): Command {
  return new Command('api')
    .description("send any request to the site and print the response body (paths are relative to the profile's namespace unless they start with one)")
    .argument('<method>', `HTTP method: ${METHODS.join(', ')}`)
    .argument(
      '<path>',
      "path under the profile's namespace (/venues, events/12), or from the REST root when it starts with a " +
        'namespace (/wp/v2/types, /tec/v1/events) or /wp-json',
    )
    .option('-f, --raw-field <key=value>', 'a string parameter (repeatable); key[]=v builds a list', collect)
    .option('-F, --field <key=value>', "a typed parameter (repeatable): numbers, true, false, null, @file for a file's contents, @- for stdin", collect)
    .option('--input <file|->', 'send this file (or stdin) as the JSON request body; -f/-F then go in the query string')
    .option('-i, --include', 'print the status line and the response headers before the body')
    .addHelpText(
      'after',
      `\nParameters go in the query string for GET, HEAD, OPTIONS and DELETE, and in a\nJSON body otherwise. A ` +
        `status of 400 or more exits like other commands (1, 3 not\nfound, 4 auth, 5 server error); the body is ` +
        `printed anyway.\n` +
        examplesHelp([
          'calendar api GET /events -F per_page=2',
          'calendar api -i GET /venues',
          'calendar api POST /tags -f name=Rainproof',
          'calendar api GET /wp-json/',
          'calendar api GET /wp/v2/tribe_events -F per_page=2',
          'echo \'{"name":"Indoors"}\' | calendar api POST /tags --input -',
        ]) +
        environmentHelp(),
    )
    .action(run(async () => (await import('./actions.js')).runApi));
}
