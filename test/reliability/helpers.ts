/** Shared by the reliability suite: bounded parallel runs, `calendar serve` as a child, figures. */
import { spawn, type ChildProcess } from 'node:child_process';
import { BIN, ROOT } from '../e2e/helpers.js';

/** Runs `work` over `items` with at most `limit` at once; results keep the input order. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await work(items[index], index);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

export interface ServeProcess {
  /** The REST root, `http(s)://127.0.0.1:PORT/wp-json`. */
  restRoot: string;
  stderr(): string;
  /** SIGTERM, which writes the data file, then waits for the exit code. */
  stop(): Promise<number>;
}

/** Starts `calendar serve --port 0 ...ARGS` and waits for its "listening on" line. */
export function startServe(args: string[], env: Record<string, string> = {}): Promise<ServeProcess> {
  const child: ChildProcess = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env, NO_COLOR: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`calendar serve did not start: ${stderr}`)), 15_000);
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const match = /listening on (\S+?)\/?\n/.exec(stderr);
      if (!match) return;
      clearTimeout(timer);
      resolve({
        restRoot: match[1].replace(/\/$/, ''),
        stderr: () => stderr,
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
      });
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`calendar serve exited with ${code}: ${stderr}`));
    });
  });
}

/** Prints one figure line of the suite (vitest shows a test file's stdout). */
export function reportFigure(line: string): void {
  console.log(line);
}

/** Lines of stderr that look like a stack trace. */
export function stackLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => /^\s+at\s|^\w*Error:|node:internal/.test(line));
}
