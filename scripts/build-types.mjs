// The library's TypeScript declarations, derived from the sources: tsc writes the declarations
// of src/core/index.ts and what it reaches into a temporary folder (--noCheck: `npm run
// typecheck` checks the sources; this only emits); the ones the public entry reaches through
// its types go to <out>/types/, and <out>/index.d.ts re-exports the entry. Fails when one of them
// imports a package (a user installs none: the bundle holds them) rather than a file of ours or
// a Node built-in. tsc costs seconds, so the result is kept in node_modules/.cache under a hash
// of the sources: a build whose sources did not change copies it.
// scripts/build.mjs calls it; `node scripts/build-types.mjs` writes into dist/.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);

/** Every file the declarations could depend on: the sources, package.json, the compiler's version. */
function sourcesHash() {
  const hash = createHash('sha256').update(require('typescript/package.json').version);
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) hash.update(relative(root, path)).update(readFileSync(path));
    }
  };
  walk(join(root, 'src'));
  return hash
    .update(readFileSync(join(root, 'package.json')))
    .digest('hex')
    .slice(0, 16);
}

/** The declarations, written by tsc into a new folder of their own (index.d.ts and types/). */
function emit(into) {
  const work = mkdtempSync(join(tmpdir(), 'calendar-types-'));
  try {
    const tsc = require.resolve('typescript/bin/tsc');
    const settings = ['--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--strict', '--skipLibCheck', '--resolveJsonModule'];
    const entries = ['src/core/index.ts', 'src/core/sandbox.ts', 'src/core/http/undici-internals.d.ts'];
    execFileSync(
      process.execPath,
      [tsc, ...entries, ...settings, '--types', 'node', '--declaration', '--stripInternal', '--emitDeclarationOnly', '--noCheck', '--outDir', work],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    // With package.json imported (src/core/version.ts), tsc lays the output out from the project's root.
    const base = existsSync(join(work, 'src')) ? join(work, 'src') : work;
    const reached = new Set();
    const problems = [];
    const statements = /^\s*(?:import|export)\b[^;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;
    const visit = (file) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const [, from, inline] of readFileSync(file, 'utf8').matchAll(statements)) {
        const spec = from ?? inline;
        const where = relative(base, file);
        if (!spec.startsWith('.')) {
          if (!spec.startsWith('node:')) problems.push(`${where} imports the package ${spec}`);
        } else if (spec.endsWith('.json')) problems.push(`${where} imports ${spec}`);
        else if (existsSync(resolve(dirname(file), spec.replace(/\.js$/, '.d.ts')))) visit(resolve(dirname(file), spec.replace(/\.js$/, '.d.ts')));
        else problems.push(`${where} imports ${spec}, which has no declaration`);
      }
    };
    visit(join(base, 'core/index.d.ts'));
    visit(join(base, 'core/sandbox.d.ts'));
    if (problems.length) throw new Error(`the library's declarations reach beyond themselves:\n  ${problems.join('\n  ')}`);
    mkdirSync(into, { recursive: true });
    for (const file of reached) {
      const target = join(into, 'types', relative(base, file));
      mkdirSync(dirname(target), { recursive: true });
      cpSync(file, target);
    }
    writeFileSync(join(into, 'index.d.ts'), "export * from './types/core/index.js';\n");
    writeFileSync(join(into, 'test-sandbox.d.ts'), "export * from './types/core/sandbox.js';\n");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Writes dist's index.d.ts and types/ into `out` (a folder), from the cache when the sources are those it was made from. */
export function buildTypes(out) {
  const cache = join(root, 'node_modules/.cache/calendar-types');
  const kept = join(cache, sourcesHash());
  if (!existsSync(kept)) {
    // Made beside the cache and moved in whole: an older hash's folder goes, a build running at the same time sees a whole one.
    const fresh = join(root, `node_modules/.cache/calendar-types-${process.pid}`);
    rmSync(fresh, { recursive: true, force: true });
    emit(fresh);
    rmSync(cache, { recursive: true, force: true, maxRetries: 2 });
    mkdirSync(cache, { recursive: true });
    renameSync(fresh, kept);
  }
  cpSync(kept, out, { recursive: true });
}

if (process.argv[1] === new URL(import.meta.url).pathname) buildTypes(join(root, 'dist'));
