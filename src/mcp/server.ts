/**
 * The MCP server: the tools of tools.ts over one Calendar. A call's answer is what the core
 * returned, as JSON, followed by the notices and warnings the core gave while it ran; a
 * failure is a tool error carrying the CLI's one-line message and its hint, and the server
 * goes on answering. No answer carries a secret: the credentials are cut out of every text.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Calendar, CalendarMessage } from '../core/calendar.js';
import { CalendarError } from '../core/errors.js';
import { VERSION } from '../core/version.js';
import { tools } from './tools.js';

export interface ServerOptions {
  /** Opens the calendar; its messages are to be handed to `onMessage`, which files them under the call that gave them. */
  open(onMessage: (message: CalendarMessage) => void): Calendar;
  /** Offer only the tools that change nothing. */
  readOnly?: boolean;
  /** The credentials no answer may hold, in any of the forms a request carries them. */
  credentials?: { username?: string; password?: string };
  /** Where a failure that is no CalendarError is told in full (the server's stderr). */
  log?: (line: string) => void;
}

export interface CalendarServer {
  server: Server;
  calendar: Calendar;
  close(): Promise<void>;
}

export function createServer(options: ServerOptions): CalendarServer {
  // The messages of the call in whose course they are given: calls may run side by side.
  const calls = new AsyncLocalStorage<string[]>();
  const calendar = options.open((message) => calls.getStore()?.push(`${message.level}: ${message.text}`));
  const hide = redactor(options.credentials ?? {});
  const offered = new Map(tools({ readOnly: options.readOnly }).map((tool) => [tool.name, tool]));
  const listed = [...offered.values()].map(({ name, title, description, input, annotations }) => ({
    name,
    title,
    description,
    inputSchema: input,
    annotations,
  }));
  const server = new Server({ name: 'calendar', version: VERSION }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const notes: string[] = [];
    const answer = (texts: string[], isError = false): CallToolResult => ({
      content: [...texts, ...notes].map((text) => ({ type: 'text' as const, text: hide(text) })),
      ...(isError ? { isError } : {}),
    });
    const tool = offered.get(request.params.name);
    if (!tool) return answer([unknownTool(request.params.name, options.readOnly === true)], true);
    try {
      const result = await calls.run(notes, () => tool.call(calendar, request.params.arguments ?? {}, (text) => notes.push(`notice: ${text}`)));
      return answer([JSON.stringify(result ?? null)]);
    } catch (err) {
      return answer([failureText(err, tool.name, options.log)], true);
    }
  });
  return {
    server,
    calendar,
    async close() {
      await server.close();
      await calendar.close();
    },
  };
}

function unknownTool(name: string, readOnly: boolean): string {
  const writes = tools().find((tool) => tool.name === name);
  if (writes && readOnly) return `${name} is not offered: the server runs with --read-only`;
  return `unknown tool "${name}"`;
}

/** The CLI's message and hint (each one line), or for an error the core did not foresee, what it says. */
function failureText(err: unknown, toolName: string, log?: (line: string) => void): string {
  if (err instanceof CalendarError) return err.hint ? `${err.message}\n${err.hint}` : err.message;
  const e = err as Error;
  log?.(`calendar mcp: ${toolName}: ${e?.stack ?? String(err)}`);
  return `unexpected error: ${e?.message ?? String(err)}`;
}

/**
 * Cuts the password out of a text, as typed (an application password is shown with spaces)
 * and as sent (WordPress takes it without them), alone or in the Basic credentials.
 */
export function redactor({ username = '', password }: { username?: string; password?: string }): (text: string) => string {
  if (!password) return (text) => text;
  const spellings = [...new Set([password, password.replace(/\s+/g, '')])];
  const forms = [...spellings, ...spellings.map((p) => Buffer.from(`${username}:${p}`).toString('base64'))].sort((a, b) => b.length - a.length);
  return (text) => forms.reduce((out, form) => out.split(form).join('[hidden]'), text);
}
