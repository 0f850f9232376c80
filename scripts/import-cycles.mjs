// Finds import loops between the TypeScript files under a directory (default src/sandbox):
// `node scripts/import-cycles.mjs [DIR]` prints each loop as `a.ts -> b.ts -> a.ts` and exits 1
// when there is one. Type-only imports count too: they still tie the files together.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every `.ts` file under `dir`. */
function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

// `import ... from './x.js'`, `export ... from`, `import './x.js'` and `import('./x.js')`.
const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"](\.[^'"]+)['"]|(?:^|\n)\s*import\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** The relative imports of one file, as absolute `.ts` paths. */
export function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(SPECIFIER)].map((match) => resolve(dirname(file), (match[1] ?? match[2] ?? match[3]).replace(/\.js$/, '.ts')));
}

/** The import graph of the files under `dir` (edges leaving the directory are dropped). */
export function importGraph(dir) {
  const files = sourceFiles(resolve(dir));
  const inside = new Set(files);
  return new Map(files.map((file) => [file, importsOf(file).filter((target) => inside.has(target))]));
}

/** One loop per group of files that import each other (Tarjan's strongly connected components), each as a path back to its start. */
export function importCycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let counter = 0;
  const visit = (file) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file), low.get(next)));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), index.get(next)));
    }
    if (low.get(file) !== index.get(file)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) groups.push(group);
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  // Each loop starts at its first file by name, so that the output is the same on every run.
  return groups.map((group) => loopThrough(graph, new Set(group), [...group].sort()[0])).sort((x, y) => (x[0] < y[0] ? -1 : 1));
}

/** A shortest path from `start` back to itself inside `members`. */
function loopThrough(graph, members, start) {
  const previous = new Map();
  const queue = [start];
  while (queue.length) {
    const file = queue.shift();
    for (const next of graph.get(file) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at = file; at !== start; at = previous.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? 'src/sandbox';
  const cycles = importCycles(importGraph(dir));
  for (const cycle of cycles) console.log(cycle.map((file) => relative(dir, file)).join(' -> '));
  console.log(cycles.length ? `${cycles.length} import loop(s) under ${dir}` : `no import loop under ${dir}`);
  process.exitCode = cycles.length ? 1 : 0;
}
