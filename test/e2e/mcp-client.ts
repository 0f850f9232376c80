/**
 * The SDK's own client linked in this process to `calendar mcp`'s server over a sandbox, and a
 * call that splits an answer as a client reads it: the server's words, the site data, the texts.
 */
import { afterAll, beforeAll } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createServer, type CalendarServer } from '../../src/mcp/server.js';
import { Calendar } from '../../src/core/calendar.js';
import { PASSWORD, startTestSandbox, USER, type Sandbox } from './helpers.js';

export interface Answer {
  isError: boolean;
  texts: string[];
  /** The server's own keys (total, next, changed, digest, notices, warnings). */
  about: Record<string, any>;
  /** The site's data (site_data.data). */
  data: any;
  /** The whole structured content. */
  structured: Record<string, any> | undefined;
}

export async function connect(
  sandbox: Sandbox,
  options: { readOnly?: boolean; cwd?: string; client?: ConstructorParameters<typeof Client>[1] } = {},
): Promise<{ client: Client; served: CalendarServer }> {
  const served = createServer({
    open: (onMessage) => new Calendar({ baseUrl: sandbox.restRoot, username: USER, appPassword: PASSWORD, onMessage }),
    readOnly: options.readOnly,
    credentials: { username: USER, password: PASSWORD },
    cwd: options.cwd,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await served.server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1' }, options.client);
  await client.connect(clientSide);
  return { client, served };
}

/** Every text an answer gave, for a file to look for secrets in at its end. */
export const seen: string[] = [];

export async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Answer> {
  const result = (await client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    content: Array<{ type: string; text: string }>;
    structuredContent?: Record<string, any>;
  };
  const texts = result.content.map((c) => c.text);
  seen.push(...texts);
  const { site_data, ...about } = result.structuredContent ?? {};
  return { isError: result.isError === true, texts, about, data: site_data?.data, structured: result.structuredContent };
}

/** The answer's site data, failing the test with the error text when the call failed. */
export async function ok<T = Record<string, any>>(client: Client, name: string, args: Record<string, unknown> = {}): Promise<T> {
  const answer = await call(client, name, args);
  if (answer.isError) throw new Error(`${name} failed: ${answer.texts.join(' | ')}`);
  return answer.data as T;
}

/** A list answer's table as objects, each row's zone filled from the page's where it is null. */
export function objectsOf(table: { columns: string[]; rows: unknown[][]; zone?: string }): Array<Record<string, any>> {
  return table.rows.map((row) => Object.fromEntries(table.columns.map((column, i) => [column, column === 'zone' && row[i] === null ? table.zone : row[i]])));
}

/** A list tool's page as objects, failing the test when the call failed. */
export async function rows(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Array<Record<string, any>>> {
  return objectsOf(await ok(client, name, args));
}

/** A sandbox and a client of the server over it, shared by the tests of a file: opened before them, closed after. */
export function sharedSession(): { sandbox: Sandbox; client: Client } {
  const session = {} as { sandbox: Sandbox; client: Client; served?: CalendarServer };
  beforeAll(async () => {
    session.sandbox = await startTestSandbox();
    Object.assign(session, await connect(session.sandbox));
  });
  afterAll(async () => {
    await session.client?.close();
    await session.served?.close();
    await session.sandbox?.close();
  });
  return session;
}
