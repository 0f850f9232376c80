/**
 * Vitest's global setup: the CLI tests run the built bundle (dist/cli.cjs, bin/calendar.js), the
 * library and MCP tests the sources. So that every test runs the current source, the bundle is
 * rebuilt before any test file runs whenever a file it is made from is newer than the build;
 * `npx vitest run FILE` after an edit then tests the edit. A fresh build costs nothing.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ownEnv, tempHome } from './e2e/home.js';

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

/** Present while the library's declarations are being written after a build (`writing PID`); says why, if that failed. */
const DECLARATIONS_PENDING = join(ROOT, 'dist/.declarations-pending');

/**
 * Builds dist/ when stale. The declarations (dist/index.d.ts and dist/types/: tsc, several seconds
 * in a clean clone) are written by a child of their own while the tests run: only the tests of the
 * package wait for them (declarationsWritten). Returns that child's end, or undefined.
 */
function buildWhenStale(): Promise<void> | undefined {
  if (!buildIsStale()) return undefined;
  const started = performance.now();
  execFileSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], {
    cwd: ROOT,
    env: { ...process.env, CALENDAR_BUILD_DECLARATIONS: 'later' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  writeCodeCaches();
  process.stderr.write(`built dist/ from the current source in ${Math.round(performance.now() - started)} ms; its declarations are being written\n`);
  const child = spawn(process.execPath, [join(ROOT, 'scripts/build-types.mjs')], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  writeFileSync(DECLARATIONS_PENDING, `writing ${child.pid}`);
  return new Promise((done) => {
    child.on('error', (error) => {
      writeFileSync(DECLARATIONS_PENDING, `scripts/build-types.mjs could not start: ${error.message}`);
      done();
    });
    child.on('exit', (code, signal) => {
      if (code === 0) rmSync(DECLARATIONS_PENDING, { force: true });
      else writeFileSync(DECLARATIONS_PENDING, `scripts/build-types.mjs failed (${signal ?? `exit ${code}`})`);
      done();
    });
  });
}

/** Resolves once the library's declarations are in dist/ (at once unless a build under way is writing them). */
export async function declarationsWritten(timeoutMs = 120_000): Promise<void> {
  for (const until = Date.now() + timeoutMs; ; ) {
    let state: string;
    try {
      state = readFileSync(DECLARATIONS_PENDING, 'utf8');
    } catch {
      return;
    }
    const writer = /^writing (\d+)$/.exec(state);
    if (!writer) throw new Error(state);
    // A run stopped while its writer ran leaves the mark behind: whatever that writer wrote is what there is.
    if (!isAlive(Number(writer[1]))) {
      if (statSync(join(ROOT, 'dist/index.d.ts'), { throwIfNoEntry: false })) return;
      throw new Error('the writer of the declarations stopped before writing them: run npm run build');
    }
    if (Date.now() > until) throw new Error(`the library's declarations were not written within ${timeoutMs} ms`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One run of the binary that talks HTTP (a list on the built-in sandbox, in a HOME of its own),
 * so that the bundles' code caches exist, as after a user's first command: otherwise every test
 * that spawns the binary before the first such run ends compiles the bundles from source (the
 * tests of the code cache itself work on bundles of their own).
 */
function writeCodeCaches(): void {
  const home = tempHome();
  try {
    execFileSync(process.execPath, [join(ROOT, 'bin/calendar.js'), 'venues', 'list', '--format', 'ids'], {
      cwd: home.home,
      env: { ...ownEnv(), ...home.env },
      stdio: 'ignore',
    });
  } finally {
    home.cleanup();
  }
}

/**
 * Node reads the certificates NODE_EXTRA_CA_CERTS names at every start, before any code of ours:
 * a system bundle costs each process 50-60 ms of CPU here, a third of what a run of the binary
 * costs, and the tests start some 150 processes. They talk to loopback only, and a test of TLS
 * names its own authority (--ca-cert), so the machine's addition to the trust store stays out of
 * the run, as its proxy settings do (test/e2e/home.ts): removed here, before the worker threads
 * and every process they start copy this environment.
 */
function leaveOutMachineCertificates(): void {
  delete process.env.NODE_EXTRA_CA_CERTS;
}

/** Before the first run, and in watch mode before each run again; the run ends once the declarations are written. */
export default function setup(project: TestProject): () => Promise<void> {
  leaveOutMachineCertificates();
  let declarations = buildWhenStale();
  project.onTestsRerun(async () => {
    await declarations;
    declarations = buildWhenStale();
  });
  return async () => {
    await declarations;
  };
}
