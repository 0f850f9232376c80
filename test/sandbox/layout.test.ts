/**
 * What the sandbox may import from the rest of src/: only the pure modules it shares with the
 * CLI. (Import loops and upward imports across src/ are test/unit/layers.test.ts's.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');
const SANDBOX = join(SRC, 'sandbox');
/** The resource table, time zone arithmetic, entity decoding, file errors in words. */
const SHARED = ['resources.ts', 'time.ts', 'records/identity.ts', 'file-problem.ts'];
/** The server's own rules, which the CLI reads too (what each write route wipes, names by collation). */
const SERVER_RULES = 'wordpress/';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('sandbox layout', () => {
  it('imports from outside src/sandbox only the shared pure modules and the server rules', () => {
    const outside = sourceFiles(SANDBOX).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/(?:^|\n)\s*(?:import|export)\b[^'";]*?from\s*'(\.[^']+)'|\bimport\(\s*'(\.[^']+)'\s*\)/g)]
        .map((match) => relative(SRC, resolve(dirname(file), (match[1] ?? match[2]).replace(/\.js$/, '.ts'))))
        .filter((target) => !target.startsWith('sandbox/') && !target.startsWith(SERVER_RULES) && !SHARED.includes(target))
        .map((target) => `${relative(SANDBOX, file)} -> ${target}`),
    );
    expect(outside).toEqual([]);
  });
});
