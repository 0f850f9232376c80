/**
 * What every command that talks to a site needs: output settings, a UI for stderr, and the site
 * opened by the core (src/core/config/site.ts: the resolved profile and the HTTP client).
 */
import { type Context, type GlobalFlags, type Site, UsageError } from '../core/index.js';
import { FORMATS, ICS_COMMANDS, type Format } from '../spec/resources.js';
import type { OutputSettings } from './output/writer.js';
import { colorEnabled, Ui } from './output/ui.js';
import { closest } from '../base/closest.js';
import { visibleStream } from './output/visible.js';

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

export type Session = Site;

export async function openSession(prepared: Prepared, ctx: Context): Promise<Session> {
  const { openSite } = await import('../core/index.js');
  return openSite({
    flags: prepared.globals,
    env: ctx.env,
    cwd: ctx.cwd,
    messages: prepared.ui,
    writes: prepared.writes,
    connections: prepared.connections,
    debug: prepared.globals.debug === true,
    // The client's own lines (--debug) quote URLs and answers of the site.
    stderr: visibleStream(ctx.stderr),
    attended: ctx.stderr.isTTY === true,
    sleep: ctx.sleep,
  });
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
