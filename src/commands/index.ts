/** Commands beyond the resource verbs. Each definition is cheap; its action is loaded when run. */
import { Command } from 'commander';
import type { ActionRunner } from './resource.js';
import { environmentHelp, examplesHelp, SERVE_ENVIRONMENT } from './help.js';
import { profileCommand } from './profile.js';
import { apiCommand } from './api.js';
import { completeCommand, completionCommand } from './completion.js';

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
    .option('--host <host>', 'address to listen on (default 127.0.0.1)')
    .option('--port <port>', 'port to listen on (default 8787; 0 picks a free one)')
    .option('--data <file>', 'keep the data in this JSON file (otherwise in memory)')
    .option('--seed <name>', 'fill an empty calendar with a dataset: demo')
    .option('--namespace <ns>', 'namespace to serve (default tribe/events/v1)')
    .option('--user <name>', 'user name for writes (env CALENDAR_SANDBOX_USER; default admin)')
    .option('--password <password>', 'application password for writes (env CALENDAR_SANDBOX_PASSWORD; random when not given)')
    .option('--timezone <zone>', 'site timezone (default America/New_York)')
    .option('--now <instant>', 'start the clock at this ISO 8601 instant (e.g. 2026-11-22T21:40:00Z); it then runs on')
    .option('--faults <spec>', 'inject faults: comma list of kind=rate, kinds reset, reset-after, 429, 500, 503, html, slow=MS:RATE (e.g. reset=0.1,429=5%)')
    .option('--faults-seed <n>', 'seed of the fault picker, for reproducible runs (default 1)')
    .option('--tls-cert <file>', 'serve HTTPS with this certificate (PEM); needs --tls-key')
    .option('--tls-key <file>', 'private key (PEM) of --tls-cert')
    .addHelpText('after', examplesHelp(['calendar serve --seed demo', 'calendar serve --port 0 --data ./calendar.json --password secret']) + environmentHelp(SERVE_ENVIRONMENT))
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

  const importCommand = new Command('import')
    .description('create (or with --upsert-by, update) records from a JSON array, NDJSON or CSV file; every record is checked before any is sent')
    .argument('<resource>', 'events, venues, organizers, categories or tags')
    .argument('<file>', 'file to read, or - for stdin')
    .option('--input-format <format>', 'json, ndjson or csv (default: from the file extension, or sniffed)')
    .option('--upsert-by <key>', 'update the existing record with the same slug, name or id instead of creating one')
    .option('--concurrency <n>', 'requests in flight at once (default 4)')
    .option('--dry-run', 'print what would be created or updated; send no write')
    .option('--fail-fast', 'stop at the first record that fails')
    .option('--force', 'let a venue or organizer whose name is taken be created anyway (the server then overwrites the existing one)')
    .option('--failed-to <file>', 'write the records that failed to this file, in the input format, to import again')
    .addHelpText(
      'after',
      examplesHelp([
        'calendar import venues venues.csv',
        'calendar import events events.ndjson --upsert-by slug --yes --failed-to failed.ndjson',
        'calendar export events | calendar import events - --upsert-by slug --yes',
      ]) + environmentHelp(),
    )
    .action(run(async () => (await import('./import.js')).runImport));

  const exportCommand = new Command('export')
    .description('write every record (past events and drafts too) in the shape import takes back: --format ndjson (default), json or csv')
    .argument('<resource>', 'events, venues, organizers, categories or tags')
    .addHelpText(
      'after',
      examplesHelp(['calendar export venues > venues.ndjson', 'calendar export events --format csv > events.csv']) + environmentHelp(),
    )
    .action(run(async () => (await import('./export.js')).runExport));

  return [doc, info, serve, profileCommand(run), apiCommand(run), completionCommand(run), completeCommand(run), importCommand, exportCommand];
}
