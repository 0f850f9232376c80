/**
 * Vitest's global setup: the CLI tests run the built bundle (dist/cli.cjs, bin/calendar.js), the
 * library and MCP tests the sources. So that every test runs the current source, the bundle is
 * rebuilt before any test file runs whenever a file it is made from is newer than the build;
 * `npx vitest run FILE` after an edit then tests the edit. A fresh build costs nothing.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

const ROOT = resolve(import.meta.dirname, '..');

/** What the build writes (the manual page last), and what it reads. */
export const OUTPUTS = ['dist/cli.cjs', 'dist/core.cjs', 'dist/core-light.cjs', 'dist/index.js', 'dist/index.d.ts', 'man/calendar.1'];
export const INPUTS = ['src', 'bin', 'scripts/build.mjs', 'scripts/build-types.mjs', 'scripts/undici-pieces.mjs', 'package.json', 'tsconfig.json'];

/** The latest modification time under `path` (a file or a folder, walked whole). */
function newest(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((latest, name) => Math.max(latest, newest(join(path, name))), stat.mtimeMs);
}

/** True when an output is missing or older than some input. */
export function buildIsStale(root = ROOT): boolean {
  const built = Math.min(...OUTPUTS.map((file) => statSync(join(root, file), { throwIfNoEntry: false })?.mtimeMs ?? 0));
  return INPUTS.some((input) => newest(join(root, input)) > built);
}

function buildWhenStale(): void {
  if (!buildIsStale()) return;
  const started = performance.now();
  execFileSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  process.stderr.write(`built dist/ from the current source in ${Math.round(performance.now() - started)} ms\n`);
}

/** Before the first run, and in watch mode before each run again. */
export default function setup(project: TestProject): void {
  buildWhenStale();
  project.onTestsRerun(() => buildWhenStale());
}
