import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PassThrough } from 'node:stream';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli/main.js';
import type { Context } from '../../src/core/context.js';
import { runCli, tempHome } from './helpers.js';

let home: ReturnType<typeof tempHome>;

beforeAll(() => {
  home = tempHome();
});

afterAll(() => home?.cleanup());

/** Words of a command line as a shell splits them: spaces outside quotes, quotes removed. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const match of line.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)) words.push(match[1]?.replace(/\\(.)/g, '$1') ?? match[2] ?? match[3]);
  return words;
}

/** The program as the CLI builds it, with its output captured. */
function program(): { root: Command; take(): string } {
  let out = '';
  const stream = { write: (s: string) => ((out += s), true), isTTY: false };
  const ctx: Context = { stdout: stream, stderr: stream, stdin: new PassThrough(), env: {}, cwd: home.home };
  return {
    root: buildProgram(ctx),
    take() {
      const text = out;
      out = '';
      return text;
    },
  };
}

function walk(command: Command, path: string[] = []): Array<{ path: string[]; command: Command }> {
  const visible = command.commands.filter((c) => !(c as unknown as { _hidden: boolean })._hidden);
  return visible.flatMap((c) => [{ path: [...path, c.name()], command: c }, ...walk(c, [...path, c.name()])]);
}

/** The lines of a section as printed, indentation kept. */
function rawSection(help: string, title: string): string[] {
  const start = help.indexOf(`\n${title}:\n`);
  if (start < 0) return [];
  const lines = help.slice(start + title.length + 3).split('\n');
  const end = lines.findIndex((l) => !l.startsWith('  '));
  return lines.slice(0, end < 0 ? lines.length : end);
}

function section(help: string, title: string): string[] {
  // An example too wide for the terminal goes on over lines ending in a backslash.
  return rawSection(help, title)
    .map((l) => l.trim())
    .reduce<string[]>(
      (joined, l, i, all) => (i > 0 && all[i - 1].endsWith(' \\') ? [...joined.slice(0, -1), `${joined[joined.length - 1].slice(0, -1)}${l}`] : [...joined, l]),
      [],
    );
}

/** Runnable commands, and the groups whose help is part of this work; resource groups only route to their verbs. */
const checked = (root: Command) => walk(root).filter(({ command, path }) => command.commands.length === 0 || path[0] === 'profile');

