/**
 * The one HTTP client: a keep-alive undici pool with retries for idempotent requests,
 * Basic auth from the profile, `i18n_language` on every request, and WordPress error
 * bodies decoded into ApiError. The Authorization value never reaches any output.
 */
import type { Dispatcher } from 'undici';
import { Agent, EnvHttpProxyAgent, requestWhole, type WholeResponse } from './undici.js';
import { clientOpened } from './activity.js';
import { readFileSync } from 'node:fs';
import { AbortError, ApiError, CalendarError, EXIT, NotFoundError, UsageError } from '../errors.js';
import type { OutputStream } from '../context.js';
import { buildUrl, namespaceRoute, type Query, type RestRoot } from './url.js';
import { stripsBackslashes } from '../../spec/resources.js';
import { slashBackslashes } from '../../wordpress/slashes.js';
import { htmlToText } from '../../wordpress/text.js';
import { DEFAULT_BACKOFF, retryAfterMs, retryWait, timer } from './retry.js';
import { USER_AGENT } from '../version.js';
import { failureCode, Reachability } from './reachability.js';
import type { HttpHooks, RetryEvent } from './hooks.js';

export type { Method } from './hooks.js';
import type { Method } from './hooks.js';
import { option, said } from '../words.js';

export interface ClientOptions {
  root: RestRoot;
  namespace: string;
  language?: string;
  username?: string;
  password?: string;
  timeoutMs: number;
  retries: number;
  debug: boolean;
  stderr: OutputStream;
  caCertFile?: string;
  connections?: number;
  /** Said with an authentication failure: why saved credentials were not sent. */
  credentialsWithheld?: string;
  /**
   * The project file that named the site when none of the person's own sources did: no write
   * is sent, and the first read says that it goes without the person's credentials.
   */
  siteNamedBy?: string;
  /** The built-in sandbox: a new port on every run, so what is kept for a site across runs is kept under this name. */
  siteKey?: string;
  /** Prints a notice line on stderr (the session's UI); default a plain line. */
  notice?(line: string): void;
  /** Environment read for NODE_TLS_REJECT_UNAUTHORIZED (default: the process's). */
  env?: Record<string, string | undefined>;
  /** Waits before a retry; default a timer. */
  sleep?(ms: number): Promise<void>;
  /** The API updates go through: pinned or discovered in the profile, else found on first need (src/core/records/tec-route.ts). */
  api?: WriteApi;
  /** Requests go through this dispatcher (a proxy, a mock, a test's), not an agent of the client's own; closing leaves it open. */
  dispatcher?: Dispatcher;
  /** Told of every request, answer and retry. */
  hooks?: HttpHooks;
  /** Why no write may be sent to this site: any request but a read stops with it (exit 2), before anything is sent. */
  writesRefused?: string;
}

/** What bounds the requests of one call (a library call's `signal`, `timeout` and `deadline`). */
export interface CallLimits {
  signal?: AbortSignal;
  /** Milliseconds for each request (else the client's). */
  timeoutMs?: number;
  /** Milliseconds for the whole call, retries and waits included. */
  deadlineMs?: number;
  /** Date.now() when the deadline passes. */
  deadlineAt?: number;
}

/** `tec`: the plugin's newer tec/v1 routes where they answer; `tribe`: tribe/events/v1 only. */
export type WriteApi = 'tec' | 'tribe';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Record<string, string>;
  body: T;
  /** The raw text when the body was not JSON. */
  text?: string;
  /** The body exactly as received. */
  raw: string;
  url: string;
  method: Method;
  /** Requests sent for this answer (retries included), and the milliseconds they took with the waits. */
  attempts?: number;
  ms?: number;
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** The path is from the REST root (`/wp/v2/...`) rather than the namespace. */
  fromRoot?: boolean;
  /** The body is sent as given, its backslashes not doubled where the route strips them (the `api` command). */
  verbatim?: boolean;
  /** The route strips one backslash of each pair from what it stores (tec/v1, as the tribe routes do): they are doubled. */
  unslashes?: boolean;
  /** Headers of this request besides the client's own (a route's acknowledgement header). */
  headers?: Record<string, string>;
}

