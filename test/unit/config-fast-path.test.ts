import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { configCandidateExists, loadConfig } from '../../src/core/config/load.js';

// That a JSON file is read without the YAML parser is checked on the built CLI, by what its run
// executed (test/e2e/ux-completion.test.ts, "start-up stays light").

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function userConfig(content: string): { project: string; file: string; env: Record<string, string> } {
  const home = mkdtempSync(join(tmpdir(), 'calendar-cfg-'));
  dirs.push(home);
  const project = join(home, 'project');
  mkdirSync(project);
  const dir = join(home, '.config', 'calendar');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'config.json');
  writeFileSync(file, content, { mode: 0o600 });
  return { project, file, env: { HOME: home, XDG_CONFIG_HOME: join(home, '.config') } };
}

describe('the user config file alone', () => {
  test('is read and validated', async () => {
    const { project, file, env } = userConfig(
      JSON.stringify({ defaultProfile: 'a', profiles: { a: { baseUrl: 'https://a.example/wp-json', username: 'ed' } } }),
    );
    const loaded = await loadConfig(project, env);
    expect(loaded.config).toEqual({ defaultProfile: 'a', profiles: { a: { baseUrl: 'https://a.example/wp-json', username: 'ed' } } });
    expect(loaded.files).toEqual([file]);
    expect(loaded.sources).toEqual({ a: file });
    expect(loaded.warnings).toEqual([]);
  });

  test('an empty file holds no profiles', async () => {
    const { project, env } = userConfig('');
    expect((await loadConfig(project, env)).config.profiles).toEqual({});
  });

  test('broken JSON and a wrong shape are usage errors naming the file', async () => {
    const broken = userConfig('{"profiles": {');
    await expect(loadConfig(broken.project, broken.env)).rejects.toThrow(`cannot read the configuration ${broken.file}: `);
    const wrong = userConfig(JSON.stringify({ profiles: { a: { baseUrl: 'not a url' } } }));
    await expect(loadConfig(wrong.project, wrong.env)).rejects.toThrow(`invalid configuration in ${wrong.file}: profiles.a.baseUrl: `);
  });

  test('a stored password in a file others can read is warned about', async () => {
    const { project, file, env } = userConfig(JSON.stringify({ profiles: { a: { baseUrl: 'https://a.example/wp-json', appPassword: 'xxxx' } } }));
    chmodSync(file, 0o644);
    expect((await loadConfig(project, env)).warnings).toEqual([`${file} holds an application password and can be read by other users; run: chmod 600 ${file}`]);
  });
});

describe('a user file others can write', () => {
  test("its sites stay the person's; its password variable is ignored, saying chmod go-w", async () => {
    const { project, file, env } = userConfig(JSON.stringify({ profiles: { a: { baseUrl: 'https://a.example/wp-json', appPasswordEnv: 'A_SECRET' } } }));
    chmodSync(file, 0o664);
    const loaded = await loadConfig(project, env);
    expect(loaded.ownOrigins).toEqual(['https://a.example']);
    expect(loaded.config.profiles.a.appPasswordEnv).toBeUndefined();
    expect(loaded.warnings).toEqual([`${file}: profiles.a.appPasswordEnv is ignored: others can write it; run: chmod go-w ${file}`]);
  });
});

describe('package.json', () => {
  test('mentioning calendar outside a calendar key (a bin entry) is not a configuration', () => {
    const { project, env } = userConfig('');
    rmSync(join(env.XDG_CONFIG_HOME, 'calendar'), { recursive: true });
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'calendar', bin: { calendar: 'bin/calendar.js' }, keywords: ['calendar'] }));
    expect(configCandidateExists(project, env)).toBe(false);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'x', calendar: { profiles: {} } }));
    expect(configCandidateExists(project, env)).toBe(true);
  });
});
