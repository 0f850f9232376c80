/** Commands beyond the resource verbs. Each definition is cheap; its action is loaded when run. */
import type { Command } from 'commander';
import type { ActionRunner } from './runner.js';
import { docCommands } from './doc/index.js';
import { serveCommand } from './serve/index.js';
import { profileCommand } from './profile/index.js';
import { apiCommand } from './api/index.js';
import { completeCommand, completionCommand } from './completion/index.js';
import { transferCommands } from './transfer/index.js';
import { viewCommands } from './views/index.js';
import { siteCommands } from './site/index.js';

export function extraCommands(run: ActionRunner): Command[] {
  const [doc, info] = docCommands(run);
  const [importCommand, exportCommand] = transferCommands(run);
  const [diffCommand, applyCommand] = siteCommands(run);
  return [doc, info, serveCommand(run), profileCommand(run), apiCommand(run), completionCommand(run), completeCommand(run), importCommand, exportCommand, diffCommand, applyCommand, ...viewCommands(run)];
}