describe('help of every command', () => {
  test('has examples that start with calendar and lists the environment it reads', () => {
    const p = program();
    const commands = checked(p.root);
    expect(commands.length).toBeGreaterThan(30);
    for (const { path, command } of commands) {
      command.outputHelp();
      const help = p.take();
      const examples = section(help, 'Examples');
      expect(examples.length, `${path.join(' ')} has examples`).toBeGreaterThan(0);
      for (const line of examples) expect(line, path.join(' ')).toMatch(/^\$ (calendar |printf |echo |mkdir -p |source <\(calendar )/);
      expect(
        examples.some((l) => l.includes(`calendar ${path.join(' ')}`)),
        `${path.join(' ')} shows itself`,
      ).toBe(true);
      // A description too wide for the terminal goes on under itself, indented further.
      const environment = rawSection(help, 'Environment').filter((l) => !l.startsWith('   '));
      expect(environment.length, `${path.join(' ')} lists its environment`).toBeGreaterThan(0);
      for (const line of environment) expect(line).toMatch(/^ {2}[A-Z_]+(, [A-Z_]+)?\s{2,}\S/);
    }
  });
  // Every example runs on a fresh built-in sandbox: test/e2e/help-examples.test.ts.
});

describe('the edit examples', () => {
  test('name records of the built-in sandbox', async () => {
    const p = program();
    const edits = checked(p.root).filter(({ path }) => path[path.length - 1] === 'edit');
    expect(edits.length).toBe(5);
    const failures: string[] = [];
    for (const { path, command } of edits) {
      command.outputHelp();
      for (const line of section(p.take(), 'Examples')) {
        // An editor needs a terminal: the record it opens is read with get instead.
        const [, resource, , ref] = shellWords(line.replace(/^\$ /, ''));
        const r = await runCli([resource, 'get', ref, '--format', 'ids'], { env: home.env, cwd: home.home });
        if (r.code !== 0) failures.push(`${path.join(' ')}: ${line}: ${r.stderr.trim().split('\n').pop()}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('finding your way', () => {
  test.each([
    [['events', 'list', '--bogus'], 'calendar events list --help'],
    [['--profile', 'sandbox', '--format', 'json', 'venues', 'get', '1', '--bogus'], 'calendar venues get --help'],
    [['profile', 'add', 'x', '--url', 'https://example.org', '--bogus'], 'calendar profile add --help'],
    [['--bogus'], 'calendar --help'],
  ])('an unknown option (%j) points at the help of the command it was given to', async (args, help) => {
    const r = await runCli(args, { env: home.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`calendar: unknown option '--bogus'\nSee ${help}.\n`);
  });

  test.each([
    [['events', 'create', '--start', '2027-03-01'], "unknown option '--start'", '--start-date'],
    [['events', 'list', '--start', '2027-03-01'], "unknown option '--start'", 'one of: --start-date, --starts-before, --starts-after'],
    [['venues', 'list', '--lim', '3'], "unknown option '--lim'", '--limit'],
    [['events', 'list', '--stat', 'draft'], "unknown option '--stat'", '--status'],
  ])('an option cut short (%j) suggests the options it starts', async (args, message, meant) => {
    const r = await runCli(args, { env: home.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`calendar: ${message}\nDid you mean ${meant}?\n`);
  });

  test.each([[['-v']], [['--v']], [['version']]])('what other tools call the version (%j) points at --version', async (args) => {
    const r = await runCli(args, { env: home.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/\nDid you mean calendar --version \(or -V\)\?\n$/);
  });

  test('events list --help, as the acceptance check reads it', async () => {
    const r = await runCli(['events', 'list', '--help'], { env: home.env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Examples:\n  $ calendar events list');
    expect(r.stdout).toContain('CALENDAR_PROFILE');
    expect(r.stderr).toBe('');
  });

  test('bare calendar prints the overview with the first commands to try', async () => {
    const r = await runCli([], { env: home.env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('$ calendar events list');
    expect(r.stdout).toContain('$ calendar profile add');
  });

  test.each([
    [['evnts', 'list'], 'events'],
    [['events', 'lst'], 'list'],
    [['profile', 'ad', 'x'], 'add'],
    [['completon', 'bash'], 'completion'],
  ])('a typo (%j) exits 2 and suggests the nearest command', async (args, suggestion) => {
    const r = await runCli(args, { env: home.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^calendar: unknown command/);
    expect(r.stderr).toMatch(new RegExp(`\\nDid you mean (one of: )?calendar .*\\b${suggestion}\\b`));
    expect(r.stdout).toBe('');
  });
});

/** Every help page, hidden commands and groups included: the text a user may read. */
function everyHelpPage(): Array<{ path: string; help: string }> {
  const p = program();
  const all = (command: Command, path: string[]): Array<{ path: string[]; command: Command }> =>
    command.commands.flatMap((c) => [{ path: [...path, c.name()], command: c }, ...all(c, [...path, c.name()])]);
  return [{ path: [], command: p.root }, ...all(p.root, [])].map(({ path, command }) => {
    command.outputHelp();
    return { path: ['calendar', ...path].join(' '), help: p.take() };
  });
}

describe('the wording of every help page', () => {
  let pages: Array<{ path: string; help: string }>;
  beforeAll(() => {
    pages = everyHelpPage();
  });

  test('covers the whole command tree', () => {
    expect(pages.length).toBeGreaterThan(40);
    expect(pages.map((p) => p.path)).toContain('calendar events update');
  });

  test('"an" before a vowel sound', () => {
    for (const { path, help } of pages) {
      const wrong = help.match(/\b[Aa] (?!one\b|uni|use)[aeiouAEIOU][\w-]*/g) ?? [];
      expect(wrong, path).toEqual([]);
    }
  });

  test('update pages mark no flag as required', () => {
    const updates = pages.filter((p) => p.path.endsWith(' update'));
    expect(updates.length).toBe(5);
    for (const { path, help } of updates) expect(help, path).not.toContain('(required)');
    const create = pages.find((p) => p.path === 'calendar events create')!.help;
    expect(create).toMatch(/--title <text>\s+title \(required\)/);
  });

  test('negated flags are described by a sentence of their own', () => {
    let negations = 0;
    for (const { path, help } of pages) {
      for (const [, flag, description] of help.matchAll(/^ {2}(--no-[\w-]+)\s+(.*)$/gm)) {
        negations++;
        expect(description, `${path} ${flag}`).not.toMatch(/^not\b/i);
      }
      expect(help, path).not.toMatch(/negated/);
    }
    expect(negations).toBeGreaterThan(20);
  });

  test('no default is said twice', () => {
    for (const { path, help } of pages) expect(help, path).not.toMatch(/\)\s*\(default:/);
  });
});

describe('help fits a terminal', () => {
  test('no line of any help page is wider than 80 columns', () => {
    const wide = everyHelpPage().flatMap(({ path, help }) =>
      help
        .split('\n')
        .filter((l) => l.length > 80)
        .map((l) => `${path}: ${l}`),
    );
    expect(wide).toEqual([]);
  });
});
