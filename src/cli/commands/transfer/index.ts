/** `calendar import` and `calendar export`: many records in and out. Definitions only; actions load when run. */
import { Command } from 'commander';
import type { ActionRunner } from '../runner.js';
import { exportFilterOptions } from '../resource/flags.js';
import { environmentHelp, examplesHelp } from '../help/text.js';

export function transferCommands(run: ActionRunner): Command[] {
  const importCommand = new Command('import')
    .description(
      'create (or with --upsert-by, update) records from a JSON array, NDJSON or CSV file; every record is checked ' +
        'before any is sent. Events also from an iCalendar file or feed URL, synced: a re-import updates what changed',
    )
    .argument('<resource>', 'events, venues, organizers, categories or tags')
    .argument('<file>', 'file to read, - for stdin, or (events) an iCalendar feed URL: http(s):// or webcal://')
    .option('--input-format <format>', 'json, ndjson, csv or ics (default: from the file extension, or sniffed)')
    .option('--delimiter <sep>', 'CSV cell separator: comma, semicolon, tab or one character (default: read from the header line)')
    .option('--upsert-by <key>', 'update the existing record with the same slug, name or id instead of creating one')
    .option('--concurrency <n>', 'requests in flight at once (default 4)')
    .option('--dry-run', 'print what would be created or updated; send no write')
    .option('--fail-fast', 'stop at the first record that fails')
    .option('--force', 'let a venue or organizer whose name is taken be created anyway (the server then overwrites the existing one)')
    .option('--failed-to <file>', 'write the records that failed to this file, in the input format, to import again')
    .option('--from <date>', 'iCalendar: expand recurring events from this day (default today)')
    .option('--until <date>', 'iCalendar: expand recurring events up to this day, excluded (default a year after --from)')
    .option('--max-occurrences <n>', 'iCalendar: at most this many events per recurring series (default 500)')
    .option('--timezone <zone>', 'iCalendar: zone for UTC and floating times (default the site zone)')
    .option('--include-private', 'iCalendar: import CLASS:PRIVATE/CONFIDENTIAL events as private events instead of skipping them')
    .option(
      '--create-missing',
      'create the venues, organizers, categories and tags the file or feed names that the site lacks (by name; an unknown ID still stops the import)',
    )
    .option('--prune', 'iCalendar: trash the events an earlier import of this feed made that it no longer has (asks; --yes off a terminal)')
    .addHelpText(
      'after',
      examplesHelp([
        'calendar export venues --format csv > venues.csv',
        'calendar import venues venues.csv --upsert-by slug --yes',
        'calendar export events > events.ndjson',
        'calendar import events events.ndjson --upsert-by slug --yes --failed-to failed.ndjson',
        'calendar export events | calendar import events - --upsert-by slug --yes',
        'calendar import events https://other.example.org/events/?ical=1 --create-missing --prune --yes',
      ]) + environmentHelp(),
    )
    .action(run(async () => (await import('./import.js')).runImport));

  const exportCommand = new Command('export')
    .description(
      'write every record (past events and drafts too) in the shape import takes back: --format ndjson (default), ' +
        'json or csv, events also ics; with --site, the whole calendar as one file for diff and apply',
    )
    .argument('[resource]', 'events, venues, organizers, categories or tags (left out with --site)')
    .option(
      '--site',
      'the whole calendar in one document: --format yaml (default) or json; the list filters narrow its events (venues, organizers and terms stay whole)',
    )
    .option('--resources <list>', 'with --site: only these resources, e.g. venues,organizers');
  for (const option of exportFilterOptions()) exportCommand.addOption(option);
  exportCommand
    .addHelpText(
      'after',
      examplesHelp([
        'calendar export venues > venues.ndjson',
        'calendar export events --categories music --start-date 2027-01-01 > music-2027.ndjson',
        'calendar export events --format csv > events.csv',
        'calendar export --site > calendar.yaml',
        'calendar export --site --categories music --start-date 2027-01-01 > music.yaml',
        'calendar export --site --profile staging | calendar apply - --profile production',
      ]) + environmentHelp(),
    )
    .action(run(async () => (await import('./export.js')).runExport));

  return [importCommand, exportCommand];
}
