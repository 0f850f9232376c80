import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { api, PASSWORD, runCli, siteEnv, startTestSandbox, tempHome, type Sandbox } from './helpers.js';
import { runOnTerminal, writePtyHelper } from './terminal.js';

let sandbox: Sandbox;
let home: ReturnType<typeof tempHome>;
let env: Record<string, string>;
let ptyHelper: string;
const ESC = /\u001b\[/;
const cli = (args: string[], extra: { env?: Record<string, string | undefined>; stdin?: string } = {}) =>
  runCli(args, { env: { ...env, ...extra.env }, stdin: extra.stdin });

const onTerminal = (args: string[], extra: Record<string, string | undefined> = {}) => runOnTerminal(ptyHelper, args, env, extra);

beforeAll(async () => {
  sandbox = await startTestSandbox();
  home = tempHome();
  env = siteEnv(sandbox, home.env);
  ptyHelper = writePtyHelper(home.home);
});

afterAll(async () => {
  await sandbox?.close();
  home?.cleanup();
});

async function newVenue(name: string): Promise<{ id: number; slug: string }> {
  const res = await api<{ id: number; slug: string }>(sandbox, 'POST', 'venues', { venue: name });
  expect(res.status).toBe(201);
  return res.body;
}

describe('--dry-run sends nothing', () => {
  test('create prints the request with the credentials masked, and sends nothing', async () => {
    const before = sandbox.stats.requests;
    const r = await cli(['venues', 'create', '--venue', 'Dry Hall', '--city', 'Lyon', '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(sandbox.stats.requests).toBe(before);
    expect(r.stdout).toContain(`POST ${sandbox.restRoot}/tribe/events/v1/venues`);
    expect(r.stdout).toContain('Authorization: Basic ********');
    expect(JSON.parse(r.stdout.slice(r.stdout.indexOf('{')))).toMatchObject({ venue: 'Dry Hall', city: 'Lyon' });
    expect(r.stdout + r.stderr).not.toContain(PASSWORD);
    expect(r.stdout + r.stderr).not.toContain(Buffer.from(`admin:${PASSWORD}`).toString('base64'));
  });

  test('delete by ID sends nothing and needs no --yes', async () => {
    const venue = await newVenue('Dry Delete Hall');
    const before = sandbox.stats.requests;
    const r = await cli(['venues', 'delete', String(venue.id), '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(sandbox.stats.requests).toBe(before);
    expect(r.stdout).toContain(`DELETE ${sandbox.restRoot}/tribe/events/v1/venues/${venue.id}`);
    expect((await api<{ status: string }>(sandbox, 'GET', `venues/${venue.id}`)).body.status).toBe('publish');
  });

  test('update of a tag by ID sends nothing; by slug it only looks the slug up', async () => {
    const tag = (await api<{ id: number; slug: string }>(sandbox, 'POST', 'tags', { name: 'Dry Tag' })).body;
    let before = sandbox.stats.requests;
    const byId = await cli(['tags', 'update', String(tag.id), '--name', 'Wet Tag', '--dry-run']);
    expect(byId.code, byId.stderr).toBe(0);
    expect(sandbox.stats.requests).toBe(before);
    before = sandbox.stats.requests;
    const bySlug = await cli(['tags', 'delete', tag.slug, '--dry-run']);
    expect(bySlug.code, bySlug.stderr).toBe(0);
    expect(bySlug.stdout).toContain(`DELETE ${sandbox.restRoot}/tribe/events/v1/tags/${tag.id}`);
    expect(sandbox.stats.requests).toBe(before + 1);
    expect((await api<{ name: string }>(sandbox, 'GET', `tags/${tag.id}`)).body.name).toBe('Dry Tag');
  });

  test('update of a venue changes nothing on the server', async () => {
    const venue = await newVenue('Dry Update Hall');
    const r = await cli(['venues', 'update', String(venue.id), '--venue', 'Changed Hall', '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    // A rename alone goes by WordPress core's route, which changes the title and nothing else (docs/write-routes.md).
    expect(r.stdout).toContain(`POST ${sandbox.restRoot}/wp/v2/tribe_venue/${venue.id}`);
    expect(r.stdout).not.toContain('/tec/v1/');
    expect((await api<{ venue: string }>(sandbox, 'GET', `venues/${venue.id}`)).body.venue).toBe('Dry Update Hall');
  });
});

describe('delete asks first', () => {
  test('off a terminal without --yes: exit 2, nothing sent, nothing deleted', async () => {
    const venue = await newVenue('Keep Me Hall');
    const before = sandbox.stats.requests;
    const r = await cli(['venues', 'delete', venue.slug]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^calendar: .*refused without --yes/);
    expect(r.stderr).toContain('--yes');
    expect(sandbox.stats.requests).toBe(before);
    expect((await api<{ status: string }>(sandbox, 'GET', `venues/${venue.id}`)).body.status).toBe('publish');
  });

  test('at a terminal, answering no exits non-zero and deletes nothing', async () => {
    const venue = await newVenue('Declined Hall');
    const r = await onTerminal(['venues', 'delete', String(venue.id)], { PTY_ANSWER: 'n', NO_COLOR: '1' });
    expect(r.output).toContain(`Move venue ${venue.id} to the trash? [y/N]`);
    expect(r.code).not.toBe(0);
    expect(r.output).toContain('cancelled');
    expect((await api<{ status: string }>(sandbox, 'GET', `venues/${venue.id}`)).body.status).toBe('publish');
  });

  test('at a terminal, answering yes deletes', async () => {
    const venue = await newVenue('Accepted Hall');
    const r = await onTerminal(['venues', 'delete', String(venue.id)], { PTY_ANSWER: 'y', NO_COLOR: '1' });
    expect(r.code, r.output).toBe(0);
    expect((await api<{ status: string }>(sandbox, 'GET', `venues/${venue.id}`)).body.status).toBe('trash');
  });
});

describe('colour', () => {
  test('no ANSI escapes with NO_COLOR=1, whatever the command', async () => {
    for (const args of [
      ['venues', 'list'],
      ['venues', 'get', '999999'],
      ['profile', 'list'],
      ['--help'],
      ['evnts'],
      ['venues', 'create', '--venue', 'X', '--dry-run'],
    ]) {
      const r = await cli(args);
      expect(r.stdout + r.stderr, args.join(' ')).not.toMatch(ESC);
    }
  });

  test('no ANSI escapes when piped, even without NO_COLOR', async () => {
    for (const args of [
      ['venues', 'list'],
      ['venues', 'get', '999999'],
      ['events', 'list', '--format', 'table'],
    ]) {
      const r = await cli(args, { env: { NO_COLOR: undefined } });
      expect(r.stdout + r.stderr, args.join(' ')).not.toMatch(ESC);
    }
  });

  test('FORCE_COLOR colours the error line even when piped; --no-color wins over it', async () => {
    const forced = await cli(['venues', 'get', '999999'], { env: { NO_COLOR: undefined, FORCE_COLOR: '1' } });
    expect(forced.code).toBe(3);
    expect(forced.stderr).toMatch(ESC);
    expect(forced.stdout).toBe('');
    const off = await cli(['--no-color', 'venues', 'get', '999999'], { env: { NO_COLOR: undefined, FORCE_COLOR: '1' } });
    expect(off.stderr).not.toMatch(ESC);
  });

  test('a table on a terminal is coloured, and not with NO_COLOR', async () => {
    await newVenue('Colour Hall');
    const coloured = await onTerminal(['venues', 'list', '--search', 'Colour']);
    expect(coloured.code, coloured.output).toBe(0);
    expect(coloured.output).toContain('Colour Hall');
    expect(coloured.output).toMatch(ESC);
    const plain = await onTerminal(['venues', 'list', '--search', 'Colour'], { NO_COLOR: '1' });
    expect(plain.output).toContain('Colour Hall');
    expect(plain.output).not.toMatch(/\u001b\[3[0-9]m/);
  });
});

describe('secrets typed at a terminal', () => {
  test('profile add --app-password-stdin prompts and does not echo the password', async () => {
    const typed = 'typed-Secret-9876';
    const r = await onTerminal(['profile', 'add', 'typed', '--url', sandbox.restRoot, '--username', 'admin', '--app-password-stdin'], {
      PTY_PROMPT: 'password for admin: ',
      PTY_ANSWER: typed,
    });
    expect(r.output).toContain('Application password for admin: ');
    expect(r.output).not.toContain(typed);
  });
});
