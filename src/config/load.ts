/**
 * Finds and reads configuration: the nearest project file (.calendarrc*, calendar.config.*,
 * package.json#calendar) from the current directory upward, merged over the user's file
 * in the config directory. Profiles of the nearer file win.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { CliError, EXIT } from '../errors.js';
import { closest } from '../records/closest.js';
import { configDir, userConfigFile } from './paths.js';
import type { ConfigFile } from './schema.js';

export interface LoadedConfig {
  config: ConfigFile;
  /** Files read, nearest first. */
  files: string[];
  /** A profile name -> the file it came from. */
  sources: Record<string, string>;
  warnings: string[];
  /** The file whose defaultProfile is used, when one sets it. */
  defaultSource?: string;
}

type Env = Record<string, string | undefined>;

const EXTENSIONS = ['', '.json', '.yaml', '.yml', '.js', '.ts', '.cjs', '.mjs'];
const RC_FILES = new Set(EXTENSIONS.map((ext) => `.calendarrc${ext}`));
const CONFIG_JS_FILES = new Set(['.js', '.ts', '.cjs', '.mjs'].map((ext) => `calendar.config${ext}`));
const USER_FILES = new Set(EXTENSIONS.map((ext) => `config${ext}`));

const EMPTY: LoadedConfig = { config: { profiles: {} }, files: [], sources: {}, warnings: [] };

/** The names in a directory; none when it cannot be read. One readdir costs less than a stat per candidate. */
function namesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** Whether a package.json has a `calendar` key, the one cosmiconfig reads (mentioning the word elsewhere does not count). */
function packageHasConfig(file: string): boolean {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  try {
    const pkg: unknown = JSON.parse(text);
    return pkg !== null && typeof pkg === 'object' && Object.hasOwn(pkg, 'calendar');
  } catch {
    // Broken JSON that looks like it configures us: let cosmiconfig read it and say what is wrong.
    return /"calendar"\s*:\s*\{/.test(text);
  }
}

/** Whether a project file that cosmiconfig would read exists from `cwd` up to the home directory. */
function projectFileExists(cwd: string, env: Env): boolean {
  const stop = resolve(env.HOME || homedir());
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const names = namesIn(dir);
    if (names.some((name) => RC_FILES.has(name) || CONFIG_JS_FILES.has(name))) return true;
    if (names.includes('.config') && namesIn(join(dir, '.config')).some((name) => RC_FILES.has(`.${name}`))) return true;
    if (names.includes('package.json') && packageHasConfig(join(dir, 'package.json'))) return true;
    if (dir === stop || dirname(dir) === dir) return false;
  }
}

/** The files of the user's config directory that cosmiconfig would read. */
function userFiles(env: Env): string[] {
  const dir = configDir(env);
  return namesIn(dir)
    .filter((name) => USER_FILES.has(name))
    .map((name) => join(dir, name));
}

/**
 * Whether any file cosmiconfig would read exists. Most runs have none, and this check
 * costs a few directory reads where loading cosmiconfig costs a good part of the start-up.
 */
export function configCandidateExists(cwd: string, env: Env): boolean {
  return projectFileExists(cwd, env) || userFiles(env).length > 0;
}

export async function loadConfig(cwd: string, env: Env): Promise<LoadedConfig> {
  const user = userFiles(env);
  if (!projectFileExists(cwd, env)) {
    if (user.length === 0) return structuredClone(EMPTY);
    // The usual case, the file `profile add` writes: read it without cosmiconfig.
    if (user.length === 1 && user[0] === userConfigFile(env)) return validated(readJsonConfig(user[0]), env);
  }
  return validated(await searchWithCosmiconfig(cwd, env), env);
}

function readJsonConfig(file: string): Array<{ filepath: string; config: unknown }> {
  try {
    const text = readFileSync(file, 'utf8');
    return text.trim() === '' ? [] : [{ filepath: file, config: JSON.parse(text) }];
  } catch (err) {
    throw new CliError(`cannot read the configuration ${file}: ${errorSummary((err as Error).message, file)}`, EXIT.usage);
  }
}

async function searchWithCosmiconfig(cwd: string, env: Env): Promise<Array<{ filepath: string; config: unknown }>> {
  // A CommonJS package: through the bundle its exports may sit on `default`.
  const loaded = (await import('cosmiconfig')) as typeof import('cosmiconfig') & { default?: typeof import('cosmiconfig') };
  const cosmiconfig = loaded.cosmiconfig ?? loaded.default!.cosmiconfig;
  const found: Array<{ filepath: string; config: unknown }> = [];
  try {
    // Creating the explorer already reads the process's working directory (package.json and
    // .config/ there may hold cosmiconfig's own settings): a broken file there is the user's too.
    const explorer = cosmiconfig('calendar', { searchStrategy: 'global', cache: false });
    const near = await explorer.search(cwd);
    if (near && !near.isEmpty) found.push(near);
    const userFile = userConfigFile(env);
    if (existsSync(userFile) && !found.some((f) => f.filepath === userFile)) {
      const user = await explorer.load(userFile);
      if (user && !user.isEmpty) found.push(user);
    }
  } catch (err) {
    const file = (err as { filepath?: string }).filepath;
    throw new CliError(`cannot read the configuration${file ? ` ${file}` : ''}: ${errorSummary((err as Error).message, file)}`, EXIT.usage);
  }
  return found;
}

