/**
 * Resolves the settings of one run: flags > environment > profile > built-in defaults.
 * With no site configured anywhere, the built-in `sandbox` profile is used.
 */
import { execSync } from 'node:child_process';
import { CliError, EXIT, UsageError } from '../errors.js';
import { LANGUAGES } from '../resources.js';
import { loadConfig, type LoadedConfig } from './load.js';
import type { ProfileConfig } from './schema.js';

export const DEFAULT_NAMESPACE = 'tribe/events/v1';
export const SANDBOX_PROFILE = 'sandbox';

export interface GlobalFlags {
  profile?: string;
  baseUrl?: string;
  namespace?: string;
  lang?: string;
  timeout?: string;
  retries?: string;
  caCert?: string;
}

export interface Profile {
  /** The profile's name, `sandbox` for the built-in one, or `environment` when only variables were used. */
  name: string;
  baseUrl?: string;
  namespace: string;
  language?: string;
  timezone?: string;
  username?: string;
  password?: string;
  timeoutMs: number;
  retries: number;
  caCert?: string;
  builtInSandbox: boolean;
  warnings: string[];
  /** Why the profile's saved credentials were not used for this run (they belong to another origin). */
  credentialsWithheld?: string;
}

type Env = Record<string, string | undefined>;

const nonEmpty = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v);

export function checkLanguage(lang: string | undefined, where: string): string | undefined {
  if (lang === undefined) return undefined;
  if (!(LANGUAGES as readonly string[]).includes(lang)) {
    throw new UsageError(`${where}: "${lang}" is not a supported language`, `Use one of: ${LANGUAGES.join(', ')}.`);
  }
  return lang;
}

function checkNumber(raw: string | undefined, where: string, min: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || n < min) throw new UsageError(`${where}: "${raw}" is not a number of at least ${min}`);
  return n;
}

export async function resolveProfile(flags: GlobalFlags, env: Env, cwd: string, loaded?: LoadedConfig): Promise<Profile> {
  const language = checkLanguage(flags.lang, '--lang') ?? checkLanguage(nonEmpty(env.CALENDAR_LANG), 'CALENDAR_LANG');
  const timeoutSec = checkNumber(flags.timeout, '--timeout', 0.001);
  const retries = checkNumber(flags.retries, '--retries', 0);
  if (retries !== undefined && !Number.isInteger(retries)) throw new UsageError(`--retries: "${flags.retries}" is not a whole number`);
  const baseUrlFlag = nonEmpty(flags.baseUrl) ?? nonEmpty(env.CALENDAR_BASE_URL);
  if (baseUrlFlag !== undefined) checkUrl(baseUrlFlag, flags.baseUrl ? '--base-url' : 'CALENDAR_BASE_URL');

  const wanted = nonEmpty(flags.profile) ?? nonEmpty(env.CALENDAR_PROFILE);
  const config = loaded ?? (await loadConfig(cwd, env));
  let name = wanted ?? config.config.defaultProfile;
  let stored: ProfileConfig = {};
  if (name !== undefined && name !== SANDBOX_PROFILE) {
    const found = config.config.profiles[name];
    if (!found) {
      const known = Object.keys(config.config.profiles);
      throw new UsageError(
        `no profile named "${name}"`,
        known.length ? `Known profiles: ${known.join(', ')}, sandbox.` : 'Add one with: calendar profile add NAME --url https://example.org',
      );
    }
    stored = found;
  }
  const baseUrl = baseUrlFlag ?? stored.baseUrl;
  const builtInSandbox = baseUrl === undefined;
  if (builtInSandbox) name = SANDBOX_PROFILE;
  else if (baseUrlFlag !== undefined && name === undefined) name = 'environment';

  // Saved credentials belong to the origin they were saved with; another base URL gets none of them.
  const foreign = baseUrlFlag !== undefined && stored.baseUrl !== undefined && originOf(baseUrlFlag) !== originOf(stored.baseUrl);
  const explicit = nonEmpty(env.CALENDAR_USERNAME) !== undefined && nonEmpty(env.CALENDAR_APP_PASSWORD) !== undefined;
  const profile: Profile = {
    name: name ?? 'environment',
    baseUrl,
    namespace: nonEmpty(flags.namespace) ?? nonEmpty(env.CALENDAR_NAMESPACE) ?? stored.namespace ?? DEFAULT_NAMESPACE,
    language: language ?? stored.language,
    timezone: stored.timezone,
    username: nonEmpty(env.CALENDAR_USERNAME) ?? (foreign ? undefined : stored.username),
    timeoutMs: (timeoutSec ?? stored.timeout ?? 30) * 1000,
    retries: retries ?? 3,
    caCert: nonEmpty(flags.caCert) ?? stored.caCert,
    builtInSandbox,
    warnings: config.warnings,
  };
  if (!/^[a-z0-9_-]+(\/[a-z0-9_.-]+)+$/i.test(profile.namespace)) {
    throw new UsageError(`--namespace: "${profile.namespace}" is not a namespace like tribe/events/v1`);
  }
  if (foreign && !explicit) {
    profile.username = undefined;
    if (stored.username || stored.appPassword || stored.appPasswordEnv || stored.appPasswordCommand) {
      profile.credentialsWithheld = `the credentials of profile "${name}" were not sent: they belong to ${originOf(stored.baseUrl!)}, not ${originOf(baseUrlFlag!)}`;
    }
  } else if (!builtInSandbox) profile.password = readSecret(foreign ? {} : stored, env);
  return profile;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

function checkUrl(raw: string, where: string): void {
  let ok = false;
  try {
    const u = new URL(raw);
    ok = u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    ok = false;
  }
  if (!ok) throw new UsageError(`${where}: "${raw}" is not an http(s) URL`, 'Give the REST root, e.g. https://example.org/wp-json');
}

/** The application password: environment first, then the profile's variable, command or stored value. */
function readSecret(stored: ProfileConfig, env: Env): string | undefined {
  const direct = nonEmpty(env.CALENDAR_APP_PASSWORD);
  if (direct !== undefined) return direct;
  if (stored.appPasswordEnv) return nonEmpty(env[stored.appPasswordEnv]);
  if (stored.appPasswordCommand) {
    try {
      const out = execSync(stored.appPasswordCommand, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 15_000 });
      return nonEmpty(out.replace(/\r?\n$/, ''));
    } catch {
      throw new CliError('the appPasswordCommand of the profile failed', EXIT.auth, 'Run the command by hand to see why.');
    }
  }
  return stored.appPassword;
}
