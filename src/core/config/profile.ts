/**
 * Resolves the settings of one run: flags > environment > profile > built-in defaults.
 * With no site configured anywhere, the built-in `sandbox` profile is used.
 */
import { spawnSync } from 'node:child_process';
import { CalendarError, EXIT, UsageError } from '../errors.js';
import { DEFAULT_NAMESPACE, LANGUAGES } from '../../spec/resources.js';
import { isValidTimeZone } from '../../base/time.js';
import { closest } from '../../base/closest.js';
import { loadConfig, type LoadedConfig } from './load.js';
import type { ProfileConfig } from './schema.js';
import { option, said } from '../words.js';

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
  /** The API updates go through (CALENDAR_API, else the profile's `api`); unset: found on first need. */
  api?: 'tec' | 'tribe';
  builtInSandbox: boolean;
  warnings: string[];
  /** Why the profile's saved credentials were not used for this run (they belong to another origin). */
  credentialsWithheld?: string;
  /**
   * The project file that named this run's site when none of the person's own sources did:
   * the run has no credentials, reads go out without them and writes are not sent.
   */
  siteNamedBy?: string;
}

type Env = Record<string, string | undefined>;

const nonEmpty = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v);

/** A supported language, also when written as a locale: FR, fr-FR and fr_FR.UTF-8 are fr. */
export function checkLanguage(lang: string | undefined, where: string): string | undefined {
  if (lang === undefined) return undefined;
  const code = lang
    .trim()
    .toLowerCase()
    .split(/[-_.@]/)[0];
  if (!(LANGUAGES as readonly string[]).includes(code)) {
    throw new UsageError(`${where}: "${lang}" is not a supported language`, `Use one of: ${LANGUAGES.join(', ')}.`);
  }
  return code;
}

function checkApi(api: string | undefined): 'tec' | 'tribe' | undefined {
  if (api === undefined || api === 'tec' || api === 'tribe') return api;
  throw new UsageError(`CALENDAR_API: "${api}" is not tec or tribe`);
}

function checkNumber(raw: string | undefined, where: string, min: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || n < min) throw new UsageError(`${where}: "${raw}" is not a number of at least ${min}`);
  return n;
}

