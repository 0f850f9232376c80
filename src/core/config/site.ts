/**
 * Opening a site, for every face: the profile resolved (flags, environment, profiles, trusted
 * project files, or the built-in sandbox started in-process) and the HTTP client built over it.
 * The CLI's session (src/cli/session.ts) and the library's Calendar both open sites here.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { makeDirectory } from '../../base/dirs.js';
import type { Messages, OutputStream } from '../context.js';
import { CalendarError, EXIT, fileProblem, UsageError } from '../errors.js';
import type { ApiClient } from '../http/client.js';
import type { HttpHooks } from '../http/hooks.js';
import type { Dispatcher } from 'undici';
import type { GlobalFlags, Profile } from './profile.js';
import { option } from '../words.js';

type Env = Record<string, string | undefined>;

export interface SiteOptions {
  /** What the command line (or the library's constructor) asked for: profile, base URL, namespace, language, timeout. */
  flags: GlobalFlags;
  env: Env;
  cwd: string;
  messages: Messages;
  /**
   * The site given whole (the library's `{ baseUrl, username, appPassword }`): no configuration
   * file is read, and these credentials are the run's.
   */
  given?: { username?: string; appPassword?: string; timezone?: string };
  /** The caller means to write (not a dry run): a site only an untrusted project file named stops it before any request. */
  writes?: boolean;
  /** Connections kept open to the site; bulk commands raise it to their concurrency. */
  connections?: number;
  /** Every request and answer on `stderr` (credentials masked). */
  debug?: boolean;
  /** Where the client writes its own lines (debug, a setting it ignores); default nowhere. */
  stderr?: OutputStream;
  /** Whether a person watches (a terminal): the built-in sandbox then says where it keeps its calendar at every run. */
  attended?: boolean;
  sleep?(ms: number): Promise<void>;
  /** The library's hooks, told of each request, answer and retry. */
  hooks?: HttpHooks;
  /** The library's undici Dispatcher, which the requests go through. */
  dispatcher?: Dispatcher;
  /**
   * Whether no site named means the built-in sandbox (the CLI's default for people; writes are
   * then refused when CI is set), or is an error (the library: `false`).
   */
  defaultSandbox?: boolean;
}

export interface Site {
  profile: Profile;
  client: ApiClient;
  /** Lets the site go (with `abort`: the requests in flight stopped). */
  close(options?: { abort?: boolean }): Promise<void>;
}

/** Writes nothing: where the debug lines of a caller that asked for none would go. */
export const NO_OUTPUT: OutputStream = { write: () => true };

export async function openSite(options: SiteOptions): Promise<Site> {
  const [{ resolveProfile }, { emptyConfig }, { ApiClient, projectSiteWriteRefused }, { parseRestRoot, restRootOfBaseUrl }] = await Promise.all([
    import('./profile.js'),
    import('./load.js'),
    import('../http/client.js'),
    import('../http/url.js'),
  ]);
  const { given, messages } = options;
  // A site given whole is the whole configuration: no file, and no CALENDAR_* variable, adds to it.
  const env = given ? { ...withoutSettings(options.env), CALENDAR_USERNAME: given.username, CALENDAR_APP_PASSWORD: given.appPassword } : options.env;
  const profile = await resolveProfile(options.flags, env, options.cwd, given ? emptyConfig() : undefined);
  if (given?.timezone !== undefined) {
    const { isValidTimeZone } = await import('../../base/time.js');
    if (!isValidTimeZone(given.timezone)) throw new UsageError(`timezone: "${given.timezone}" is not a timezone`, 'Use an IANA name such as Europe/Paris.');
    profile.timezone = given.timezone;
  }
  for (const warning of profile.warnings) messages.warn(warning);
  if (profile.siteNamedBy !== undefined && options.writes) throw projectSiteWriteRefused(profile.siteNamedBy, new URL(profile.baseUrl!).origin);
  let stopSandbox: (() => Promise<void>) | undefined;
  if (profile.builtInSandbox && options.defaultSandbox === false) throw noSiteNamed();
  // A command that says it writes (an import) stops before it starts; any other write at its first request.
  if (profile.builtInSandbox && options.writes && isCi(options.env)) throw new UsageError(WRITE_IN_CI_REFUSED);
  if (profile.builtInSandbox) {
    const started = await startBuiltInSandbox(profile, options);
    profile.baseUrl = started.restRoot;
    profile.username = 'admin';
    profile.password = started.password;
    stopSandbox = started.close;
  }
  let root;
  try {
    root = parseRestRoot(restRootOfBaseUrl(profile.baseUrl!));
  } catch {
    await stopSandbox?.();
    throw new UsageError(`the base URL "${profile.baseUrl}" is not an http(s) URL`);
  }
  const client = new ApiClient({
    root,
    namespace: profile.namespace,
    language: profile.language,
    username: profile.username,
    password: profile.password,
    timeoutMs: profile.timeoutMs,
    retries: profile.retries,
    debug: options.debug === true,
    stderr: options.stderr ?? NO_OUTPUT,
    caCertFile: profile.caCert,
    credentialsWithheld: profile.credentialsWithheld,
    siteNamedBy: profile.siteNamedBy,
    siteKey: profile.builtInSandbox ? 'built-in sandbox' : undefined,
    notice: (line) => messages.notice(line),
    connections: options.connections,
    env: options.env,
    sleep: options.sleep,
    api: profile.api,
    hooks: options.hooks,
    dispatcher: options.dispatcher,
    writesRefused: profile.builtInSandbox && isCi(options.env) ? WRITE_IN_CI_REFUSED : undefined,
  });
  return {
    profile,
    client,
    async close(closing) {
      await client.close(closing);
      await stopSandbox?.();
    },
  };
}

