/**
 * What every command that talks to a site needs: the resolved profile, output settings,
 * a UI for stderr and the HTTP client; for the built-in profile, a sandbox started in-process.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { makeDirectory } from '../base/dirs.js';
import { dirname } from 'node:path';
import type { Context } from '../core/context.js';
import { fileProblem, UsageError } from '../core/errors.js';
import { FORMATS, ICS_COMMANDS, type Format } from '../spec/resources.js';
import type { OutputSettings } from './output/writer.js';
import { colorEnabled, Ui } from './output/ui.js';
import { closest } from '../base/closest.js';
import type { GlobalFlags, Profile } from '../core/config/profile.js';
import type { ApiClient } from '../core/http/client.js';

export interface GlobalOptions extends GlobalFlags {
  format?: string;
  json?: boolean;
  fields?: string;
  color?: boolean;
  debug?: boolean;
  yes?: boolean;
}

export interface Prepared {
  ui: Ui;
  output: OutputSettings;
  globals: GlobalOptions;
  /** Connections kept open to the site; bulk commands raise it to their concurrency. */
  connections?: number;
  /** The command means to write (not a dry run): a site only an untrusted project file named stops it before any request. */
  writes?: boolean;
}

/** Checks the output options; no I/O, so it runs before anything else. `takesIcs`: the command prints whole events. */
export function prepare(globals: GlobalOptions, ctx: Context, defaultFormat: Format = 'table', takesIcs = false): Prepared {
  const ui = new Ui(ctx, { noColor: globals.color === false });
  let format = (globals.format ?? defaultFormat) as Format;
  if (globals.json) {
    if (globals.format && globals.format !== 'json') throw new UsageError(`--json conflicts with --format ${globals.format}`);
    format = 'json';
  }
  if (!FORMATS.includes(format)) {
    const near = closest(String(format).toLowerCase(), FORMATS);
    throw new UsageError(`--format: "${format}" is not one of ${FORMATS.join(', ')}`, near ? `Did you mean ${near}?` : undefined);
  }
  if (format === 'ics' && !takesIcs) {
    throw new UsageError(
      `--format ics: this command takes ${FORMATS.filter((f) => f !== 'ics').join(', ')}`,
      `iCalendar holds events: it applies to ${ICS_COMMANDS}.`,
    );
  }
  if (format === 'ics' && globals.fields !== undefined) throw new UsageError('--fields does not apply to --format ics, which writes whole events');
  let fields: string[] | undefined;
  if (globals.fields !== undefined) {
    fields = globals.fields.split(',').map((f) => f.trim());
    if (fields.some((f) => !/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/.test(f))) {
      throw new UsageError(`--fields: "${globals.fields}" is not a comma-separated list of field names or dot paths`);
    }
    const onlyIds = fields.length === 1 && fields[0] === 'id';
    if (format === 'count' || (format === 'ids' && !onlyIds)) {
      throw new UsageError(
        `--fields does not apply to --format ${format}, which prints ${format === 'ids' ? 'IDs' : 'a count'} only`,
        'Use --format ndjson or csv with --fields.',
      );
    }
  }
  // A terminal, or FORCE_COLOR through a pipe (`| less -R`): the output is coloured as the messages are.
  const color = colorEnabled(ctx.stdout, ctx.env, { noColor: globals.color === false });
  return { ui, output: { format, fields, color }, globals };
}

export interface Session {
  profile: Profile;
  client: ApiClient;
  close(): Promise<void>;
}

export async function openSession(prepared: Prepared, ctx: Context): Promise<Session> {
  const [{ resolveProfile }, { ApiClient, projectSiteWriteRefused }, { parseRestRoot, restRootOfBaseUrl }] = await Promise.all([
    import('../core/config/profile.js'),
    import('../core/http/client.js'),
    import('../core/http/url.js'),
  ]);
  const profile = await resolveProfile(prepared.globals, ctx.env, ctx.cwd);
  for (const warning of profile.warnings) prepared.ui.warn(warning);
  if (profile.siteNamedBy !== undefined && prepared.writes) throw projectSiteWriteRefused(profile.siteNamedBy, new URL(profile.baseUrl!).origin);
  let stopSandbox: (() => Promise<void>) | undefined;
  if (profile.builtInSandbox) {
    const started = await startBuiltInSandbox(profile, ctx, prepared.ui);
    profile.baseUrl = started.restRoot;
    profile.username = 'admin';
    profile.password = started.password;
    stopSandbox = started.close;
  }
  let root;
  try {
    root = parseRestRoot(restRootOfBaseUrl(profile.baseUrl!));
  } catch {
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
    debug: prepared.globals.debug === true,
    stderr: ctx.stderr,
    caCertFile: profile.caCert,
    credentialsWithheld: profile.credentialsWithheld,
    siteNamedBy: profile.siteNamedBy,
    siteKey: profile.builtInSandbox ? 'built-in sandbox' : undefined,
    notice: (line) => prepared.ui.notice(line),
    connections: prepared.connections,
    env: ctx.env,
    sleep: ctx.sleep,
    api: profile.api,
  });
  return {
    profile,
    client,
    async close() {
      await client.close();
      await stopSandbox?.();
    },
  };
}

async function startBuiltInSandbox(profile: Profile, ctx: Context, ui: Ui) {
  const { sandboxDataFile } = await import('../core/config/paths.js');
  let dataFile: string | undefined = sandboxDataFile(ctx.env);
  const firstUse = !existsSync(dataFile);
  const problem = unwritable(dataFile);
  if (problem) {
    ui.warn(
      `cannot keep the built-in sandbox calendar in ${dirname(dataFile)} (${problem}): it is kept in memory for this run only. ` +
        'Set XDG_DATA_HOME to a directory you can write to, or point calendar at a real site with: calendar profile add NAME --url https://example.org',
    );
    dataFile = undefined;
  } else if (firstUse || ctx.stderr.isTTY) {
    ui.notice(`Using the built-in sandbox calendar (${dataFile}). Point calendar at a real site with: calendar profile add NAME --url https://example.org`);
  }
  const [{ startSandbox }, { randomBytes }] = await Promise.all([import('../sandbox/index.js'), import('node:crypto')]);
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

/** Opens a session, runs the work, and always closes what was opened. */
export async function withSession<T>(prepared: Prepared, ctx: Context, work: (session: Session) => Promise<T>): Promise<T> {
  const session = await openSession(prepared, ctx);
  try {
    return await work(session);
  } finally {
    await session.close();
  }
}
