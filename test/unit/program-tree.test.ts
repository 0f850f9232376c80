import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli.js';
import { COMMAND_GROUPS } from '../../src/commands/index.js';
import type { Context } from '../../src/context.js';

const sink = { write: () => true, isTTY: false };
const ctx: Context = { stdout: sink, stderr: sink, stdin: new PassThrough(), env: {}, cwd: '/' };

const topNames = (program: Command) => program.commands.map((c) => c.name());

/** Every command's help text under `command`, keyed by its path. */
function helpPages(command: Command, path: string[] = []): Map<string, string> {
  const pages = new Map([[path.join(' '), command.helpInformation()]]);
  for (const child of command.commands) for (const [key, text] of helpPages(child, [...path, child.name()])) pages.set(key, text);
  return pages;
}

describe('the program built for a command word', () => {
  const whole = buildProgram(ctx);

  test('the groups name every top-level command of the whole tree, in order', () => {
    const named = COMMAND_GROUPS.flatMap((g) => g.names);
    expect(topNames(whole)).toEqual(named);
  });

  test.each(COMMAND_GROUPS.filter((g) => !g.needsWholeTree).flatMap((g) => g.names))('%s: only its group, each command as in the whole tree', (name) => {
    const program = buildProgram(ctx, [name]);
    const group = COMMAND_GROUPS.find((g) => g.names.includes(name))!;
    expect(topNames(program)).toEqual(group.names);
    const command = program.commands.find((c) => c.name() === name)!;
    const original = whole.commands.find((c) => c.name() === name)!;
    expect(helpPages(command)).toEqual(helpPages(original));
  });

  test.each([
    [['--format', 'json', 'venues', 'list'], ['venues']],
    [['--format=json', 'venues', 'list'], ['venues']],
    [['--debug', '-y', 'tags', 'list'], ['tags']],
    [['--profile', 'events', 'list'], topNames(whole)], // "events" is the profile's name; "list" names no command
    [['evnts', 'list'], topNames(whole)],
    [['help', 'events'], topNames(whole)],
    [['completion', 'bash'], topNames(whole)],
    [['--', 'events'], topNames(whole)],
    [['--help'], topNames(whole)],
  ])('%j builds %j', (argv, expected) => {
    expect(topNames(buildProgram(ctx, argv))).toEqual(expected);
  });
});
