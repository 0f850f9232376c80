/**
 * `calendar mcp` as an MCP client starts it: the built binary spawned by the SDK's stdio client,
 * the site from a profile holding a password. Nothing but the protocol on stdout, a bad call
 * answered as a tool error with the server still up, and the password in no answer or log.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { BIN, created, PASSWORD, runCli, siteEnv, startTestSandbox, tempHome, USER, type Sandbox } from './helpers.js';
import { librariesRun } from './loaded-libraries.js';

let sandbox: Sandbox;
let home: ReturnType<typeof tempHome>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  home = tempHome();
  const added = await runCli(['profile', 'add', 'site', '--url', sandbox.restRoot, '--username', USER, '--app-password-stdin'], {
    env: home.env,
    stdin: PASSWORD,
  });
  expect(added.code, added.stderr).toBe(0);
});

afterAll(async () => {
  await sandbox?.close();
  home?.cleanup();
});

test('over stdio from a profile: tools/list, a call, a bad call, then another call; no secret anywhere', async () => {
  const venue = await created(sandbox, 'venues', { venue: 'Salle "Stdio" à Nantes' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--profile', 'site', '--read-only'],
    // The client passes only a few variables of its own (HOME, PATH...): the profile's HOME is named.
    env: { ...home.env, PATH: process.env.PATH ?? '', NO_COLOR: '1' },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => (stderr += chunk));
  const client = new Client({ name: 'test', version: '1' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('venues_get');
    expect(tools.map((t) => t.name)).not.toContain('venues_create');
    const texts: string[] = [];
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: Array<{ text: string }> };
      texts.push(...result.content.map((c) => c.text));
      return result;
    };
    const found = await call('venues_get', { ref: 'Salle "Stdio" à Nantes' });
    expect(found.isError).toBeFalsy();
    // The name as typed, in the site-data block.
    expect(JSON.parse(found.content[1].text.split('\n').slice(1).join('\n'))).toMatchObject({ id: venue, venue: 'Salle "Stdio" à Nantes' });
    const missing = await call('venues_get', { ref: 'no-such-venue' });
    expect(missing.isError).toBe(true);
    expect(missing.content[0].text).toMatch(/not found/);
    const refused = await call('venues_delete', { ref: venue });
    expect(refused.isError).toBe(true);
    expect(refused.content[0].text).toMatch(/read-only/);
    const again = await call('venues_list', { search: 'Stdio' });
    expect((again as { structuredContent?: { total: number } }).structuredContent).toMatchObject({ total: 1 });
    const basic = Buffer.from(`${USER}:${PASSWORD}`).toString('base64');
    for (const text of [...texts, stderr]) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain(basic);
    }
  } finally {
    await client.close();
  }
});

test('only calendar mcp runs the MCP code (and requires the SDK): events get and --help do not', async () => {
  const id = await created(sandbox, 'events', { title: 'Start-up', start_date: '2031-01-01 10:00:00', end_date: '2031-01-01 11:00:00' });
  const mcpSources = (sources: string[] = []) => sources.filter((source) => source.startsWith('src/mcp/'));
  const get = await librariesRun(['events', 'get', String(id), '--json'], { env: siteEnv(sandbox, home.env) });
  expect(get.code, get.stderr).toBe(0);
  expect(get.sources).toContain('src/core/http/client.ts');
  expect(mcpSources(get.sources)).toEqual([]);
  const help = await librariesRun(['--help'], { env: home.env });
  expect(help.sources?.length).toBeGreaterThan(0);
  expect(mcpSources(help.sources)).toEqual([]);
  // Served until stdin ends (at once here): the server was built.
  const served = await librariesRun(['mcp', '--read-only'], { env: siteEnv(sandbox, home.env), stdin: '' });
  expect(served.code, served.stderr).toBe(0);
  expect(served.stdout).toBe('');
  expect(mcpSources(served.sources)).toEqual(expect.arrayContaining(['src/mcp/server.ts', 'src/mcp/tools.ts']));
});

test('a global option the server cannot honour is refused, not ignored (exit 2, nothing served)', async () => {
  const r = await runCli(['mcp', '--base-url', 'http://127.0.0.1:9', '--lang', 'fr'], { env: home.env, stdin: '' });
  expect(r.code).toBe(2);
  expect(r.stdout).toBe('');
  const [message, hint] = r.stderr.split('\n');
  expect(message).toMatch(/^calendar: mcp does not take --base-url \(set CALENDAR_BASE_URL .*\), --lang \(set CALENDAR_LANG, or use a profile\)$/);
  expect(hint).toBe('It takes --profile and --read-only.');
});
