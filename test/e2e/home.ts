/** A private HOME, and the environment a run of the CLI starts from: for the e2e tests and the global setup alike. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A private HOME with XDG dirs inside, so no user configuration leaks in. */
export function tempHome(): { home: string; env: Record<string, string>; cleanup(): void } {
  const home = mkdtempSync(join(tmpdir(), 'calendar-e2e-'));
  return {
    home,
    env: { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_DATA_HOME: join(home, '.local', 'share'), XDG_CACHE_HOME: join(home, '.cache') },
    cleanup: () => rmSync(home, { recursive: true, force: true }),
  };
}

/**
 * Ours without CALENDAR_* and proxy variables, and no colour; read once (no test changes this
 * process's environment), as each variable read from process.env is a call into Node.
 */
let baseEnv: Record<string, string> | undefined;
export function ownEnv(): Record<string, string> {
  if (baseEnv) return baseEnv;
  const env: Record<string, string> = {};
  // The machine's own proxy settings stay out: a test that wants a proxy names it.
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('CALENDAR_') && !/_proxy$/i.test(k) && v !== undefined) env[k] = v;
  delete env.FORCE_COLOR;
  // A CI runner's CI=true refuses writes to the built-in sandbox: a test that wants it says so.
  delete env.CI;
  env.NO_COLOR = '1';
  return (baseEnv = env);
}