export class ApiClient {
  private readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;
  private readonly authHeader?: string;
  private readonly closed: () => void;
  private readonly reachability = new Reachability();
  /** Shared by the client and its views (withLimits): what was said, the requests in flight, why they were all stopped. */
  private readonly shared = { anonymousNoticeGiven: false, inFlight: new Set<AbortController>(), stoppedBy: undefined as AbortError | undefined };
  /** The bounds of the call this view serves (none: the client's own timeout). */
  private readonly limits: CallLimits = {};

  constructor(readonly options: ClientOptions) {
    const ca = options.caCertFile ? readCa(options.caCertFile) : undefined;
    if ((options.env ?? process.env).NODE_TLS_REJECT_UNAUTHORIZED === '0' && options.root.root.startsWith('https:')) {
      options.stderr.write(
        said(`calendar: warning: NODE_TLS_REJECT_UNAUTHORIZED=0 is ignored: certificates are always verified (trust a private CA with ${option('ca_cert')})\n`),
      );
    }
    // Verification is always on, whatever NODE_TLS_REJECT_UNAUTHORIZED says.
    const tls = ca ? { ca, rejectUnauthorized: true } : { rejectUnauthorized: true };
    const agentOptions = {
      connections: options.connections ?? 8,
      keepAliveTimeout: 10_000,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      connect: tls,
    };
    const proxy = options.dispatcher ? undefined : proxySettings(options.env ?? process.env);
    // As curl does: an http:// site is asked through the proxy in absolute form (GET http://host/path),
    // which any forward proxy serves (Squid allows CONNECT only to port 443); an https:// site through
    // a CONNECT tunnel, with TLS to the site inside it: requestTls carries the same checks.
    this.ownsDispatcher = options.dispatcher === undefined;
    this.dispatcher = options.dispatcher
      ? options.dispatcher
      : proxy
        ? (new EnvHttpProxyAgent({ ...agentOptions, ...proxy, proxyTunnel: false, requestTls: tls } as ConstructorParameters<
            typeof EnvHttpProxyAgent
          >[0]) as unknown as Dispatcher)
        : new Agent(agentOptions);
    // Said for the launcher's tuning (bin/v8-tiers.js), which loads TLS first when it will be used.
    this.closed = clientOpened(options.root.root.startsWith('https:') || [proxy?.httpProxy, proxy?.httpsProxy].some((url) => url?.startsWith('https:')));
    if (options.username && options.password) {
      this.authHeader = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
    }
  }

  get hasCredentials(): boolean {
    return this.authHeader !== undefined;
  }

  /** The language every request asks for (`i18n_language`), if any. */
  get language(): string | undefined {
    return this.options.language;
  }

  url(path: string, query: Query = {}, fromRoot = false): string {
    const route = fromRoot ? path : namespaceRoute(this.options.namespace, path);
    const withLanguage = this.options.language ? { ...query, i18n_language: this.options.language } : query;
    return buildUrl(this.options.root, route, withLanguage);
  }

  /**
   * Sends a request and returns the response whatever its status. A redirect is followed
   * for GET and HEAD (without the credentials when it leaves the origin); any other method
   * stops with the new location, since resending a write elsewhere is not ours to decide.
   */
  async send<T = unknown>(method: Method, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    return decode<T>(await this.sendUndecoded(method, path, opts));
  }

