/**
 * Finds and reads configuration of two kinds. What the person owns: the user file in the
 * config directory (flags and the environment are read in profile.ts). What came with a
 * folder: the nearest project file (.calendarrc*, calendar.config.*, package.json#calendar)
 * from the current directory upward. A project file is read as data (JSON or YAML); a
 * JavaScript or TypeScript one runs code, and is loaded only once the person trusts it
 * (trust.ts). Profiles of the nearer file win.
 *
 * No cosmiconfig: creating its explorer runs a `.config/config.js` of the working directory
 * (its own settings), and its search loads JavaScript and follows `$import`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { CalendarError, EXIT } from '../errors.js';
import { closest } from '../../base/closest.js';
import { configDir, userConfigFile } from './paths.js';
import type { ConfigFile } from './schema.js';
import { trustHint, trustStateOf } from './trust.js';

export interface LoadedConfig {
  config: ConfigFile;
  /** Files read, nearest first. */
  files: string[];
  /** A profile name -> the file it came from. */
  sources: Record<string, string>;
  warnings: string[];
  /** The file whose defaultProfile is used, when one sets it. */
  defaultSource?: string;
  /**
   * The origins (scheme, host, port) that the person's own files name: the user file's
   * profiles and those of project files the person trusted. The person's credentials go
   * to these (and to a base URL given by flag or environment) only.
   */
  ownOrigins: string[];
}

type Env = Record<string, string | undefined>;
/**
 * A file read. `namesOwnSites`: its sites are the person's (a user file, a trusted project
 * file). `own`: its password commands, variables and CA count too (a user file only others
 * cannot write, a trusted project file); `howToOwn` says what makes it so when it is not.
 */
type Found = { filepath: string; config: unknown; namesOwnSites: boolean; own: boolean; howToOwn?: string };

const DATA_EXTENSIONS = ['', '.json', '.yaml', '.yml'];
const CODE_EXTENSIONS = ['.js', '.ts', '.cjs', '.mjs'];
const RC_NAMES = [...DATA_EXTENSIONS, ...CODE_EXTENSIONS].map((ext) => `calendarrc${ext}`);
/** Where a folder's project file may be, in the order the first one found is taken (the order cosmiconfig, which read them before, took them in). */
const PROJECT_PLACES = [
  'package.json',
  ...RC_NAMES.map((n) => `.${n}`),
  ...RC_NAMES.map((n) => `.config/${n}`),
  ...CODE_EXTENSIONS.map((ext) => `calendar.config${ext}`),
];
const USER_PLACES = [...DATA_EXTENSIONS, ...CODE_EXTENSIONS].map((ext) => `config${ext}`);

export const emptyConfig = (): LoadedConfig => ({ config: { profiles: {} }, files: [], sources: {}, warnings: [], ownOrigins: [] });

/** The names in a directory; none when it cannot be read. One readdir costs less than a stat per candidate. */
function namesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** Whether a package.json has a `calendar` key (mentioning the word elsewhere does not count). */
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
    // Broken JSON that looks like it configures us: read it, and say what is wrong.
    return /"calendar"\s*:\s*\{/.test(text);
  }
}

/** The project file of one folder, or undefined. */
function projectFileIn(dir: string): string | undefined {
  const names = new Set(namesIn(dir));
  const configNames = names.has('.config') ? new Set(namesIn(join(dir, '.config'))) : undefined;
  for (const place of PROJECT_PLACES) {
    if (place.startsWith('.config/') ? !configNames?.has(place.slice(8)) : !names.has(place)) continue;
    if (place === 'package.json' && !packageHasConfig(join(dir, place))) continue;
    return join(dir, place);
  }
  return undefined;
}

/** The nearest project file from `cwd` up to the home directory (or the root), or undefined. */
export function findProjectFile(cwd: string, env: Env): string | undefined {
  const stop = resolve(env.HOME || homedir());
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const file = projectFileIn(dir);
    if (file) return file;
    if (dir === stop || dirname(dir) === dir) return undefined;
  }
}

/** Whether a path names a project file: one of the names (and places) the search reads. */
export function isProjectFileName(file: string): boolean {
  const name = basename(file);
  if (basename(dirname(file)) === '.config' && RC_NAMES.includes(name)) return true;
  return PROJECT_PLACES.includes(name);
}

/** A file that runs code when loaded. */
export const runsCode = (file: string) => CODE_EXTENSIONS.includes(extname(file));

/** The user's own files: the first config.* of the config directory, and config.json (which `profile add` writes). */
function userFiles(env: Env): string[] {
  const dir = configDir(env);
  const names = namesIn(dir);
  const first = USER_PLACES.find((name) => names.includes(name));
  const files = first === undefined ? [] : [join(dir, first)];
  if (names.includes('config.json') && first !== 'config.json') files.push(userConfigFile(env));
  return files;
}

/**
 * Whether any configuration file exists. Most runs have none, and this check costs a few
 * directory reads.
 */
export function configCandidateExists(cwd: string, env: Env): boolean {
  return findProjectFile(cwd, env) !== undefined || userFiles(env).length > 0;
}

