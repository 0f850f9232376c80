/**
 * Configuration that would leak or mislead: passwords inside URLs, password sources that
 * give nothing, commands that fail, a timezone that does not exist.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { PASSWORD, runCli, USER, useSite } from './helpers.js';

const site = useSite();

function homeWith(profile: Record<string, unknown>): Record<string, string> {
  const home = join(site.home.home, `cfg-${Math.random().toString(36).slice(2)}`);
  mkdirSync(join(home, '.config', 'calendar'), { recursive: true });
  writeFileSync(
    join(home, '.config', 'calendar', 'config.json'),
    JSON.stringify({ defaultProfile: 'p', profiles: { p: { baseUrl: site.sandbox.restRoot, username: USER, ...profile } } }),
    { mode: 0o600 },
  );
  return { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_DATA_HOME: join(home, '.local', 'share') };
}

describe('a password inside a URL', () => {
  test('profile add moves it into the profile and never prints it', async () => {
    const env = homeWith({});
    const withSecret = site.sandbox.restRoot.replace('http://', `http://${USER}:${encodeURIComponent(PASSWORD)}@`);
    const added = await runCli(['profile', 'add', 'inurl', '--url', withSecret, '--debug'], { env });
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout + added.stderr).not.toContain(PASSWORD);
    expect(added.stderr).toContain('moved into the profile');
    const file = JSON.parse(readFileSync(join(env.XDG_CONFIG_HOME, 'calendar', 'config.json'), 'utf8'));
    expect(file.profiles.inurl.baseUrl).not.toContain('@');
    expect(file.profiles.inurl.username).toBe(USER);
    for (const args of [
      ['profile', 'show', 'inurl'],
      ['profile', 'list'],
      ['--profile', 'inurl', '--debug', 'venues', 'list'],
    ]) {
      const r = await runCli(args, { env });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout + r.stderr).not.toContain(PASSWORD);
    }
  });

  test('CALENDAR_BASE_URL with user info uses it for the run and keeps it out of --debug', async () => {
    const env = { ...site.home.env, CALENDAR_BASE_URL: site.sandbox.restRoot.replace('http://', `http://${USER}:${encodeURIComponent(PASSWORD)}@`) };
    const r = await runCli(['--debug', 'venues', 'create', '--venue', 'Userinfo Hall', '--format', 'ids'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain(PASSWORD);
  });
});

describe('password sources say what failed, before any request', () => {
  test('an unset appPasswordEnv', async () => {
    const before = site.sandbox.stats.requests;
    const r = await runCli(['venues', 'list'], { env: homeWith({ appPasswordEnv: 'NO_SUCH_SECRET_VAR' }) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('$NO_SUCH_SECRET_VAR, which is not set');
    expect(site.sandbox.stats.requests).toBe(before);
  });

  test('a command that prints nothing, and one that fails with its reason', async () => {
    const empty = await runCli(['venues', 'list'], { env: homeWith({ appPasswordCommand: 'true' }) });
    expect(empty.code).toBe(4);
    expect(empty.stderr).toContain('printed nothing');
    const failing = await runCli(['venues', 'list'], { env: homeWith({ appPasswordCommand: 'echo vault locked >&2; exit 3' }) });
    expect(failing.code).toBe(4);
    expect(failing.stderr).toContain('failed (exit 3): vault locked');
  });
});

describe('configuration values are checked with the rest of the configuration', () => {
  test('an unknown profile timezone exits 2 naming the file and key', async () => {
    const env = homeWith({ timezone: 'Mars/Olympus' });
    const r = await runCli(['events', 'list'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('config.json: profiles.p.timezone: "Mars/Olympus" is not a timezone');
  });
});

describe('profile add with a language in the path', () => {
  test('a /fr/ segment the site does not serve becomes the language, with a warning', async () => {
    const env = homeWith({});
    const r = await runCli(['profile', 'add', 'french', '--url', site.sandbox.restRoot.replace('/wp-json', '/fr/wp-json')], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('does not serve its REST API under /fr/');
    const file = JSON.parse(readFileSync(join(env.XDG_CONFIG_HOME, 'calendar', 'config.json'), 'utf8'));
    expect(file.profiles.french.language).toBe('fr');
    expect(file.profiles.french.baseUrl).toBe(site.sandbox.restRoot);
  });
});

describe('profile add on a site that moved', () => {
  test('a REST root that redirects is stored as where it ends up, and said so', async () => {
    const { createServer } = await import('node:http');
    const mover = createServer((req, res) => {
      res.writeHead(301, { location: `${site.sandbox.restRoot}${(req.url ?? '/').replace(/^\/old\/wp-json/, '')}` });
      res.end();
    });
    await new Promise<void>((resolve) => mover.listen(0, '127.0.0.1', resolve));
    try {
      const port = (mover.address() as import('node:net').AddressInfo).port;
      const env = homeWith({});
      const r = await runCli(['profile', 'add', 'moved', '--url', `http://127.0.0.1:${port}/old/wp-json`], { env });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(`redirected to ${site.sandbox.restRoot}`);
      const file = JSON.parse(readFileSync(join(env.XDG_CONFIG_HOME, 'calendar', 'config.json'), 'utf8'));
      expect(file.profiles.moved.baseUrl).toBe(site.sandbox.restRoot);
    } finally {
      await new Promise((r) => mover.close(r));
    }
  });
});

describe('project configuration files', () => {
  test('a project file cannot run commands or read secrets, even for reads and on this machine; it gets a warning', async () => {
    const env = homeWith({});
    const project = join(env.HOME, 'cloned-repo');
    mkdirSync(project, { recursive: true });
    const marker = join(project, 'PWNED');
    writeFileSync(
      join(project, '.calendarrc.json'),
      JSON.stringify({
        defaultProfile: 'evil',
        profiles: {
          evil: { baseUrl: site.sandbox.restRoot, username: 'admin', appPasswordCommand: `touch ${marker}; echo x` },
          remote: { baseUrl: 'https://calendar.example.org/wp-json', username: 'admin', appPasswordEnv: 'HOME' },
          local: { baseUrl: site.sandbox.restRoot.replace('127.0.0.1', 'localhost'), username: 'admin', appPasswordEnv: 'LOCAL_SITE_PASSWORD' },
        },
      }),
    );
    const r = await runCli(['events', 'list'], { env, cwd: project });
    expect(existsSync(marker)).toBe(false);
    expect(r.stderr).toContain('profiles.evil.appPasswordCommand is ignored');
    // No host name decides it: a site on this machine gets no variable's value either.
    expect(r.stderr).toContain('profiles.remote.appPasswordEnv is ignored');
    expect(r.stderr).toContain('profiles.local.appPasswordEnv is ignored');
    const local = await runCli(['--profile', 'local', 'venues', 'create', '--venue', 'Local Env Hall', '--format', 'ids'], {
      env: { ...env, LOCAL_SITE_PASSWORD: PASSWORD },
      cwd: project,
    });
    expect(local.code, local.stderr).toBe(4);
    expect(local.stderr).toContain('the write was not sent');
  });

  test("a broken YAML file is reported with the parser's reason and line", async () => {
    const env = homeWith({});
    const project = join(env.HOME, 'yaml-repo');
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, '.calendarrc.yaml'), 'profiles:\n  a:\n    baseUrl: "x\n  b: [\n');
    const r = await runCli(['events', 'list'], { env, cwd: project });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot read the configuration .*\.calendarrc\.yaml: .*line \d+/);
  });
});

describe('a base URL that names the namespace too', () => {
  test('--base-url and CALENDAR_BASE_URL ending in the namespace reach the same REST root', async () => {
    const id = (await runCli(['venues', 'create', '--venue', 'Namespace Hall', '--format', 'ids'], { env: homeWith({ appPassword: PASSWORD }) })).stdout.trim();
    for (const env of [
      { CALENDAR_BASE_URL: `${site.sandbox.restRoot}/tribe/events/v1/` },
      { CALENDAR_BASE_URL: `${site.sandbox.url}/?rest_route=/tribe/events/v1` },
    ]) {
      const r = await runCli(['venues', 'get', id, '--format', 'ids'], { env: { ...site.home.env, ...env } });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.trim()).toBe(id);
    }
    const flag = await runCli(['--base-url', `${site.sandbox.restRoot}/tribe/events/v1`, 'venues', 'get', id, '--format', 'ids'], { env: site.home.env });
    expect(flag.code, flag.stderr).toBe(0);
  });
});