  private async sendUndecoded(method: Method, path: string, opts: RequestOptions): Promise<UndecodedResponse> {
    let url = this.url(path, opts.query, opts.fromRoot);
    const origin = new URL(url).origin;
    if (this.options.siteNamedBy !== undefined) this.checkProjectSite(method, origin, this.options.siteNamedBy);
    if (this.options.writesRefused !== undefined && !READ_METHODS.includes(method)) throw new UsageError(this.options.writesRefused);
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': USER_AGENT };
    if (this.authHeader) headers.authorization = this.authHeader;
    if (opts.headers) Object.assign(headers, opts.headers);
    let payload: string | undefined;
    if (opts.body !== undefined) {
      const slashed = method !== 'GET' && !opts.verbatim && (opts.unslashes === true || (!opts.fromRoot && stripsBackslashes(path)));
      payload = JSON.stringify(opts.body, slashed ? doubleBackslashes : undefined);
      headers['content-type'] = 'application/json';
    }
    for (let hops = 0; ; hops++) {
      const res = await this.exchange(method, url, headers, payload);
      const location = res.headers.location;
      if (res.status < 300 || res.status > 399 || res.status === 304 || !location) return res;
      const next = new URL(location, url).toString();
      if (method !== 'GET' && method !== 'HEAD') {
        throw new CalendarError(
          `the site answered ${method} ${url} with a redirect (HTTP ${res.status}) to ${next}; nothing was written`,
          EXIT.refused,
          'Use the new address as the base URL.',
          { code: 'redirected', values: { url: next } },
        );
      }
      if (hops >= MAX_REDIRECTS) throw new CalendarError(`too many redirects from ${url}`, EXIT.network);
      if (new URL(next).origin !== origin) delete headers.authorization;
      url = next;
    }
  }

  /** A site only a project file named: writes stop here, before anything is sent; reads go without credentials, said once. */
  private checkProjectSite(method: Method, origin: string, file: string): void {
    if (!READ_METHODS.includes(method)) throw projectSiteWriteRefused(file, origin);
    if (this.shared.anonymousNoticeGiven) return;
    this.shared.anonymousNoticeGiven = true;
    const line = `${projectSiteNamed(file, origin)}: reading it without your credentials (to send them: calendar trust ${file})`;
    if (this.options.notice) this.options.notice(line);
    else this.options.stderr.write(`${line}\n`);
  }

  /**
   * A view of this client (the same connections) whose requests the limits bound: stopped when
   * the signal aborts, each within `timeoutMs`, all of them (retries and waits included) within
   * the deadline.
   */
  withLimits(limits: CallLimits): ApiClient {
    return Object.create(this, { limits: { value: limits } }) as ApiClient;
  }

  /**
   * One request, sent again after a wait while it fails in a way that is retried (src/core/http/retry.ts),
   * at most `retries` times. Returns the last answer, whatever its status.
   */
  private async exchange(method: Method, url: string, headers: Record<string, string>, payload: string | undefined): Promise<UndecodedResponse> {
    const { hooks, retries } = this.options;
    const started = Date.now();
    for (let attempt = 1; ; attempt++) {
      this.reachability.check();
      const timeoutMs = this.timeoutLeft(attempt, started);
      this.debug(`> ${method} ${url}${payload ? ` (${payload.length} bytes)` : ''}`);
      hooks?.request?.({ method, url, attempt });
      const sent = Date.now();
      let res: WholeResponse;
      const stop = new AbortController();
      const { signal, deadlineAt } = this.limits;
      const onAbort = () => stop.abort(this.aborted(attempt, started));
      signal?.addEventListener('abort', onAbort, { once: true });
      // undici's own timeouts tick by the half second: the deadline keeps its own time.
      const deadline =
        deadlineAt === undefined ? undefined : setTimeout(() => stop.abort(this.aborted(attempt, started, 'no answer yet')), deadlineAt - Date.now());
      this.shared.inFlight.add(stop);
      try {
        res = await requestWhole(this.dispatcher, url, { method, headers, body: payload }, { timeoutMs, stop: stop.signal });
      } catch (err) {
        if (err instanceof AbortError) throw err;
        const code = failureCode(err);
        const failure = networkError(err, url, timeoutMs);
        if (this.limits.deadlineAt !== undefined && Date.now() >= this.limits.deadlineAt) throw this.aborted(attempt, started, failure.message);
        const wait = retryWait(method, { code }, attempt, retries, DEFAULT_BACKOFF);
        if (wait !== undefined) {
          await this.pause(wait, { method, url, attempt, error: code, waitMs: wait }, started, failure.message);
          continue;
        }
        throw this.reachability.failed(err, withAttempts(failure, attempt, started));
      } finally {
        signal?.removeEventListener('abort', onAbort);
        clearTimeout(deadline);
        this.shared.inFlight.delete(stop);
      }
      this.reachability.answered();
      const flat = flattenHeaders(res.headers);
      this.debug(`< ${res.statusCode} ${method} ${url} in ${Date.now() - sent} ms`);
      hooks?.response?.({ method, url, attempt, status: res.statusCode, headers: flat, ms: Date.now() - sent });
      const wait = retryWait(method, { status: res.statusCode, retryAfter: flat['retry-after'] }, attempt, retries, DEFAULT_BACKOFF);
      if (wait !== undefined) {
        await this.pause(wait, { method, url, attempt, status: res.statusCode, waitMs: wait }, started, `HTTP ${res.statusCode}`);
        continue;
      }
      return { status: res.statusCode, headers: flat, bytes: res.bytes, url, method, attempts: attempt, ms: Date.now() - started };
    }
  }

