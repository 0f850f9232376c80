/**
 * What a cloned repository's files can make the CLI do (docs/security.md). The CLI runs as
 * built, in this process (its streams, environment and working directory its own: a folder
 * holding the project file, HOME and XDG_CONFIG_HOME private); the run that loads a trusted
 * JavaScript config is spawned, as the binary loads it. Sites are header loggers: loopback proxies to a sandbox that
 * record the Authorization header of every request.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { PASSWORD, runCli, startTestSandbox, tempHome, USER, type Sandbox } from './helpers.js';

interface Logger {
  /** The REST root, on 127.0.0.1. */
  restRoot: string;
  port: number;
  /** Method, path and Authorization header (or null) of every request, in order. */
  seen: Array<{ method: string; url: string; authorization: string | null }>;
  close(): Promise<void>;
}

/** A loopback server that logs each request's Authorization and passes the request on to `target`. */
async function headerLogger(target: Sandbox): Promise<Logger> {
  const seen: Logger['seen'] = [];
  const upstream = new URL(target.url);
  const server: Server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization ?? null });
    const forward = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    restRoot: `http://127.0.0.1:${port}/wp-json`,
    port,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const BASIC = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
/** The methods a site was sent, each with whether it carried the person's credentials. */
const sent = (site: Logger) =>
  site.seen.map((s) => `${s.method} ${s.authorization === BASIC ? 'with' : s.authorization === null ? 'without' : 'with other'} credentials`);

let sandbox: Sandbox;
let projectSite: Logger;
let ownSite: Logger;
let home: ReturnType<typeof tempHome>;
/** The cloned repository, and a folder inside it. */
let repo: string;
let sub: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  [projectSite, ownSite] = await Promise.all([headerLogger(sandbox), headerLogger(sandbox)]);
});
afterAll(async () => {
  await Promise.all([projectSite?.close(), ownSite?.close(), sandbox?.close()]);
});
beforeEach(() => {
  home = tempHome();
  repo = join(home.home, 'work', 'cloned-repo');
  sub = join(repo, 'src', 'deep');
  mkdirSync(sub, { recursive: true });
  projectSite.seen.length = 0;
  ownSite.seen.length = 0;
});
afterEach(() => home.cleanup());

const cli = (args: string[], env: Record<string, string> = {}, cwd = repo) => runCli(args, { env: { ...home.env, ...env }, cwd });
const writeProject = (config: unknown, name = '.calendarrc.json') => {
  const file = join(repo, name);
  writeFileSync(file, typeof config === 'string' ? config : JSON.stringify(config));
  return file;
};
const writeUserFile = (config: unknown) => {
  mkdirSync(join(home.env.XDG_CONFIG_HOME, 'calendar'), { recursive: true });
  writeFileSync(join(home.env.XDG_CONFIG_HOME, 'calendar', 'config.json'), JSON.stringify(config), { mode: 0o600 });
};
const countOf = (text: string, part: string) => text.split(part).length - 1;
/** A project file naming its own site as `prod`, with a user name. */
const hostile = (extra: Record<string, unknown> = {}, top: Record<string, unknown> = {}) => ({
  ...top,
  profiles: { prod: { baseUrl: projectSite.restRoot, username: USER, ...extra } },
});

describe('a JavaScript or TypeScript project config never runs', () => {
  const NAMES = [
    '.calendarrc.js',
    '.calendarrc.cjs',
    '.calendarrc.mjs',
    '.calendarrc.ts',
    'calendar.config.js',
    'calendar.config.cjs',
    'calendar.config.mjs',
    'calendar.config.ts',
  ];

  test.each(NAMES)('%s, from its folder and from a sub-folder: the marker stays absent and one warning names it', async (name) => {
    const marker = join(home.home, 'PWNED');
    const body =
      name.endsWith('.mjs') || name.endsWith('.ts')
        ? `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'x');\nexport default { profiles: {} };\n`
        : `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'x');\nmodule.exports = { profiles: {} };\n`;
    const file = writeProject(body, name);
    const [here, below] = await Promise.all([
      cli(['venues', 'list', '--format', 'ids'], { CALENDAR_BASE_URL: ownSite.restRoot }),
      cli(['profile', 'list'], {}, sub),
    ]);
    expect(existsSync(marker)).toBe(false);
    for (const r of [here, below]) {
      expect(r.code, r.stderr).toBe(0);
      expect(countOf(r.stderr, 'is not loaded')).toBe(1);
      expect(r.stderr).toContain(`${file} is not loaded: a JavaScript or TypeScript config runs code`);
      expect(r.stderr).toContain(`calendar trust ${file}`);
    }
  });
});

describe('a data project file loads nothing else', () => {
  test("a .config/config.js (cosmiconfig's own settings) and a $import never run", async () => {
    const marker = join(home.home, 'PWNED');
    mkdirSync(join(repo, '.config'));
    writeFileSync(join(repo, '.config', 'config.js'), `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'x');\nmodule.exports = {};\n`);
    writeFileSync(join(repo, 'evil.js'), `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'x');\nmodule.exports = {};\n`);
    const file = writeProject({ $import: './evil.js', profiles: {} });
    const r = await cli(['profile', 'list']);
    expect(existsSync(marker)).toBe(false);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`invalid configuration in ${file}: (top): Unrecognized key: "$import"`);
  });
});

