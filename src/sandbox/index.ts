/**
 * The sandbox: a local HTTP server that behaves like a real events calendar site.
 * `startSandbox` is the in-process API used by tests, the `serve` command and the
 * CLI's built-in `sandbox` profile.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { respond, type Engine } from './http/server.js';
import { seedDemo } from './seed.js';
import { StoreSync } from './store/sync.js';
import type { Store } from './store/store.js';
import { isValidTimeZone } from '../base/time.js';
import { sandboxClock } from './common/clock.js';
import { applyFault, faultPicker, parseFaultSpec, type FaultRule } from './http/faults.js';
import { DEFAULT_NAMESPACE } from '../spec/resources.js';

export { DataFileError } from './store/persistence.js';
export { FaultSpecError } from './http/faults.js';

export interface SandboxOptions {
  host?: string;
  /** 0 picks a free port; default 8787. */
  port?: number;
  dataFile?: string;
  /** Lock and reload the data file around every request, for several processes sharing it. */
  shared?: boolean;
  /** Seeds only an empty store. */
  seed?: 'demo';
  namespace?: string;
  /** Serve the plugin's newer API `tec/v1` (default true); false: a site older than 6.15. */
  tecV1?: boolean;
  user?: string;
  password?: string;
  /** Site timezone, default America/New_York. */
  timezone?: string;
  /** Injectable clock for tests. */
  now?: () => Date;
  /** Start the clock at this instant; it then runs on (ignored when `now` is given). */
  clockStart?: Date;
  quiet?: boolean;
  /** Fault injection spec, e.g. `reset=0.1,429=0.05,slow=200:0.1` (see http/faults.ts); throws FaultSpecError when bad. */
  faults?: string | FaultRule[];
  /** Seed of the generator that picks faults (default 1). */
  faultsSeed?: number;
  /** Serve HTTPS with this certificate and key (PEM text). */
  tls?: { cert: string | Buffer; key: string | Buffer };
}

export interface Sandbox {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** `url + '/wp-json'` */
  restRoot: string;
  port: number;
  /** The password writes need (generated when none was given). */
  password: string;
  user: string;
  close(): Promise<void>;
  /** Requests received, the writes among them (any method but GET, HEAD, OPTIONS), and how many got each injected fault. */
  stats: { requests: number; writes: number; faults: Record<string, number> };
  /** The live state, for tests that hold it against what was answered or written. */
  readonly store: Store;
  /**
   * One request answered in this process, through no socket, as the server answers it (faults
   * aside): for a test that sends thousands (the differential replay). Header names in lower case.
   */
  answer(request: InProcessRequest): Promise<InProcessAnswer>;
}

/** A request for Sandbox.answer. */
export interface InProcessRequest {
  method: string;
  /** The path and query, as a request line gives them. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** What Sandbox.answer answers. */
export interface InProcessAnswer {
  status: number;
  headers: Record<string, string>;
  /** Empty for a HEAD request, a 204 and a 304, as on the wire. */
  text: string;
}

export const DEFAULT_PORT = 8787;
export const DEFAULT_TIMEZONE = 'America/New_York';

export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const timezone = options.timezone ?? DEFAULT_TIMEZONE;
  const faultRules = typeof options.faults === 'string' ? parseFaultSpec(options.faults) : (options.faults ?? []);
  const faults = faultRules.length ? faultPicker(faultRules, options.faultsSeed ?? 1) : null;
  if (!isValidTimeZone(timezone)) throw new Error(`unknown timezone: ${timezone}`);
  const sync = new StoreSync({
    dataFile: options.dataFile,
    shared: options.shared,
    onFlushError: (error) => {
      if (!options.quiet) process.stderr.write(`calendar serve: cannot write the data file: ${(error as Error).message}\n`);
    },
  });
  const user = options.user ?? 'admin';
  const password = options.password ?? generatePassword();
  const now = options.now ?? sandboxClock(options.clockStart);
  const site = { baseUrl: '', namespace: (options.namespace ?? DEFAULT_NAMESPACE).replace(/^\/+|\/+$/g, ''), timezone, tecV1: options.tecV1 ?? true };
  const stats = { requests: 0, writes: 0, faults: faults?.counts ?? {} };
  const engine: Engine = { site, credentials: { user, password }, now, withStore: (write, work) => sync.access(write, work) };

  if (options.seed === 'demo') {
    const seedNow = now();
    await sync.exclusive((store) => {
      if (store.data.posts.length || store.data.terms.length) return;
      seedDemo(store, { ...site, baseUrl: 'http://localhost' }, seedNow);
    });
  }

  const listener = (request: IncomingMessage, response: ServerResponse) => acceptRequest(request, response);
  const server = options.tls ? createTlsServer({ cert: options.tls.cert, key: options.tls.key }, listener) : createServer(listener);
  /** Every request is counted here, answered over HTTP or in process (Sandbox.answer). */
  function count(method: string): void {
    stats.requests++;
    if (!['GET', 'HEAD', 'OPTIONS'].includes(method)) stats.writes++;
  }
  /** Every request over HTTP enters here, in arrival order; this is where faults are drawn. */
  function acceptRequest(request: IncomingMessage, response: ServerResponse): void {
    count(request.method ?? 'GET');
    const fault = faults?.next();
    if (fault) applyFault(fault, request, response, () => handle(request, response));
    else handle(request, response);
  }
  function handle(request: IncomingMessage, response: ServerResponse): void {
    respond(engine, request, response).catch((error: unknown) => {
      if (!options.quiet) process.stderr.write(`calendar serve: ${(error as Error).stack ?? error}\n`);
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'application/json; charset=UTF-8' });
      response.end('{"code":"internal_server_error","message":"The sandbox failed to answer.","data":{"status":500}}');
    });
  }

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  site.baseUrl = `${options.tls ? 'https' : 'http'}://${urlHost}:${port}`;

  let closed = false;
  return {
    url: site.baseUrl,
    restRoot: `${site.baseUrl}/wp-json`,
    port,
    user,
    password,
    stats,
    store: sync.store,
    answer(request) {
      count(request.method);
      return answerInProcess(engine, request);
    },
    async close() {
      if (closed) return;
      closed = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await sync.close();
    },
  };
}

/** What respond() reads of a request and writes to a response, without a socket. */
function answerInProcess(engine: Engine, request: InProcessRequest): Promise<InProcessAnswer> {
  const incoming = Object.assign(Readable.from(request.body ? [Buffer.from(request.body)] : []), {
    method: request.method,
    url: request.path,
    headers: request.headers,
  }) as unknown as IncomingMessage;
  const answer: InProcessAnswer = { status: 0, headers: {}, text: '' };
  const outgoing = {
    writeHead(status: number, headers: Record<string, string | number> = {}) {
      answer.status = status;
      for (const [name, value] of Object.entries(headers)) answer.headers[name.toLowerCase()] = String(value);
    },
    end(text = '') {
      const bodiless = request.method === 'HEAD' || answer.status === 204 || answer.status === 304;
      answer.text = bodiless ? '' : text;
    },
  };
  return respond(engine, incoming, outgoing as unknown as ServerResponse).then(() => answer);
}
