/** A sandbox in New York time and the core's client on it, for the series tests that drive the core directly. */
import { ApiClient } from '../../../src/core/http/client.js';
import { parseRestRoot } from '../../../src/core/http/url.js';
import { startSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { tickingClock } from '../../sandbox/helpers.js';

const PASSWORD = 'series-pass';

/** A clock a second further on each reading, as a real site's between requests: writes of one series land in different seconds. */
export const startSeriesSandbox = () =>
  startSandbox({ port: 0, user: 'admin', password: PASSWORD, quiet: true, timezone: 'America/New_York', now: tickingClock(new Date()) });

export function clientOf(sandbox: Sandbox): ApiClient {
  return new ApiClient({
    root: parseRestRoot(sandbox.restRoot),
    namespace: 'tribe/events/v1',
    username: 'admin',
    password: PASSWORD,
    timeoutMs: 10_000,
    retries: 0,
    debug: false,
    stderr: { write: () => true },
  });
}

/** What the CLI needs to speak to the sandbox as its admin. */
export const cliEnv = (sandbox: Sandbox) => ({ CALENDAR_BASE_URL: sandbox.restRoot, CALENDAR_USERNAME: 'admin', CALENDAR_APP_PASSWORD: PASSWORD });
