/** What a command may touch of the outside world; tests build their own. */
export interface OutputStream {
  write(chunk: string | Uint8Array): boolean;
  isTTY?: boolean;
  columns?: number;
  once?(event: 'drain', listener: () => void): unknown;
}

export interface Context {
  stdout: OutputStream;
  stderr: OutputStream;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: Record<string, string | undefined>;
  cwd: string;
  /**
   * While a command that must wind down cleanly runs: the first Ctrl-C (SIGINT) or SIGTERM,
   * which CI runners and `timeout` send, calls `handler` (stop sending, let requests in flight
   * finish); a second one ends the process at once.
   * Returns the function that removes the handler.
   */
  onInterrupt?(handler: (signal: NodeJS.Signals) => void): () => void;
  /** Waits before a retry (backoff, Retry-After). Default: a timer; tests give a faster clock. */
  sleep?(ms: number): Promise<void>;
}

/** A context with some members replaced; the others are taken over unread (stdin stays uncreated). */
export function withContext(ctx: Context, changes: Partial<Context>): Context {
  return Object.defineProperties(Object.defineProperties({}, Object.getOwnPropertyDescriptors(ctx)), Object.getOwnPropertyDescriptors(changes)) as Context;
}

/** Where the core's messages for people go: the CLI's stderr, a library caller's handler, an MCP answer. */
export interface Messages {
  notice(message: string): void;
  warn(message: string): void;
  error(message: string, hint?: string): void;
}

/** Asks the person before a destructive step; rejects (with the CLI's exit code) when they say no or cannot be asked. */
export type Confirm = (question: string) => Promise<void>;
