/** `calendar <resource> edit`: definition only; the action and `yaml` load when run. */
import { Command } from 'commander';
import type { ActionRunner } from '../runner.js';
import type { Resource } from '../../../spec/resources.js';
import { DEMO_RECORD, environmentHelp, EVENT_COST_FORCE, examplesHelp, type EnvironmentList, ENVIRONMENT } from '../help/text.js';

const EDITOR_ENVIRONMENT: EnvironmentList = [...ENVIRONMENT, ['VISUAL, EDITOR', 'the editor to open (default vi)']];

export function editCommand(resource: Resource, run: ActionRunner): Command {
  const example = DEMO_RECORD[resource.name];
  const edit = new Command('edit')
    .argument('<id-or-slug>', `${resource.singular} ID or slug`)
    .description(`change ${resource.singular} fields in your editor ($VISUAL or $EDITOR) as YAML; sends only what changed`)
    .addHelpText(
      'after',
      examplesHelp([`calendar ${resource.name} edit ${example}`, `calendar ${resource.name} edit ${example} --format json`]) +
        environmentHelp(EDITOR_ENVIRONMENT),
    )
    .option('--dry-run', 'print the requests the saved form would send (--format json: the plan) instead of sending them')
    .action(run(async () => (await import('./actions.js')).runEdit.bind(null, resource)));
  if (resource.isEvent) edit.option('--force', EVENT_COST_FORCE);
  return edit;
}
