/** `calendar trust`: let a project file use the person's credentials (and run, if it is JavaScript). Definition only. */
import { Command } from 'commander';
import type { ActionRunner } from '../runner.js';
import { environmentHelp, examplesHelp, TRUST_ENVIRONMENT } from '../help/text.js';

export function trustCommand(run: ActionRunner): Command {
  return new Command('trust')
    .argument('[file]', 'project file (default: the nearest .calendarrc*, calendar.config.* or package.json#calendar from here upward)')
    .description('trust a project file as it is now: its sites get your credentials and its JavaScript runs (a change untrusts it)')
    .option('--list', 'list the trusted files and whether each is unchanged')
    .option('--revoke', 'stop trusting the file')
    .addHelpText(
      'after',
      examplesHelp([
        'calendar trust                      # the nearest project file, after reading it',
        'calendar trust --list',
        'calendar trust --revoke .calendarrc.json',
      ]) + environmentHelp(TRUST_ENVIRONMENT),
    )
    .action(run(async () => (await import('./actions.js')).runTrust));
}
