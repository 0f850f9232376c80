/**
 * Where an iCalendar import comes from: a file, stdin, or a feed URL (http, https, or
 * webcal which means https; fetched by ics-fetch.ts). Every import asks, so this stays light.
 */
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from '../context.js';
import { fileProblem, NotFoundError, UsageError } from '../errors.js';
import { feedUrl, isFeedUrl, isIcalendar, singleEventSlug, veventSlugs } from '../ical/detect.js';
import type { FetchSettings } from './ics-fetch.js';

export interface IcsSource {
  /** The name in messages: the file as given, the URL, or `stdin`. */
  name: string;
  /** What the feed tag hashes: the URL (webcal read as https) or the file's base name. */
  feedName: string;
  text(settings: FetchSettings): Promise<string>;
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
    // The feed's HTTP client (undici's whole index, for its redirect interceptor) loads only when a URL is read.
    const text = async (settings: FetchSettings) => {
      const feed = await (await import('./ics-fetch.js')).fetchFeed(url, source, settings);
      checkSingleEvent(source, feed);
      return feed;
    };
    return { source: { name: source, feedName: url, text }, ctx };
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

/**
 * A single event's feed link that the site answered with its whole list of upcoming events:
 * the plugin does so, with a 200, for a slug it does not publish (and for the rewrite and
 * Outlook forms of the link), so a mistyped or deleted event would import every event.
 */
function checkSingleEvent(source: string, text: string): void {
  const slug = singleEventSlug(source);
  if (slug === undefined) return;
  const named = veventSlugs(text).filter((s): s is string => s !== undefined);
  if (named.every((s) => s === slug)) return;
  const what = `the site answered with ${named.length} events (its list of upcoming events)`;
  if (!named.includes(slug)) {
    throw new NotFoundError(
      `${source} asks for the event ${slug}, which the site does not publish; ${what} instead`,
      "Nothing was sent. Check the event's address.",
    );
  }
  throw new UsageError(
    `${source} asks for the event ${slug}, but ${what}, as it does for this form of the link`,
    `Nothing was sent. /event/${slug}/?ical=1 gives that event alone; the list's own feed is /events/?ical=1.`,
  );
}