  /** Milliseconds the next attempt may take: the request timeout, or less when the call's deadline is nearer. */
  private timeoutLeft(attempt: number, started: number): number {
    const { timeoutMs = this.options.timeoutMs, deadlineAt, signal } = this.limits;
    if (this.shared.stoppedBy) throw this.shared.stoppedBy;
    if (signal?.aborted) throw this.aborted(attempt - 1, started);
    if (deadlineAt === undefined) return timeoutMs;
    const left = deadlineAt - Date.now();
    if (left <= 0) throw this.aborted(attempt - 1, started);
    return Math.min(timeoutMs, left);
  }

  /** The error a stopped call ends with: what stopped it, what was tried, and how the last attempt failed. */
  private aborted(attempts: number, started: number, last?: string): AbortError {
    if (this.shared.stoppedBy) return this.shared.stoppedBy;
    const { signal, deadlineMs, deadlineAt } = this.limits;
    // The time said is the call's, when it has a deadline: its earlier requests count too.
    const since = deadlineAt !== undefined && deadlineMs !== undefined ? deadlineAt - deadlineMs : started;
    const tried = attempts > 0 ? ` (${attemptsSaid(attempts, since)}${last ? `, the last: ${last}` : ''})` : '';
    if (signal?.aborted) return new AbortError(`the call was aborted${tried}`, signal.reason);
    return new AbortError(`the deadline of ${(deadlineMs ?? 0) / 1000} s passed${tried}`, undefined, true);
  }

