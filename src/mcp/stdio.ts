/**
 * The server over stdio, as an MCP client starts it: requests on stdin, answers on stdout (and
 * nothing else there), until the client closes stdin.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createServer, type ServerOptions } from './server.js';

export async function serveStdio(options: ServerOptions, stdin: NodeJS.ReadableStream, stdout: NodeJS.WritableStream): Promise<void> {
  const { server, close } = createServer(options);
  const ended = new Promise<void>((resolve) => {
    stdin.once('end', resolve);
    stdin.once('close', resolve);
  });
  await server.connect(new StdioServerTransport(stdin as never, stdout as never));
  await ended;
  await close();
}