export async function loadConfig(cwd: string, env: Env): Promise<LoadedConfig> {
  const warnings: string[] = [];
  const found: Found[] = [];
  const project = findProjectFile(cwd, env);
  if (project) {
    const content = readContent(project);
    const state = await trustStateOf(project, content, env);
    if (state === 'changed') warnings.push(`${project} changed since you trusted it: it is read as an untrusted project file; ${trustHint(project)}`);
    if (state === 'trusted') found.push({ filepath: project, config: await parse(project, content), namesOwnSites: true, own: true });
    else if (runsCode(project))
      warnings.push(`${project} is not loaded: a JavaScript or TypeScript config runs code, which only a file you trust may; ${trustHint(project)}`);
    else
      found.push({
        filepath: project,
        config: await parse(project, content),
        namesOwnSites: false,
        own: false,
        howToOwn: `you have not trusted the file; ${trustHint(project)}`,
      });
  }
  for (const file of userFiles(env)) {
    const howToOwn = `others can write it; run: chmod go-w ${file}`;
    if (ownedByUser(file)) found.push({ filepath: file, config: await parse(file, readContent(file)), namesOwnSites: true, own: true });
    else if (runsCode(file)) warnings.push(`${file} is not loaded: ${howToOwn}`);
    else found.push({ filepath: file, config: await parse(file, readContent(file)), namesOwnSites: true, own: false, howToOwn });
  }
  const result = await validated(
    found.filter((f) => f.config !== undefined),
    env,
  );
  result.warnings.unshift(...warnings);
  return result;
}

function readContent(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    throw new CalendarError(`cannot read the configuration ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, EXIT.usage);
  }
}

/** A file's configuration: undefined for an empty file or a package.json without the key. */
async function parse(file: string, content: Buffer): Promise<unknown> {
  if (runsCode(file)) return loadCode(file);
  const text = content.toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    if (basename(file) === 'package.json') return (JSON.parse(text) as Record<string, unknown>).calendar;
    if (extname(file) === '.json') return JSON.parse(text);
    const yaml = await import('yaml');
    return yaml.parse(text);
  } catch (err) {
    throw new CalendarError(`cannot read the configuration ${file}: ${errorSummary((err as Error).message, file)}`, EXIT.usage);
  }
}

/**
 * The default export of a JavaScript or TypeScript config (one of the person's own, or trusted).
 * Through require(), which loads ES modules too since Node.js 20.19: the bundle keeps no
 * import() (bin/code-cache.js).
 */
async function loadCode(file: string): Promise<unknown> {
  const { createRequire } = await import('node:module');
  try {
    const loaded = createRequire(file)(file) as { default?: unknown; __esModule?: boolean } | undefined;
    return loaded && typeof loaded === 'object' && 'default' in loaded ? loaded.default : loaded;
  } catch (err) {
    const reason = (err as Error).message.split('\n')[0];
    const hint =
      extname(file) === '.ts' ? 'A TypeScript config needs a Node.js that runs TypeScript (22.18 or later); else write it as .mjs or JSON.' : undefined;
    throw new CalendarError(`cannot load the configuration ${file}: ${reason}`, EXIT.usage, hint);
  }
}

/** Settings a file the person has not trusted may not give: they run a command, read a variable, or choose whom TLS trusts. */
const OWN_ONLY_KEYS = ['appPasswordCommand', 'appPasswordEnv', 'caCert'] as const;

/** Checks each file against the schema and merges them, nearest last so that its profiles win. */
async function validated(found: Found[], _env: Env): Promise<LoadedConfig> {
  const result = emptyConfig();
  if (found.length === 0) return result;
  const { configSchema, profileSchema } = await import('./schema.js');
  for (const { filepath, config, namesOwnSites, own, howToOwn } of [...found].reverse()) {
    const parsed = configSchema.safeParse(config);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue.path.join('.') || '(top)';
      throw new CalendarError(
        `invalid configuration in ${filepath}: ${where}: ${issue.message}`,
        EXIT.usage,
        keyHint(issue, Object.keys(configSchema.shape), Object.keys(profileSchema.shape)),
      );
    }
    result.files.unshift(filepath);
    if (parsed.data.defaultProfile) {
      result.config.defaultProfile = parsed.data.defaultProfile;
      result.defaultSource = filepath;
    }
    for (const [name, profile] of Object.entries(parsed.data.profiles)) {
      for (const key of OWN_ONLY_KEYS) {
        if (profile[key] === undefined || own) continue;
        delete profile[key];
        result.warnings.push(`${filepath}: profiles.${name}.${key} is ignored: ${howToOwn}`);
      }
      result.config.profiles[name] = profile;
      result.sources[name] = filepath;
      if (namesOwnSites && profile.baseUrl !== undefined) result.ownOrigins.push(new URL(profile.baseUrl).origin);
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
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/^(>|\|)/.test(l) && !/^\d+ \|/.test(l));
  const reason = /^(YAML|JSON) Error in .*:$/.test(lines[0] ?? '') ? (lines[1] ?? lines[0]) : (lines[0] ?? text);
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

/**
 * Whether a file of the config directory may say how to get a password (or run, or choose a
 * CA): owned by the person and not writable by others, who could otherwise make it run a
 * command of theirs.
 */
function ownedByUser(file: string): boolean {
  try {
    const stat = statSync(file);
    const ownUid = typeof process.getuid === 'function' ? process.getuid() : stat.uid;
    return stat.uid === ownUid && (stat.mode & 0o022) === 0;
  } catch {
    return false;
  }
}