  /** Waits before a retry; a wait that would end past the call's deadline ends the call now. */
  private async pause(ms: number, event: RetryEvent, started: number, failure: string): Promise<void> {
    const { deadlineAt, signal } = this.limits;
    if (deadlineAt !== undefined && Date.now() + ms >= deadlineAt) throw this.aborted(event.attempt, started, failure);
    this.debug(`retry ${event.attempt} of ${event.method} ${event.url} in ${ms} ms (${event.status ?? event.error})`);
    this.options.hooks?.retry?.(event);
    const sleep = this.options.sleep ?? timer;
    if (!signal) return sleep(ms);
    if (signal.aborted) throw this.aborted(event.attempt, started);
    let onAbort: () => void = () => {};
    const abort = new Promise<never>((_resolve, reject) => {
      onAbort = () => reject(this.aborted(event.attempt, started));
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      await Promise.race([sleep(ms), abort]);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  /** Sends a request and throws ApiError unless the status is 2xx with a JSON body. */
  async call<T = unknown>(method: Method, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.checked(await this.send<T>(method, path, opts));
  }

  /**
   * call() whose answer is decoded only when `read()` is called. A list walk keeps the pages
   * that wait their turn as bytes outside the JavaScript heap: parsed on arrival, each waited
   * long enough for the garbage collector to copy it twice and keep it in the old generation.
   */
  async callUndecoded<T = unknown>(method: Method, path: string, opts: RequestOptions = {}): Promise<UndecodedAnswer<T>> {
    const raw = await this.sendUndecoded(method, path, opts);
    return {
      read: () => this.checked(decode<T>(raw)),
      successBytes: () => (raw.status >= 200 && raw.status < 300 && (raw.headers['content-type'] ?? '').includes('json') ? raw.bytes : undefined),
      headers: raw.headers,
    };
  }

  private checked<T>(res: ApiResponse<T>): ApiResponse<T> {
    if (res.status >= 200 && res.status < 300 && res.text === undefined) return res;
    const error = errorFromResponse(res);
    if (error.exitCode === EXIT.auth && this.options.credentialsWithheld && !this.authHeader) {
      error.hint = `${this.options.credentialsWithheld}. Give CALENDAR_USERNAME and CALENDAR_APP_PASSWORD for this site, or use its own profile.`;
    }
    throw error;
  }

  /**
   * Lets the connections go once the requests in flight are answered; with `abort`, stops those
   * requests at once (each fails with an AbortError) and sends no other.
   */
  async close(options: { abort?: boolean } = {}): Promise<void> {
    this.closed();
    if (options.abort) {
      this.shared.stoppedBy ??= new AbortError('the calendar was closed while the call was in flight');
      for (const request of this.shared.inFlight) request.abort(this.shared.stoppedBy);
    }
    if (this.ownsDispatcher) await this.dispatcher.close().catch(() => undefined);
  }

  /** A line of --debug output (nothing without --debug). */
  debug(line: string): void {
    if (this.options.debug) this.options.stderr.write(`debug: ${line}\n`);
  }
}

const MAX_REDIRECTS = 5;
const READ_METHODS: readonly Method[] = ['GET', 'HEAD', 'OPTIONS'];

const projectSiteNamed = (file: string, origin: string) => `${file} names this site (${origin}) and you have not trusted that file`;

/** The one line a write to a site only a project file named stops with (docs/security.md), before anything is sent. */
export function projectSiteWriteRefused(file: string, origin: string): CalendarError {
  return new CalendarError(
    `${projectSiteNamed(file, origin)}: the write was not sent; review the file and run: calendar trust ${file}, ` +
      `or give the site yourself with ${option('base_url')} or CALENDAR_BASE_URL, or add it as your own profile`,
    EXIT.auth,
    undefined,
    // The CLI says the command that adds the profile (src/cli/output/write-hints.ts).
    { code: 'project_site_untrusted', values: { file, origin } },
  );
}

/** Every string value with its backslashes doubled, for a route that saves what it is sent through wp_unslash (src/wordpress/slashes.ts). */
function doubleBackslashes(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? slashBackslashes(value) : value;
}

/**
 * The proxies the environment names, as curl reads them (lower-case first), or undefined
 * when there are none. Loopback addresses never go through a proxy: the built-in sandbox
 * and local test sites live there.
 */
export function proxySettings(env: Record<string, string | undefined>): { httpProxy?: string; httpsProxy?: string; noProxy: string } | undefined {
  const pick = (name: string) => env[name.toLowerCase()] || env[name.toUpperCase()] || undefined;
  const httpProxy = pick('http_proxy');
  const httpsProxy = pick('https_proxy') ?? httpProxy;
  if (!httpProxy && !httpsProxy) return undefined;
  const noProxy = [pick('no_proxy'), 'localhost', '127.0.0.1', '[::1]', '::1'].filter(Boolean).join(',');
  return { httpProxy, httpsProxy, noProxy };
}

export function readCa(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new CalendarError(`cannot read ${option('ca_cert')} ${file}: ${(err as NodeJS.ErrnoException).code ?? 'unreadable'}`, EXIT.usage);
  }
  if (!/-----BEGIN CERTIFICATE-----/.test(text)) {
    throw new CalendarError(
      `cannot read the certificate file ${file}: it holds no PEM certificate (-----BEGIN CERTIFICATE-----)`,
      EXIT.usage,
      'Give the CA certificate in PEM form (openssl x509 -in cert.der -inform der -out cert.pem).',
    );
  }
  return text;
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/** An answer decoded when it is read. */
export interface UndecodedAnswer<T> {
  /** The answer decoded, or the error it is. */
  read(): ApiResponse<T>;
  /** The body's bytes when the answer is a success said to be JSON, for a caller that reads it itself; else undefined. */
  successBytes(): Buffer | undefined;
  headers: Record<string, string>;
}

/** An answer whose body has not been decoded yet. */
interface UndecodedResponse {
  status: number;
  headers: Record<string, string>;
  bytes: Buffer;
  url: string;
  method: Method;
  /** Requests sent for it (retries included), and the milliseconds they took with the waits. */
  attempts?: number;
  ms?: number;
}

/** "4 attempts in 11.6 s", or "1 attempt in 2.0 s". */
function attemptsSaid(attempts: number, started: number): string {
  return `${attempts} attempt${attempts === 1 ? '' : 's'} in ${((Date.now() - started) / 1000).toFixed(1)} s`;
}

/** A failure after retries says how many requests were sent and how long it all took. */
function withAttempts<E extends CalendarError>(error: E, attempts: number, started: number): E {
  if (attempts > 1) error.message = `${error.message} (${attemptsSaid(attempts, started)})`;
  return error;
}

function decode<T>(res: UndecodedResponse): ApiResponse<T> {
  const text = res.bytes.toString('utf8');
  const parsed = parseBody(text, res.headers['content-type']);
  return {
    status: res.status,
    headers: res.headers,
    body: parsed.json as T,
    text: parsed.ok ? undefined : text,
    raw: text,
    url: res.url,
    method: res.method,
    attempts: res.attempts,
    ms: res.ms,
  };
}

function parseBody(text: string, contentType = ''): { ok: boolean; json: unknown } {
  const trimmed = text.trimStart();
  if (trimmed === '') return { ok: true, json: null };
  if (contentType.includes('json') || trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return { ok: true, json: JSON.parse(text) };
    } catch {
      return { ok: false, json: undefined };
    }
  }
  return { ok: false, json: undefined };
}

interface WpError {
  code?: string;
  message?: string;
  data?: { status?: number; params?: Record<string, string> | string[]; details?: Record<string, { code?: string; message?: string }> };
}

export function wpError(body: unknown): WpError | undefined {
  if (body && typeof body === 'object' && !Array.isArray(body) && typeof (body as WpError).code === 'string') return body as WpError;
  return undefined;
}

/** A WordPress message (`<strong>Error:</strong> ...`) as one line of text. */
function plain(message: string): string {
  return htmlToText(message);
}

export function exitCodeForStatus(status: number): (typeof EXIT)[keyof typeof EXIT] {
  if (status === 401 || status === 403) return EXIT.auth;
  if (status === 404 || status === 410) return EXIT.notFound;
  if (status >= 500) return EXIT.network;
  return EXIT.refused;
}

export function errorFromResponse(res: ApiResponse): CalendarError {
  const where = `${res.method} ${res.url.replace(/[?&]i18n_language=[a-z]+/, '')}`;
  // An answer that is not the API's JSON comes from something else at that address (a page of the
  // site, a proxy, a login wall): whatever its status says, it says nothing of a record.
  if (res.text !== undefined) {
    return new ApiError(
      `the server answered HTTP ${res.status} with ${answeredBy(res)}, not the REST API's JSON (${where})`,
      EXIT.network,
      res.status,
      'not_the_api',
      undefined,
      res.status >= 500
        ? 'The site failed while answering (an error page from PHP or a proxy); try again later.'
        : 'Check that the base URL is the REST root of a WordPress site (e.g. https://example.org/wp-json).',
    );
  }
  const err = wpError(res.body);
  const message = err?.message ? plain(err.message) : `HTTP ${res.status}`;
  const params = err?.data?.params;
  let detail = '';
  if (params && !Array.isArray(params)) {
    const parts = Object.entries(params).map(([k, v]) => `${k}: ${plain(String(v))}`);
    if (parts.length) detail = ` (${parts.join('; ')})`;
  }
  const exit = exitCodeForStatus(res.status);
  const hint =
    exit === EXIT.auth
      ? res.status === 401 && err?.code === 'rest_forbidden'
        ? 'This needs credentials: set CALENDAR_USERNAME and CALENDAR_APP_PASSWORD, or add them to a profile (calendar profile add).'
        : err?.code === 'event-password-protected'
          ? `Give the event password with ${option('password')}.`
          : res.status === 401
            ? 'Check the username and application password of the profile (CALENDAR_USERNAME, CALENDAR_APP_PASSWORD).'
            : 'The user of this profile is not allowed to do that.'
      : undefined;
  // A server failure says which request failed: the same error can come from any stage of a long run.
  const failed = res.status >= 500 ? ` (${where})` : '';
  const tried = (res.attempts ?? 1) > 1 ? ` (${res.attempts} attempts in ${((res.ms ?? 0) / 1000).toFixed(1)} s)` : '';
  const line = `${message}${detail} [${err?.code ?? 'http_error'}, HTTP ${res.status}]${failed}${tried}`;
  if (exit === EXIT.notFound) return new NotFoundError(line, hint, { status: res.status, code: err?.code ?? 'http_error', body: res.body });
  const error = new ApiError(line, exit, res.status, err?.code, res.body, hint);
  // A wait the client would not make (longer than it waits): said, for the caller to decide.
  const asked = retryAfterMs(res.headers['retry-after']);
  if (asked !== undefined) error.retryAfter = Math.ceil(asked / 1000);
  return error;
}

/** What answered instead of the API, in a few words: the page's title and the server's name, when given. */
function answeredBy(res: ApiResponse): string {
  const isHtml = /<html|<!doctype|<body/i.test(res.text ?? '');
  const title = isHtml ? /<title[^>]*>([^<]{1,200})<\/title>/i.exec(res.text ?? '')?.[1] : undefined;
  const server = res.headers.server ? ` from ${res.headers.server.slice(0, 60)}` : '';
  if (isHtml) return `an HTML page${title ? ` titled "${htmlToText(title).trim()}"` : ''}${server}`;
  const type = res.headers['content-type']?.split(';')[0];
  return `a body that is not JSON${type ? ` (${type})` : ''}${server}`;
}

/** A failed request as one line for the user: timeouts, refused connections, DNS and TLS failures named. */
export function networkError(err: unknown, url: string, timeoutMs: number): CalendarError {
  const code = failureCode(err);
  const origin = (() => {
    try {
      return new URL(url).origin;
    } catch {
      return url;
    }
  })();
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new CalendarError(`no answer from ${origin} within ${timeoutMs / 1000} s`, EXIT.network, `Raise ${option('timeout')} or try again later.`);
  }
  if (code === 'ECONNREFUSED')
    return new CalendarError(`cannot connect to ${origin}: connection refused`, EXIT.network, 'Is the site up and the base URL right?');
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new CalendarError(`cannot resolve the host of ${origin}`, EXIT.network);
  // A plain-HTTP server that drops the connection on a TLS hello (PHP's built-in server does) ends the handshake with a reset.
  const handshakeCut = code === 'ECONNRESET' && /before secure TLS connection/i.test((err as Error)?.message ?? '');
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'EPROTO' || handshakeCut) {
    // The port answered in plain HTTP (or something else) to a TLS hello.
    const plain = origin.replace(/^https:/, 'http:');
    return new CalendarError(
      `${origin} does not speak HTTPS (${code})`,
      EXIT.network,
      origin.startsWith('https:') ? `Is the site plain HTTP? Try ${plain}.` : undefined,
    );
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return new CalendarError(
      `the TLS certificate of ${origin} is for another host name (${code})`,
      EXIT.network,
      'Use the host name the certificate was issued for in the base URL.',
    );
  }
  if (code === 'CERT_HAS_EXPIRED') {
    return new CalendarError(`the TLS certificate of ${origin} has expired (${code})`, EXIT.network, 'The site must renew its certificate.');
  }
  if (typeof code === 'string' && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|TLS/i.test(code)) {
    return new CalendarError(
      `the TLS certificate of ${origin} is not trusted (${code})`,
      EXIT.network,
      `If the site uses a private certificate authority, pass its certificate with ${option('ca_cert')}.`,
    );
  }
  return new CalendarError(`request to ${origin} failed: ${code ?? 'network error'}`, EXIT.network);
}
