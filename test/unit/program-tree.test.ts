import { PassThrough } from 'node:stream';
import { describe, expect, test } from 'vitest';
import type { Command } from 'commander';
import { RESOURCE_NAMES } from '../../src/spec/resources.js';
import { buildProgram } from '../../src/cli/main.js';
import { COMMAND_GROUPS } from '../../src/cli/commands/index.js';
import type { Context } from '../../src/core/context.js';

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
    const program = buildProgram(ctx, [name, '--help']);
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
    [['--help', 'events'], topNames(whole)],
    [['-h', 'events'], topNames(whole)],
    [['events', '--help'], ['events']],
  ])('%j builds %j', (argv, expected) => {
    expect(topNames(buildProgram(ctx, argv))).toEqual(expected);
  });

  const verbsOf = (program: Command, resource: string) => program.commands.find((c) => c.name() === resource)!.commands;

  test.each(
    RESOURCE_NAMES.flatMap((resource) =>
      verbsOf(whole, resource).flatMap((verb) => [verb.name(), ...verb.aliases()].map((word) => [resource, word, verb.name()])),
    ),
  )('%s %s: only that verb, as in the whole tree', (resource, word, verb) => {
    const program = buildProgram(ctx, [resource, word, '1']);
    expect(topNames(program)).toEqual([resource]);
    expect(verbsOf(program, resource).map((c) => c.name())).toEqual([verb]);
    const original = verbsOf(whole, resource).find((c) => c.name() === verb)!;
    expect(helpPages(verbsOf(program, resource)[0])).toEqual(helpPages(original));
  });

  test.each([
    [['events'], 'events', 'every verb'],
    [['events', 'lst'], 'events', 'every verb'],
    [['events', 'help', 'get'], 'events', 'every verb'],
    [['events', '--help', 'get'], 'events', 'every verb'],
    [['events', '-h', 'get'], 'events', 'every verb'],
    [['venues', 'conflicts'], 'venues', 'every verb'],
    [['events', '--json', 'get', '5'], 'events', 'get'],
    [['--format', 'ids', 'events', '--fields', 'id', 'ls'], 'events', 'list'],
    [['events', 'get', '--help'], 'events', 'get'],
  ])('%j builds, of %s, %s', (argv, resource, expected) => {
    const every = verbsOf(whole, resource).map((c) => c.name());
    expect(verbsOf(buildProgram(ctx, argv), resource).map((c) => c.name())).toEqual(expected === 'every verb' ? every : [expected]);
  });
});
