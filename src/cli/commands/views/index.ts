/** The views of the calendar: agenda, week and month. Definitions only; actions load when run. */
import { Command } from 'commander';
import type { ActionRunner } from '../runner.js';
import { resources } from '../../../spec/resources.js';
import { fieldOptions } from '../resource/flags.js';
import { environmentHelp, examplesHelp } from '../help/text.js';
import { CONFLICT_FILTER_NAMES, VIEW_FILTER_NAMES } from './filters.js';

/** The events list's filters a view takes, and the zone it is shown in. */
function addViewOptions(command: Command, filters: readonly string[] = VIEW_FILTER_NAMES): Command {
  for (const field of resources.events.listParams.filter((p) => filters.includes(p.name))) {
    for (const option of fieldOptions(field)) command.addOption(option);
  }
  return command.option('--timezone <zone>', "show the times in this zone (default: the profile's, else the site's)");
}

function gridCommand(name: 'week' | 'month', run: ActionRunner): Command {
  const command = new Command(name)
    .argument(
      '[date]',
      name === 'month'
        ? 'the month to show, YYYY-MM, or a day in it (default today; YYYY-MM-DD, next month, +30d...)'
        : 'a day of the week to show (default today; YYYY-MM-DD or today, tomorrow, +7d...)',
    )
    .description(`the events of a ${name} as a grid of days, 7 columns fitted to the terminal`)
    .option('--width <columns>', "width of the grid, at least 80 (default: the terminal's; a terminal narrower than 80 gets the days as a list)")
    .option('--week-start <day>', 'first day of the week: monday or sunday (default: from the locale)');
  addViewOptions(command).addHelpText(
    'after',
    examplesHelp([
      `calendar ${name}`,
      `calendar ${name} ${name === 'week' ? '+7d' : '2027-06'} --week-start sunday`,
      `calendar ${name} --categories music --width 120`,
      `calendar ${name} --format json`,
    ]) + environmentHelp(),
  );
  return command.action(run(async () => (await import('./grid.js')).runGrid.bind(null, name)));
}

export function viewCommands(run: ActionRunner): Command[] {
  const agenda = new Command('agenda')
    .argument('[from]', 'first day (default today; YYYY-MM-DD or today, tomorrow, +7d...)')
    .argument('[to]', 'last day (default 7 days after the first)')
    .description('the events of the coming days, grouped by day');
  addViewOptions(agenda).addHelpText(
    'after',
    examplesHelp([
      'calendar agenda',
      'calendar agenda tomorrow +14d',
      'calendar agenda 2027-06-01 2027-06-30 --venue riverside-hall',
      'calendar agenda --timezone Europe/Paris --format ndjson',
    ]) + environmentHelp(),
  );
  agenda.action(run(async () => (await import('./agenda.js')).runAgenda));
  return [agenda, gridCommand('week', run), gridCommand('month', run), browseCommand(run)];
}

/** `events conflicts`, a verb of the events group. */
export function conflictsCommand(run: ActionRunner): Command {
  const command = new Command('conflicts')
    .argument('[from]', 'first day (default today; YYYY-MM-DD or today, tomorrow, +7d...)')
    .argument('[to]', 'last day (default 30 days after the first)')
    .description('events at the same venue whose times overlap, in pairs; with --organizer, that organizer in two places at once')
    .option('--exit-code', 'exit 7 when conflicts are found, as git diff --exit-code does');
  addViewOptions(command, CONFLICT_FILTER_NAMES).addHelpText(
    'after',
    examplesHelp([
      'calendar events conflicts',
      'calendar events conflicts 2027-06-01 2027-08-31 --venue riverside-hall',
      'calendar events conflicts --organizer hudson-jazz-society',
      'calendar events conflicts +1d +90d --exit-code',
    ]) + environmentHelp(),
  );
  return command.action(run(async () => (await import('./conflicts.js')).runConflicts));
}

export function browseCommand(run: ActionRunner): Command {
  return new Command('browse')
    .description("open the site's calendar page in the browser (prints its URL where there is no desktop)")
    .addHelpText('after', examplesHelp(['calendar browse', 'calendar browse --profile prod']) + environmentHelp())
    .action(run(async () => (await import('./browse.js')).runBrowse));
}
