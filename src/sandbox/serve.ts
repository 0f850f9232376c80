/** `calendar serve`: runs the sandbox until SIGINT/SIGTERM. */
import { DataFileError, DEFAULT_PORT, startSandbox, type SandboxOptions } from './index.js';

export interface ServeOptions {
  host?: string;
  port?: string | number;
  data?: string;
  seed?: string;
  namespace?: string;
  user?: string;
  password?: string;
  timezone?: string;
}

export interface ServeIo {
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

function fail(io: ServeIo, message: string): number {
  io.stderr.write(`calendar serve: ${message}\n`);
  return 2;
}

export async function serve(opts: ServeOptions, io: ServeIo): Promise<number> {
  const port = opts.port === undefined ? DEFAULT_PORT : Number(opts.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) return fail(io, `--port must be a number from 0 to 65535, got ${opts.port}`);
  if (opts.seed !== undefined && opts.seed !== 'demo') return fail(io, `--seed accepts only "demo", got ${opts.seed}`);
  const host = opts.host ?? '127.0.0.1';
  if (!LOOPBACK.test(host)) io.stderr.write(`calendar serve: warning: listening on ${host}, not a loopback address\n`);
  const user = opts.user ?? io.env.CALENDAR_SANDBOX_USER ?? 'admin';
  const givenPassword = opts.password ?? io.env.CALENDAR_SANDBOX_PASSWORD;
  const options: SandboxOptions = {
    host,
    port,
    dataFile: opts.data,
    seed: opts.seed === 'demo' ? 'demo' : undefined,
    namespace: opts.namespace,
    user,
    password: givenPassword || undefined,
    timezone: opts.timezone,
  };
  let sandbox;
  try {
    sandbox = await startSandbox(options);
  } catch (error) {
    if (error instanceof DataFileError) {
      io.stderr.write(`calendar serve: ${error.message}\n`);
      return 1;
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') return fail(io, `port ${port} is already in use; pick another with --port (0 picks a free one)`);
    io.stderr.write(`calendar serve: ${(error as Error).message}\n`);
    return 1;
  }
  if (!givenPassword) io.stderr.write(`calendar serve: user ${sandbox.user}, generated password ${sandbox.password} (writes need it)\n`);
  io.stderr.write(`listening on ${sandbox.url}/wp-json/\n`);
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  await sandbox.close();
  io.stderr.write(`calendar serve: ${signal}, data saved, stopped\n`);
  return 0;
}