/** Checks each file against the schema and merges them, nearest last so that its profiles win. */
async function validated(found: Array<{ filepath: string; config: unknown }>, env: Env): Promise<LoadedConfig> {
  const result: LoadedConfig = structuredClone(EMPTY);
  if (found.length === 0) return result;
  const { configSchema, profileSchema } = await import('./schema.js');
  for (const { filepath, config } of [...found].reverse()) {
    const parsed = configSchema.safeParse(config);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue.path.join('.') || '(top)';
      throw new CliError(`invalid configuration in ${filepath}: ${where}: ${issue.message}`, EXIT.usage, keyHint(issue, Object.keys(configSchema.shape), Object.keys(profileSchema.shape)));
    }
    result.files.unshift(filepath);
    if (parsed.data.defaultProfile) {
      result.config.defaultProfile = parsed.data.defaultProfile;
      result.defaultSource = filepath;
    }
    const trusted = trustedForSecrets(filepath, env);
    for (const [name, profile] of Object.entries(parsed.data.profiles)) {
      for (const key of ['appPasswordCommand', 'appPasswordEnv'] as const) {
        if (profile[key] === undefined || trusted) continue;
        // A variable's value may go to a site on this machine: it never leaves it.
        if (key === 'appPasswordEnv' && isLoopbackUrl(profile.baseUrl)) continue;
        delete profile[key];
        result.warnings.push(`${filepath}: profiles.${name}.${key} is ignored: only your own config file (${userConfigFile(env)}) may say how to get a password for a site on another machine`);
      }
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

/** For a key the schema does not know: the key meant, or the keys there are. */
function keyHint(issue: { code: string; path: PropertyKey[]; keys?: string[] }, top: string[], profile: string[]): string | undefined {
  if (issue.code !== 'unrecognized_keys' || !issue.keys?.length) return undefined;
  const known = issue.path.length === 0 ? top : profile;
  const meant = issue.keys.map((key) => closest(key, known)).filter((k): k is string => k !== undefined);
  if (meant.length) return `Did you mean ${meant.join(', ')}?`;
  return issue.path.length === 0 ? `The top level takes ${top.join(', ')}.` : `A profile takes ${profile.join(', ')}.`;
}

/**
 * The parser's reason in one line: the YAML reason with its line, or the JSON reason with
 * the line and column of its position (no code frame, no quote of the whole text).
 */
function errorSummary(text: string, file?: string): string {
  // The code frame is coloured when the environment asks for colour (CI=true does).
  const lines = text
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n').map((l) => l.trim()).filter((l) => l && !/^(>|\|)/.test(l) && !/^\d+ \|/.test(l));
  const reason = /^(YAML|JSON) Error in .*:$/.test(lines[0] ?? '') ? lines[1] ?? lines[0] : lines[0] ?? text;
  const json = reason.replace(/ while parsing .*$/, '').match(/^(.*?) at position (\d+)(?: \(line \d+ column \d+\))?$/);
  if (json) return `${json[1]} ${jsonPlace(Number(json[2]), file)}`;
  return reason.replace(/\((\d+):(\d+)\)$/, '(line $1, column $2)');
}

/** Line and column (both from 1) of a character position in a file, or the position when it cannot be read. */
function jsonPlace(position: number, file: string | undefined): string {
  let text: string;
  try {
    text = readFileSync(file ?? '', 'utf8');
  } catch {
    return `at position ${position}`;
  }
  const before = text.slice(0, position).split('\n');
  return `(line ${before.length}, column ${before[before.length - 1].length + 1})`;
}

function isLoopbackUrl(url: string | undefined): boolean {
  try {
    const host = new URL(url ?? '').hostname;
    return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}

/**
 * Settings that run a command or read a secret are taken only from the user's own config
 * file (owned by the user, not writable by others): a project file found by the upward
 * search comes with whatever repository the user cloned.
 */
function trustedForSecrets(file: string, env: Env): boolean {
  if (resolve(file) !== resolve(userConfigFile(env)) && dirname(resolve(file)) !== resolve(configDir(env))) return false;
  try {
    const stat = statSync(file);
    const ownUid = typeof process.getuid === 'function' ? process.getuid() : stat.uid;
    return stat.uid === ownUid && (stat.mode & 0o022) === 0;
  } catch {
    return false;
  }
}
