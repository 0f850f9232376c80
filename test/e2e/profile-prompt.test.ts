/** `profile add --username NAME` at a terminal asks for the application password rather than saving none. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PASSWORD, runCli, startTestSandbox, tempHome, type Sandbox } from './helpers.js';
import { runOnTerminal, writePtyHelper } from './terminal.js';

let sandbox: Sandbox;
let home: ReturnType<typeof tempHome>;
let ptyHelper: string;
beforeAll(async () => {
  sandbox = await startTestSandbox();
  home = tempHome();
  ptyHelper = writePtyHelper(home.home);
});
afterAll(async () => {
  await sandbox?.close();
  home?.cleanup();
});

const savedProfile = (name: string) => JSON.parse(readFileSync(join(home.env.XDG_CONFIG_HOME, 'calendar', 'config.json'), 'utf8')).profiles[name];

describe('profile add --username at a terminal', () => {
  test('asks for the password with echo off, checks it and stores it', async () => {
    const r = await runOnTerminal(ptyHelper, ['profile', 'add', 'asked', '--url', sandbox.restRoot, '--username', 'admin'], home.env, {
      PTY_PROMPT: '(Enter for none): ',
      PTY_ANSWER: PASSWORD,
    });
    expect(r.code, r.output).toBe(0);
    expect(r.output).toContain('Application password for admin (Enter for none): ');
    expect(r.output).not.toContain(PASSWORD);
    expect(r.output).toContain('The credentials of admin work (application password from the terminal, stored in the config file).');
    expect(savedProfile('asked')).toMatchObject({ username: 'admin', appPassword: PASSWORD });
  });

  test('Enter saves the profile without a password, as before; piped, nothing is asked', async () => {
    const enter = await runOnTerminal(ptyHelper, ['profile', 'add', 'none', '--url', sandbox.restRoot, '--username', 'admin'], home.env, {
      PTY_PROMPT: '(Enter for none): ',
      PTY_ANSWER: '',
    });
    expect(enter.code, enter.output).toBe(0);
    expect(savedProfile('none').appPassword).toBeUndefined();
    const piped = await runCli(['profile', 'add', 'piped', '--url', sandbox.restRoot, '--username', 'admin'], { env: home.env });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stderr).not.toContain('Application password');
    expect(savedProfile('piped').appPassword).toBeUndefined();
  });
});