describe("the person's credentials never go to a site only a project file names", () => {
  test.each([
    ['CALENDAR_PROFILE with CALENDAR_APP_PASSWORD', () => hostile(), { CALENDAR_PROFILE: 'prod', CALENDAR_APP_PASSWORD: PASSWORD }],
    [
      'defaultProfile with CALENDAR_USERNAME and CALENDAR_APP_PASSWORD',
      () => hostile({}, { defaultProfile: 'prod' }),
      { CALENDAR_USERNAME: USER, CALENDAR_APP_PASSWORD: PASSWORD },
    ],
    ['a variable the profile names (appPasswordEnv)', () => hostile({ appPasswordEnv: 'JOB_SECRET' }, { defaultProfile: 'prod' }), { JOB_SECRET: PASSWORD }],
  ])('%s: a read goes without Authorization, with one notice', async (_, config, env) => {
    const file = writeProject(config());
    const r = await cli(['venues', 'list', '--format', 'ids'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(projectSite.seen.length).toBeGreaterThan(0);
    expect(projectSite.seen.map((s) => s.authorization)).toEqual(projectSite.seen.map(() => null));
    expect(countOf(r.stderr, `${file} names this site (http://127.0.0.1:${projectSite.port}) and you have not trusted that file`)).toBe(1);
    expect(r.stderr).toContain(`calendar trust ${file}`);
  });

  test('a host name that resolves to this machine (localhost) changes nothing', async () => {
    writeProject({
      defaultProfile: 'prod',
      profiles: { prod: { baseUrl: `http://localhost:${projectSite.port}/wp-json`, username: USER, appPasswordEnv: 'JOB_SECRET' } },
    });
    const r = await cli(['venues', 'list', '--format', 'ids'], { JOB_SECRET: PASSWORD, CALENDAR_APP_PASSWORD: PASSWORD });
    expect(r.code, r.stderr).toBe(0);
    expect(projectSite.seen.length).toBeGreaterThan(0);
    expect(projectSite.seen.every((s) => s.authorization === null)).toBe(true);
    expect(r.stderr).toContain('profiles.prod.appPasswordEnv is ignored');
  });

  test('a write stops before any request, exit 4, one line saying what to do', async () => {
    const file = writeProject(hostile());
    const r = await cli(
      ['venues', 'create', '--venue', 'Hostile Hall', '--format', 'ids'],
      { CALENDAR_PROFILE: 'prod', CALENDAR_USERNAME: USER, CALENDAR_APP_PASSWORD: PASSWORD },
      sub,
    );
    expect(r.code).toBe(4);
    expect(projectSite.seen).toEqual([]);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toEqual([
      `calendar: ${file} names this site (http://127.0.0.1:${projectSite.port}) and you have not trusted that file: ` +
        `the write was not sent; review the file and run: calendar trust ${file}, or give the site yourself with ` +
        `--base-url or CALENDAR_BASE_URL, or add it as your own profile`,
      `Add it as your own profile with: calendar profile add NAME --url http://127.0.0.1:${projectSite.port}`,
    ]);
  });

  test('a project file that overrides a profile of the user file gets none of its credentials', async () => {
    writeUserFile({ defaultProfile: 'prod', profiles: { prod: { baseUrl: ownSite.restRoot, username: USER, appPassword: PASSWORD } } });
    writeProject(hostile());
    const r = await cli(['venues', 'create', '--venue', 'Override Hall', '--format', 'ids']);
    expect(r.code).toBe(4);
    expect(projectSite.seen).toEqual([]);
    expect(ownSite.seen).toEqual([]);
  });
});

describe("the person's own sources get the person's credentials", () => {
  test('CALENDAR_BASE_URL with the credentials of the environment: the job writes to its own site; the site the repository names gets nothing', async () => {
    writeProject(hostile({ appPasswordEnv: 'CALENDAR_APP_PASSWORD' }, { defaultProfile: 'prod' }));
    writeProject(`require('node:fs').writeFileSync(${JSON.stringify(join(home.home, 'PWNED'))}, 'x');`, 'calendar.config.js');
    const r = await cli(['venues', 'create', '--venue', 'Job Hall', '--format', 'ids'], {
      CALENDAR_PROFILE: 'prod',
      CALENDAR_BASE_URL: ownSite.restRoot,
      CALENDAR_USERNAME: USER,
      CALENDAR_APP_PASSWORD: PASSWORD,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+$/);
    expect(sent(ownSite)).toEqual(['GET with credentials', 'POST with credentials']);
    expect(projectSite.seen).toEqual([]);
    expect(existsSync(join(home.home, 'PWNED'))).toBe(false);
  });

  test('a profile of the user file authenticates, whatever the project file says', async () => {
    writeUserFile({ profiles: { mine: { baseUrl: ownSite.restRoot, username: USER, appPasswordEnv: 'MY_SECRET' } } });
    writeProject(hostile({}, { defaultProfile: 'prod' }));
    const r = await cli(['--profile', 'mine', 'venues', 'create', '--venue', 'Own Hall', '--format', 'ids'], { MY_SECRET: PASSWORD });
    expect(r.code, r.stderr).toBe(0);
    expect(sent(ownSite)).toEqual(['GET with credentials', 'POST with credentials']);
    expect(projectSite.seen).toEqual([]);
  });
});

describe('calendar trust', () => {
  const trustList = () =>
    JSON.parse(readFileSync(join(home.env.XDG_CONFIG_HOME, 'calendar', 'trust.json'), 'utf8')) as { trusted: Record<string, { sha256: string }> };

  test('trust, change, list, trust again, revoke', async () => {
    const file = writeProject(hostile());
    const env = { CALENDAR_PROFILE: 'prod', CALENDAR_APP_PASSWORD: PASSWORD };
    expect((await cli(['profile', 'show', 'prod'], env)).stdout).toContain(`appPasswordSource: none: only ${file}, which you have not trusted`);
    const trusted = await cli(['trust'], {}, sub);
    expect(trusted.code, trusted.stderr).toBe(0);
    expect(trusted.stderr).toContain(`Trusted ${file}`);
    const { createHash } = await import('node:crypto');
    expect(trustList().trusted[file].sha256).toBe(createHash('sha256').update(readFileSync(file)).digest('hex'));

    const write = await cli(['venues', 'create', '--venue', 'Trusted Hall', '--format', 'ids'], env);
    expect(write.code, write.stderr).toBe(0);
    expect(sent(projectSite)).toEqual(['GET with credentials', 'POST with credentials']);
    expect(write.stderr).not.toContain('not trusted');
    expect((await cli(['profile', 'show', 'prod'], env)).stdout).toContain('appPasswordSource: environment variable CALENDAR_APP_PASSWORD');

    writeProject(hostile({ namespace: 'tribe/events/v1' }));
    projectSite.seen.length = 0;
    const changed = await cli(['venues', 'list', '--format', 'ids'], env);
    expect(changed.code, changed.stderr).toBe(0);
    expect(countOf(changed.stderr, `${file} changed since you trusted it`)).toBe(1);
    expect(projectSite.seen.every((s) => s.authorization === null)).toBe(true);
    const changedWrite = await cli(['venues', 'create', '--venue', 'Changed Hall'], env);
    expect(changedWrite.code).toBe(4);
    expect(changedWrite.stderr).toContain(`${file} changed since you trusted it`);
    expect(projectSite.seen.filter((s) => s.method !== 'GET')).toEqual([]);
    const listed = await cli(['trust', '--list', '--json']);
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ file, state: 'changed' })]);

    expect((await cli(['trust', file])).code).toBe(0);
    expect(JSON.parse((await cli(['trust', '--list', '--json'])).stdout)).toEqual([expect.objectContaining({ file, state: 'trusted' })]);
    const revoked = await cli(['trust', '--revoke']);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stderr).toContain(`${file} is no longer trusted`);
    expect(trustList().trusted).toEqual({});
    const afterRevoke = await cli(['venues', 'create', '--venue', 'Revoked Hall'], env);
    expect(afterRevoke.code).toBe(4);
  });

  test('a trusted JavaScript config loads, and its profile uses the credentials', async () => {
    const marker = join(home.home, 'LOADED');
    const file = writeProject(
      `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'x');\nexport default { ` +
        `defaultProfile: 'js', profiles: { js: { baseUrl: ${JSON.stringify(projectSite.restRoot)}, username: ` +
        `${JSON.stringify(USER)} } } };\n`,
      'calendar.config.mjs',
    );
    expect((await cli(['trust', file])).code).toBe(0);
    expect(existsSync(marker)).toBe(false);
    const r = await runCli(['venues', 'create', '--venue', 'Script Hall', '--format', 'ids'], {
      env: { ...home.env, CALENDAR_APP_PASSWORD: PASSWORD },
      cwd: sub,
      spawn: true,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(marker)).toBe(true);
    expect(sent(projectSite)).toEqual(['GET with credentials', 'POST with credentials']);
  });

  test('a file that is not a project config, or no project file at all, is a usage error', async () => {
    const other = join(repo, 'notes.json');
    writeFileSync(other, '{}');
    writeFileSync(join(repo, 'package.json'), '{"name":"x"}');
    for (const [args, message] of [
      [['trust', other], `${other} is not a project configuration file`],
      [['trust', join(repo, 'package.json')], 'has no "calendar" key'],
      [['trust', join(home.env.XDG_CONFIG_HOME, 'calendar', 'config.json')], 'is not a project configuration file'],
      [['trust'], `no project configuration file in ${repo} or above`],
      [['trust', '--list', other], '--list takes no file'],
    ] as const) {
      const r = await cli([...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.split('\n')[0]).toContain(message);
    }
    expect(existsSync(join(home.env.XDG_CONFIG_HOME, 'calendar', 'trust.json'))).toBe(false);
  });
});
