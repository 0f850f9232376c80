/**
 * A sandbox reached through a loopback relay the test controls (one that loses an answer, or
 * goes away mid-run), with a private HOME: what a site does on the network, reproduced without
 * touching the sandbox. Everything opened is closed after each test.
 */
import { connect, type Server, type Socket } from 'node:net';
import { afterEach } from 'vitest';
import { PASSWORD, USER, startTestSandbox, tempHome, type Sandbox } from './helpers.js';

export interface Relay {
  /** The REST root through the relay. */
  restRoot: string;
  close(): unknown;
}

export interface RelayedSite {
  sandbox: Sandbox;
  home: ReturnType<typeof tempHome>;
  /** The CLI's environment: the relay's REST root, credentials, the private HOME. */
  env: Record<string, string>;
}

/** The relay's connection to the sandbox for one of its clients: each end closes the other; errors are the test's doing. */
export function upstreamOf(client: Socket, sandbox: Sandbox): Socket {
  const upstream = connect(sandbox.port, '127.0.0.1');
  for (const socket of [client, upstream]) socket.on('error', () => undefined);
  client.on('close', () => upstream.destroy());
  upstream.on('close', () => client.destroy());
  return upstream;
}

/** A relay's server listening on a free loopback port, as the REST root the CLI is given. */
export async function listening(server: Server): Promise<Relay> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    restRoot: `http://127.0.0.1:${port}/wp-json`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A maker of such sites for the tests of a file; `relay` puts its relay in front of each sandbox. */
export function useRelayedSites(relay: (sandbox: Sandbox) => Promise<Relay>): () => Promise<RelayedSite> {
  const open: Array<{ close(): unknown }> = [];
  afterEach(async () => {
    for (const item of open.splice(0)) await item.close();
  });
  return async () => {
    const sandbox = await startTestSandbox();
    const home = tempHome();
    const front = await relay(sandbox);
    open.push(front, sandbox, { close: () => home.cleanup() });
    return { sandbox, home, env: { ...home.env, CALENDAR_BASE_URL: front.restRoot, CALENDAR_USERNAME: USER, CALENDAR_APP_PASSWORD: PASSWORD } };
  };
}