export async function resolveProfile(flags: GlobalFlags, env: Env, cwd: string, loaded?: LoadedConfig): Promise<Profile> {
  const language = checkLanguage(flags.lang, option('language')) ?? checkLanguage(nonEmpty(env.CALENDAR_LANG), 'CALENDAR_LANG');
  const timeoutSec = checkNumber(flags.timeout, option('timeout'), 0.001);
  const retries = checkNumber(flags.retries, option('retries'), 0);
  if (retries !== undefined && !Number.isInteger(retries)) throw new UsageError(`${option('retries')}: "${flags.retries}" is not a whole number`);
  const givenBaseUrl = nonEmpty(flags.baseUrl) ?? nonEmpty(env.CALENDAR_BASE_URL);
  const inUrl = givenBaseUrl === undefined ? undefined : splitUserInfo(givenBaseUrl);
  const baseUrlFlag = inUrl?.url;
  if (baseUrlFlag !== undefined) checkUrl(baseUrlFlag, flags.baseUrl ? option('base_url') : 'CALENDAR_BASE_URL');

  const wanted = nonEmpty(flags.profile) ?? nonEmpty(env.CALENDAR_PROFILE);
  const config = loaded ?? (await loadConfig(cwd, env));
  let name = wanted ?? config.config.defaultProfile;
  let stored: ProfileConfig = {};
  if (name !== undefined && name !== SANDBOX_PROFILE) {
    const found = config.config.profiles[name];
    if (!found) {
      const err = unknownProfile(name, Object.keys(config.config.profiles));
      if (wanted === undefined && config.defaultSource) {
        err.hint =
          `It is the default profile (defaultProfile in ${config.defaultSource}); pick another with: calendar profile use NAME. ${err.hint ?? ''}`.trim();
      }
      throw err;
    }
    stored = found;
    if (found.timezone !== undefined && !isValidTimeZone(found.timezone)) {
      throw new UsageError(
        `${config.sources[name] ?? 'the configuration'}: profiles.${name}.timezone: "${found.timezone}" is not a timezone`,
        'Use an IANA name such as Europe/Paris or America/New_York.',
      );
    }
  }
  const baseUrl = baseUrlFlag ?? stored.baseUrl;
  const builtInSandbox = baseUrl === undefined;
  if (builtInSandbox) name = SANDBOX_PROFILE;
  else if (baseUrlFlag !== undefined && name === undefined) name = 'environment';

  // Saved credentials belong to the origin they were saved with; another base URL gets none of them.
  const foreign = baseUrlFlag !== undefined && stored.baseUrl !== undefined && originOf(baseUrlFlag) !== originOf(stored.baseUrl);
  // Credentials in the URL given for this run count as given for this run.
  const runUser = nonEmpty(env.CALENDAR_USERNAME) ?? inUrl?.username;
  const runPassword = nonEmpty(env.CALENDAR_APP_PASSWORD) ?? inUrl?.password;
  const explicit = runUser !== undefined && runPassword !== undefined;
  const profile: Profile = {
    name: name ?? 'environment',
    baseUrl,
    namespace: nonEmpty(flags.namespace) ?? nonEmpty(env.CALENDAR_NAMESPACE) ?? stored.namespace ?? DEFAULT_NAMESPACE,
    language: language ?? stored.language,
    timezone: stored.timezone,
    username: runUser ?? (foreign ? undefined : stored.username),
    timeoutMs: (timeoutSec ?? stored.timeout ?? 30) * 1000,
    retries: retries ?? 3,
    caCert: nonEmpty(flags.caCert) ?? stored.caCert,
    api: checkApi(nonEmpty(env.CALENDAR_API)) ?? stored.api,
    builtInSandbox,
    warnings: [...config.warnings],
  };
  // Known from the index read at `profile add`, so that no run pays a request to learn it.
  if (profile.language && stored.translations === false && !foreign) {
    profile.warnings.push(
      said(
        `the site of profile ${profile.name} showed no translation plugin (WPML or Polylang) when it was added, so ` +
          `language ${profile.language} (${option('language')}, sent as i18n_language) may have no effect; if one is active now, add ` +
          `the profile ${profile.name} again (calendar profile add)`,
      ),
    );
  }
  if (!/^[a-z0-9_-]+(\/[a-z0-9_.-]+)+$/i.test(profile.namespace)) {
    throw new UsageError(`${option('namespace')}: "${profile.namespace}" is not a namespace like tribe/events/v1`);
  }
  if (baseUrlFlag !== undefined) profile.baseUrl = withoutNamespace(baseUrlFlag, profile.namespace);
  // The person's credentials go only to an origin that the person's own sources name: a flag,
  // the environment, the user file, a trusted project file. Never decided by the host name:
  // a name can resolve to anything.
  if (baseUrlFlag === undefined && stored.baseUrl !== undefined && !config.ownOrigins.includes(originOf(stored.baseUrl))) {
    profile.username = undefined;
    profile.siteNamedBy = config.sources[name!];
    return profile;
  }
  if (foreign && !explicit) {
    profile.username = undefined;
    if (stored.username || stored.appPassword || stored.appPasswordEnv || stored.appPasswordCommand) {
      profile.credentialsWithheld =
        `the credentials of profile "${name}" were not sent: ` + `they belong to ${originOf(stored.baseUrl!)}, not ${originOf(baseUrlFlag!)}`;
    }
  } else if (!builtInSandbox) profile.password = runPassword ?? readSecret(foreign ? {} : stored, env, profile.name);
  return profile;
}

/**
 * A URL with its user info taken out (`http://admin:secret@host/wp-json`): the URL is
 * stored and printed without it; the user name and password are returned apart.
 */
