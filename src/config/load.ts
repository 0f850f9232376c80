/**
 * Finds and reads configuration: the nearest project file (.calendarrc*, calendar.config.*,
 * package.json#calendar) from the current directory upward, merged over the user's file
 * in the config directory. Profiles of the nearer file win.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { CliError, EXIT } from '../errors.js';
import { configDir, userConfigFile } from './paths.js';
import type { ConfigFile } from './schema.js';

export interface LoadedConfig {
  config: ConfigFile;
  /** Files read, nearest first. */
  files: string[];
  /** A profile name -> the file it came from. */
  sources: Record<string, string>;
  warnings: string[];
}

type Env = Record<string, string | undefined>;

const EXTENSIONS = ['', '.json', '.yaml', '.yml', '.js', '.ts', '.cjs', '.mjs'];
const PROJECT_FILES = [
  ...EXTENSIONS.map((ext) => `.calendarrc${ext}`),
  ...EXTENSIONS.map((ext) => `.config/calendarrc${ext}`),
  ...['.js', '.ts', '.cjs', '.mjs'].map((ext) => `calendar.config${ext}`),
];

/**
 * Whether any file cosmiconfig would read exists. Most runs have none, and this check
 * costs a few stat calls where loading cosmiconfig costs a good part of the start-up.
 */
export function configCandidateExists(cwd: string, env: Env): boolean {
  const stop = resolve(env.HOME || homedir());
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (PROJECT_FILES.some((file) => existsSync(join(dir, file)))) return true;
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && /"calendar"\s*:/.test(readFileSync(pkg, 'utf8'))) return true;
    if (dir === stop || dirname(dir) === dir) break;
  }
  const globalDir = configDir(env);
  return EXTENSIONS.some((ext) => existsSync(join(globalDir, `config${ext}`)));
}

export async function loadConfig(cwd: string, env: Env): Promise<LoadedConfig> {
  if (!configCandidateExists(cwd, env)) return { config: { profiles: {} }, files: [], sources: {}, warnings: [] };
  // A CommonJS package: through the bundle its exports may sit on `default`.
  const loaded = (await import('cosmiconfig')) as typeof import('cosmiconfig') & { default?: typeof import('cosmiconfig') };
  const cosmiconfig = loaded.cosmiconfig ?? loaded.default!.cosmiconfig;
  const explorer = cosmiconfig('calendar', { searchStrategy: 'global', cache: false });
  const found: Array<{ filepath: string; config: unknown }> = [];
  try {
    const near = await explorer.search(cwd);
    if (near && !near.isEmpty) found.push(near);
    const userFile = userConfigFile(env);
    if (existsSync(userFile) && !found.some((f) => f.filepath === userFile)) {
      const user = await explorer.load(userFile);
      if (user && !user.isEmpty) found.push(user);
    }
  } catch (err) {
    const file = (err as { filepath?: string }).filepath;
    throw new CliError(`cannot read the configuration${file ? ` ${file}` : ''}: ${firstLine((err as Error).message)}`, EXIT.usage);
  }
  const result: LoadedConfig = { config: { profiles: {} }, files: [], sources: {}, warnings: [] };
  if (found.length === 0) return result;
  const { configSchema } = await import('./schema.js');
  for (const { filepath, config } of [...found].reverse()) {
    const parsed = configSchema.safeParse(config);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new CliError(`invalid configuration in ${filepath}: ${issue.path.join('.') || '(top)'}: ${issue.message}`, EXIT.usage);
    }
    result.files.unshift(filepath);
    if (parsed.data.defaultProfile) result.config.defaultProfile = parsed.data.defaultProfile;
    for (const [name, profile] of Object.entries(parsed.data.profiles)) {
      result.config.profiles[name] = profile;
      result.sources[name] = filepath;
      if (profile.appPassword && isReadableByOthers(filepath)) {
        result.warnings.push(`${filepath} holds an application password and can be read by other users; run: chmod 600 ${filepath}`);
      }
    }
  }
  return result;
}

function isReadableByOthers(file: string): boolean {
  try {
    return (statSync(file).mode & 0o077) !== 0;
  } catch {
    return false;
  }
}

function firstLine(text: string): string {
  return text.split('\n')[0];
}
