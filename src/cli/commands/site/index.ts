/** `calendar diff` and `calendar apply`: the calendar as a file. Definitions only; actions load when run. */
import { Command } from 'commander';
import type { ActionRunner } from '../runner.js';
import { environmentHelp, examplesHelp } from '../help/text.js';

export function siteCommands(run: ActionRunner): Command[] {
  const diffCommand = new Command('diff')
    .description("what apply would change: a site file against the site, or one profile's site against another's (read-only)")
    .argument('[file]', "site file (YAML or JSON) to compare with the current profile's site, or - for stdin")
    .option('--from <profile>', "compare this profile's site...")
    .option('--to <profile>', "...with this one's: what applying the first to the second would change")
    .option('--prune', 'show the records the site has and the file lacks, as removals')
    .option('--exit-code', 'exit 7 when there are differences (as git diff --exit-code)')
    .addHelpText(
      'after',
      examplesHelp([
        'calendar export --site > calendar.yaml',
        'calendar diff calendar.yaml',
        'calendar diff --from staging --to production --prune',
        'calendar diff calendar.yaml --exit-code --format json',
      ]) + environmentHelp(),
    )
    .action(run(async () => (await import('./diff.js')).runDiff));

  const applyCommand = new Command('apply')
    .description('make the site match a site file: create, update only what changed, and with --prune remove what the file lacks')
    .argument('<file>', 'site file (YAML or JSON), or - for stdin')
    .option('--prune', 'remove the records the file lacks: events, venues, organizers to the trash; categories and tags deleted for good')
    .option('--dry-run', 'print the plan; send no write')
    .option('--concurrency <n>', 'requests in flight at once (default 4)')
    .option('--digest <hex>', 'apply only if the plan is still the one of this digest (diff --format json gives it); else exit 2, nothing sent')
    .addHelpText(
      'after',
      examplesHelp([
        'calendar export --site > calendar.yaml',
        'calendar apply calendar.yaml --dry-run',
        'calendar apply calendar.yaml',
        'calendar export --site --profile staging | calendar apply - --profile production --prune --yes',
      ]) + environmentHelp(),
    )
    .action(run(async () => (await import('./apply.js')).runApply));

  return [diffCommand, applyCommand];
}
