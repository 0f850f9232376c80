/**
 * The one HTTP client: a keep-alive undici pool with retries for idempotent requests,
 * Basic auth from the profile, `i18n_language` on every request, and WordPress error
 * bodies decoded into ApiError. The Authorization value never reaches any output.
 */
import type { Agent as AgentType, Dispatcher } from 'undici';
import { Agent, EnvHttpProxyAgent, RetryAgent, requestWhole, type WholeResponse } from './undici.js';
import { clientOpened } from './activity.js';
import { readFileSync } from 'node:fs';
import { ApiError, type CalendarError, CliError, EXIT, NotFoundError } from '../errors.js';
import type { OutputStream } from '../context.js';
import { buildUrl, namespaceRoute, type Query, type RestRoot } from './url.js';
import { stripsBackslashes } from '../../spec/resources.js';
import { slashBackslashes } from '../../wordpress/slashes.js';
import { htmlToText } from '../../wordpress/text.js';
import { DEFAULT_BACKOFF, RETRY_ERRORS, RETRY_METHODS, RETRY_STATUS, retryDecider } from './retry.js';
import { USER_AGENT } from '../version.js';
import { failureCode, Reachability } from './reachability.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

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
  /** The API updates go through: pinned or discovered in the profile, else found on first need (src/records/write-api.ts). */
  api?: WriteApi;
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
  private readonly agent: AgentType;
  private readonly authHeader?: string;
  private readonly closed: () => void;
  private readonly reachability = new Reachability();
  private anonymousNoticeGiven = false;

  constructor(readonly options: ClientOptions) {
    const ca = options.caCertFile ? readCa(options.caCertFile) : undefined;
    if ((options.env ?? process.env).NODE_TLS_REJECT_UNAUTHORIZED === '0' && options.root.root.startsWith('https:')) {
      options.stderr.write(
        'calendar: warning: NODE_TLS_REJECT_UNAUTHORIZED=0 is ignored: certificates are always verified (trust a private CA with --ca-cert FILE)\n',
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
    const proxy = proxySettings(options.env ?? process.env);
    // As curl does: an http:// site is asked through the proxy in absolute form (GET http://host/path),
    // which any forward proxy serves (Squid allows CONNECT only to port 443); an https:// site through
    // a CONNECT tunnel, with TLS to the site inside it: requestTls carries the same checks.
    this.agent = proxy
      ? (new EnvHttpProxyAgent({ ...agentOptions, ...proxy, proxyTunnel: false, requestTls: tls } as ConstructorParameters<
          typeof EnvHttpProxyAgent
        >[0]) as unknown as AgentType)
      : new Agent(agentOptions);
    // Said for the launcher's tuning (bin/v8-tiers.js), which loads TLS first when it will be used.
    this.closed = clientOpened(options.root.root.startsWith('https:') || [proxy?.httpProxy, proxy?.httpsProxy].some((url) => url?.startsWith('https:')));
    this.dispatcher =
      options.retries > 0
        ? new RetryAgent(this.agent, {
            maxRetries: options.retries,
            retry: retryDecider(options.retries, DEFAULT_BACKOFF, options.sleep),
            methods: RETRY_METHODS as Dispatcher.HttpMethod[],
            statusCodes: RETRY_STATUS,
            errorCodes: RETRY_ERRORS,
            // A response that is still an error after the last retry comes back as a response.
            throwOnError: false,
          })
        : this.agent;
    if (options.username && options.password) {
      this.authHeader = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
    }
  }

  get hasCredentials(): boolean {
    return this.authHeader !== undefined;
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
        throw new CliError(
          `the site answered ${method} ${url} with a redirect (HTTP ${res.status}) to ${next}; nothing was written`,
          EXIT.refused,
          'Use the new address as the base URL (e.g. calendar profile add NAME --url NEW).',
        );
      }
      if (hops >= MAX_REDIRECTS) throw new CliError(`too many redirects from ${url}`, EXIT.network);
      if (new URL(next).origin !== origin) delete headers.authorization;
      url = next;
    }
  }

  /** A site only a project file named: writes stop here, before anything is sent; reads go without credentials, said once. */
  private checkProjectSite(method: Method, origin: string, file: string): void {
    if (!READ_METHODS.includes(method)) throw projectSiteWriteRefused(file, origin);
    if (this.anonymousNoticeGiven) return;
    this.anonymousNoticeGiven = true;
    const line = `${projectSiteNamed(file, origin)}: reading it without your credentials (to send them: calendar trust ${file})`;
    if (this.options.notice) this.options.notice(line);
    else this.options.stderr.write(`${line}\n`);
  }

  private async exchange(method: Method, url: string, headers: Record<string, string>, payload: string | undefined): Promise<UndecodedResponse> {
    this.reachability.check();
    const started = Date.now();
    this.debug(`> ${method} ${url}${payload ? ` (${payload.length} bytes)` : ''}`);
    let res: WholeResponse;
    try {
      // A write that is not idempotent is never retried: it skips the retry layer and what it allocates.
      const dispatcher = RETRY_METHODS.includes(method) ? this.dispatcher : this.agent;
      res = await requestWhole(dispatcher, url, { method, headers, body: payload });
    } catch (err) {
      throw this.reachability.failed(err, networkError(err, url, this.options.timeoutMs));
    }
    this.reachability.answered();
    this.debug(`< ${res.statusCode} ${method} ${url} in ${Date.now() - started} ms`);
    return { status: res.statusCode, headers: flattenHeaders(res.headers), bytes: res.bytes, url, method };
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

  async close(): Promise<void> {
    this.closed();
    await this.dispatcher.close().catch(() => undefined);
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
export function projectSiteWriteRefused(file: string, origin: string): CliError {
  return new CliError(
    `${projectSiteNamed(file, origin)}: the write was not sent; review the file and run: calendar trust ${file}, ` +
      `or give the site yourself with --base-url or CALENDAR_BASE_URL, or add it as your own profile (calendar ` +
      `profile add NAME --url ${origin})`,
    EXIT.auth,
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
    throw new CliError(`cannot read --ca-cert ${file}: ${(err as NodeJS.ErrnoException).code ?? 'unreadable'}`, EXIT.usage);
  }
  if (!/-----BEGIN CERTIFICATE-----/.test(text)) {
    throw new CliError(
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
}

function decode<T>(res: UndecodedResponse): ApiResponse<T> {
  const text = res.bytes.toString('utf8');
  const parsed = parseBody(text, res.headers['content-type']);
  return { status: res.status, headers: res.headers, body: parsed.json as T, text: parsed.ok ? undefined : text, raw: text, url: res.url, method: res.method };
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
          ? 'Give the event password with --password.'
          : res.status === 401
            ? 'Check the username and application password of the profile (CALENDAR_USERNAME, CALENDAR_APP_PASSWORD).'
            : 'The user of this profile is not allowed to do that.'
      : undefined;
  // A server failure says which request failed: the same error can come from any stage of a long run.
  const failed = res.status >= 500 ? ` (${where})` : '';
  const line = `${message}${detail} [${err?.code ?? 'http_error'}, HTTP ${res.status}]${failed}`;
  if (exit === EXIT.notFound) return new NotFoundError(line, hint, { status: res.status, code: err?.code ?? 'http_error', body: res.body });
  return new ApiError(line, exit, res.status, err?.code, res.body, hint);
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
export function networkError(err: unknown, url: string, timeoutMs: number): CliError {
  const code = failureCode(err);
  const origin = (() => {
    try {
      return new URL(url).origin;
    } catch {
      return url;
    }
  })();
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new CliError(`no answer from ${origin} within ${timeoutMs / 1000} s`, EXIT.network, 'Raise --timeout or try again later.');
  }
  if (code === 'ECONNREFUSED') return new CliError(`cannot connect to ${origin}: connection refused`, EXIT.network, 'Is the site up and the base URL right?');
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new CliError(`cannot resolve the host of ${origin}`, EXIT.network);
  // A plain-HTTP server that drops the connection on a TLS hello (PHP's built-in server does) ends the handshake with a reset.
  const handshakeCut = code === 'ECONNRESET' && /before secure TLS connection/i.test((err as Error)?.message ?? '');
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'EPROTO' || handshakeCut) {
    // The port answered in plain HTTP (or something else) to a TLS hello.
    const plain = origin.replace(/^https:/, 'http:');
    return new CliError(
      `${origin} does not speak HTTPS (${code})`,
      EXIT.network,
      origin.startsWith('https:') ? `Is the site plain HTTP? Try ${plain}.` : undefined,
    );
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return new CliError(
      `the TLS certificate of ${origin} is for another host name (${code})`,
      EXIT.network,
      'Use the host name the certificate was issued for in the base URL.',
    );
  }
  if (code === 'CERT_HAS_EXPIRED') {
    return new CliError(`the TLS certificate of ${origin} has expired (${code})`, EXIT.network, 'The site must renew its certificate.');
  }
  if (typeof code === 'string' && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|TLS/i.test(code)) {
    return new CliError(
      `the TLS certificate of ${origin} is not trusted (${code})`,
      EXIT.network,
      'If the site uses a private certificate authority, pass its certificate with --ca-cert FILE.',
    );
  }
  return new CliError(`request to ${origin} failed: ${code ?? 'network error'}`, EXIT.network);
}
