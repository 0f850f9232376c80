/**
 * A sandbox reached through a loopback relay the test controls (one that loses an answer, or
 * goes away mid-run), with a private HOME: what a site does on the network, reproduced without
 * touching the sandbox. Everything opened is closed after each test.
 */
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
