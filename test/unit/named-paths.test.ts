/**
 * Every repository path the source and the papers name (`src/core/write/plan.ts` in a comment,
 * `test/fixtures/lossless/tec-*.json` in a doc) exists, so a move that forgets a comment fails here.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const READ = ['src', 'docs', 'README.md', 'CONTRIBUTING.md'];
const NAMED = /(?<![\w./-])((?:src|test|docs|scripts)\/[\w./*{},-]*[\w*}])/g;

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((entry) => (entry === 'node_modules' || entry === 'dist' ? [] : filesUnder(join(path, entry))));
}

const repoFiles = ['src', 'test', 'docs', 'scripts'].flatMap((dir) => filesUnder(join(ROOT, dir))).map((file) => relative(ROOT, file));

/** A glob (`*`, `**`, `{a,b}`) as a pattern over repository paths. */
function globPattern(glob: string): RegExp {
  const body = glob.replace(/[.+^$()|[\]\\]/g, '\\$&').replace(/\*\*|\*|\{([^}]*)\}/g, (token: string, alternatives?: string) => {
    if (token === '**') return '.*';
    if (token === '*') return '[^/]*';
    return `(${(alternatives ?? '').split(',').join('|')})`;
  });
  return new RegExp(`^${body}(/.*)?$`);
}

const exists = (named: string): boolean => (/[*{]/.test(named) ? repoFiles.some((file) => globPattern(named).test(file)) : existsSync(join(ROOT, named)));

test('every path named under src/, docs/, README.md and CONTRIBUTING.md exists', () => {
  const missing: string[] = [];
  for (const file of READ.flatMap((path) => filesUnder(join(ROOT, path)))) {
    for (const match of readFileSync(file, 'utf8').matchAll(NAMED)) {
      if (!exists(match[1])) missing.push(`${relative(ROOT, file)}: ${match[1]}`);
    }
  }
  expect(missing).toEqual([]);
});

test('the check sees a path that is gone, and a glob that matches nothing', () => {
  expect(exists('src/spec/resources.ts')).toBe(true);
  expect(exists('src/records/safe-update.ts')).toBe(false);
  expect(exists('test/fixtures/lossless/tec-*.json')).toBe(true);
  expect(exists('src/core/bulk/nothing-*.ts')).toBe(false);
});
