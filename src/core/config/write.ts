/**
 * Reads and writes the user's own files: the config file (the one `profile add` manages) and
 * the list of trusted project files. Writes are atomic (temp file + rename) and the files are
 * private (0600): they may hold a secret.
 */
import { chmodSync, closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { makeDirectory } from '../../base/dirs.js';
import { dirname, join } from 'node:path';
import { CalendarError, EXIT, fileProblem } from '../errors.js';
import { userConfigFile } from './paths.js';
import type { ConfigFile, ProfileConfig } from './schema.js';

type Env = Record<string, string | undefined>;

const ELSEWHERE = 'Set XDG_CONFIG_HOME to a directory you can write to.';

export interface UserConfig {
  file: string;
  /** The file's content; profiles always present. Unknown top-level keys are kept as they were. */
  config: ConfigFile & Record<string, unknown>;
  exists: boolean;
}

/** A private JSON file of ours holding one object: the object, or undefined when the file does not exist. */
export function readJsonObject(file: string): Record<string, unknown> | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CalendarError(`cannot read ${file}: ${fileProblem(err)}`, EXIT.usage, ELSEWHERE);
  }
  let parsed: unknown;
  try {
    parsed = text.trim() === '' ? {} : JSON.parse(text);
  } catch (err) {
    throw new CalendarError(`${file} is not valid JSON (${(err as Error).message.split('\n')[0]})`, EXIT.usage, 'Fix or remove the file, then try again.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new CalendarError(`${file} must hold one JSON object`, EXIT.usage, 'Fix or remove the file, then try again.');
  }
  return parsed as Record<string, unknown>;
}

export function readUserConfig(env: Env): UserConfig {
  const file = userConfigFile(env);
  const parsed = readJsonObject(file);
  if (parsed === undefined) return { file, config: { profiles: {} }, exists: false };
  const config = parsed as UserConfig['config'];
  const profiles = config.profiles;
  if (profiles === undefined) config.profiles = {};
  else if (!profiles || typeof profiles !== 'object' || Array.isArray(profiles)) {
    throw new CalendarError(`${file}: "profiles" must be an object`, EXIT.usage);
  }
  return { file, config, exists: true };
}

/** Replaces the file in one step, readable and writable by its owner only. */
export function writePrivateJson(file: string, config: unknown): void {
  const dir = dirname(file);
  // A name of our own: 'wx' below refuses one that exists. (No node:crypto: the config loader reads through this module.)
  const temp = join(dir, `.${process.pid}-${Math.random().toString(36).slice(2, 10)}.tmp`);
  try {
    makeDirectory(dir, 0o700);
    const fd = openSync(temp, 'wx', 0o600);
    try {
      writeSync(fd, `${JSON.stringify(config, null, 2)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    chmodSync(temp, 0o600); // in case the umask took bits away from or added to the mode
    renameSync(temp, file);
  } catch (err) {
    rmSync(temp, { force: true });
    throw new CalendarError(`cannot write ${file}: ${(err as NodeJS.ErrnoException).code ? fileProblem(err) : (err as Error).message}`, EXIT.usage, ELSEWHERE);
  }
}

/** Adds or replaces one profile; the first profile of the file becomes the default. */
export function saveProfile(env: Env, name: string, profile: ProfileConfig, makeDefault: boolean): { file: string; isDefault: boolean } {
  const { file, config } = readUserConfig(env);
  config.profiles[name] = profile;
  if (makeDefault || config.defaultProfile === undefined) config.defaultProfile = name;
  writePrivateJson(file, config);
  return { file, isDefault: config.defaultProfile === name };
}
