/**
 * What every action is handed: the run's context, its options (global ones merged in) and
 * the output settings, checked once. Built by runAction below (src/cli/main.ts calls it), so actions never reach
 * into commander or process globals.
 */
import type { Command } from 'commander';
import type { Context } from '../../core/index.js';
import type { Format } from '../../spec/resources.js';
import { prepare, type GlobalOptions, type Prepared } from '../session.js';
import { contextOf } from './context-of.js';

/**
 * `Options`: the command's own options, as its flags declare them (a resource verb's are typed
 * from the resource table, resource/options.ts); the global ones are always there.
 */
export interface Invocation<Options = unknown> {
  ctx: Context;
  opts: GlobalOptions & Options;
  /** The whole command tree, for commands that describe it (completion). */
  program: Command;
  /** Output settings and the stderr UI; throws a usage error on a bad --format or --fields (and on ics unless `takesIcs`). */
  prepare(defaultFormat?: Format, takesIcs?: boolean): Prepared;
}

/**
 * An action: the invocation (with the options of its own flags), then commander's positional
 * arguments (a string each, or a list for a variadic one).
 */
export type Action = (inv: Invocation<never>, ...args: never[]) => Promise<void>;

export type ActionRunner = (load: () => Promise<Action>) => (...args: unknown[]) => Promise<void>;

/** Wraps a lazily loaded action: commander hands positional arguments, the options, then the command. */
export const runAction: ActionRunner =
  (load) =>
  async (...args: unknown[]) => {
    const command = args[args.length - 1] as Command;
    const positional = args.slice(0, -2) as Array<string | string[]>;
    const action = (await load()) as (inv: Invocation, ...args: Array<string | string[]>) => Promise<void>;
    await action(invocationOf(command), ...positional);
  };

/**
 * The invocation of a command. Commander's values are untyped: they are the options the
 * command's flags declare, which each action states as its `Options`.
 */
export function invocationOf<Options>(command: Command): Invocation<Options> {
  const ctx = contextOf(command);
  const opts = command.optsWithGlobals<GlobalOptions & Options>();
  let prepared: Prepared | undefined;
  let program = command;
  while (program.parent) program = program.parent;
  return {
    ctx,
    opts,
    program,
    prepare(defaultFormat, takesIcs) {
      prepared ??= prepare(opts, ctx, defaultFormat, takesIcs);
      return prepared;
    },
  };
}
