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

/**
 * The core's one error class, for the CLI, the library and the MCP server alike: one line of what
 * went wrong, optionally one line of what to do, and the CLI's exit code (README "Exit codes").
 * Refusals by the server are ApiErrors, which add its `status` and `code`.
 */
export class CalendarError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    public hint?: string,
  ) {
    super(message);
    this.name = 'CalendarError';
  }
}

/** The name the CLI's code knew it by. */
export const CliError = CalendarError;
export type CliError = CalendarError;

export class UsageError extends CalendarError {
  constructor(message: string, hint?: string) {
    super(message, EXIT.usage, hint);
  }
}

/** A response from the server that is an error, decoded from the WordPress error body when there is one. */
export class ApiError extends CalendarError {
  constructor(
    message: string,
    exitCode: ExitCode,
    readonly status: number,
    readonly code: string | undefined,
    readonly body: unknown,
    hint?: string,
  ) {
    super(message, exitCode, hint);
  }
}

// Shared with the sandbox, which may not import the CLI's errors.
export { fileProblem } from '../base/file-problem.js';
