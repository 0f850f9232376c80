/** `calendar __man`: the manual page, written at build time to man/calendar.1 (scripts/build.mjs). */
import type { Command } from 'commander';
import type { Invocation } from '../runner.js';
import { completionSpec, type CommandSpec } from '../../completion/spec.js';
import { manPage } from '../../completion/man.js';
import { ENVIRONMENT, examplesIn, helpAfterText, PROFILE_ENVIRONMENT, SERVE_ENVIRONMENT, TRUST_ENVIRONMENT } from '../help/text.js';
import { EXIT, PACKAGE_NAME, VERSION } from '../../../core/index.js';

const EXIT_MEANINGS: ReadonlyArray<readonly [number, string]> = [
  [EXIT.ok, 'success'],
  [EXIT.refused, 'the server refused (a 4xx other than below, or a WordPress error), or a confirmation was answered no'],
  [EXIT.usage, 'usage or validation error, found before any request was sent'],
  [EXIT.notFound, 'not found, or already in the trash'],
  [EXIT.auth, 'authentication or permission'],
  [EXIT.network, 'network error, timeout, or server error after retries'],
  [EXIT.partial, 'a bulk operation finished with some records failed'],
  [EXIT.differences, 'differences or conflicts found, only when asked with --exit-code'],
  [EXIT.interrupted, 'interrupted by Ctrl-C or SIGTERM'],
];

const FILES: ReadonlyArray<readonly [string, string]> = [
  ['~/.config/calendar/config.json', 'profiles: sites and their credentials ($XDG_CONFIG_HOME/calendar)'],
  ['~/.config/calendar/trust.json', 'project configuration files trusted with calendar trust'],
  ['~/.local/share/calendar/sandbox.json', 'the built-in sandbox calendar ($XDG_DATA_HOME/calendar)'],
  ['.calendarrc.json, calendar.config.json, package.json#calendar', "a project's configuration, found from the current folder up"],
];

/** The command a spec was read from. */
function commandAt(program: Command, path: string[]): Command | undefined {
  let command: Command | undefined = program;
  for (const name of path) command = command?.commands.find((c) => c.name() === name);
  return command;
}

export function manPageOf(program: Command): string {
  const environment = new Map([...ENVIRONMENT, ...PROFILE_ENVIRONMENT, ...TRUST_ENVIRONMENT, ...SERVE_ENVIRONMENT]);
  return manPage(completionSpec(program), {
    source: `${PACKAGE_NAME} ${VERSION}`,
    summary: 'manage an events calendar (The Events Calendar for WordPress) through its REST API',
    examplesOf: (spec: CommandSpec) => {
      const command = commandAt(program, spec.path);
      return command ? examplesIn(helpAfterText(command)) : [];
    },
    environment: [...environment],
    exitCodes: EXIT_MEANINGS,
    files: FILES,
  });
}

export async function runManPage(inv: Invocation): Promise<void> {
  inv.ctx.stdout.write(manPageOf(inv.program));
}
