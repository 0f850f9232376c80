import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { configCandidateExists, findProjectFile, isProjectFileName, loadConfig } from '../../src/core/config/load.js';

const dirs: string[] = [];
function layout(): { home: string; project: string; env: Record<string, string> } {
  const home = mkdtempSync(join(tmpdir(), 'calendar-cfg-'));
  dirs.push(home);
  const project = join(home, 'work', 'project');
  mkdirSync(project, { recursive: true });
  return { home, project, env: { HOME: home, XDG_CONFIG_HOME: join(home, '.config') } };
}
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('configCandidateExists', () => {
  test('nothing there: no candidate, and loading gives no profiles', async () => {
    const { project, env } = layout();
    expect(configCandidateExists(project, env)).toBe(false);
    expect((await loadConfig(project, env)).config.profiles).toEqual({});
  });

  test('a package.json without a calendar key is not a candidate; with one it is', () => {
    const { project, env } = layout();
    writeFileSync(join(project, 'package.json'), '{"name":"x"}');
    expect(configCandidateExists(project, env)).toBe(false);
    writeFileSync(join(project, 'package.json'), '{"name":"x","calendar":{"profiles":{}}}');
    expect(configCandidateExists(project, env)).toBe(true);
  });

  test('rc files in a parent directory and the user config file count', async () => {
    const { home, project, env } = layout();
    writeFileSync(join(home, 'work', '.calendarrc.yaml'), 'defaultProfile: a\nprofiles:\n  a:\n    baseUrl: https://a.example/wp-json\n');
    expect(configCandidateExists(project, env)).toBe(true);
    expect((await loadConfig(project, env)).config.defaultProfile).toBe('a');
    rmSync(join(home, 'work', '.calendarrc.yaml'));
    mkdirSync(join(home, '.config', 'calendar'), { recursive: true });
    writeFileSync(join(home, '.config', 'calendar', 'config.json'), JSON.stringify({ profiles: { b: { baseUrl: 'https://b.example/wp-json' } } }));
    expect(configCandidateExists(project, env)).toBe(true);
  });
});

describe('a broken JSON file', () => {
  test('a project file is named with the reason and where, not the parser code frame', async () => {
    const { project, env } = layout();
    writeFileSync(join(project, '.calendarrc.json'), '{\n  "profiles": {\n');
    const err = await loadConfig(project, env).catch((e: Error) => e);
    expect((err as Error).message).toBe(
      `cannot read the configuration ${join(project, '.calendarrc.json')}: Expected property name or '}' in JSON (line 3, column 1)`,
    );
  });

  test('the user config file says the line and column too', async () => {
    const { project, env } = layout();
    mkdirSync(join(env.XDG_CONFIG_HOME, 'calendar'), { recursive: true });
    const file = join(env.XDG_CONFIG_HOME, 'calendar', 'config.json');
    writeFileSync(file, '{\n  "profiles": {},\n}\n');
    const err = await loadConfig(project, env).catch((e: Error) => e);
    expect((err as Error).message).toBe(`cannot read the configuration ${file}: Expected double-quoted property name in JSON (line 3, column 1)`);
  });
});

describe('a broken package.json in the working directory', () => {
  test('is a configuration error naming the file, not an unexpected error', async () => {
    const { project, env } = layout();
    writeFileSync(join(project, 'package.json'), '{"calendar": {"profiles": {');
    // The working directory is the one given: the loader reads no process.cwd().
    const err = await loadConfig(project, env).catch((e: Error) => e);
    expect((err as Error).message).toBe(
      `cannot read the configuration ${join(project, 'package.json')}: Expected property name or '}' in JSON (line 1, column 28)`,
    );
  });
});

