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

/** An error meant for the user: one line of what went wrong, optionally one line of what to do. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    public hint?: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export class UsageError extends CliError {
  constructor(message: string, hint?: string) {
    super(message, EXIT.usage, hint);
  }
}

/** A response from the server that is an error, decoded from the WordPress error body when there is one. */
export class ApiError extends CliError {
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
