/**
 * Every example of every help page runs on a fresh built-in sandbox, as a shell would run it:
 * each page's examples in order, in a HOME of their own (so an export written by one example is
 * the file the next one imports). Only an example that needs what a fresh sandbox cannot give
 * is left out, and for a reason named here: a file it names that no example before it writes,
 * or another site (a named profile, a URL, a password manager).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import type { Command } from 'commander';
import { describe, expect, test } from 'vitest';
import { buildProgram } from '../../src/cli/main.js';
import type { Context } from '../../src/core/context.js';
import { examplesIn, helpAfterText } from '../../src/cli/commands/help/text.js';
import { runCli, tempHome, type RunResult } from './helpers.js';

type Home = ReturnType<typeof tempHome>;

/** Every visible command with the examples its help shows. */
function pages(): Array<{ path: string; examples: string[] }> {
  const sink = { write: () => true, isTTY: false };
  const ctx: Context = { stdout: sink, stderr: sink, stdin: new PassThrough(), env: {}, cwd: '/' };
  const walk = (command: Command, path: string[]): Array<{ path: string; examples: string[] }> =>
    command.commands
      .filter((c) => !(c as unknown as { _hidden: boolean })._hidden)
      .flatMap((c) => [{ path: [...path, c.name()].join(' '), examples: examplesIn(helpAfterText(c)) }, ...walk(c, [...path, c.name()])]);
  return walk(buildProgram(ctx), []).filter((p) => p.examples.length > 0);
}

/** Why an example cannot run on a fresh built-in sandbox, or undefined when it can. */
function needs(example: string, cwd: string): string | undefined {
  if (
    /--profile (?!sandbox\b)|profile (use|show|remove) (?!sandbox\b)|--(url|from|to) |https?:\/\/(?!127\.)|pass show|_PASSWORD\b|127\.0\.0\.1:8787/.test(
      example,
    )
  )
    return 'another site';
  if (/calendar browse|--web\b/.test(example)) return 'a browser';
  if (/calendar serve/.test(example)) return 'a server that runs until stopped';
  if (/calendar \w+ edit /.test(example)) return 'a terminal and an editor';
  if (/calendar trust(?! --list)/.test(example)) return 'a project configuration file in the folder';
  // A file the example reads: @file, or the argument of import, apply and diff.
  const reads = [...example.matchAll(/(?:^|\s)@([\w.-]+\.\w+)|calendar (?:import \w+|apply|diff) ([\w.-]+\.\w+)/g)].map((m) => m[1] ?? m[2]);
  const missing = reads.filter((file) => !existsSync(join(cwd, file)));
  return missing.length ? `the file ${missing.join(', ')}` : undefined;
}

/** Words as a shell splits them: quotes removed, `$(...)` already substituted. */
function shellWords(line: string): string[] {
  return [...line.matchAll(/(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([^\s'"]+))+/g)].map((m) =>
    [...m[0].matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|([^\s'"]+)/g)].map((p) => p[1]?.replace(/\\(.)/g, '$1') ?? p[2] ?? p[3]).join(''),
  );
}

/** Splits at a separator outside quotes and $(...). */
function splitOutside(line: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (line.startsWith('$(', i)) depth++;
    else if (c === ')' && depth > 0) depth--;
    else if (depth === 0 && line.startsWith(separator, i)) {
      parts.push(line.slice(start, i));
      start = i + separator.length;
    }
  }
  return [...parts, line.slice(start)];
}

/** Runs one simple command (`calendar ...`, printf, echo, mkdir -p) with its redirection. */
async function simple(command: string, stdin: string, home: Home): Promise<RunResult> {
  let text = command.trim();
  for (const [whole, inner] of text.matchAll(/\$\(([^()]*)\)/g)) {
    const r = await shell(inner, home);
    if (r.code !== 0) return r;
    text = text.replace(whole, r.stdout.trim());
  }
  const [words, target] = splitOutside(text, ' > ').map((part) => part.trim());
  const [program, ...args] = shellWords(words.replace(/^source <\((.*)\)$/, '$1'));
  const path = (p: string) => resolve(home.home, p.replace(/^~\//, `${home.home}/`));
  let r: RunResult;
  if (program === 'calendar') r = await runCli(args, { env: home.env, cwd: home.home, stdin });
  else if (program === 'printf')
    r = {
      code: 0,
      stdout: args
        .slice(1)
        .map((a) => args[0].replace('%s', a).replace(/\\n/g, '\n'))
        .join(''),
      stderr: '',
    };
  else if (program === 'echo') r = { code: 0, stdout: `${args.join(' ')}\n`, stderr: '' };
  else if (program === 'mkdir' && args[0] === '-p') {
    for (const dir of args.slice(1)) mkdirSync(path(dir), { recursive: true });
    r = { code: 0, stdout: '', stderr: '' };
  } else throw new Error(`the examples' shell does not know ${program}`);
  if (target === undefined || r.code !== 0) return r;
  writeFileSync(path(target), r.stdout);
  return { ...r, stdout: '' };
}

/** A command line: `a && b`, `a | b`, a trailing comment. */
async function shell(line: string, home: Home): Promise<RunResult> {
  const [code] = splitOutside(line, ' #');
  let last: RunResult = { code: 0, stdout: '', stderr: '' };
  for (const part of splitOutside(code, ' && ')) {
    let stdin = '';
    for (const command of splitOutside(part, ' | ')) {
      last = await simple(command, stdin, home);
      if (last.code !== 0) return last;
      stdin = last.stdout;
    }
  }
  return last;
}

describe('the examples of every help page', () => {
  test('run on a fresh built-in sandbox, or need a file they name or another site', async () => {
    const failures: string[] = [];
    const skipped: string[] = [];
    let ran = 0;
    for (const page of pages()) {
      const home = tempHome();
      try {
        for (const example of page.examples) {
          const why = needs(example, home.home);
          if (why) {
            skipped.push(`${example}: needs ${why}`);
            continue;
          }
          const r = await shell(example, home);
          ran++;
          // --exit-code asks for 7 when there are differences or conflicts: the example ran.
          if (r.code !== 0 && !(r.code === 7 && example.includes('--exit-code')))
            failures.push(`${page.path}: ${example}: exit ${r.code}: ${r.stderr.trim().split('\n')[0]}`);
        }
      } finally {
        home.cleanup();
      }
    }
    expect(failures).toEqual([]);
    expect(ran).toBeGreaterThan(100);
    // What is left out is a short list, each for its reason.
    expect(skipped.length, skipped.join('\n')).toBeLessThanOrEqual(28);
  }, 240_000);
});
