import { aSingular, type Resource } from '../spec/resources.js';

/** Exit codes users and scripts rely on (README "Exit codes"). */
export const EXIT = {
  ok: 0,
  refused: 1, //      the server refused (4xx other than below, or a WordPress error)
  usage: 2, //        usage or validation error, found before any request
  notFound: 3,
  auth: 4, //         authentication or permission
  network: 5, //      network, timeout or server error after retries
  partial: 6, //      a bulk operation finished with some records failed
  differences: 7, //  differences or conflicts found, only when asked with --exit-code
  interrupted: 130, // stopped by Ctrl-C (SIGINT, as shells report it) or SIGTERM
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A machine-readable `code` for each exit code, for an error the server did not name. */
const CODE_OF_EXIT: Record<ExitCode, string> = {
  0: 'ok',
  1: 'refused',
  2: 'usage',
  3: 'not_found',
  4: 'auth',
  5: 'network',
  6: 'partial',
  7: 'differences',
  130: 'interrupted',
};

/** What the server said of an error, kept on it for a program to read. */
export interface ServerDetail {
  /** The HTTP status of the answer. */
  status?: number;
  /** WordPress's error code (`rest_invalid_param`), else a code of ours. */
  code?: string;
  /** The answer's body, decoded. */
  body?: unknown;
}

/**
 * The core's error family, for the CLI, the library and the MCP server alike: one line of what
 * went wrong, optionally one line of what to do, and the CLI's exit code (README "Exit codes").
 * Every error has a `code`; those the server answered also its `status`.
 */
export class CalendarError extends Error {
  readonly code: string;
  /** The HTTP status, when the server answered. */
  declare readonly status?: number;
  /** The server's answer, decoded, when it answered. */
  declare readonly body?: unknown;
  /** Seconds the server asked to wait before trying again, when that was longer than the client waits. */
  declare retryAfter?: number;

  constructor(
    message: string,
    readonly exitCode: ExitCode,
    public hint?: string,
    detail: ServerDetail = {},
  ) {
    super(message);
    // The class's own name (set below, the bundle renaming classes), as an own property as Error's is.
    this.name = new.target.name;
    this.code = detail.code ?? CODE_OF_EXIT[exitCode];
    if (detail.status !== undefined) this.status = detail.status;
    if (detail.body !== undefined) this.body = detail.body;
  }
}

/** A bad input, found before any request (exit 2). */
export class UsageError extends CalendarError {
  constructor(message: string, hint?: string) {
    super(message, EXIT.usage, hint);
  }
}

/** A response from the server that is an error, decoded from the WordPress error body when there is one. */
export class ApiError extends CalendarError {
  declare readonly status: number;

  constructor(message: string, exitCode: ExitCode, status: number, code: string | undefined, body: unknown, hint?: string) {
    super(message, exitCode, hint, { status, code: code ?? 'http_error', body });
  }
}

/**
 * No such record (exit 3), however it was found missing: the server's 404, its 400 for an ID it
 * does not have, a 410 for one in the trash, or a name no record holds (then without `status`).
 */
export class NotFoundError extends CalendarError {
  constructor(message: string, hint?: string, detail: ServerDetail = {}) {
    super(message, EXIT.notFound, hint, detail);
  }
}

/**
 * A venue or organizer name another record holds (src/core/records/name-taken.ts: the one rule).
 * Exit 2: the server would not refuse the write (it overwrites), the client does, before it.
 */
export class NameTakenError extends UsageError {
  constructor(
    resource: Resource,
    /** The name another record holds. */
    readonly takenName: string,
    readonly ids: number[],
    options: { detail?: string; hint?: string } = {},
  ) {
    super(
      `${aSingular(resource)} named "${takenName}" exists already (ID ${ids.join(', ')}); the server would overwrite it` +
        (options.detail ? ` (${options.detail})` : ` when another ${resource.singular} is created by that name`),
      options.hint,
    );
  }
}

/**
 * A call stopped before its end: its signal aborted or the Calendar closed with `abort` (code
 * `aborted`, exit 130), or its deadline passed (code `deadline`, exit 5 as a timeout is).
 */
export class AbortError extends CalendarError {
  constructor(
    message: string,
    readonly reason?: unknown,
    deadline = false,
  ) {
    super(message, deadline ? EXIT.network : EXIT.interrupted, undefined, { code: deadline ? 'deadline' : 'aborted' });
  }
}

/**
 * Each class's name, set here since the bundle renames classes: `err.constructor.name` and
 * `err.name` are the class's own name, and `String(err)` starts with it.
 */
for (const [errorClass, name] of [
  [CalendarError, 'CalendarError'],
  [UsageError, 'UsageError'],
  [ApiError, 'ApiError'],
  [NotFoundError, 'NotFoundError'],
  [NameTakenError, 'NameTakenError'],
  [AbortError, 'AbortError'],
] as const) {
  Object.defineProperty(errorClass, 'name', { value: name });
}

// Shared with the sandbox, which may not import the CLI's errors.
export { fileProblem } from '../base/file-problem.js';
