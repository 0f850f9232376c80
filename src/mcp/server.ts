/**
 * The MCP server: the tools of tools.ts over one Calendar, the site as a resource, and
 * instructions at initialize. A call's answer keeps the server's words apart from the site's
 * text: `structuredContent` holds the server's own keys (total, next, changed, digest, notices,
 * warnings) and `site_data`, the records under a notice that they are data; the text content
 * gives the same two parts in two blocks. A failure is a tool error in the tool's terms, and
 * the server goes on answering. No answer carries a secret: the credentials are cut out of every text.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolRequest,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { type Calendar, CalendarError, type CalendarMessage, errorIn, speaking, VERSION } from '../core/index.js';
import { tools } from './tools.js';
import type { ToolContext } from './tool.js';
import { rootDirectories } from './files.js';
import { refuseUnknownArguments } from './schemas.js';
import { INSTRUCTIONS, SITE_DATA_NOTICE } from './instructions.js';

export interface ServerOptions {
  /** Opens the calendar; its messages are to be handed to `onMessage`, which files them under the call that gave them. */
  open(onMessage: (message: CalendarMessage) => void): Calendar;
  /** Offer only the tools that change nothing. */
  readOnly?: boolean;
  /** The credentials no answer may hold, in any of the forms a request carries them. */
  credentials?: { username?: string; password?: string };
  /** Where a failure that is no CalendarError is told in full (the server's stderr). */
  log?: (line: string) => void;
  /** The directory files are read from when the client names no roots (default process.cwd()). */
  cwd?: string;
}

export interface CalendarServer {
  server: Server;
  calendar: Calendar;
  close(): Promise<void>;
}

const SITE_URI = 'calendar://site';

interface CallNotes {
  notices: string[];
  warnings: string[];
}

export function createServer(options: ServerOptions): CalendarServer {
  // The messages of the call in whose course they are given: calls may run side by side.
  const calls = new AsyncLocalStorage<CallNotes>();
  const calendar = options.open((message) => {
    const notes = calls.getStore();
    if (notes) (message.level === 'warning' ? notes.warnings : notes.notices).push(message.text);
  });
  const hide = redactor(options.credentials ?? {});
  const offered = new Map(tools({ readOnly: options.readOnly }).map((tool) => [tool.name, tool]));
  const listed = [...offered.values()].map(({ name, title, description, input, annotations }) => ({
    name,
    title,
    description,
    inputSchema: input,
    annotations,
  }));
  const server = new Server({ name: 'calendar', version: VERSION }, { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS });
  let zone: Promise<string> | undefined;
  const context = (notes: CallNotes): ToolContext => ({
    note: (text) => notes.notices.push(text),
    siteZone: () => {
      zone ??= calendar.assistant().then((assistant) => assistant.zone());
      return zone.catch((err) => {
        zone = undefined;
        throw err;
      });
    },
    fileRoots: async () => {
      if (server.getClientCapabilities()?.roots) {
        const { roots } = await server.listRoots();
        return rootDirectories(roots.map((root) => root.uri));
      }
      return [options.cwd ?? process.cwd()];
    },
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  const callTool = async (request: CallToolRequest): Promise<CallToolResult> => {
    const notes: CallNotes = { notices: [], warnings: [] };
    const tool = offered.get(request.params.name);
    const failed = (text: string): CallToolResult => ({
      content: [text, ...notes.warnings.map((w) => `warning: ${w}`)].map((t) => ({ type: 'text' as const, text: hide(t) })),
      isError: true,
    });
    if (!tool) return failed(unknownTool(request.params.name, options.readOnly === true));
    try {
      const args = request.params.arguments ?? {};
      refuseUnknownArguments(tool, args);
      const { data, about } = await calls.run(notes, () => tool.call(calendar, args, context(notes)));
      const own = { ...about, ...(notes.notices.length ? { notices: notes.notices } : {}), ...(notes.warnings.length ? { warnings: notes.warnings } : {}) };
      const siteData = { notice: SITE_DATA_NOTICE, data: data ?? null };
      // The text is made once and the structured content read back from it: no secret in either.
      const ownText = hide(JSON.stringify(own));
      const dataText = hide(JSON.stringify(siteData.data));
      return {
        content: [
          { type: 'text', text: ownText },
          { type: 'text', text: `${SITE_DATA_NOTICE}\n${dataText}` },
        ],
        structuredContent: { ...JSON.parse(ownText), site_data: { notice: SITE_DATA_NOTICE, data: JSON.parse(dataText) } },
      };
    } catch (err) {
      return failed(failureText(err, tool.name, options.log));
    }
  };
  // The core's messages name options as the tools' arguments (src/core/words.ts).
  server.setRequestHandler(CallToolRequestSchema, (request) => speaking('tool', () => callTool(request)));
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: [
      {
        uri: SITE_URI,
        name: 'site',
        title: 'The calendar site',
        description: "the site, its zone, today's date there, the APIs, the user",
        mimeType: 'application/json',
      },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    if (request.params.uri !== SITE_URI) throw new Error(`unknown resource ${request.params.uri}`);
    const info = await (await calendar.assistant()).siteInfo();
    return { contents: [{ uri: SITE_URI, mimeType: 'application/json', text: hide(JSON.stringify(info)) }] };
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
  if (writes && readOnly) return `${name} is not offered: the server runs read-only`;
  return `unknown tool "${name}"`;
}

/** The core's message and hint (each one line) in the tool's terms, or for an error the core did not foresee, what it says. */
function failureText(err: unknown, toolName: string, log?: (line: string) => void): string {
  if (err instanceof CalendarError) {
    const { message, hint } = errorIn(err, 'tool');
    return hint ? `${message}\n${hint}` : message;
  }
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
