/** `calendar profile ...`: definitions only; the actions load when run. */
import { Command } from 'commander';
import type { ActionRunner } from '../runner.js';
import { environmentHelp, examplesHelp, PROFILE_ENVIRONMENT } from '../help/text.js';

export function profileCommand(run: ActionRunner): Command {
  const actions = () => import('./actions.js');
  const profile = new Command('profile')
    .description('add, list, show, select and remove site profiles (kept in the user config file)')
    .addHelpText(
      'after',
      examplesHelp(['calendar profile list', 'calendar profile add mysite --url https://example.org', 'calendar profile use sandbox']) + environmentHelp(),
    );

  profile
    .command('add')
    .argument('<name>', 'name of the new profile (letters, digits, . _ -)')
    .description("find a site's REST API, check the credentials, and save them as a profile")
    .requiredOption('--url <url>', 'site address (https://example.org) or REST root (https://example.org/wp-json, https://example.org/?rest_route=/)')
    .option('--username <name>', 'WordPress user name for writes')
    .option('--app-password-stdin', 'read the application password from stdin and store it in the (private) config file')
    .option('--app-password-env <name>', 'read the application password from this environment variable at run time (nothing secret is stored)')
    .option('--app-password-command <cmd>', 'run this command to print the application password at run time (nothing secret is stored)')
    .option('--api <api>', 'send updates through tec (tec/v1, found by default where the site has it) or tribe (tribe/events/v1 only)')
    .option('--default', 'make it the default profile (the first profile always is)')
    .option('--force', 'replace a profile of the same name')
    .addHelpText(
      'after',
      examplesHelp([
        'calendar serve --port 8787 --password secret &   # a site to try it on',
        "printf '%s\\n' secret | calendar profile add local --url http://127.0.0.1:8787 --username admin --app-password-stdin",
        'calendar profile add prod --url https://example.org --username editor --app-password-env PROD_APP_PASSWORD',
        "calendar profile add prod --url https://example.org/?rest_route=/ --username editor --app-password-command 'pass show wp/prod'",
      ]) + environmentHelp(PROFILE_ENVIRONMENT),
    )
    .action(run(async () => (await actions()).runProfileAdd));

  profile
    .command('list')
    .alias('ls')
    .description('list the profiles (* marks the one used without --profile); the built-in sandbox is always there')
    .addHelpText('after', examplesHelp(['calendar profile list', 'calendar profile list --json']) + environmentHelp(PROFILE_ENVIRONMENT))
    .action(run(async () => (await actions()).runProfileList));

  profile
    .command('show')
    .argument('[name]', 'profile to show (default: the one in use)')
    .description('show the settings of a profile; secrets are masked')
    .addHelpText('after', examplesHelp(['calendar profile show', 'calendar profile show sandbox --json']) + environmentHelp(PROFILE_ENVIRONMENT))
    .action(run(async () => (await actions()).runProfileShow));

  profile
    .command('use')
    .argument('<name>', 'profile to use by default')
    .description('make a profile the default (saved as defaultProfile in the user config file)')
    .addHelpText('after', examplesHelp(['calendar profile use sandbox']) + environmentHelp(PROFILE_ENVIRONMENT))
    .action(run(async () => (await actions()).runProfileUse));

  profile
    .command('remove')
    .alias('rm')
    .argument('<name>', 'profile to remove')
    .description('remove a profile from the user config file')
    .addHelpText('after', examplesHelp(['calendar profile remove old-site']) + environmentHelp(PROFILE_ENVIRONMENT))
    .action(run(async () => (await actions()).runProfileRemove));

  return profile;
}
