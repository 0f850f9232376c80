import { afterEach, describe, expect, test } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { advertisedRoot, checkSiteUrl, fallbackRoots, pickNamespace, storedRoot } from '../../src/cli/commands/profile/discover.js';
import { parseRestRoot } from '../../src/core/http/url.js';
import { readUserConfig, saveProfile, writePrivateJson } from '../../src/core/config/write.js';

describe('discovery helpers', () => {
  test('the REST root advertised in a Link header, among other links', () => {
    const headers = {
      link: '<https://example.org/wp-json/wp/v2/pages/2>; rel="alternate"; type="application/json", <https://example.org/wp-json/>; rel="https://api.w.org/"',
    };
    expect(advertisedRoot({ headers })).toBe('https://example.org/wp-json/');
  });

  test('or in the link tag of an HTML page', () => {
    const text = '<html><head><link rel="https://api.w.org/" href="https://example.org/index.php?rest_route=/&amp;x=1" /></head></html>';
    expect(advertisedRoot({ headers: {}, text })).toBe('https://example.org/index.php?rest_route=/&x=1');
    expect(advertisedRoot({ headers: { link: '<https://example.org/feed>; rel="alternate"' }, text: '<p>no api</p>' })).toBeUndefined();
  });

  test('fallbacks: /wp-json/ then ?rest_route=/, under a sub-directory too; a root is tried as given', () => {
    expect(fallbackRoots(new URL('https://example.org'))).toEqual(['https://example.org/wp-json/', 'https://example.org/?rest_route=/']);
    expect(fallbackRoots(new URL('https://example.org/blog/'))).toEqual(['https://example.org/blog/wp-json/', 'https://example.org/blog/?rest_route=/']);
    expect(fallbackRoots(new URL('https://example.org/fr/wp-json'))).toEqual(['https://example.org/fr/wp-json']);
    expect(fallbackRoots(new URL('https://example.org/?rest_route=/'))).toEqual(['https://example.org/?rest_route=/']);
  });

  test('the events namespace: tribe first, any */events/v1 otherwise, or the one asked for', () => {
    expect(pickNamespace(['oembed/1.0', 'tec/v1', 'tribe/events/v1', 'wp/v2'])).toBe('tribe/events/v1');
    expect(pickNamespace(['acme/events/v1', 'wp/v2'])).toBe('acme/events/v1');
    expect(pickNamespace(['other/thing/v1', 'wp/v2'])).toBeUndefined();
    expect(pickNamespace(['tribe/events/v1', 'acme/events/v1'], 'acme/events/v1')).toBe('acme/events/v1');
    expect(pickNamespace(['tribe/events/v1'], 'acme/events/v1')).toBeUndefined();
  });

  test('stored roots read back to the same root', () => {
    for (const given of ['https://example.org/wp-json/', 'https://example.org/?rest_route=/', 'https://example.org/index.php?rest_route=/']) {
      const root = parseRestRoot(given);
      expect(parseRestRoot(storedRoot(root))).toEqual(root);
    }
    expect(storedRoot(parseRestRoot('https://example.org/wp-json/'))).toBe('https://example.org/wp-json');
    expect(storedRoot(parseRestRoot('https://example.org/?rest_route=/'))).toBe('https://example.org/?rest_route=/');
  });

  test('only http(s) site addresses', () => {
    expect(checkSiteUrl('https://example.org/#top').toString()).toBe('https://example.org/');
    expect(() => checkSiteUrl('example.org')).toThrow(/not an http\(s\) URL/);
    expect(() => checkSiteUrl('ftp://example.org')).toThrow(/not an http\(s\) URL/);
  });
});

describe('the user config file', () => {
  let dir: string | undefined;
  const env = () => {
    dir = mkdtempSync(join(tmpdir(), 'calendar-config-'));
    return { XDG_CONFIG_HOME: dir };
  };
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  test('is created 0600 in a 0700 directory; the first profile becomes the default', () => {
    const e = env();
    const saved = saveProfile(e, 'one', { baseUrl: 'https://one.example/wp-json', appPassword: 'secret' }, false);
    expect(saved).toEqual({ file: join(dir!, 'calendar', 'config.json'), isDefault: true });
    expect(statSync(saved.file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir!, 'calendar')).mode & 0o777).toBe(0o700);
    saveProfile(e, 'two', { baseUrl: 'https://two.example/wp-json' }, false);
    const { config } = readUserConfig(e);
    expect(config.defaultProfile).toBe('one');
    expect(Object.keys(config.profiles)).toEqual(['one', 'two']);
    expect(saveProfile(e, 'three', { baseUrl: 'https://three.example/wp-json' }, true).isDefault).toBe(true);
  });

  test('keeps keys it does not know, leaves no temp file, and fixes a loose mode on rewrite', () => {
    const e = env();
    mkdirSync(join(dir!, 'calendar'));
    const file = join(dir!, 'calendar', 'config.json');
    writeFileSync(file, JSON.stringify({ profiles: {}, note: 'mine' }), { mode: 0o644 });
    const user = readUserConfig(e);
    user.config.defaultProfile = 'sandbox';
    writePrivateJson(user.file, user.config);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ profiles: {}, note: 'mine', defaultProfile: 'sandbox' });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(dir!, 'calendar'))).toEqual(['config.json']);
  });

  test('a file that is not a JSON object is an error, not a blank slate', () => {
    const e = env();
    mkdirSync(join(dir!, 'calendar'));
    writeFileSync(join(dir!, 'calendar', 'config.json'), '[1, 2]');
    expect(() => readUserConfig(e)).toThrow(/must hold one JSON object/);
    writeFileSync(join(dir!, 'calendar', 'config.json'), '{"profiles": 3}');
    expect(() => readUserConfig(e)).toThrow(/"profiles" must be an object/);
  });
});
