/** `calendar completion SHELL` and the hidden `calendar __complete` the scripts call. Definitions only. */
import { Argument, Command } from 'commander';
import type { ActionRunner } from '../runner.js';
import { COMPLETION_ENVIRONMENT, environmentHelp, examplesHelp } from '../help/text.js';

import { SHELLS } from '../../completion/shells.js';

export function completionCommand(run: ActionRunner): Command {
  return new Command('completion')
    .description('print the shell completion script for bash, zsh or fish')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS))
    .addHelpText(
      'after',
      examplesHelp([
        'source <(calendar completion bash)                  # bash, this shell only',
        'mkdir -p ~/.local/share/bash-completion/completions',
        'calendar completion bash > ~/.local/share/bash-completion/completions/calendar',
        'mkdir -p ~/.zfunc && calendar completion zsh > ~/.zfunc/_calendar  # zsh',
        'mkdir -p ~/.config/fish/completions',
        'calendar completion fish > ~/.config/fish/completions/calendar.fish',
      ]) +
        '\nzsh reads ~/.zfunc once ~/.zshrc has, before compinit: fpath=(~/.zfunc $fpath)\n' +
        environmentHelp(COMPLETION_ENVIRONMENT),
    )
    .action(run(async () => (await import('./actions.js')).runCompletion));
}

/** Answers the scripts' questions about the site: profile names, record IDs and slugs. */
export function completeCommand(run: ActionRunner): Command {
  const command = new Command('__complete')
    .description('(used by the completion scripts) print candidates: profiles, or ids RESOURCE')
    .argument('<kind>', 'profiles or ids')
    .argument('[resource]', 'the resource whose IDs and slugs to print')
    .argument('[typed]', 'what was typed of the value: only candidates that start with it')
    .action(run(async () => (await import('./complete.js')).runComplete));
  // commander keeps hidden commands out of help and suggestions; addCommand() alone cannot set it.
  (command as unknown as { _hidden: boolean })._hidden = true;
  return command;
}

/** The manual page, for the build (man/calendar.1). */
export function manCommand(run: ActionRunner): Command {
  const command = new Command('__man')
    .description('(used by the build) print the manual page in roff')
    .action(run(async () => (await import('./man.js')).runManPage));
  (command as unknown as { _hidden: boolean })._hidden = true;
  return command;
}
