/**
 * The server over stdio, as an MCP client starts it: requests on stdin, answers on stdout (and
 * nothing else there), until the client closes stdin. The site is opened and the credentials
 * tried at start (one request), beside the client's first requests: a profile that is none or
 * a wrong password ends the server with its one-line error (on stderr, with the CLI's exit code)
 * instead of failing every call later.
 */
import { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createServer, type ServerOptions } from './server.js';

/**
 * `stdin` and `stdout` are the process's own (or streams in their place): the transport reads
 * and writes them as Node streams, so anything else is refused before the server starts.
 */
export async function serveStdio(options: ServerOptions, stdin: NodeJS.ReadableStream, stdout: { write(chunk: string | Uint8Array): boolean }): Promise<void> {
  if (!(stdin instanceof Readable) || !(stdout instanceof Writable)) throw new TypeError('the MCP server needs stdin and stdout as Node streams');
  const { server, calendar, close } = createServer(options);
  const ended = new Promise<void>((resolve) => {
    stdin.once('end', resolve);
    stdin.once('close', resolve);
  });
  const checked = calendar.assistant().then((assistant) => assistant.checkUser());
  await server.connect(new StdioServerTransport(stdin, stdout));
  try {
    await checked;
  } catch (err) {
    await close();
    throw err;
  }
  await ended;
  await close();
}
