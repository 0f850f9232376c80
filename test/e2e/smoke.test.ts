/**
 * The real binary, spawned as a user or a script runs it. The other end-to-end tests call the
 * built bundle's `main` in process; these check what only a process shows: the launcher and
 * its code cache, the process's own environment, stdin and stdout, and exit codes.
 */
import { spawn } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { api, BIN, json, ROOT, spawnCli, useSite } from './helpers.js';

const site = useSite();
const run = (args: string[], extra: { env?: Record<string, string | undefined>; stdin?: string } = {}) =>
  spawnCli(args, { env: { ...site.env, ...extra.env }, stdin: extra.stdin });

describe('the binary', () => {
  test('--version from the launcher, --help from the bundle', async () => {
    const [version, help] = await Promise.all([run(['--version']), run(['events', '--help'])]);
    expect(version).toEqual({ code: 0, stdout: expect.stringMatching(/^calendar \d+\.\d+\.\d+ \(events-calendar-cli, node v\d+\.\d+\.\d+\)\n$/), stderr: '' });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: calendar events/m);
  });

  test('the bundle says the version as the launcher does (--version among other words loads it)', async () => {
    const [launcher, bundle] = await Promise.all([run(['--version']), run(['--no-color', '--version'])]);
    expect(bundle).toEqual({ code: 0, stdout: launcher.stdout, stderr: '' });
    expect(launcher.stdout).toBe(`calendar ${pkg.version} (${pkg.name}, node ${process.version})\n`);
  });

  test('create, get and list against a site named by the environment', async () => {
    const venue = await run(['venues', 'create', '--venue', 'Smoke Hall', '--city', 'Zürich', '--format', 'ids']);
    expect(venue.code, venue.stderr).toBe(0);
    const event = await run([
      'events',
      'create',
      '--title',
      'Smoke Test',
      '--start-date',
      '2027-06-01 19:00',
      '--end-date',
      '2027-06-01 21:00',
      '--venue',
      'Smoke Hall',
      '--json',
    ]);
    expect(event.code, event.stderr).toBe(0);
    expect(String(json<{ venue: { id: number } }>(event.stdout).venue.id)).toBe(venue.stdout.trim());
    const got = await run(['events', 'get', 'smoke-test', '--fields', 'title,venue.city', '--json']);
    expect(json(got.stdout)).toEqual({ title: 'Smoke Test', venue: { city: 'Zürich' } });
    const listed = await run(['events', 'list', '--all', '--format', 'ndjson', '--fields', 'title']);
    expect(
      listed.stdout
        .trim()
        .split('\n')
        .map((line) => json<{ title: string }>(line).title),
    ).toContain('Smoke Test');
  });

  test('an import read from stdin', async () => {
    const r = await run(['import', 'tags', '-'], { stdin: '{"name":"Smoke One"}\n{"name":"Smoke Two"}\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/2 created/);
    const tags = await api<Array<{ name: string }>>(site.sandbox, 'GET', 'tags?per_page=50&hide_empty=false');
    expect((tags.body as unknown as { tags: Array<{ name: string }> }).tags.map((tag) => tag.name)).toEqual(expect.arrayContaining(['Smoke One', 'Smoke Two']));
  });

  test('the exit codes scripts rely on: usage 2 before any request, not found 3, network 5', async () => {
    const before = site.sandbox.stats.requests;
    const usage = await run(['events', 'list', '--starts-after', 'someday']);
    expect(site.sandbox.stats.requests).toBe(before);
    const missing = await run(['venues', 'get', 'no-such-venue']);
    const offline = await run(['events', 'list', '--retries', '0'], { env: { CALENDAR_BASE_URL: 'http://127.0.0.1:9/wp-json' } });
    expect([usage.code, missing.code, offline.code]).toEqual([2, 3, 5]);
    for (const r of [usage, missing, offline]) {
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^calendar: [^\n]+\n/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  test('the built-in sandbox keeps its writes between processes', async () => {
    const env = { CALENDAR_BASE_URL: undefined, CALENDAR_USERNAME: undefined, CALENDAR_APP_PASSWORD: undefined };
    const made = await run(['organizers', 'create', '--organizer', 'Smoke Organiser', '--format', 'ids'], { env });
    expect(made.code, made.stderr).toBe(0);
    const again = await run(['organizers', 'get', made.stdout.trim(), '--fields', 'organizer', '--json'], { env });
    expect(json(again.stdout)).toEqual({ organizer: 'Smoke Organiser' });
  });

  test('a long list read slowly through a pipe arrives whole before the process ends', async () => {
    // Several hundred KB: more than a pipe holds, so the process must wait for the reader.
    for (let i = 0; i < 300; i++) await api(site.sandbox, 'POST', 'tags', { name: `Slow Reader Tag ${i} ${'x'.repeat(200)}`, description: 'y'.repeat(1500) });
    const child = spawn(process.execPath, [BIN, 'tags', 'list', '--all', '--no-hide-empty', '--format', 'ndjson'], {
      cwd: ROOT,
      env: { ...process.env, ...site.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pause();
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 300));
    let text = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    child.stdout.resume();
    const closed = new Promise((resolve) => child.on('close', resolve));
    expect(await exited).toBe(0);
    await closed;
    const names = text
      .trim()
      .split('\n')
      .map((line) => json<{ name: string }>(line).name);
    expect(names.filter((name) => name.startsWith('Slow Reader Tag'))).toHaveLength(300);
  });
});