/** The library's error when no site is named: the built-in sandbox is for people at the command line. */
function noSiteNamed(): CalendarError {
  return new CalendarError(
    'no site is named: give new Calendar({ baseUrl, username, appPassword }), a profile ({ profile }), or CALENDAR_BASE_URL; ' +
      'for a sandbox, new Calendar({ sandbox: true }) or startSandbox() from events-calendar-cli/sandbox',
    EXIT.usage,
  );
}

/** CI runners set CI (GitHub Actions, GitLab, CircleCI, Travis...); `CI=false` or `0` says it is not one. */
function isCi(env: Env): boolean {
  const value = env.CI?.trim().toLowerCase();
  return value !== undefined && value !== '' && value !== 'false' && value !== '0';
}

const WRITE_IN_CI_REFUSED =
  'CI is set and no site is named: the write would go to the built-in sandbox, which nothing after this run sees. ' +
  `Name the site (CALENDAR_BASE_URL, ${option('base_url')} or ${option('profile')}), or start a sandbox server and point at it`;

/** The environment less the CALENDAR_* settings (proxies, data directories and the rest stay). */
const withoutSettings = (env: Env): Env => Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('CALENDAR_')));

async function startBuiltInSandbox(profile: Profile, options: SiteOptions) {
  const { sandboxDataFile } = await import('./paths.js');
  let dataFile: string | undefined = sandboxDataFile(options.env);
  const firstUse = !existsSync(dataFile);
  const problem = unwritable(dataFile);
  if (problem) {
    options.messages.warn(
      `cannot keep the built-in sandbox calendar in ${dirname(dataFile)} (${problem}): it is kept in memory for this run only. ` +
        'Set XDG_DATA_HOME to a directory you can write to, or point calendar at a real site with a profile (calendar profile add).',
    );
    dataFile = undefined;
  } else if (firstUse || options.attended) {
    options.messages.notice(`Using the built-in sandbox calendar (${dataFile}). Point calendar at a real site with a profile (calendar profile add).`);
  }
  const [{ startSandbox }, { randomBytes }] = await Promise.all([import('../../sandbox/index.js'), import('node:crypto')]);
  const password = randomBytes(18).toString('base64url');
  const sandbox = await startSandbox({ port: 0, dataFile, shared: true, seed: 'demo', user: 'admin', password, namespace: profile.namespace, quiet: true });
  return { restRoot: sandbox.restRoot, password, close: () => sandbox.close() };
}

/** Why the sandbox's data file cannot be kept (its directory made, the file or directory written), or nothing. */
function unwritable(dataFile: string): string | undefined {
  try {
    makeDirectory(dirname(dataFile));
    accessSync(existsSync(dataFile) ? dataFile : dirname(dataFile), constants.W_OK);
    return undefined;
  } catch (err) {
    return fileProblem(err);
  }
}
