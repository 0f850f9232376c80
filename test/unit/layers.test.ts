/**
 * The source's shape: data flows down the layers, never back up, and no two files import each
 * other, directly or around a loop. Read from the import statements of src/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');

/**
 * The top of src/, from the faces down: a face (the CLI, the MCP server) calls the core; the core
 * knows nothing of terminals; the server's rules and the resource table are below it, shared with
 * the sandbox, which may import nothing of the client. `base` knows nothing of calendars.
 */
const TOP: string[][] = [['cli'], ['mcp'], ['core'], ['sandbox'], ['wordpress'], ['spec'], ['base']];

/** What the sandbox (a server, the oracle of the client's tests) may import besides itself. */
const SANDBOX_MAY_IMPORT = ['wordpress', 'spec', 'base'];

/** Areas inside core/, from the top down; an area may import its own layer and those below. */
const CORE: string[][] = [
  ['index'],
  ['calendar', 'assistant'],
  ['sandbox'],
  ['transfer'],
  ['site', 'views'],
  ['bulk'],
  ['batch'],
  ['series'],
  ['config'],
  ['ical'],
  ['records', 'values', 'schema', 'sandbox-options', 'write'],
  ['http'],
  ['errors', 'context', 'version'],
  ['words'],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Relative imports of a file (static, re-exports and `import()`), as src-relative paths. */
function importsOf(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'";]*?from\s*'(\.[^']+)'|\bimport\(\s*'(\.[^']+)'\s*\)/g)].map((m) => m[1] ?? m[2]);
  return specifiers.filter((spec) => !spec.endsWith('.json')).map((spec) => relative(SRC, resolve(dirname(file), spec)).replace(/\.js$/, '.ts'));
}

const areaOf = (path: string) => path.split('/')[0].replace(/\.ts$/, '');
const rankOf = (area: string) => TOP.findIndex((layer) => layer.includes(area));
const coreAreaOf = (path: string) => path.split('/')[1].replace(/\.ts$/, '');
const coreRankOf = (area: string) => CORE.findIndex((layer) => layer.includes(area));

/** `a -> b` for each import that goes against the layers. */
function upwardImports(graph: Map<string, string[]>): string[] {
  return [...graph].flatMap(([file, imports]) =>
    imports
      .filter((target) => {
        const [from, to] = [areaOf(file), areaOf(target)];
        if (from === 'sandbox') return to !== 'sandbox' && !SANDBOX_MAY_IMPORT.includes(to);
        if (from === 'core' && to === 'core') return coreRankOf(coreAreaOf(target)) < coreRankOf(coreAreaOf(file));
        return rankOf(to) < rankOf(from);
      })
      .map((target) => `${file} -> ${target}`),
  );
}

/** The faces' imports of the core past its public entry, as a library user has only that. */
const FACES = ['cli', 'mcp'];
const CORE_ENTRY = 'core/index.ts';
function pastTheEntry(edges: Map<string, string[]>): string[] {
  return [...edges].flatMap(([file, imports]) =>
    FACES.includes(areaOf(file)) ? imports.filter((target) => areaOf(target) === 'core' && target !== CORE_ENTRY).map((target) => `${file} -> ${target}`) : [],
  );
}

const graph = new Map(sourceFiles(SRC).map((file) => [relative(SRC, file), importsOf(file, readFileSync(file, 'utf8'))]));

/** Import loops: strongly connected groups of more than one file (Tarjan). */
function loops(edges: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!edges.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('layers', () => {
  test('every area of src/ and of src/core/ has a layer', () => {
    expect([...new Set([...graph.keys()].map(areaOf))].filter((area) => rankOf(area) < 0)).toEqual([]);
    const core = [...graph.keys()].filter((file) => areaOf(file) === 'core');
    expect([...new Set(core.map(coreAreaOf))].filter((area) => coreRankOf(area) < 0)).toEqual([]);
  });

  test('no import runs from a lower layer up to a higher one', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  test("the core leaves the process alone: no output, no exit, no V8 flag (the CLI's launcher and face do that)", () => {
    const touches = [...graph.keys()]
      .filter((file) => areaOf(file) === 'core')
      .flatMap((file) => {
        const text = readFileSync(join(SRC, file), 'utf8');
        return [/\bprocess\.(stdout|stderr)\b/, /\bprocess\.exit\b/, /['"]node:v8['"]|\bsetFlagsFromString\b/]
          .filter((pattern) => pattern.test(text))
          .map((pattern) => `${file}: ${pattern.source}`);
      });
    expect(touches).toEqual([]);
  });

  test('the CLI and the MCP server reach the core only through its public entry, src/core/index.ts', () => {
    expect(pastTheEntry(graph)).toEqual([]);
    // and they do reach it: the check reads their imports
    expect([...graph].filter(([file, imports]) => FACES.includes(areaOf(file)) && imports.includes(CORE_ENTRY)).length).toBeGreaterThan(30);
  });

  test('no import loop between files', () => {
    expect(loops(graph)).toEqual([]);
  });

  test('the checks see a loop and an upward import when there is one', () => {
    expect(
      loops(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', ['c.ts']],
          ['c.ts', ['a.ts']],
          ['d.ts', ['a.ts']],
        ]),
      ),
    ).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(
      pastTheEntry(
        new Map([
          ['cli/a.ts', ['core/index.ts', 'core/records/verbs.ts', 'spec/resources.ts']],
          ['mcp/b.ts', ['core/calendar.ts']],
          ['core/c.ts', ['core/records/verbs.ts']],
        ]),
      ),
    ).toEqual(['cli/a.ts -> core/records/verbs.ts', 'mcp/b.ts -> core/calendar.ts']);
    expect(
      importsOf(
        join(SRC, 'bulk/x.ts'),
        "import { confirm } from '../commands/confirm.js';\nexport { y } from './y.js';\nconst z = await import('../http/z.js');",
      ),
    ).toEqual(['commands/confirm.ts', 'bulk/y.ts', 'http/z.ts']);
    expect(
      upwardImports(
        new Map([
          ['core/bulk/a.ts', ['cli/output/ui.ts', 'core/records/b.ts']],
          ['core/http/c.ts', ['core/records/b.ts']],
          ['sandbox/d.ts', ['core/records/identity.ts', 'wordpress/e.ts', 'spec/resources.ts']],
          ['cli/f.ts', ['mcp/server.ts', 'core/calendar.ts']],
          ['mcp/g.ts', ['cli/main.ts']],
        ]),
      ),
    ).toEqual([
      'core/bulk/a.ts -> cli/output/ui.ts',
      'core/http/c.ts -> core/records/b.ts',
      'sandbox/d.ts -> core/records/identity.ts',
      'mcp/g.ts -> cli/main.ts',
    ]);
  });
});
