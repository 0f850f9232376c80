/**
 * Secrets: with --debug, on every error path and in the commands that describe a setup, the
 * application password and the Authorization value (base64 of user:password) appear
 * nowhere in stdout or stderr.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, PASSWORD, runCli, siteEnv, startTestSandbox, tempHome, USER, type RunResult, type Sandbox } from '../e2e/helpers.js';
import { mapLimited, reportFigure } from './helpers.js';

const WRONG_PASSWORD = 'wrong-Secret-9f3k2L';

let sandbox: Sandbox;
let failing: Sandbox;
let crashing: Sandbox;
let slow: Sandbox;
let home: ReturnType<typeof tempHome>;
let protectedEventId: number;

beforeAll(async () => {
  [sandbox, failing, crashing, slow] = await Promise.all([
    startTestSandbox({ seed: 'demo' }),
    startTestSandbox({ faults: '500=1' }),
    startTestSandbox({ faults: 'html=1' }),
    startTestSandbox({ faults: 'slow=3000' }),
  ]);
  home = tempHome();
  const events = await api<Array<{ id: number; title: string }>>(sandbox, 'GET', 'events?per_page=50');
  protectedEventId = (events.body as unknown as { events: Array<{ id: number; title: string }> }).events.find(
    (event) => event.title === 'Members Preview Night',
  )!.id;
});
afterAll(async () => {
  await Promise.all([sandbox, failing, crashing, slow].map((s) => s.close()));
  home.cleanup();
});

/** Every form a secret could take in the output. */
function secretForms(password: string): string[] {
  const basic = Buffer.from(`${USER}:${password}`).toString('base64');
  return [password, basic, encodeURIComponent(password), Buffer.from(password).toString('base64')];
}

interface Scenario {
  name: string;
  args: string[];
  env?: Record<string, string>;
  stdin?: string;
  password?: string;
  /** The exit code this path ends with: the scenario must really take that path. */
  code: number;
  /** Working directory (default the repository's root). */
  cwd?: string;
}

