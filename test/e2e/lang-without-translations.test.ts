import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, startTestSandbox, tempHome, type Sandbox } from './helpers.js';

// `--lang` is sent as i18n_language, which The Events Calendar never reads: only a translation
// plugin makes it do anything. `profile add` reads the REST index, which shows one (or not).
// The sandbox honours i18n_language and says so in its index; `plainSite` is the sandbox seen
// through a forwarder that drops that statement, as a real site without a plugin would show it.
let sandbox: Sandbox;
let forwarder: Server;
let plainSite: string;
let home: ReturnType<typeof tempHome>;
const configFile = () => join(home.env.XDG_CONFIG_HOME, 'calendar', 'config.json');
const cli = (args: string[]) => runCli(args, { env: { ...home.env } });
const WARNING = 'showed no translation plugin (WPML or Polylang) when it was added, so language fr (--lang, sent as i18n_language) may have no effect';
const count = (text: string, part: string) => text.split(part).length - 1;

/** Every request passed on to the sandbox, its address in answers made ours; the REST index comes back without `calendar_sandbox`. */
function startForwarder(target: string): Promise<Server> {
  let own = '';
  const ours = (text: string) => text.split(target).join(own);
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== 'host' && name !== 'content-length')) as Record<string, string>;
    const answer = await fetch(target + req.url, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined, redirect: 'manual' });
    let text = ours(await answer.text());
    if (/^\/wp-json\/?(\?|$)/.test(req.url ?? '') && answer.status === 200) {
      const index = JSON.parse(text);
      delete index.calendar_sandbox;
      text = JSON.stringify(index);
    }
    const kept = [...answer.headers]
      .filter(([name]) => !['content-length', 'content-encoding', 'transfer-encoding'].includes(name))
      .map(([name, value]) => [name, ours(value)]);
    res.writeHead(answer.status, Object.fromEntries(kept));
    res.end(text);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      own = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve(server);
    }),
  );
}

beforeAll(async () => {
  sandbox = await startTestSandbox();
  forwarder = await startForwarder(sandbox.url);
  plainSite = `http://127.0.0.1:${(forwarder.address() as AddressInfo).port}`;
});
beforeEach(() => {
  home = tempHome();
});
afterEach(() => home.cleanup());
afterAll(async () => {
  await new Promise((resolve) => forwarder?.close(resolve));
  await sandbox?.close();
});

describe('--lang on a site that shows no translation plugin', () => {
  test('is said once on stderr, from what profile add recorded, with no request of its own', async () => {
    const added = await cli(['profile', 'add', 'site', '--url', plainSite, '--default']);
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
    await cli(['profile', 'add', 'site', '--url', plainSite, '--default']);
    const config = JSON.parse(readFileSync(configFile(), 'utf8'));
    config.profiles.site.translations = true;
    writeFileSync(configFile(), JSON.stringify(config));
    const french = await cli(['events', 'list', '--format', 'ids', '--lang', 'fr']);
    expect(french.code, french.stderr).toBe(0);
    expect(french.stderr).not.toContain('translation plugin');
  });

  test('profile add --lang fr says it at once', async () => {
    const added = await cli(['profile', 'add', 'site', '--url', plainSite, '--lang', 'fr']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toContain(
      'warning: the site shows no translation plugin (WPML or Polylang), so language fr (sent as i18n_language) may have no effect',
    );
  });
});

describe('--lang on calendar serve, which honours i18n_language', () => {
  test('profile add records translations and no run warns', async () => {
    const added = await cli(['profile', 'add', 'serve', '--url', sandbox.url, '--lang', 'fr', '--default']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).not.toContain('translation plugin');
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).profiles.serve.translations).toBe(true);
    const french = await cli(['events', 'list', '--format', 'ids']);
    expect(french.code, french.stderr).toBe(0);
    expect(french.stderr).not.toContain('translation plugin');
  });
});
