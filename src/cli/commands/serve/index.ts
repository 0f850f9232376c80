/** `calendar serve`: the sandbox as a server. Definition only; the action loads when run. */
import { Command } from 'commander';
import type { ActionRunner } from '../runner.js';
import { environmentHelp, examplesHelp, SERVE_ENVIRONMENT } from '../help/text.js';
import { DEFAULT_NAMESPACE } from '../../../spec/resources.js';

export function serveCommand(run: ActionRunner): Command {
  return new Command('serve')
    .description('run the sandbox: a local server that behaves like a real calendar site')
    .option('--host <host>', 'address to listen on (default 127.0.0.1)')
    .option('--port <port>', 'port to listen on (default 8787; 0 picks a free one)')
    .option('--data <file>', 'keep the data in this JSON file (otherwise in memory)')
    .option('--seed <name>', 'fill an empty calendar with a dataset: demo')
    .option('--namespace <ns>', `namespace to serve (default ${DEFAULT_NAMESPACE})`)
    .option('--no-tec-v1', "serve only the plugin's older API, as a site before The Events Calendar 6.15 (tec/v1 answers no route)")
    .option('--user <name>', 'user name for writes (env CALENDAR_SANDBOX_USER; default admin)')
    .option('--password <password>', 'application password for writes (env CALENDAR_SANDBOX_PASSWORD; random when not given)')
    .option('--timezone <zone>', 'site timezone (default America/New_York)')
    .option('--now <instant>', 'start the clock at this ISO 8601 instant (e.g. 2026-11-22T21:40:00Z); it then runs on')
    .option('--faults <spec>', 'inject faults: comma list of kind=rate, kinds reset, reset-after, 429, 500, 503, html, slow=MS:RATE (e.g. reset=0.1,429=5%)')
    .option('--faults-seed <n>', 'seed of the fault picker, for reproducible runs (default 1)')
    .option('--tls-cert <file>', 'serve HTTPS with this certificate (PEM); needs --tls-key')
    .option('--tls-key <file>', 'private key (PEM) of --tls-cert')
    .addHelpText(
      'after',
      examplesHelp(['calendar serve --seed demo', 'calendar serve --port 0 --data ./calendar.json --password secret']) + environmentHelp(SERVE_ENVIRONMENT),
    )
    .action(run(async () => (await import('./actions.js')).runServe));
}
