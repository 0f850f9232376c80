/**
 * When and how long to wait before retrying an idempotent request: exponential backoff
 * with jitter (so that many clients failing together do not come back together), and
 * the server's Retry-After when it gives one.
 */
import type { RetryHandler } from 'undici';

export const RETRY_STATUS = [429, 502, 503, 504];
export const RETRY_ERRORS = [
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ECONNABORTED',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
];
export const RETRY_METHODS = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE'];

/**
 * A 500 to a read is retried like a 503: PHP died (a fatal error, memory, the database), or
 * the API answered with its own JSON error for a failure that is often gone on the next try.
 * Reads only: a write may have been done before the failure.
 */
function isFailedRead(method: string, status: number): boolean {
  return status === 500 && (method === 'GET' || method === 'HEAD');
}

export interface BackoffPolicy {
  /** Delay before the first retry, in ms. */
  baseMs: number;
  /** No computed delay is longer than this. */
  maxMs: number;
  /** A Retry-After longer than this is not waited for: the error goes back to the user. */
  maxRetryAfterMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 300, maxMs: 10_000, maxRetryAfterMs: 60_000 };

/** Milliseconds asked for by a Retry-After header (seconds or an HTTP date), or undefined. */
export function retryAfterMs(header: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * The wait before retry number `attempt` (1 for the first retry): "equal jitter", half the
 * exponential step plus a random share of the other half. A Retry-After wins when given,
 * with a little jitter on top so that it is never undercut.
 */
export function backoffDelay(
  attempt: number,
  retryAfter: number | undefined,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  if (retryAfter !== undefined) return retryAfter + Math.floor(random() * Math.min(1000, policy.baseMs));
  const step = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(step / 2 + random() * (step / 2));
}

/** A failed attempt, as far as retrying goes: the answer's status and Retry-After, or the connection's error code. */
export interface Failure {
  status?: number;
  code?: string;
  retryAfter?: string | string[];
}

/**
 * Whether a request that failed so is sent again. A POST only when the server says it did not
 * take it: a 429, or a 503 with a Retry-After (maintenance, a full queue); any other failure of
 * a create may have created the record.
 */
export function isRetried(method: string, failure: Failure): boolean {
  if (method === 'POST') return failure.status === 429 || (failure.status === 503 && failure.retryAfter !== undefined);
  if (!RETRY_METHODS.includes(method)) return false;
  if (failure.status !== undefined) return RETRY_STATUS.includes(failure.status) || isFailedRead(method, failure.status);
  return RETRY_ERRORS.includes(failure.code ?? '');
}

/**
 * The wait before retry number `attempt` of a request that failed so, or undefined: not retried
 * (not retryable, retries spent, or a Retry-After longer than the policy waits).
 */
export function retryWait(method: string, failure: Failure, attempt: number, maxRetries: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number | undefined {
  if (attempt > maxRetries || !isRetried(method, failure)) return undefined;
  const asked = retryAfterMs(failure.retryAfter);
  if (asked !== undefined && asked > policy.maxRetryAfterMs) return undefined;
  return backoffDelay(attempt, asked, policy);
}

type RetryCallback = NonNullable<RetryHandler.RetryOptions['retry']>;

/** The retry decision for undici's RetryAgent (the feed fetcher's): which failures, how many times, how long to wait. */
export function retryDecider(maxRetries: number, policy: BackoffPolicy = DEFAULT_BACKOFF, sleep: (ms: number) => Promise<void> = timer): RetryCallback {
  return (err, { state, opts }, callback) => {
    const failure = err as Error & { statusCode?: number | null; code?: string; headers?: Record<string, string | string[]> };
    const method = String(opts.method ?? 'GET').toUpperCase();
    const status = failure.statusCode ?? undefined;
    const wait = retryWait(method, { status, code: failure.code, retryAfter: failure.headers?.['retry-after'] }, state.counter, maxRetries, policy);
    if (wait === undefined) return callback(err);
    void sleep(wait).then(() => callback(null));
    return undefined;
  };
}

/** The default wait: a plain timer. */
export function timer(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
