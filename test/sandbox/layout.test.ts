/** The sandbox's files: no import loop between them, and nothing imported from the CLI. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, importsOf } from '../../scripts/import-cycles.mjs';

const SANDBOX = resolve('src/sandbox');
/** Pure modules the sandbox shares with the CLI: the resource table, time zone arithmetic, entity decoding. */
const SHARED = ['src/resources.ts', 'src/time.ts', 'src/records/identity.ts'].map((path) => resolve(path));

describe('sandbox layout', () => {
  it('has no import loop', () => {
    expect(importCycles(importGraph(SANDBOX)).map((cycle) => cycle.map((file) => relative(SANDBOX, file)).join(' -> '))).toEqual([]);
  });

  it('finds a loop when there is one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-loop-'));
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b.js';\nexport const a = () => b;\n");
    writeFileSync(join(dir, 'b.ts'), "import type { a } from './a.js';\nexport const b = 1 as unknown as typeof a;\n");
    writeFileSync(join(dir, 'c.ts'), "export * from './a.js';\n");
    expect(importCycles(importGraph(dir)).map((cycle) => cycle.map((file) => relative(dir, file)))).toEqual([['a.ts', 'b.ts', 'a.ts']]);
  });

  it('imports from outside src/sandbox only the shared pure modules', () => {
    const outside = new Set<string>();
    for (const file of importGraph(SANDBOX).keys()) {
      for (const target of importsOf(file)) if (!target.startsWith(`${SANDBOX}/`) && !SHARED.includes(target)) outside.add(`${relative(SANDBOX, file)} -> ${relative(SANDBOX, target)}`);
    }
    expect([...outside]).toEqual([]);
  });
});
