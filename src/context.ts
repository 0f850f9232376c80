/** What a command may touch of the outside world; tests build their own. */
export interface OutputStream {
  write(chunk: string): boolean;
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
}

export function processContext(): Context {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
  };
}
