import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, startTestSandbox, tempHome, type Sandbox } from './helpers.js';

// `--lang` is sent as i18n_language, which The Events Calendar never reads: only a translation
// plugin makes it do anything. `profile add` reads the REST index, which shows one (or not).
let sandbox: Sandbox;
let home: ReturnType<typeof tempHome>;
const configFile = () => join(home.env.XDG_CONFIG_HOME, 'calendar', 'config.json');
const cli = (args: string[]) => runCli(args, { env: { ...home.env } });
const WARNING = 'showed no translation plugin (WPML or Polylang) when it was added, so language fr (--lang, sent as i18n_language) may have no effect';
const count = (text: string, part: string) => text.split(part).length - 1;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
beforeEach(() => {
  home = tempHome();
});
afterEach(() => home.cleanup());
afterAll(async () => {
  await sandbox?.close();
});

describe('--lang on a site that shows no translation plugin', () => {
  test('is said once on stderr, from what profile add recorded, with no request of its own', async () => {
    const added = await cli(['profile', 'add', 'site', '--url', sandbox.url, '--default']);
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).profiles.site.translations).toBe(false);
    const before = sandbox.stats.requests;
    const plain = await cli(['events', 'list', '--format', 'ids']);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stderr).not.toContain('translation plugin');
    const requestsOfPlain = sandbox.stats.requests - before;
    const french = await cli(['events', 'list', '--format', 'ids', '--lang', 'fr']);
    expect(french.code, french.stderr).toBe(0);
    expect(count(french.stderr, WARNING)).toBe(1);
    expect(french.stderr).toMatch(/^warning: the site of profile site /);
    expect(french.stdout).toBe(plain.stdout);
    expect(sandbox.stats.requests - before - requestsOfPlain).toBe(requestsOfPlain);
  });

  test('a site whose index showed a translation plugin gets no warning', async () => {
    await cli(['profile', 'add', 'site', '--url', sandbox.url, '--default']);
    const config = JSON.parse(readFileSync(configFile(), 'utf8'));
    config.profiles.site.translations = true;
    writeFileSync(configFile(), JSON.stringify(config));
    const french = await cli(['events', 'list', '--format', 'ids', '--lang', 'fr']);
    expect(french.code, french.stderr).toBe(0);
    expect(french.stderr).not.toContain('translation plugin');
  });

  test('profile add --lang fr says it at once', async () => {
    const added = await cli(['profile', 'add', 'site', '--url', sandbox.url, '--lang', 'fr']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toContain('warning: the site shows no translation plugin (WPML or Polylang), so language fr (sent as i18n_language) may have no effect');
  });
});