describe('secrets', () => {
  it('never appear in any output, --debug included', async () => {
    const env = (target: Sandbox, password = PASSWORD) => ({ ...siteEnv(target, home.env), CALENDAR_APP_PASSWORD: password });
    const scenarios: Scenario[] = [
      { name: 'success with --debug', args: ['venues', 'create', '--name', 'Secret Hall', '--debug'], env: env(sandbox), code: 0 },
      {
        name: '401 wrong password',
        args: ['venues', 'create', '--name', 'Nope', '--debug'],
        env: env(sandbox, WRONG_PASSWORD),
        password: WRONG_PASSWORD,
        code: 4,
      },
      { name: '403 protected event', args: ['events', 'get', String(0), '--debug'], env: env(sandbox), code: 4 },
      { name: '404 not found', args: ['venues', 'get', '999999', '--debug'], env: env(sandbox), code: 3 },
      { name: '500 JSON error', args: ['venues', 'list', '--debug'], env: env(failing), code: 5 },
      { name: '500 HTML page', args: ['venues', 'create', '--name', 'Crash', '--debug'], env: env(crashing), code: 5 },
      {
        name: 'network error',
        args: ['venues', 'list', '--debug', '--retries', '0'],
        env: { ...env(sandbox), CALENDAR_BASE_URL: 'http://127.0.0.1:1/wp-json' },
        code: 5,
      },
      { name: 'timeout', args: ['venues', 'list', '--debug', '--timeout', '1', '--retries', '0'], env: env(slow), code: 5 },
      { name: 'bad input', args: ['venues', 'create', '--name', 'Bad', '--website', 'nope', '--debug'], env: env(sandbox), code: 2 },
      { name: 'dry run', args: ['venues', 'create', '--name', 'Dry', '--dry-run', '--debug'], env: env(sandbox), code: 0 },
      { name: 'dry-run update', args: ['venues', 'update', '999999', '--city', 'Albany', '--dry-run', '--debug'], env: env(sandbox), code: 3 },
      {
        name: 'import with failures',
        args: ['import', 'venues', '-', '--input-format', 'ndjson', '--force', '--debug'],
        env: env(crashing),
        stdin: '{"venue": "Imported"}\n',
        code: 6,
      },
      {
        name: 'profile add',
        args: ['profile', 'add', 'secretsite', '--url', sandbox.url, '--username', USER, '--app-password-stdin', '--debug'],
        env: home.env,
        stdin: `${PASSWORD}\n`,
        code: 0,
      },
    ];
    // A cloned repository whose project file names a site, with the job's credentials in the environment.
    // Its origin (localhost) is not the one `profile add` saves below (127.0.0.1), which would make it the person's.
    const repo = join(home.home, 'cloned-repo');
    mkdirSync(repo, { recursive: true });
    const projectSite = sandbox.restRoot.replace('127.0.0.1', 'localhost');
    writeFileSync(
      join(repo, '.calendarrc.json'),
      JSON.stringify({ defaultProfile: 'prod', profiles: { prod: { baseUrl: projectSite, username: USER, appPasswordEnv: 'JOB_SECRET' } } }),
    );
    const job = { ...home.env, CALENDAR_PROFILE: 'prod', CALENDAR_USERNAME: USER, CALENDAR_APP_PASSWORD: PASSWORD, JOB_SECRET: PASSWORD };
    scenarios.push(
      { name: 'project-named site, read with --debug', args: ['venues', 'list', '--debug'], env: job, cwd: repo, code: 0 },
      { name: 'project-named site, write refused', args: ['venues', 'create', '--name', 'Refused', '--debug'], env: job, cwd: repo, code: 4 },
      { name: 'project-named site, profile show', args: ['profile', 'show', '--debug'], env: job, cwd: repo, code: 0 },
    );
    scenarios[2].args[2] = String(protectedEventId);
    // Each error path runs the real binary, whose stderr also carries whatever Node itself prints
    // on the way out; the paths that succeed run the same bundle in this process (a spawned run
    // costs about 0.3 s of CPU), with its output captured as a terminal would show it.
    const run = (scenario: Scenario) =>
      runCli(scenario.args, { env: scenario.env, stdin: scenario.stdin, timeoutMs: 30_000, spawn: scenario.code !== 0, cwd: scenario.cwd });
    const results: RunResult[] = await mapLimited(scenarios, 6, run);
    // These read the profile saved by `profile add`, so they run after it.
    const later: Scenario[] = [
      { name: 'profile show', args: ['profile', 'show', 'secretsite', '--debug'], env: home.env, code: 0 },
      { name: 'profile list', args: ['profile', 'list', '--debug'], env: home.env, code: 0 },
      { name: 'profile show --json', args: ['profile', 'show', 'secretsite', '--json'], env: home.env, code: 0 },
      { name: 'write through the profile', args: ['--profile', 'secretsite', 'venues', 'create', '--name', 'Profiled', '--debug'], env: home.env, code: 0 },
      { name: 'trust the project file', args: ['trust', '--debug'], env: job, cwd: repo, code: 0 },
    ];
    results.push(...(await mapLimited(later, 4, run)));
    // The project file once trusted: its profile now gets the job's credentials.
    const trusted: Scenario[] = [
      { name: 'trusted project file, write with --debug', args: ['venues', 'create', '--name', 'Trusted', '--debug'], env: job, cwd: repo, code: 0 },
      { name: 'trust --list', args: ['trust', '--list', '--debug'], env: job, cwd: repo, code: 0 },
    ];
    results.push(...(await mapLimited(trusted, 2, run)));
    const all = [...scenarios, ...later, ...trusted];
    const leaks: string[] = [];
    const wrongPath: string[] = [];
    all.forEach((scenario, i) => {
      const output = results[i].stdout + results[i].stderr;
      for (const secret of secretForms(scenario.password ?? PASSWORD)) if (output.includes(secret)) leaks.push(`${scenario.name}: ${JSON.stringify(secret)}`);
      if (results[i].code !== scenario.code)
        wrongPath.push(`${scenario.name}: exit ${results[i].code}, expected ${scenario.code}: ${results[i].stderr.split('\n')[0]}`);
    });
    reportFigure(`secrets leaked: ${leaks.length}`);
    expect(wrongPath).toEqual([]);
    expect(leaks).toEqual([]);
  }, 120_000);
});
