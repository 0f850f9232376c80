/**
 * The top-level commands, in the order help lists them. Each definition is cheap; its action
 * is loaded when run. They come in groups built together, so that a run can build only the
 * group its command word names.
 */
import type { Command } from 'commander';
import type { ActionRunner } from './runner.js';
import { resources } from '../../spec/resources.js';
import { resourceCommand } from './resource/index.js';
import { docCommands } from './doc/index.js';
import { serveCommand } from './serve/index.js';
import { profileCommand } from './profile/index.js';
import { trustCommand } from './trust/index.js';
import { apiCommand } from './api/index.js';
import { completeCommand, completionCommand, manCommand } from './completion/index.js';
import { transferCommands } from './transfer/index.js';
import { viewCommands } from './views/index.js';
import { siteCommands } from './site/index.js';
import { mcpCommand } from './mcp/index.js';

export interface CommandGroup {
  /** The names (and aliases) of the commands `build` returns. */
  names: readonly string[];
  /** `next`: the command word after the group's, for groups that can build only what it names. */
  build(run: ActionRunner, next?: string): Command[];
  /** Its actions read the whole tree (the completion script describes every command). */
  needsWholeTree?: boolean;
}

export const COMMAND_GROUPS: readonly CommandGroup[] = [
  ...Object.values(resources).map((r) => ({ names: [r.name], build: (run: ActionRunner, verb?: string) => [resourceCommand(r, run, verb)] })),
  { names: ['doc', 'info'], build: (run) => docCommands(run) },
  { names: ['serve'], build: (run) => [serveCommand(run)] },
  { names: ['profile'], build: (run) => [profileCommand(run)] },
  { names: ['trust'], build: (run) => [trustCommand(run)] },
  { names: ['api'], build: (run) => [apiCommand(run)] },
  { names: ['completion'], build: (run) => [completionCommand(run)], needsWholeTree: true },
  { names: ['__complete'], build: (run) => [completeCommand(run)] },
  { names: ['__man'], build: (run) => [manCommand(run)], needsWholeTree: true },
  { names: ['import', 'export'], build: (run) => transferCommands(run) },
  { names: ['diff', 'apply'], build: (run) => siteCommands(run) },
  { names: ['agenda', 'week', 'month', 'browse'], build: (run) => viewCommands(run) },
  { names: ['mcp'], build: (run) => [mcpCommand(run)] },
];
