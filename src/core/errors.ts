import { aSingular, type Resource } from '../spec/resources.js';
import { inWords, optionsNamed, said, type Face } from './words.js';

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

/** What an error names for a program and for a face's own hint: the field by its API name, the values concerned. */
export interface ErrorDetail extends ServerDetail {
  field?: string;
  values?: Record<string, unknown>;
}

/**
 * The core's error family, for the CLI, the library and the MCP server alike: one line of what
 * went wrong, optionally one line of what to do, and the CLI's exit code (README "Exit codes").
 * Every error has a `code`; those the server answered also its `status`. The options a message
 * names (src/core/words.ts `option()`) are kept by their API names in `options`; `message` and
 * `hint` say them in the words of the face the call runs in (the library's by default),
 * `errorIn(err, face)` in a given face's.
 */
export class CalendarError extends Error {
  readonly code: string;
  /** The HTTP status, when the server answered. */
  declare readonly status?: number;
  /** The server's answer, decoded, when it answered. */
  declare readonly body?: unknown;
  /** Seconds the server asked to wait before trying again, when that was longer than the client waits. */
  declare retryAfter?: number;
  /** The field concerned, by its API name (`start_date`), when one is. */
  declare readonly field?: string;
  /** The values concerned (the text given, the record found), for a face to say in its own hint. */
  declare readonly values?: Record<string, unknown>;
  /** The message and hint as the core wrote them, options as markers. */
  #said: { message: string; hint?: string };

  constructor(
    message: string,
    readonly exitCode: ExitCode,
    hint?: string,
    detail: ErrorDetail = {},
  ) {
    super(said(message));
    // `message` is the accessor below, rendering what the core wrote (the stack keeps the first rendering).
    delete (this as { message?: string }).message;
    this.#said = { message, hint };
    // The class's own name (set below, the bundle renaming classes), as an own property as Error's is.
    this.name = new.target.name;
    this.code = detail.code ?? CODE_OF_EXIT[exitCode];
    if (detail.status !== undefined) this.status = detail.status;
    if (detail.body !== undefined) this.body = detail.body;
    if (detail.field !== undefined) this.field = detail.field;
    if (detail.values !== undefined) this.values = detail.values;
  }

  override get message(): string {
    return said(this.#said.message);
  }

  override set message(text: string) {
    this.#said.message = text;
  }

  /** What to do, in the words of the face the call runs in. */
  get hint(): string | undefined {
    return this.#said.hint === undefined ? undefined : said(this.#said.hint);
  }

  set hint(text: string | undefined) {
    this.#said.hint = text;
  }

  /** The options the message and hint name, by their API names (`per_page`, `create_missing`). */
  get options(): string[] {
    return optionsNamed(`${this.#said.message}\n${this.#said.hint ?? ''}`);
  }

  /** @internal The message and hint with their options as markers. */
  static said(err: CalendarError): { message: string; hint?: string } {
    return err.#said;
  }
}

/** The error's message and hint in a face's words: `--per-page` for the CLI, `per_page` for a tool. */
export function errorIn(err: CalendarError, face: Face): { message: string; hint?: string } {
  const { message, hint } = CalendarError.said(err);
  return { message: inWords(message, face), hint: hint === undefined ? undefined : inWords(hint, face) };
}

/** A bad input, found before any request (exit 2). */
export class UsageError extends CalendarError {
  constructor(message: string, hint?: string, detail: ErrorDetail = {}) {
    super(message, EXIT.usage, hint, detail);
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
