import type { Command } from 'commander';
import type { Context } from '../../core/index.js';

const CONTEXT = Symbol.for('calendar.context');

/** The program carries the run's context so that actions never reach for process globals. */
export function attachContext(program: Command, ctx: Context): void {
  (program as unknown as Record<symbol, Context>)[CONTEXT] = ctx;
}

export function contextOf(command: Command): Context {
  let root: Command = command;
  while (root.parent) root = root.parent;
  const ctx = (root as unknown as Record<symbol, Context | undefined>)[CONTEXT];
  if (!ctx) throw new Error('command run without a context');
  return ctx;
}
