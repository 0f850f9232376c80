/**
 * The project files the person has trusted, like `direnv allow`: each by its full real path
 * with the SHA-256 digest of its content when it was trusted. The list is kept apart from the
 * profiles, in `trust.json` beside the user config file (private, replaced atomically): a
 * project file can name neither. A file whose content changed since is untrusted again.
 */
import { realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CalendarError, EXIT, fileProblem } from '../errors.js';
import { configDir } from './paths.js';
import { readJsonObject, writePrivateJson } from './write.js';

type Env = Record<string, string | undefined>;

export interface TrustEntry {
  sha256: string;
  /** When it was trusted (ISO 8601). */
  trustedAt: string;
}

export type TrustState = 'trusted' | 'changed' | 'untrusted';

export function trustFile(env: Env): string {
  return join(configDir(env), 'trust.json');
}

/** The trusted files, path -> entry; none when the list does not exist yet. */
export function readTrusted(env: Env): Record<string, TrustEntry> {
  const read = readJsonObject(trustFile(env));
  const trusted = read?.trusted ?? {};
  if (!trusted || typeof trusted !== 'object' || Array.isArray(trusted)) {
    throw new CalendarError(`${trustFile(env)}: "trusted" must be an object`, EXIT.usage, 'Fix or remove the file, then trust your project files again.');
  }
  return trusted as Record<string, TrustEntry>;
}

export function writeTrusted(env: Env, trusted: Record<string, TrustEntry>): void {
  writePrivateJson(trustFile(env), { trusted });
}

/** The path a file is trusted under: its real path (links resolved), or the path as given when it is gone. */
export function trustKey(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return resolve(file);
  }
}

export async function digestOf(content: Buffer): Promise<string> {
  const { createHash } = await import('node:crypto');
  return createHash('sha256').update(content).digest('hex');
}

/** Whether this content of the file is the one the person trusted. */
export async function trustStateOf(file: string, content: Buffer, env: Env): Promise<TrustState> {
  const entry = readTrusted(env)[trustKey(file)];
  if (!entry) return 'untrusted';
  return entry.sha256 === (await digestOf(content)) ? 'trusted' : 'changed';
}

/** How to trust a file, for the messages that name one. */
export const trustHint = (file: string) => `review it, then run: calendar trust ${file}`;

/** The content of a file to trust, or a usage error naming why it cannot be read. */
export function cannotRead(file: string, err: unknown): CalendarError {
  return new CalendarError(`cannot read ${file}: ${fileProblem(err)}`, EXIT.usage);
}
