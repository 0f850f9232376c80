/** The profile verbs. `add` discovers and checks everything before it writes anything. */
import type { Invocation } from '../runner.js';
import { DEFAULT_NAMESPACE, LANGUAGES } from '../../../spec/resources.js';
import { exec } from 'node:child_process';
import { isAbsolute, resolve } from 'node:path';
import {
  CalendarError,
  checkLanguage,
  type Context,
  EXIT,
  loadConfig,
  type ProfileConfig,
  readUserConfig,
  SANDBOX_PROFILE,
  sandboxDataFile,
  saveProfile,
  splitUserInfo,
  unknownProfile,
  UsageError,
  writePrivateJson,
} from '../../../core/index.js';
import type { GlobalOptions, Prepared } from '../../session.js';
import { listWriter, printRecord } from '../../output/writer.js';

/** The options of `profile add`, as its flags declare them (index.ts). */
interface AddFlags extends GlobalOptions {
  url: string;
  username?: string;
  appPasswordStdin?: boolean;
  appPasswordEnv?: string;
  appPasswordCommand?: string;
  api?: string;
  default?: boolean;
  force?: boolean;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const MASK = '********';

function checkName(name: string): string {
  if (!NAME.test(name)) throw new UsageError(`"${name}" is not a valid profile name`, 'Use letters, digits, dots, dashes and underscores.');
  return name;
}

interface Secret {
  stored: Pick<ProfileConfig, 'appPassword' | 'appPasswordEnv' | 'appPasswordCommand'>;
  /** The password to check now; undefined when it cannot be known yet. */
  value?: string;
  from: string;
}

/** Where the application password comes from; only one source may be given. */
async function readSecretOptions(opts: AddFlags, ctx: Context): Promise<Secret | undefined> {
  const sources = [opts.appPasswordStdin, opts.appPasswordEnv, opts.appPasswordCommand].filter((source) => source !== undefined);
  if (sources.length > 1) throw new UsageError('give only one of --app-password-stdin, --app-password-env and --app-password-command');
  const username = opts.username;
  if (sources.length === 1 && !username) throw new UsageError('an application password needs --username too');
  if (!username) return undefined;
  if (opts.appPasswordStdin) {
    const value = ctx.stdin.isTTY
      ? await (await import('../../output/prompt.js')).askHidden(ctx, `Application password for ${username}: `)
      : (await readAll(ctx.stdin)).replace(/\r?\n$/, '');
    if (value.trim() === '')
      throw new UsageError('--app-password-stdin: stdin was empty', 'Pipe the password in, e.g. printf \'%s\\n\' "$PASSWORD" | calendar profile add ...');
    return { stored: { appPassword: value }, value, from: 'stdin, stored in the config file' };
  }
  if (opts.appPasswordEnv !== undefined) {
    const name = opts.appPasswordEnv;
    if (!ENV_NAME.test(name)) throw new UsageError(`--app-password-env: "${name}" is not an environment variable name`);
    const value = ctx.env[name];
    return { stored: { appPasswordEnv: name }, value: value === '' ? undefined : value, from: `environment variable ${name}` };
  }
  if (opts.appPasswordCommand !== undefined) {
    const command = opts.appPasswordCommand;
    if (command.trim() === '') throw new UsageError('--app-password-command must not be empty');
    const value = await runSecretCommand(command, ctx);
    return { stored: { appPasswordCommand: command }, value, from: 'command' };
  }
  const fromEnv = ctx.env.CALENDAR_APP_PASSWORD;
  if (fromEnv) return { stored: { appPassword: fromEnv }, value: fromEnv, from: 'CALENDAR_APP_PASSWORD, stored in the config file' };
  // A person at a terminal who named a user and no password source is asked, as --app-password-stdin asks.
  if (ctx.stdin.isTTY && ctx.stderr.isTTY) {
    const typed = await (await import('../../output/prompt.js')).askHidden(ctx, `Application password for ${username} (Enter for none): `);
    if (typed.trim() !== '') return { stored: { appPassword: typed }, value: typed, from: 'the terminal, stored in the config file' };
  }
  return undefined;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  return text;
}

function runSecretCommand(command: string, ctx: Context): Promise<string> {
  return new Promise((done, fail) => {
    exec(command, { cwd: ctx.cwd, env: ctx.env as NodeJS.ProcessEnv, timeout: 15_000, encoding: 'utf8' }, (err, stdout) => {
      const value = String(stdout ?? '').replace(/\r?\n$/, '');
      if (err || value.trim() === '') fail(new UsageError('--app-password-command failed or printed nothing', 'Run the command by hand to see why.'));
      else done(value);
    });
  });
}

export async function runProfileAdd(inv: Invocation<AddFlags>, rawName: string): Promise<void> {
  const ctx = inv.ctx;
  const opts = inv.opts;
  const prepared = inv.prepare();
  const name = checkName(rawName);
  if (name === SANDBOX_PROFILE) throw new UsageError('"sandbox" is the built-in profile; choose another name');
  const language = checkLanguage(opts.lang, '--lang');
  const timeoutSec = opts.timeout === undefined ? 30 : Number(opts.timeout);
  if (!Number.isFinite(timeoutSec) || timeoutSec <= 0) throw new UsageError(`--timeout: "${opts.timeout}" is not a positive number of seconds`);
  const existing = readUserConfig(ctx.env);
  if (existing.config.profiles[name] && !opts.force)
    throw new UsageError(`a profile named "${name}" already exists in ${existing.file}`, 'Add --force to replace it.');
  // A password in the URL moves to the secret store and the user name to --username; the URL is kept without them.
  const { url: siteUrl, username: urlUser, password: urlPassword } = splitUserInfo(opts.url);
  if (urlUser !== undefined && opts.username === undefined) opts.username = urlUser;
  let secret = await readSecretOptions(opts, ctx);
  if (urlPassword !== undefined) {
    if (secret) throw new UsageError('--url carries a password and another password source is given; give only one');
    secret = { stored: { appPassword: urlPassword }, value: urlPassword, from: 'the URL, stored in the config file' };
  }
  if (urlUser !== undefined || urlPassword !== undefined)
    prepared.ui.notice('The user name and password in --url were moved into the profile; the URL is stored without them.');
  const caCert = opts.caCert ? (isAbsolute(opts.caCert) ? opts.caCert : resolve(ctx.cwd, opts.caCert)) : undefined;

  if (opts.api !== undefined && opts.api !== 'tec' && opts.api !== 'tribe') throw new UsageError(`--api: "${opts.api}" is not tec or tribe`);
  const { discover } = await import('./discover.js');
  const site = await discover(siteUrl, {
    timeoutMs: timeoutSec * 1000,
    caCertFile: caCert,
    namespace: opts.namespace,
    debug: opts.debug ? ctx.stderr : undefined,
  });
  const username = opts.username;
  if (username && secret?.value !== undefined) await checkCredentials(site.restRoot, site.namespace, username, secret.value, timeoutSec, caCert, opts, ctx);

  const api = opts.api === undefined ? site.api : checkedApi(opts.api, site.api);
  const profile: ProfileConfig = { baseUrl: site.restRoot, namespace: site.namespace, translations: site.translations, api };
  // `https://site/fr/wp-json` that the site does not serve: the language is kept as i18n_language.
  const pathLanguage = languageSegment(siteUrl);
  if (pathLanguage && !languageSegment(site.restRoot)) {
    prepared.ui.warn(
      `the site does not serve its REST API under /${pathLanguage}/; using ${site.restRoot}` +
        (language ? '' : ` with language ${pathLanguage} (sent as i18n_language)`),
    );
  }
  const chosenLanguage = language ?? (pathLanguage && !languageSegment(site.restRoot) ? pathLanguage : undefined);
  if (chosenLanguage) profile.language = chosenLanguage as ProfileConfig['language'];
  if (chosenLanguage && !site.translations)
    prepared.ui.warn(`the site shows no translation plugin (WPML or Polylang), so language ${chosenLanguage} (sent as i18n_language) may have no effect`);
  if (site.timezone) profile.timezone = site.timezone;
  if (username) profile.username = username;
  Object.assign(profile, secret?.stored ?? {});
  if (caCert) profile.caCert = caCert;
  const saved = saveProfile(ctx.env, name, profile, opts.default === true);

  const ui = prepared.ui;
  if (site.redirectedFrom) ui.notice(`${site.redirectedFrom} redirected to ${site.restRoot}: the profile uses the new address.`);
  ui.notice(
    `Added profile ${name}: ${site.restRoot} (namespace ` +
      `${site.namespace}${site.timezone ? `, timezone ${site.timezone}` : ''}, updates through ` +
      `${api === 'tec' ? 'tec/v1' : site.namespace}) in ${saved.file}.`,
  );
  if (username && secret?.value !== undefined) ui.notice(`The credentials of ${username} work (application password from ${secret.from}).`);
  else if (username && secret) ui.warn(`${secret.from} is not set, so the credentials were not checked.`);
  else if (username) ui.notice('No application password given: writes will need CALENDAR_APP_PASSWORD.');
  ui.notice(saved.isDefault ? `${name} is the default profile.` : `Use it with --profile ${name}, or make it the default: calendar profile use ${name}`);
}

/** `--api` (checked to be tec or tribe): tribe always works; tec only where the site has tec/v1. */
function checkedApi(api: string, found: 'tec' | 'tribe'): 'tec' | 'tribe' {
  if (api === 'tec' && found !== 'tec') throw new UsageError('--api tec: the site has no tec/v1 routes (The Events Calendar 6.15 or later has them)');
  return api === 'tec' ? 'tec' : 'tribe';
}

/** The language segment of a URL's path (`/fr/` in https://site/fr/wp-json), if it has one. */
function languageSegment(url: string): string | undefined {
  try {
    const first = new URL(url).pathname.split('/').filter(Boolean)[0];
    return (LANGUAGES as readonly string[]).includes(first) ? first : undefined;
  } catch {
    return undefined;
  }
}

async function checkCredentials(
  root: string,
  namespace: string,
  username: string,
  password: string,
  timeoutSec: number,
  caCert: string | undefined,
  opts: GlobalOptions,
  ctx: Context,
) {
  const [{ ApiClient }, { parseRestRoot }] = await Promise.all([import('../../../core/index.js'), import('../../../core/index.js')]);
  const client = new ApiClient({
    root: parseRestRoot(root),
    namespace,
    username,
    password,
    timeoutMs: timeoutSec * 1000,
    retries: 1,
    debug: opts.debug === true,
    stderr: ctx.stderr,
    caCertFile: caCert,
    sleep: ctx.sleep,
  });
  try {
    const res = await client.send('GET', 'events', { query: { per_page: 1 } });
    if (res.status === 401 || res.status === 403) {
      const code = (res.body as { code?: string } | null)?.code ?? 'http_error';
      throw new CalendarError(
        `the site refused the credentials of ${username} [${code}, HTTP ${res.status}]; nothing was saved`,
        EXIT.auth,
        'Check the user name and the application password (Users > Profile > Application Passwords).',
      );
    }
  } finally {
    await client.close();
  }
}

interface Row {
  default: string;
  name: string;
  baseUrl: string;
  namespace: string;
  source: string;
}

export async function runProfileList(inv: Invocation): Promise<void> {
  const ctx = inv.ctx;
  const prepared = inv.prepare();
  const loaded = await loadConfigSaying(ctx, prepared);
  const current = ctx.env.CALENDAR_PROFILE || loaded.config.defaultProfile || SANDBOX_PROFILE;
  const rows: Row[] = Object.entries(loaded.config.profiles).map(([name, p]) => ({
    default: name === current ? '*' : '',
    name,
    baseUrl: p.baseUrl ?? '',
    namespace: p.namespace ?? DEFAULT_NAMESPACE,
    source: loaded.sources[name] ?? '',
  }));
  if (!loaded.config.profiles[SANDBOX_PROFILE]) {
    rows.push({
      default: current === SANDBOX_PROFILE ? '*' : '',
      name: SANDBOX_PROFILE,
      baseUrl: '(built in)',
      namespace: DEFAULT_NAMESPACE,
      source: sandboxDataFile(ctx.env),
    });
  }
  const { format } = prepared.output;
  if (format === 'ids') {
    ctx.stdout.write(rows.map((r) => `${r.name}\n`).join(''));
    return;
  }
  const structured = format === 'json' || format === 'ndjson' || format === 'yaml';
  const settings = { ...prepared.output, fields: prepared.output.fields ?? (structured ? undefined : ['default', 'name', 'baseUrl', 'namespace', 'source']) };
  const writer = listWriter(undefined, settings, ctx);
  for (const row of rows) await writer.write(structured ? { ...row, default: row.default === '*' } : row);
  await writer.end({ total: rows.length });
}

export async function runProfileShow(inv: Invocation, rawName?: string): Promise<void> {
  const ctx = inv.ctx;
  const opts = inv.opts;
  const prepared = inv.prepare();
  const loaded = await loadConfigSaying(ctx, prepared);
  const name = rawName ?? (opts.profile || ctx.env.CALENDAR_PROFILE || loaded.config.defaultProfile || SANDBOX_PROFILE);
  const stored = loaded.config.profiles[name];
  let view: Record<string, unknown>;
  if (!stored && name === SANDBOX_PROFILE) {
    view = {
      name,
      builtIn: true,
      baseUrl: '(a local sandbox started on demand)',
      namespace: DEFAULT_NAMESPACE,
      dataFile: sandboxDataFile(ctx.env),
      username: 'admin',
      appPassword: '(generated for each run)',
    };
  } else if (!stored) {
    throw unknownProfile(name, Object.keys(loaded.config.profiles));
  } else {
    view = {
      name,
      file: loaded.sources[name],
      default: name === (loaded.config.defaultProfile ?? SANDBOX_PROFILE),
      baseUrl: stored.baseUrl,
      namespace: stored.namespace ?? DEFAULT_NAMESPACE,
      language: stored.language,
      timezone: stored.timezone,
      username: stored.username,
      appPassword: stored.appPassword ? MASK : undefined,
      appPasswordSource: secretSource(stored),
      timeout: stored.timeout,
      caCert: stored.caCert,
    };
    for (const key of Object.keys(view)) if (view[key] === undefined) delete view[key];
  }
  const file = loaded.sources[name];
  if (stored?.baseUrl !== undefined && !loaded.ownOrigins.includes(new URL(stored.baseUrl).origin)) {
    view.appPasswordSource = `none: only ${file}, which you have not trusted, names this site, so it gets none of your credentials (calendar trust ${file})`;
  } else if (ctx.env.CALENDAR_APP_PASSWORD && view.builtIn === undefined)
    view.appPasswordSource = 'environment variable CALENDAR_APP_PASSWORD (overrides the profile)';
  if (prepared.output.format === 'table' && prepared.output.fields === undefined) {
    const width = Math.max(...Object.keys(view).map((k) => k.length));
    ctx.stdout.write(
      Object.entries(view)
        .map(([k, v]) => `${`${k}:`.padEnd(width + 2)}${String(v)}\n`)
        .join(''),
    );
    return;
  }
  await printRecord(view, undefined, prepared.output, ctx);
}

/** The configuration, its warnings said (a project file not loaded, a setting ignored). */
async function loadConfigSaying(ctx: Context, prepared: Prepared) {
  const loaded = await loadConfig(ctx.cwd, ctx.env);
  for (const warning of loaded.warnings) prepared.ui.warn(warning);
  return loaded;
}

function secretSource(p: ProfileConfig): string {
  if (p.appPasswordEnv) return `environment variable ${p.appPasswordEnv}`;
  if (p.appPasswordCommand) return `command: ${p.appPasswordCommand}`;
  if (p.appPassword) return 'stored in the config file';
  return 'none (CALENDAR_APP_PASSWORD if set)';
}

export async function runProfileUse(inv: Invocation, rawName: string): Promise<void> {
  const ctx = inv.ctx;
  const prepared = inv.prepare();
  const loaded = await loadConfigSaying(ctx, prepared);
  if (rawName !== SANDBOX_PROFILE && !loaded.config.profiles[rawName]) {
    throw unknownProfile(rawName, Object.keys(loaded.config.profiles));
  }
  const user = readUserConfig(ctx.env);
  const source = loaded.sources[rawName];
  if (rawName !== SANDBOX_PROFILE && source !== undefined && source !== user.file && !user.config.profiles[rawName]) {
    // The user file is read everywhere: outside this project it would name a profile that is not there.
    throw new UsageError(
      `profile "${rawName}" comes from ${source}, not the user config file`,
      `Set defaultProfile in that file, or pick it for a run with --profile ${rawName} (or CALENDAR_PROFILE=${rawName}).`,
    );
  }
  user.config.defaultProfile = rawName;
  writePrivateJson(user.file, user.config);
  prepared.ui.notice(`${rawName} is now the default profile (${user.file}).`);
  const nearer = loaded.files.find((f) => f !== user.file);
  if (nearer) prepared.ui.warn(`${nearer} is read first; if it sets defaultProfile, that one wins here.`);
  if (ctx.env.CALENDAR_PROFILE) prepared.ui.warn(`CALENDAR_PROFILE=${ctx.env.CALENDAR_PROFILE} is set and wins over the default.`);
}

export async function runProfileRemove(inv: Invocation, rawName: string): Promise<void> {
  const ctx = inv.ctx;
  const prepared = inv.prepare();
  if (rawName === SANDBOX_PROFILE) throw new UsageError('the built-in sandbox profile cannot be removed');
  const user = readUserConfig(ctx.env);
  if (!user.config.profiles[rawName]) {
    const loaded = await loadConfigSaying(ctx, prepared);
    const elsewhere = loaded.sources[rawName];
    if (elsewhere) throw new UsageError(`profile "${rawName}" comes from ${elsewhere}, not the user config file`, 'Edit that file to remove it.');
    throw new UsageError(`no profile named "${rawName}" in ${user.file}`);
  }
  delete user.config.profiles[rawName];
  const wasDefault = user.config.defaultProfile === rawName;
  if (wasDefault) delete user.config.defaultProfile;
  writePrivateJson(user.file, user.config);
  prepared.ui.notice(
    `Removed profile ${rawName} from ${user.file}.` +
      (wasDefault ? ' There is no default profile now (the built-in sandbox is used); pick one with calendar profile use NAME.' : ''),
  );
}
