/**
 * What the HTTP client tells a library caller's hooks (`new Calendar({ hooks })`): each request
 * sent, each answer, each retry. Types only, with no package in them: the library's declarations
 * name them.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

/** One request sent: its method, URL (no credentials are in it) and attempt (1, then 2 for the first retry...). */
export interface RequestEvent {
  method: Method;
  url: string;
  attempt: number;
}

/** One answer received, whatever its status. */
export interface ResponseEvent extends RequestEvent {
  status: number;
  headers: Record<string, string>;
  /** Milliseconds from the request sent to the answer read whole. */
  ms: number;
}

/** A failed attempt about to be sent again after `waitMs`: the status it got, or the connection's error code. */
export interface RetryEvent extends RequestEvent {
  status?: number;
  error?: string;
  waitMs: number;
}

export interface HttpHooks {
  request?(event: RequestEvent): void;
  response?(event: ResponseEvent): void;
  retry?(event: RetryEvent): void;
}
