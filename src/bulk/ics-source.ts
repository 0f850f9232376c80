/**
 * Where an iCalendar import comes from: a file, stdin, or a feed URL (http, https, or
 * webcal which means https). A URL is fetched with undici under the same rules as the
 * API client: certificates always verified (a private CA through --ca-cert), retries with
 * backoff on network errors, 429 and 5xx, and a size cap.
 */
import { Agent, RetryAgent, interceptors, request, type Dispatcher } from 'undici';
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from '../context.js';
import { CliError, EXIT, fileProblem, UsageError } from '../errors.js';
import { networkError } from '../http/client.js';
import { RETRY_ERRORS, RETRY_STATUS, retryDecider } from '../http/retry.js';
import { feedUrl, isFeedUrl, isIcalendar } from '../ical/index.js';

/** Feeds larger than this are refused: a calendar of many thousand events is a few MB. */
export const MAX_FEED_BYTES = 50 * 1024 * 1024;
const MAX_REDIRECTS = 5;

export interface IcsSource {
  /** The name in messages: the file as given, the URL, or `stdin`. */
  name: string;
  /** What the feed tag hashes: the URL (webcal read as https) or the file's base name. */
  feedName: string;
  text(settings: FetchSettings): Promise<string>;
}

export interface FetchSettings {
  timeoutMs: number;
  retries: number;
  caCertFile?: string;
}

/** The first bytes of stdin, and a context whose stdin still yields every byte. */
async function peekStdin(ctx: Context): Promise<{ head: string; ctx: Context }> {
  const iterator = ctx.stdin[Symbol.asyncIterator]();
  const first = await iterator.next();
  const head = first.done ? '' : Buffer.from(first.value as Buffer | string).toString('utf8');
  async function* replay() {
    if (!first.done) yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head, ctx: { ...ctx, stdin: Readable.from(replay()) } };
}

function fileHead(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(512);
    return buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * The iCalendar source `source` names, or undefined when it is another format. A context
 * is handed back because finding out may read the start of stdin.
 */
export async function detectIcsSource(source: string, inputFormat: string | undefined, ctx: Context): Promise<{ source?: IcsSource; ctx: Context }> {
  const forced = inputFormat === 'ics';
  if (inputFormat !== undefined && !forced) return { ctx };
  if (isFeedUrl(source)) {
    const url = feedUrl(source);
    return { source: { name: source, feedName: url, text: (settings) => fetchFeed(url, source, settings) }, ctx };
  }
  if (source === '-') {
    const peeked = await peekStdin(ctx);
    if (!forced && !isIcalendar({ head: peeked.head })) return { ctx: peeked.ctx };
    const stdin = peeked.ctx.stdin;
    return { source: { name: 'stdin', feedName: 'stdin', text: async () => (await Readable.from(stdin).toArray()).map((c) => Buffer.from(c)).join('') }, ctx };
  }
  const path = resolve(ctx.cwd, source);
  let isFile = false;
  try {
    isFile = statSync(path).isFile();
  } catch (err) {
    if (forced) throw new UsageError(`cannot read ${source}: ${fileProblem(err)}`);
    return { ctx }; // the usual import reports it
  }
  if (!isFile || !(forced || isIcalendar({ name: source }) || isIcalendar({ head: fileHead(path) }))) return { ctx };
  return { source: { name: source, feedName: basename(source), text: async () => readFileSync(path, 'utf8') }, ctx };
}

function feedDispatcher(settings: FetchSettings): Dispatcher {
  let ca: string | undefined;
  if (settings.caCertFile) {
    try {
      ca = readFileSync(settings.caCertFile, 'utf8');
    } catch (err) {
      throw new UsageError(`cannot read --ca-cert ${settings.caCertFile}: ${(err as NodeJS.ErrnoException).code ?? 'unreadable'}`);
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
  new CliError(`${shown} is larger than ${MAX_FEED_BYTES / 1024 / 1024} MB, the most an import reads from a URL`, EXIT.usage, 'Download it and import the file, or import a narrower feed.');

export async function fetchFeed(url: string, shown: string, settings: FetchSettings): Promise<string> {
  const dispatcher = feedDispatcher(settings);
  try {
    let res: Dispatcher.ResponseData;
    try {
      res = await request(url, { method: 'GET', headers: { accept: 'text/calendar, */*;q=0.5', 'user-agent': 'calendar-cli' }, dispatcher });
    } catch (err) {
      throw networkError(err, url, settings.timeoutMs);
    }
    if (res.statusCode !== 200) {
      await res.body.dump();
      const code = res.statusCode === 404 || res.statusCode === 410 ? EXIT.notFound : res.statusCode === 401 || res.statusCode === 403 ? EXIT.auth : EXIT.network;
      throw new CliError(`${shown} answered HTTP ${res.statusCode}`, code);
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
      throw err instanceof CliError ? err : networkError(err, url, settings.timeoutMs);
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
