/** Commands beyond the resource verbs. Each definition is cheap; its action is loaded when run. */
import { Command } from 'commander';
import type { ActionRunner } from './resource.js';
import { environmentHelp, examplesHelp } from './help.js';

export function extraCommands(run: ActionRunner): Command[] {
  const doc = new Command('doc')
    .description('show the API documentation served by the site (/doc): a summary, or the raw OpenAPI document with --json')
    .addHelpText('after', examplesHelp(['calendar doc', 'calendar doc --json > openapi.json']) + environmentHelp())
    .action(run(async () => (await import('./doc.js')).runDoc));

  const info = new Command('info')
    .description('show the namespace root: the routes and their parameters')
    .option('--context <context>', 'context of the description: view or edit')
    .addHelpText('after', examplesHelp(['calendar info', 'calendar info --json']) + environmentHelp())
    .action(run(async () => (await import('./doc.js')).runInfo));

  const serve = new Command('serve')
    .description('run the sandbox: a local server that behaves like a real calendar site')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <port>', 'port (0 picks a free one)', '8787')
    .option('--data <file>', 'keep the data in this JSON file (otherwise in memory)')
    .option('--seed <name>', 'fill an empty calendar with a dataset: demo')
    .option('--namespace <ns>', 'namespace to serve (default tribe/events/v1)')
    .option('--user <name>', 'user name for writes (env CALENDAR_SANDBOX_USER; default admin)')
    .option('--password <password>', 'application password for writes (env CALENDAR_SANDBOX_PASSWORD; random when not given)')
    .option('--timezone <zone>', 'site timezone (default America/New_York)')
    .addHelpText('after', examplesHelp(['calendar serve --seed demo', 'calendar serve --port 0 --data ./calendar.json --password secret']))
    .action(
      run(async () => async (command: Command) => {
        const { contextOf } = await import('./context-of.js');
        const ctx = contextOf(command);
        const { serve: serveSandbox } = await import('../sandbox/serve.js');
        const code = await serveSandbox(command.optsWithGlobals(), { stderr: ctx.stderr as NodeJS.WritableStream, env: ctx.env as NodeJS.ProcessEnv });
        if (code !== 0) {
          const { CliError } = await import('../errors.js');
          throw new CliError('', code as 1); // the sandbox has already said why
        }
      }),
    );

  return [doc, info, serve];
}
