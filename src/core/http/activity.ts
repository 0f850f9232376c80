/**
 * An HTTP client's opening and closing, said on the diagnostics channel `calendar:http-client`
 * to whoever listens: the CLI's launcher tunes V8 for the time a client is open (bin/v8-tiers.js).
 * The core itself changes nothing of the process it runs in.
 */
import { channel } from 'node:diagnostics_channel';

const clients = channel('calendar:http-client');

/** Says that a client opened; returns the function that says it closed (once). */
export function clientOpened(https: boolean): () => void {
  if (clients.hasSubscribers) clients.publish({ open: true, https });
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    if (clients.hasSubscribers) clients.publish({ open: false });
  };
}