describe('an unknown key', () => {
  test('names the key meant, or the keys there are', async () => {
    const { project, env } = layout();
    const file = join(project, '.calendarrc.yaml');
    writeFileSync(file, 'profiles:\n  a:\n    base_url: https://a.example/wp-json\n');
    const typo = (await loadConfig(project, env).catch((e: Error) => e)) as Error & { hint?: string };
    expect(typo.message).toBe(`invalid configuration in ${file}: profiles.a: Unrecognized key: "base_url"`);
    expect(typo.hint).toBe('Did you mean baseUrl?');
    writeFileSync(file, 'profile:\n  a:\n    baseUrl: https://a.example/wp-json\n');
    expect(((await loadConfig(project, env).catch((e: Error) => e)) as Error & { hint?: string }).hint).toBe('Did you mean profiles?');
    writeFileSync(file, 'profiles:\n  a:\n    password: x\n');
    expect(((await loadConfig(project, env).catch((e: Error) => e)) as Error & { hint?: string }).hint).toBe(
      'A profile takes baseUrl, namespace, language, translations, timezone, username, appPassword, appPasswordEnv, appPasswordCommand, timeout, caCert, api.',
    );
  });
});

describe('the project file and whose origins count', () => {
  test('the nearest folder wins; within it the data file before a script; .config/ counts', async () => {
    const { home, project, env } = layout();
    expect(findProjectFile(project, env)).toBeUndefined();
    writeFileSync(join(home, 'work', 'calendar.config.js'), 'throw new Error("never loaded")');
    expect(findProjectFile(project, env)).toBe(join(home, 'work', 'calendar.config.js'));
    writeFileSync(join(home, 'work', '.calendarrc.json'), '{}');
    expect(findProjectFile(project, env)).toBe(join(home, 'work', '.calendarrc.json'));
    mkdirSync(join(project, '.config'));
    writeFileSync(join(project, '.config', 'calendarrc.yaml'), 'profiles: {}\n');
    expect(findProjectFile(project, env)).toBe(join(project, '.config', 'calendarrc.yaml'));
    expect(isProjectFileName(join(project, '.config', 'calendarrc.yaml'))).toBe(true);
    expect(isProjectFileName(join(project, 'calendarrc.yaml'))).toBe(false);
    expect(isProjectFileName(join(env.XDG_CONFIG_HOME, 'calendar', 'config.json'))).toBe(false);
  });

  test("the user file's origins are the person's; an untrusted project file's are not, a trusted one's are", async () => {
    const { project, env } = layout();
    mkdirSync(join(env.XDG_CONFIG_HOME, 'calendar'), { recursive: true });
    writeFileSync(join(env.XDG_CONFIG_HOME, 'calendar', 'config.json'), JSON.stringify({ profiles: { mine: { baseUrl: 'https://mine.example/wp-json' } } }), {
      mode: 0o600,
    });
    const file = join(project, '.calendarrc');
    writeFileSync(file, 'profiles:\n  theirs:\n    baseUrl: https://theirs.example:8443/wp-json\n');
    const untrusted = await loadConfig(project, env);
    expect(Object.keys(untrusted.config.profiles).sort()).toEqual(['mine', 'theirs']);
    expect(untrusted.ownOrigins).toEqual(['https://mine.example']);
    writeFileSync(
      join(env.XDG_CONFIG_HOME, 'calendar', 'trust.json'),
      JSON.stringify({ trusted: { [file]: { sha256: createHash('sha256').update(readFileSync(file)).digest('hex'), trustedAt: '2026-01-01T00:00:00Z' } } }),
    );
    expect((await loadConfig(project, env)).ownOrigins.sort()).toEqual(['https://mine.example', 'https://theirs.example:8443']);
    writeFileSync(file, 'profiles:\n  theirs:\n    baseUrl: https://elsewhere.example/wp-json\n');
    const changed = await loadConfig(project, env);
    expect(changed.ownOrigins).toEqual(['https://mine.example']);
    expect(changed.warnings).toEqual([
      `${file} changed since you trusted it: it is read as an untrusted project file; review it, then run: calendar trust ${file}`,
    ]);
  });
});
