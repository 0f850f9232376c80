import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { existsSync, readFileSync, statSync, writeFileSync, mkdirSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { json, PASSWORD, runCli, startTestSandbox, tempHome, USER, type Sandbox } from './helpers.js';

// Every test has a HOME of its own (`beforeEach` below), empty or with the profiles it needs
// written in, so that any one runs alone or in any order.
let sandbox: Sandbox;
let other: Sandbox;
let home: ReturnType<typeof tempHome>;
type Config = { defaultProfile?: string; profiles: Record<string, Record<string, unknown>> };
const configFile = () => join(home.env.XDG_CONFIG_HOME, 'calendar', 'config.json');
const readConfig = () => JSON.parse(readFileSync(configFile(), 'utf8')) as Config;
const cli = (args: string[], extra: { env?: Record<string, string | undefined>; stdin?: string } = {}) =>
  runCli(args, { env: { ...home.env, ...extra.env }, stdin: extra.stdin });

/** What the sandbox's REST index says: `tec` when it lists tec/v1. */
let sandboxApi: 'tec' | 'tribe';
beforeAll(async () => {
  [sandbox, other] = await Promise.all([startTestSandbox({ timezone: 'Europe/Paris' }), startTestSandbox({ namespace: 'other/thing/v1' })]);
  const index = (await (await fetch(`${sandbox.restRoot}/`)).json()) as { namespaces: string[] };
  sandboxApi = index.namespaces.includes('tec/v1') ? 'tec' : 'tribe';
});
beforeEach(() => {
  home = tempHome();
});
afterEach(() => home.cleanup());
afterAll(async () => {
  await Promise.all([sandbox?.close(), other?.close()]);
});

/** The profiles `profile add` writes for this sandbox: `site` (the default), `plain`, `byenv`, `bycmd`. */
function writeProfiles(): Config {
  const config: Config = {
    defaultProfile: 'site',
    profiles: {
      site: { baseUrl: sandbox.restRoot, namespace: 'tribe/events/v1', timezone: 'Europe/Paris', username: USER, appPassword: PASSWORD },
      plain: { baseUrl: `${sandbox.url}/?rest_route=/`, namespace: 'tribe/events/v1', timezone: 'Europe/Paris' },
      byenv: { baseUrl: sandbox.restRoot, namespace: 'tribe/events/v1', timezone: 'Europe/Paris', username: USER, appPasswordEnv: 'MY_SITE_PASSWORD' },
      bycmd: { baseUrl: sandbox.restRoot, namespace: 'tribe/events/v1', timezone: 'Europe/Paris', username: USER, appPasswordCommand: 'cat /nonexistent' },
    },
  };
  mkdirSync(join(home.env.XDG_CONFIG_HOME, 'calendar'), { recursive: true, mode: 0o700 });
  writeFileSync(configFile(), JSON.stringify(config, null, 2), { mode: 0o600 });
  return config;
}

describe('profile add finds the API', () => {
  test('fails clearly on a dead port, exit 5, and writes nothing', async () => {
    const r = await cli(['profile', 'add', 'dead', '--url', 'http://127.0.0.1:9']);
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^calendar: cannot connect to http:\/\/127\.0\.0\.1:9/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(configFile())).toBe(false);
  });

  test('fails on a site without an events namespace, and writes nothing', async () => {
    const r = await cli(['profile', 'add', 'other', '--url', other.url]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('not a calendar site: no .../events/v1 namespace');
    expect(existsSync(configFile())).toBe(false);
  });

  test('refuses a wrong application password with exit 4 and writes nothing', async () => {
    const r = await cli(['profile', 'add', 'site', '--url', sandbox.url, '--username', USER, '--app-password-stdin'], { stdin: 'not-the-password\n' });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('refused the credentials');
    expect(r.stderr + r.stdout).not.toContain('not-the-password');
    expect(existsSync(configFile())).toBe(false);
  });

  test('rejects bad input before any request', async () => {
    const before = sandbox.stats.requests;
    const cases = [
      ['profile', 'add', 'x', '--url', 'ftp://example.org'],
      ['profile', 'add', 'bad name', '--url', sandbox.url],
      ['profile', 'add', 'sandbox', '--url', sandbox.url],
      ['profile', 'add', 'x', '--url', sandbox.url, '--app-password-env', 'X'],
      ['profile', 'add', 'x', '--url', sandbox.url, '--username', 'u', '--app-password-env', 'A', '--app-password-command', 'echo b'],
      ['profile', 'add', 'x'],
    ];
    for (const args of cases) {
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^calendar: /);
    }
    expect(sandbox.stats.requests).toBe(before);
  });

  test('from the site address: REST root, namespace, timezone; checked credentials; first profile is the default', async () => {
    const r = await cli(['profile', 'add', 'site', '--url', sandbox.url, '--username', USER, '--app-password-stdin'], { stdin: `${PASSWORD}\n` });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toContain(PASSWORD);
    const config = readConfig();
    expect(config.defaultProfile).toBe('site');
    expect(config.profiles.site).toEqual({
      baseUrl: sandbox.restRoot,
      namespace: 'tribe/events/v1',
      timezone: 'Europe/Paris',
      translations: true, // the sandbox says in its index that it honours i18n_language
      username: USER,
      appPassword: PASSWORD,
      // Where updates go: tec/v1 when the site's index lists it, else the tribe routes.
      api: sandboxApi,
    });
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
  });

  test('from a ?rest_route= root, keeping the other profiles and the default', async () => {
    const before = writeProfiles();
    delete before.profiles.plain;
    writeFileSync(configFile(), JSON.stringify(before), { mode: 0o600 });
    const r = await cli(['profile', 'add', 'plain', '--url', `${sandbox.url}/?rest_route=/`]);
    expect(r.code, r.stderr).toBe(0);
    const config = readConfig();
    expect(config.profiles.plain.baseUrl).toBe(`${sandbox.url}/?rest_route=/`);
    expect(Object.keys(config.profiles).sort()).toEqual(['bycmd', 'byenv', 'plain', 'site']);
    expect(config.profiles.site).toEqual(before.profiles.site);
    expect(config.defaultProfile).toBe('site');
    const list = await cli(['--profile', 'plain', 'venues', 'list', '--format', 'count']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/^\d+\n$/);
  });

  test('an existing name needs --force', async () => {
    writeProfiles();
    const r = await cli(['profile', 'add', 'plain', '--url', sandbox.url]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('already exists');
    expect(readConfig().profiles.plain.baseUrl).toBe(`${sandbox.url}/?rest_route=/`);
    const forced = await cli(['profile', 'add', 'plain', '--url', sandbox.url, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readConfig().profiles.plain.baseUrl).toBe(sandbox.restRoot);
  });

  test('keeps the secret out of the file with --app-password-env and --app-password-command', async () => {
    const byEnv = await cli(['profile', 'add', 'byenv', '--url', sandbox.restRoot, '--username', USER, '--app-password-env', 'MY_SITE_PASSWORD'], {
      env: { MY_SITE_PASSWORD: PASSWORD },
    });
    expect(byEnv.code, byEnv.stderr).toBe(0);
    const secretFile = join(home.home, 'secret.txt');
    writeFileSync(secretFile, `${PASSWORD}\n`);
    const byCommand = await cli(['profile', 'add', 'bycmd', '--url', sandbox.url, '--username', USER, '--app-password-command', `cat ${secretFile}`]);
    expect(byCommand.code, byCommand.stderr).toBe(0);
    const config = readConfig();
    expect(config.profiles.byenv).toMatchObject({ username: USER, appPasswordEnv: 'MY_SITE_PASSWORD' });
    expect(config.profiles.bycmd).toMatchObject({ username: USER, appPasswordCommand: `cat ${secretFile}` });
    expect(JSON.stringify([config.profiles.byenv, config.profiles.bycmd])).not.toContain(PASSWORD);
    const write = await cli(['--profile', 'bycmd', 'tags', 'create', '--name', 'Via Command', '--format', 'ids']);
    expect(write.code, write.stderr).toBe(0);
    const wrongEnv = await cli(['profile', 'add', 'wrongenv', '--url', sandbox.url, '--username', USER, '--app-password-env', 'MY_SITE_PASSWORD'], {
      env: { MY_SITE_PASSWORD: 'nope' },
    });
    expect(wrongEnv.code).toBe(4);
  });
});

describe('profile list, show, use, remove', () => {
  beforeEach(() => void writeProfiles());

  test('list marks the default and includes the built-in sandbox', async () => {
    const r = await cli(['profile', 'list', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const rows = json<Array<{ name: string; default: boolean; baseUrl: string }>>(r.stdout);
    expect(rows.map((p) => p.name).sort()).toEqual(['bycmd', 'byenv', 'plain', 'sandbox', 'site']);
    expect(rows.filter((p) => p.default).map((p) => p.name)).toEqual(['site']);
    const plain = await cli(['profile', 'list']);
    expect(plain.stdout).toMatch(new RegExp(`^\\*\\tsite\\t${sandbox.restRoot.replace(/[.]/g, '\\.')}\\t`, 'm'));
    expect(plain.stdout).toMatch(/^\tsandbox\t/m);
  });

  test('show masks the secret and says where it comes from', async () => {
    const r = await cli(['profile', 'show', 'site']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain(PASSWORD);
    expect(r.stdout).toMatch(/appPassword:\s+\*{8}/);
    expect(r.stdout).toMatch(/namespace:\s+tribe\/events\/v1/);
    expect(r.stdout).toMatch(/timezone:\s+Europe\/Paris/);
    expect(r.stdout).toMatch(/username:\s+admin/);
    const byEnv = json<Record<string, string>>((await cli(['profile', 'show', 'byenv', '--json'])).stdout);
    expect(byEnv.appPasswordSource).toBe('environment variable MY_SITE_PASSWORD');
    expect(byEnv.appPassword).toBeUndefined();
    const current = await cli(['profile', 'show', '--json']);
    expect(json<{ name: string }>(current.stdout).name).toBe('site');
    const missing = await cli(['profile', 'show', 'nope']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no profile named "nope"');
  });

  test('use sets the default that commands then follow', async () => {
    const r = await cli(['profile', 'use', 'plain']);
    expect(r.code, r.stderr).toBe(0);
    expect(readConfig().defaultProfile).toBe('plain');
    const shown = await cli(['profile', 'show', '--json']);
    expect(json<{ name: string }>(shown.stdout).name).toBe('plain');
    expect((await cli(['profile', 'use', 'nope'])).code).toBe(2);
    const typo = await cli(['profile', 'use', 'plian']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('Did you mean "plain"?');
    expect(readConfig().defaultProfile).toBe('plain');
    expect((await cli(['--profile', 'plian', 'events', 'list'])).stderr).toContain('Did you mean "plain"?');
  });

  test('remove drops the profile and a default that pointed at it', async () => {
    const r = await cli(['profile', 'remove', 'plain']);
    expect(r.code, r.stderr).toBe(0);
    expect(readConfig().profiles.plain).toBeUndefined();
    expect(readConfig().defaultProfile).toBe('site');
    const dropDefault = await cli(['profile', 'remove', 'site']);
    expect(dropDefault.code, dropDefault.stderr).toBe(0);
    const config = readConfig();
    expect(config.defaultProfile).toBeUndefined();
    expect(Object.keys(config.profiles).sort()).toEqual(['bycmd', 'byenv']);
    expect((await cli(['profile', 'remove', 'plain'])).code).toBe(2);
    expect((await cli(['profile', 'remove', 'sandbox'])).code).toBe(2);
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
  });

  test('a config file with a secret that others can read gets a warning', async () => {
    chmodSync(configFile(), 0o644);
    const r = await cli(['--profile', 'site', 'venues', 'list', '--format', 'count']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('chmod 600');
    chmodSync(configFile(), 0o600);
  });

  test('a broken config file is reported, not overwritten', async () => {
    const broken = tempHome();
    try {
      mkdirSync(join(broken.env.XDG_CONFIG_HOME, 'calendar'), { recursive: true });
      const file = join(broken.env.XDG_CONFIG_HOME, 'calendar', 'config.json');
      writeFileSync(file, '{ not json');
      const r = await runCli(['profile', 'add', 'x', '--url', sandbox.url], { env: broken.env });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('is not valid JSON');
      expect(readFileSync(file, 'utf8')).toBe('{ not json');
    } finally {
      broken.cleanup();
    }
  });

  test('a config directory that cannot be written is named with the reason in words', async () => {
    // Root may write anywhere: a file where the directory should be stands for a read-only one.
    const blocked = join(home.home, 'not-a-directory');
    writeFileSync(blocked, '');
    const env = { XDG_CONFIG_HOME: blocked };
    const added = await cli(['profile', 'add', 'x', '--url', sandbox.url], { env });
    expect(added.code).toBe(2);
    expect(added.stderr).toBe(
      `calendar: cannot read ${join(blocked, 'calendar', 'config.json')}: a part of the path is not a directory\nSet ` +
        `XDG_CONFIG_HOME to a directory you can write to.\n`,
    );
    const used = await cli(['profile', 'use', 'sandbox'], { env });
    expect(used.code).toBe(2);
    expect(used.stderr).toContain('a part of the path is not a directory');
    // A directory that can never be made (under /proc) is refused at once: Node 20's recursive mkdir spun there.
    if (process.platform === 'linux') {
      const proc = await cli(['profile', 'use', 'sandbox'], { env: { XDG_CONFIG_HOME: '/proc/self/no-such-dir' } });
      expect(proc.code).toBe(2);
      expect(proc.stderr).toContain('cannot write /proc/self/no-such-dir/calendar/config.json');
    }
  });

  test('use refuses a profile of a project file, which the user file would name everywhere', async () => {
    writeProfiles();
    const project = join(home.home, 'project');
    mkdirSync(project);
    writeFileSync(join(project, '.calendarrc.yaml'), `profiles:\n  local:\n    baseUrl: ${sandbox.restRoot}\n`);
    const r = await runCli(['profile', 'use', 'local'], { env: home.env, cwd: project });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`profile "local" comes from ${join(project, '.calendarrc.yaml')}, not the user config file`);
    expect(r.stderr).toContain('--profile local');
    expect(readConfig().defaultProfile).toBe('site');
  });

  test('a default that names no profile says where it is set', async () => {
    writeProfiles();
    writeFileSync(configFile(), JSON.stringify({ ...readConfig(), defaultProfile: 'gone' }));
    const r = await cli(['venues', 'list']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no profile named "gone"');
    expect(r.stderr).toContain(`the default profile (defaultProfile in ${configFile()})`);
  });
});
