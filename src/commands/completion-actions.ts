/** Prints a completion script generated from the running program's own command tree. */
import type { Command } from 'commander';
import { contextOf } from './context-of.js';
import { completionSpec } from './completion-spec.js';
import { bashScript } from './completion-bash.js';
import { zshScript } from './completion-zsh.js';
import { fishScript } from './completion-fish.js';
import type { SHELLS } from './completion.js';

export function completionScript(program: Command, shell: (typeof SHELLS)[number]): string {
  const spec = completionSpec(program);
  if (shell === 'bash') return bashScript(spec);
  if (shell === 'zsh') return zshScript(spec);
  return fishScript(spec);
}

export async function runCompletion(command: Command, shell: string): Promise<void> {
  let root = command;
  while (root.parent) root = root.parent;
  contextOf(command).stdout.write(completionScript(root, shell as (typeof SHELLS)[number]));
}
