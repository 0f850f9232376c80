/**
 * An iCalendar feed read from a URL with undici under the same rules as the API client:
 * certificates always verified (a private CA through --ca-cert), redirects followed, retries
 * with backoff on network errors, 429 and 5xx, a size cap, and a check that it is iCalendar.
 */
import { Agent, RetryAgent, interceptors, request, type Dispatcher } from 'undici';
import { readFileSync } from 'node:fs';
import { CalendarError, EXIT, NotFoundError, UsageError } from '../errors.js';
import { networkError } from '../http/client.js';
import { RETRY_ERRORS, RETRY_STATUS, retryDecider } from '../http/retry.js';
import { isIcalendar } from '../ical/detect.js';
import { USER_AGENT } from '../version.js';
import { option } from '../words.js';

/** Feeds larger than this are refused: a calendar of many thousand events is a few MB. */
export const MAX_FEED_BYTES = 50 * 1024 * 1024;
const MAX_REDIRECTS = 5;

export interface FetchSettings {
  timeoutMs: number;
  retries: number;
  caCertFile?: string;
}

function feedDispatcher(settings: FetchSettings): Dispatcher {
  let ca: string | undefined;
  if (settings.caCertFile) {
    try {
      ca = readFileSync(settings.caCertFile, 'utf8');
    } catch (err) {
      throw new UsageError(`cannot read ${option('ca_cert')} ${settings.caCertFile}: ${(err as NodeJS.ErrnoException).code ?? 'unreadable'}`);
    }
  }
  const agent = new Agent({
    headersTimeout: settings.timeoutMs,
    bodyTimeout: settings.timeoutMs,
    // Verification is always on, whatever NODE_TLS_REJECT_UNAUTHORIZED says, as for the API.
    connect: ca ? { ca, rejectUnauthorized: true } : { rejectUnauthorized: true },
  }).compose(interceptors.redirect({ maxRedirections: MAX_REDIRECTS }));
  if (settings.retries === 0) return agent;
  return new RetryAgent(agent, {
    maxRetries: settings.retries,
    retry: retryDecider(settings.retries),
    methods: ['GET'],
    statusCodes: RETRY_STATUS,
    errorCodes: RETRY_ERRORS,
    throwOnError: false,
  });
}

const tooLarge = (shown: string) =>
  new CalendarError(
    `${shown} is larger than ${MAX_FEED_BYTES / 1024 / 1024} MB, the most an import reads from a URL`,
    EXIT.usage,
    'Download it and import the file, or import a narrower feed.',
  );

export async function fetchFeed(url: string, shown: string, settings: FetchSettings): Promise<string> {
  const dispatcher = feedDispatcher(settings);
  try {
    let res: Dispatcher.ResponseData;
    try {
      res = await request(url, { method: 'GET', headers: { accept: 'text/calendar, */*;q=0.5', 'user-agent': USER_AGENT }, dispatcher });
    } catch (err) {
      throw networkError(err, url, settings.timeoutMs);
    }
    if (res.statusCode !== 200) {
      await res.body.dump();
      const message = `${shown} answered HTTP ${res.statusCode}`;
      if (res.statusCode === 404 || res.statusCode === 410) throw new NotFoundError(message, undefined, { status: res.statusCode });
      throw new CalendarError(message, res.statusCode === 401 || res.statusCode === 403 ? EXIT.auth : EXIT.network, undefined, { status: res.statusCode });
    }
    if (Number(res.headers['content-length'] ?? 0) > MAX_FEED_BYTES) {
      res.body.destroy();
      throw tooLarge(shown);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > MAX_FEED_BYTES) {
          res.body.destroy();
          throw tooLarge(shown);
        }
        chunks.push(chunk as Buffer);
      }
    } catch (err) {
      throw err instanceof CalendarError ? err : networkError(err, url, settings.timeoutMs);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    const contentType = String(res.headers['content-type'] ?? '');
    if (!isIcalendar({ contentType, head: text.slice(0, 512) })) {
      throw new UsageError(`${shown} is not an iCalendar feed (${contentType || 'no content type'}, and the text does not start with BEGIN:VCALENDAR)`);
    }
    return text;
  } finally {
    await dispatcher.close().catch(() => undefined);
  }
}
