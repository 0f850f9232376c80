/** Prints a completion script generated from the running program's own command tree. */
import type { Invocation } from '../runner.js';
import type { Command } from 'commander';
import { completionSpec } from '../../completion/spec.js';
import { bashScript } from '../../completion/bash.js';
import { zshScript } from '../../completion/zsh.js';
import { fishScript } from '../../completion/fish.js';
import type { SHELLS } from '../../completion/shells.js';

export function completionScript(program: Command, shell: (typeof SHELLS)[number]): string {
  const spec = completionSpec(program);
  if (shell === 'bash') return bashScript(spec);
  if (shell === 'zsh') return zshScript(spec);
  return fishScript(spec);
}

export async function runCompletion(inv: Invocation, shell: string): Promise<void> {
  inv.ctx.stdout.write(completionScript(inv.program, shell as (typeof SHELLS)[number]));
}
