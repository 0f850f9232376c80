/** `calendar serve`: runs the sandbox until SIGINT/SIGTERM. */
import { readFileSync } from 'node:fs';
import { DataFileError, DEFAULT_PORT, startSandbox, type SandboxOptions } from './index.js';
import { parseClockStart } from './common/clock.js';
import { FaultSpecError, parseFaultSeed, parseFaultSpec, type FaultRule } from './http/faults.js';
import { fileProblem } from '../base/file-problem.js';

export interface ServeOptions {
  host?: string;
  port?: string | number;
  data?: string;
  seed?: string;
  namespace?: string;
  /** `--no-tec-v1` makes it false: a site without the plugin's newer API. */
  tecV1?: boolean;
  user?: string;
  password?: string;
  timezone?: string;
  now?: string;
  faults?: string;
  faultsSeed?: string;
  tlsCert?: string;
  tlsKey?: string;
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
  const clockStart = opts.now === undefined ? undefined : parseClockStart(opts.now);
  if (clockStart === null) return fail(io, `--now takes an ISO 8601 instant such as 2026-11-22T21:40:00Z (a date alone is midnight UTC), got ${opts.now}`);
  const host = opts.host ?? '127.0.0.1';
  if (!LOOPBACK.test(host)) io.stderr.write(`calendar serve: warning: listening on ${host}, not a loopback address\n`);
  let faults: FaultRule[] | undefined;
  let faultsSeed: number | undefined;
  try {
    if (opts.faults !== undefined) faults = parseFaultSpec(opts.faults);
    if (opts.faultsSeed !== undefined) faultsSeed = parseFaultSeed(opts.faultsSeed);
  } catch (error) {
    if (error instanceof FaultSpecError) return fail(io, error.message);
    throw error;
  }
  if ((opts.tlsCert === undefined) !== (opts.tlsKey === undefined)) return fail(io, '--tls-cert and --tls-key go together: give both files (PEM) or neither');
  let tls: SandboxOptions['tls'];
  if (opts.tlsCert !== undefined && opts.tlsKey !== undefined) {
    const cert = readPem(opts.tlsCert, '--tls-cert');
    const key = readPem(opts.tlsKey, '--tls-key');
    if (typeof cert !== 'string') return fail(io, cert.problem);
    if (typeof key !== 'string') return fail(io, key.problem);
    tls = { cert, key };
  }
  const user = opts.user ?? io.env.CALENDAR_SANDBOX_USER ?? 'admin';
  const givenPassword = opts.password ?? io.env.CALENDAR_SANDBOX_PASSWORD;
  const options: SandboxOptions = {
    host,
    port,
    dataFile: opts.data,
    seed: opts.seed === 'demo' ? 'demo' : undefined,
    namespace: opts.namespace,
    tecV1: opts.tecV1 !== false,
    user,
    password: givenPassword || undefined,
    timezone: opts.timezone,
    clockStart,
    faults,
    faultsSeed,
    tls,
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
    if (error instanceof Error && /certificate|key|PEM|asn1/i.test(error.message) && tls)
      return fail(io, `cannot use the TLS certificate or key: ${error.message}`);
    io.stderr.write(`calendar serve: ${(error as Error).message}\n`);
    return 1;
  }
  if (faults?.length) io.stderr.write(`calendar serve: injecting faults ${opts.faults} (seed ${faultsSeed ?? 1})\n`);
  if (!givenPassword) io.stderr.write(`calendar serve: user ${sandbox.user}, generated password ${sandbox.password} (writes need it)\n`);
  io.stderr.write(`listening on ${sandbox.url}/wp-json/\n`);
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  await sandbox.close();
  io.stderr.write(`calendar serve: ${signal}, ${options.dataFile ? `data saved to ${options.dataFile}` : 'data kept in memory only, gone'}, stopped\n`);
  return 0;
}

function readPem(path: string, option: string): string | { problem: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return { problem: `cannot read ${option} ${path}: ${fileProblem(error)}` };
  }
  if (!text.includes('-----BEGIN ')) return { problem: `${option} ${path} is not a PEM file (no -----BEGIN line)` };
  return text;
}
