/**
 * Bad inputs: every case of the corpus exits 2 with `calendar: ...` (plus at most one hint
 * line), prints nothing on stdout and no stack trace, and sends the site no request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, siteEnv, startTestSandbox, tempHome, type RunResult, type Sandbox } from '../e2e/helpers.js';
import { badInputs, type BadInput } from './bad-input-cases.js';
import { mapLimited, reportFigure, stackLines } from './helpers.js';

const PARALLEL = 8;

let sandbox: Sandbox;
let home: ReturnType<typeof tempHome>;
let dir: string;
beforeAll(async () => {
  sandbox = await startTestSandbox();
  home = tempHome();
  dir = mkdtempSync(join(tmpdir(), 'calendar-bad-inputs-'));
});
afterAll(async () => {
  await sandbox.close();
  home.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

/** What is wrong with one run, or null when it is clean. */
function problemOf(result: RunResult): string | null {
  const lines = result.stderr.split('\n').filter((line) => line.trim() !== '');
  if (result.code !== 2) return `exit ${result.code}`;
  if (result.stdout !== '') return `stdout not empty: ${result.stdout.slice(0, 80)}`;
  if (stackLines(result.stderr).length) return `stack trace: ${stackLines(result.stderr)[0]}`;
  if (!lines[0]?.startsWith('calendar')) return `first line is not "calendar...": ${lines[0]}`;
  if (lines.length > 2) return `${lines.length} lines on stderr`;
  if (result.stderr.length > 1000) return `a message of ${result.stderr.length} characters`;
  return null;
}

describe('bad inputs', () => {
  it('exit 2 with a one-line message and no request, every one of them', async () => {
    const { writeFixtures } = await import('./bad-input-cases.js');
    const cases = badInputs(writeFixtures(dir));
    expect(cases.length).toBeGreaterThanOrEqual(200);
    const env = siteEnv(sandbox, home.env);
    const run = (input: BadInput) => runCli(input.args, { env: { ...env, ...input.env }, stdin: input.stdin });
    const before = sandbox.stats.requests;
    const results = await mapLimited(cases, PARALLEL, run);
    const requestsSent = sandbox.stats.requests - before;
    const problems = cases.map((input, i) => ({ input, problem: problemOf(results[i]), result: results[i] })).filter((entry) => entry.problem !== null);
    // Find which cases reached the site, one at a time (only when some did).
    const sentRequests: string[] = [];
    if (requestsSent > 0) {
      for (const input of cases) {
        const count = sandbox.stats.requests;
        await run(input);
        if (sandbox.stats.requests > count) sentRequests.push(input.name);
      }
    }
    const clean = cases.length - new Set([...problems.map((entry) => entry.input.name), ...sentRequests]).size;
    reportFigure(`bad inputs: ${clean}/${cases.length} clean`);
    expect(problems.map((entry) => `${entry.input.name}: ${entry.problem}\n    ${entry.result.stderr.split('\n')[0].slice(0, 200)}`)).toEqual([]);
    expect(sentRequests).toEqual([]);
  }, 240_000);
});
