/**
 * Vitest's global setup: the CLI tests run the built bundle (dist/cli.cjs, bin/calendar.js), the
 * library and MCP tests the sources. So that every test runs the current source, the bundle is
 * rebuilt before any test file runs whenever a file it is made from is newer than the build;
 * `npx vitest run FILE` after an edit then tests the edit. A fresh build costs nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
  writeCodeCaches();
  process.stderr.write(`built dist/ from the current source in ${Math.round(performance.now() - started)} ms\n`);
}

/**
 * One run of the binary that talks HTTP (a list on the built-in sandbox, in a HOME of its own),
 * so that the bundles' code caches exist, as after a user's first command: otherwise every test
 * that spawns the binary before the first such run ends compiles the bundles from source (the
 * tests of the code cache itself work on bundles of their own).
 */
function writeCodeCaches(): void {
  const home = mkdtempSync(join(tmpdir(), 'calendar-warm-'));
  try {
    const env: Record<string, string | undefined> = {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_DATA_HOME: join(home, '.local', 'share'),
      XDG_CACHE_HOME: join(home, '.cache'),
    };
    for (const name of Object.keys(env)) if (name.startsWith('CALENDAR_') || name === 'CI') delete env[name];
    execFileSync(process.execPath, [join(ROOT, 'bin/calendar.js'), 'venues', 'list', '--format', 'ids'], { cwd: home, env, stdio: 'ignore' });
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** Before the first run, and in watch mode before each run again. */
export default function setup(project: TestProject): void {
  buildWhenStale();
  project.onTestsRerun(() => buildWhenStale());
}
