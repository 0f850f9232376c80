import { join } from 'node:path';
import { homedir } from 'node:os';

type Env = Record<string, string | undefined>;

export function configDir(env: Env): string {
  return join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config'), 'calendar');
}

/** The file `profile add` writes; the configuration loader reads it (load.ts). */
export function userConfigFile(env: Env): string {
  return join(configDir(env), 'config.json');
}

export function dataDir(env: Env): string {
  return join(env.XDG_DATA_HOME || join(env.HOME || homedir(), '.local', 'share'), 'calendar');
}

export function sandboxDataFile(env: Env): string {
  return join(dataDir(env), 'sandbox.json');
}
