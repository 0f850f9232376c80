import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, ROOT, runCli, siteEnv, startTestSandbox, tempHome, type Sandbox } from './helpers.js';
import { librariesRun } from './loaded-libraries.js';

let sandbox: Sandbox;
let home: ReturnType<typeof tempHome>;
let shimDir: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  home = tempHome();
  shimDir = join(home.home, 'bin');
  mkdirSync(shimDir);
  writeFileSync(join(shimDir, 'calendar'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(shimDir, 'calendar'), 0o755);
});

afterAll(async () => {
  await sandbox?.close();
  home?.cleanup();
});

/** Runs bash asynchronously (the sandbox lives in this process and must keep answering). */
function bash(script: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['--norc', '--noprofile', '-c', script], {
      cwd: ROOT,
      env: { PATH: `${shimDir}:${process.env.PATH}`, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** A bash function that sets COMP_* like bash does for the given words and prints the replies. */
const DRIVER = [
  'source completions/calendar.bash',
  "fn=$(complete -p calendar | sed -E 's/.*-F ([^ ]+).*/\\1/')",
  'ask() {',
  '  COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()',
  '  "$fn" calendar "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"',
  '  echo "${COMPREPLY[*]}"',
  '}',
].join('\n');

async function complete(lines: string[][], env: Record<string, string> = home.env): Promise<string[]> {
  const calls = lines.map((words) => `ask ${words.map((w) => `'${w}'`).join(' ')}`).join('\n');
  const r = await bash(`${DRIVER}\n${calls}`, env);
  expect(r.stderr).toBe('');
  return r.stdout.split('\n').slice(0, lines.length);
}

describe('the checked-in scripts', () => {
  test.each([
    ['bash', 'completions/calendar.bash'],
    ['zsh', 'completions/_calendar'],
    ['fish', 'completions/calendar.fish'],
  ])('completions for %s equal what calendar completion prints (regenerate: npm run completions)', async (shell, file) => {
    const r = await runCli(['completion', shell], { env: home.env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(readFileSync(join(ROOT, file), 'utf8'));
  });

  test('an unknown shell is a usage error', async () => {
    const r = await runCli(['completion', 'tcsh'], { env: home.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^calendar: .*tcsh/);
  });
});

describe('bash completion, sourced for real', () => {
  test('commands, subcommands, options and enumerated values', async () => {
    const replies = await complete([
      ['calendar', 'ev'],
      ['calendar', 'events', 'list', '--format', ''],
      ['calendar', 'events', ''],
      ['calendar', 'events', 'ls', '--li'],
      ['calendar', 'events', 'list', '--status', 'publish,dr'],
      ['calendar', '--lang', ''],
      ['calendar', 'venues', 'list', '--format', '=', 'nd'],
      ['calendar', 'completion', ''],
      ['calendar', 'api', 'P'],
      ['calendar', 'categories', 'list', '--orderby', 'na'],
      ['calendar', 'pro'],
      ['calendar', 'profile', ''],
    ]);
    expect(replies[0]).toBe('events');
    expect(replies[1].split(' ')).toEqual(['table', 'json', 'ndjson', 'csv', 'yaml', 'ids', 'count', 'ics']);
    expect(replies[2].split(' ')).toEqual(['list', 'get', 'create', 'update', 'delete', 'restore', 'edit', 'conflicts']);
    expect(replies[3]).toBe('--limit');
    expect(replies[4]).toBe('publish,draft');
    expect(replies[5]).toBe('fr it es');
    expect(replies[6]).toBe('ndjson');
    expect(replies[7]).toBe('bash zsh fish');
    expect(replies[8]).toBe('POST PUT PATCH');
    expect(replies[9]).toBe('name');
    expect(replies[10]).toBe('profile');
    expect(replies[11].split(' ')).toEqual(['add', 'list', 'show', 'use', 'remove']);
  });

  test('IDs and slugs of the resource at hand, and profile names, come from the site', async () => {
    const created = await runCli(['venues', 'create', '--venue', 'Completion Hall', '--format', 'ids'], { env: siteEnv(sandbox, home.env) });
    expect(created.code, created.stderr).toBe(0);
    const id = created.stdout.trim();
    const replies = await complete(
      [
        ['calendar', 'venues', 'get', ''],
        ['calendar', 'venues', 'delete', 'completion-'],
        ['calendar', 'events', 'create', '--venue', ''],
        ['calendar', '--profile', ''],
      ],
      siteEnv(sandbox, home.env),
    );
    expect(replies[0].split(' ')).toEqual(expect.arrayContaining([id, 'completion-hall']));
    expect(replies[1]).toBe('completion-hall');
    expect(replies[2].split(' ')).toContain(id);
    expect(replies[3]).toBe('sandbox');
  });

  test('a site that cannot be reached offers nothing and prints nothing', async () => {
    const env = { ...home.env, CALENDAR_BASE_URL: 'http://127.0.0.1:9/wp-json' };
    const replies = await complete([['calendar', 'events', 'get', '']], env);
    expect(replies[0]).toBe('');
    const r = await runCli(['__complete', 'ids', 'events'], { env });
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

describe('__complete', () => {
  test('prints value<TAB>label lines and stays out of help', async () => {
    const r = await runCli(['__complete', 'ids', 'tags'], { env: siteEnv(sandbox, home.env) });
    expect(r.code).toBe(0);
    for (const line of r.stdout.trim().split('\n').filter(Boolean)) expect(line).toMatch(/^[^\t]+\t/);
    const help = await runCli(['--help'], { env: home.env });
    expect(help.stdout).not.toContain('__complete');
    const unknown = await runCli(['__complete', 'ids', 'nothing'], { env: home.env });
    expect(unknown).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

describe('start-up stays light', () => {
  const HEAVY = ['undici', 'zod', 'yaml', 'cli-table3', 'ora'];
  const heavyRun = async (args: string[], cwd?: string) => {
    const r = await librariesRun(args, { env: home.env, cwd });
    expect(r.code, r.stderr).toBe(0);
    expect(r.libraries, 'the bundle ran').toBeDefined();
    return r.libraries!.filter((library) => HEAVY.includes(library));
  };

  test('--version is answered without loading the bundle', async () => {
    const r = await librariesRun(['--version'], { env: home.env });
    expect(r.stdout).toMatch(/^calendar \d+\.\d+\.\d+ \(events-calendar-cli, node v\d+\.\d+\.\d+\)\n$/);
    expect(r.libraries).toBeUndefined();
  });

  test.each([[['--help']], [['events', 'list', '--help']], [['completion', 'bash']]])('%j runs none of undici, zod, yaml, cli-table3, ora', async (args) => {
    expect(await heavyRun(args)).toEqual([]);
  });

  test('the check itself sees a heavy module when one is loaded', async () => {
    const project = join(home.home, 'project-with-rc');
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, '.calendarrc.json'), '{"profiles":{}}');
    const loaded = await heavyRun(['profile', 'list', '--json'], project);
    expect(loaded).toContain('zod'); // the file is checked against the schema
    expect(loaded).not.toContain('undici'); // listing profiles needs no HTTP client
  });

  test('a JSON configuration file is read without the YAML parser; a YAML one with it', async () => {
    const folder = (name: string, file: string, text: string) => {
      const project = join(home.home, name);
      mkdirSync(project, { recursive: true });
      writeFileSync(join(project, file), text);
      return project;
    };
    const [json, yaml] = await Promise.all([
      heavyRun(['profile', 'list', '--json'], folder('project-json', '.calendarrc.json', '{"profiles":{"j":{"baseUrl":"http://127.0.0.1:9/wp-json"}}}')),
      heavyRun(['profile', 'list', '--json'], folder('project-yaml', '.calendarrc.yaml', 'profiles:\n  y:\n    baseUrl: http://127.0.0.1:9/wp-json\n')),
    ]);
    expect(json).not.toContain('yaml');
    expect(yaml).toContain('yaml');
  });

  test('an import of a JSON file runs the pieces of undici it needs, not its index, nor the iCalendar reader', async () => {
    const file = join(home.home, 'light-venues.ndjson');
    writeFileSync(file, `${JSON.stringify({ venue: 'Light Start Hall' })}\n`);
    const r = await librariesRun(['import', 'venues', file], { env: siteEnv(sandbox, home.env) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.sources).toContain('node_modules/undici/lib/api/api-request.js');
    expect(r.sources).toContain('src/core/bulk/ics-source.ts');
    expect(r.sources!.filter((source) => /undici\/index\.js|src\/bulk\/ics-fetch|src\/ical\/(reader|writer)/.test(source))).toEqual([]);
  });
});
