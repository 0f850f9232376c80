/**
 * The README's commands work when pasted. Every fenced block marked ```sh runnable is run, one
 * command at a time, by bash with the built CLI as `calendar` on the PATH, in a private HOME,
 * against a demo-seeded sandbox on a free loopback port: the quick start's blocks reach it through
 * CALENDAR_BASE_URL (standing for the built-in sandbox), and a block that names
 * https://example.org (a real site) has that address replaced by the sandbox's, with the
 * application password typed on stdin. Each command must exit 0.
 */
import { execFile } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXIT } from '../../src/core/errors.js';
import { BIN, ROOT, type Sandbox, startTestSandbox, tempHome } from './helpers.js';

const EXAMPLE_SITE = 'https://example.org';
const README_USER = 'editor';
const README_PASSWORD = 'abcd EFGH 1234 ijkl';

interface Block {
  line: number;
  commands: string[];
}

/** The runnable blocks of a Markdown text: their commands, continuation lines joined. */
function runnableBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | undefined;
  let pending = '';
  for (const [index, line] of markdown.split('\n').entries()) {
    if (current === undefined) {
      if (/^```sh runnable\s*$/.test(line)) current = { line: index + 1, commands: [] };
      continue;
    }
    if (line.startsWith('```')) {
      blocks.push(current);
      current = undefined;
      continue;
    }
    pending += line;
    if (pending.endsWith('\\')) {
      pending = `${pending.slice(0, -1)} `;
      continue;
    }
    if (pending.trim() !== '' && !pending.trim().startsWith('#')) current.commands.push(pending);
    pending = '';
  }
  return blocks;
}

function run(command: string, env: Record<string, string>, cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile('bash', ['-o', 'pipefail', '-c', command], { env, cwd, timeout: 20_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
    child.stdin?.end(`${README_PASSWORD}\n`);
  });
}

describe('the README', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const blocks = runnableBlocks(readme);
  const home = tempHome();
  let sandbox: Sandbox;
  let baseEnv: Record<string, string>;

  beforeAll(async () => {
    sandbox = await startTestSandbox({ seed: 'demo', user: README_USER, password: README_PASSWORD });
    const shim = join(home.home, 'calendar');
    writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(shim, 0o755);
    baseEnv = { ...home.env, PATH: `${home.home}:${process.env.PATH}`, NO_COLOR: '1', LANG: 'C.UTF-8' };
  });
  afterAll(async () => {
    await sandbox?.close();
    home.cleanup();
  });

  test('has runnable blocks: the quick start on the sandbox, then a real site', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    expect(blocks.some((block) => block.commands.some((command) => command.includes(`profile add`) && command.includes(EXAMPLE_SITE)))).toBe(true);
  });

  test('its exit-code table, the one in the repository, lists every code the CLI uses', () => {
    const table = readme.slice(readme.indexOf('## Exit codes'), readme.indexOf('\n## ', readme.indexOf('## Exit codes') + 1));
    const codes = [...table.matchAll(/^\| (\d+) \|/gm)].map(([, code]) => Number(code));
    expect(codes).toEqual(Object.values(EXIT).sort((a, b) => a - b));
  });

  test('every command of its runnable blocks exits 0', async () => {
    const origin = new URL(sandbox.restRoot).origin;
    const sandboxEnv = { CALENDAR_BASE_URL: sandbox.restRoot, CALENDAR_USERNAME: README_USER, CALENDAR_APP_PASSWORD: README_PASSWORD };
    for (const block of blocks) {
      const realSite = block.commands.some((command) => command.includes(EXAMPLE_SITE));
      for (const command of block.commands) {
        const sent = command.replaceAll(EXAMPLE_SITE, origin);
        const result = await run(sent, realSite ? baseEnv : { ...baseEnv, ...sandboxEnv }, home.home);
        expect({ block: `README.md:${block.line}`, command, code: result.code, stderr: result.stderr }).toEqual({
          block: `README.md:${block.line}`,
          command,
          code: 0,
          stderr: expect.any(String),
        });
      }
    }
    // The real site's profile was added and points at the sandbox that stood for it.
    const config = JSON.parse(readFileSync(join(home.env.XDG_CONFIG_HOME, 'calendar', 'config.json'), 'utf8'));
    expect(config.profiles.mysite).toMatchObject({ baseUrl: sandbox.restRoot, username: README_USER });
  });
});
