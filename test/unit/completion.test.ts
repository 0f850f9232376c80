import { describe, expect, test } from 'vitest';
import { PassThrough } from 'node:stream';
import { buildProgram } from '../../src/cli/main.js';
import type { Context } from '../../src/core/context.js';
import { allCommands, completionSpec, type CommandSpec } from '../../src/cli/completion/spec.js';
import { bashScript } from '../../src/cli/completion/bash.js';
import { zshScript } from '../../src/cli/completion/zsh.js';
import { fishScript } from '../../src/cli/completion/fish.js';
import { FORMATS, LANGUAGES, POST_STATUSES, RESOURCE_NAMES, resources } from '../../src/spec/resources.js';

const sink = { write: () => true };
const ctx: Context = { stdout: sink, stderr: sink, stdin: new PassThrough(), env: {}, cwd: '/' };
const spec = completionSpec(buildProgram(ctx));
const find = (path: string) => allCommands(spec).find((c) => c.path.join(' ') === path) as CommandSpec;
const option = (path: string, name: string) => find(path).options.find((o) => o.names.includes(name));

describe('the completion spec read off the command tree', () => {
  test('every resource has its verbs, with aliases; hidden commands stay out', () => {
    for (const name of RESOURCE_NAMES) {
      const verbs = [
        'list',
        'get',
        'create',
        'update',
        'delete',
        ...(resources[name].isPost ? ['restore'] : []),
        'edit',
        ...(name === 'events' ? ['conflicts'] : []),
      ];
      expect(find(name).commands.map((c) => c.name)).toEqual(verbs);
      expect(find(`${name} list`).aliases).toEqual(['ls']);
    }
    expect(spec.commands.map((c) => c.name)).toEqual(expect.arrayContaining(['profile', 'api', 'completion', 'serve', 'help', 'agenda', 'week', 'month']));
    expect(spec.commands.map((c) => c.name)).not.toContain('__complete');
  });

  test('enumerated values come from the resource table and the global lists', () => {
    expect(option('', '--format')?.values).toEqual({ kind: 'words', words: [...FORMATS] });
    expect(option('', '--lang')?.values).toEqual({ kind: 'words', words: [...LANGUAGES] });
    expect(option('', '--profile')?.values).toEqual({ kind: 'profiles' });
    expect(option('events list', '--status')?.values).toEqual({ kind: 'words', words: [...POST_STATUSES], list: true });
    expect(option('events create', '--status')?.values).toEqual({ kind: 'words', words: POST_STATUSES.filter((s) => s !== 'trash') });
    expect(option('categories list', '--order')?.values).toEqual({ kind: 'words', words: ['asc', 'desc'] });
    expect(option('events create', '--venue')?.values).toEqual({ kind: 'ids', resource: 'venues', list: false });
    expect(option('events list', '--categories')?.values).toEqual({ kind: 'ids', resource: 'categories', list: true });
    expect(option('', '--ca-cert')?.values).toEqual({ kind: 'files' });
  });

  test('arguments: IDs of the resource at hand, profile names, shells, methods', () => {
    expect(find('tags delete').args).toEqual([{ kind: 'ids', resource: 'tags' }]);
    expect(find('events get').args).toEqual([{ kind: 'ids', resource: 'events' }]);
    expect(find('profile use').args).toEqual([{ kind: 'profiles' }]);
    expect(find('profile add').args).toEqual([{ kind: 'any' }]);
    expect(find('completion').args).toEqual([{ kind: 'words', words: ['bash', 'zsh', 'fish'] }]);
    expect(find('api').args[0]).toMatchObject({ kind: 'words', words: expect.arrayContaining(['GET', 'POST', 'DELETE']) });
  });

  test('flags and options with values are told apart', () => {
    expect(option('events list', '--all')?.takesValue).toBe(false);
    expect(option('events list', '--limit')?.takesValue).toBe(true);
    expect(option('api', '-f')?.names).toEqual(['-f', '--raw-field']);
  });
});

describe('the scripts', () => {
  test('are deterministic and name every command', () => {
    const bash = bashScript(spec);
    expect(bashScript(completionSpec(buildProgram(ctx)))).toBe(bash);
    for (const c of allCommands(spec).filter((c) => c.path.length)) {
      expect(bash).toContain(`'${c.path.slice(0, -1).join(' ')}/${c.name}'`);
      expect(fishScript(spec)).toContain(`'${c.path.slice(0, -1).join(' ')}/${c.name}'`);
    }
    expect(bash).toMatch(/\ncomplete -F _calendar calendar\n$/);
  });

  test('zsh starts with #compdef and fish turns off file completion by default', () => {
    expect(zshScript(spec).startsWith('#compdef calendar\n')).toBe(true);
    expect(fishScript(spec)).toContain('\ncomplete -c calendar -f\n');
    expect(fishScript(spec)).toContain("complete -c calendar -l format -x -a 'table json ndjson csv yaml ids count ics'");
  });

  test('no template placeholder leaks into the shell code', () => {
    for (const script of [bashScript(spec), zshScript(spec), fishScript(spec)]) {
      expect(script).not.toContain('\\${');
      expect(script).not.toContain('[object Object]');
      expect(script).not.toContain('undefined');
    }
  });
});