export function splitUserInfo(raw: string): { url: string; username?: string; password?: string } {
  let parsed: URL;
  try {
    parsed = new URL(raw.trim());
  } catch {
    // Not a URL: blank out anything that looks like user info before it reaches a message.
    return { url: raw.replace(/\/\/[^/@]*@/, '//') };
  }
  if (!parsed.username && !parsed.password) return { url: raw };
  const username = decodeURIComponent(parsed.username) || undefined;
  const password = decodeURIComponent(parsed.password) || undefined;
  parsed.username = '';
  parsed.password = '';
  return { url: parsed.toString(), username, password };
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/**
 * The REST root of a base URL given with the namespace on its end, as copied from a
 * browser (`https://example.org/wp-json/tribe/events/v1/`, `/?rest_route=/tribe/events/v1`).
 */
function withoutNamespace(raw: string, namespace: string): string {
  const u = new URL(raw);
  const route = u.searchParams.get('rest_route');
  const ends = (path: string) => path.replace(/\/+$/, '').endsWith(`/${namespace}`);
  if (route !== null) {
    if (!ends(route)) return raw;
    u.searchParams.set('rest_route', `${route.replace(/\/+$/, '').slice(0, -namespace.length - 1)}/`);
    return u.toString().replace(/rest_route=%2F/, 'rest_route=/');
  }
  if (!ends(u.pathname)) return raw;
  u.pathname = u.pathname.replace(/\/+$/, '').slice(0, -namespace.length - 1);
  return u.toString();
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

/** How long a profile's appPasswordCommand may run (README "Configuration"). */
export const SECRET_COMMAND_TIMEOUT_MS = 15_000;

/**
 * The application password: environment first, then the profile's variable, command or
 * stored value. A source that is named but gives nothing is an error naming it, before
 * any request is sent.
 */
function readSecret(stored: ProfileConfig, env: Env, profileName: string): string | undefined {
  const direct = nonEmpty(env.CALENDAR_APP_PASSWORD);
  if (direct !== undefined) return direct;
  if (stored.appPasswordEnv) {
    const value = nonEmpty(env[stored.appPasswordEnv]);
    if (value === undefined) {
      throw new UsageError(
        `profile "${profileName}" reads its application password from $${stored.appPasswordEnv}, which is not set`,
        `Set it (export ${stored.appPasswordEnv}=...) or set CALENDAR_APP_PASSWORD.`,
      );
    }
    return value;
  }
  if (stored.appPasswordCommand) return runSecretCommand(stored.appPasswordCommand, profileName);
  return stored.appPassword;
}

function runSecretCommand(command: string, profileName: string): string {
  const where = `the appPasswordCommand of profile "${profileName}"`;
  const result = spawnSync(command, { shell: true, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: SECRET_COMMAND_TIMEOUT_MS });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') {
    throw new CalendarError(
      `${where} did not finish within ${SECRET_COMMAND_TIMEOUT_MS / 1000} s`,
      EXIT.auth,
      'Run it by hand to see why it waits (a prompt for a passphrase?).',
    );
  }
  if (result.error) throw new CalendarError(`${where} could not run: ${result.error.message}`, EXIT.auth);
  if (result.status !== 0) {
    const reason = (result.stderr ?? '').trim().split('\n')[0]?.slice(0, 200);
    throw new CalendarError(
      `${where} failed (exit ${result.status ?? result.signal})${reason ? `: ${reason}` : ''}`,
      EXIT.auth,
      'Run the command by hand to see why.',
    );
  }
  const value = nonEmpty((result.stdout ?? '').replace(/\r?\n$/, ''));
  if (value === undefined) throw new CalendarError(`${where} printed nothing`, EXIT.auth, 'It must print the application password on stdout.');
  return value;
}

/** `no profile named "lokal"`, with the profile a typo resembles and the ones there are. */
export function unknownProfile(name: string, stored: string[]): UsageError {
  const known = [...stored, SANDBOX_PROFILE];
  const meant = closest(name, known);
  // With no profile stored, the CLI adds the command that stores one (src/cli/output/write-hints.ts).
  const list = stored.length ? `Known profiles: ${known.join(', ')}.` : 'No profile is stored.';
  return new UsageError(`no profile named "${name}"`, meant ? `Did you mean "${meant}"? ${list}` : list, { code: 'unknown_profile', values: { name, stored } });
}
