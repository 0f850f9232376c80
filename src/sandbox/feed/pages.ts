/**
 * The pages `--web` and `browse` open: an event's permalink (`/event/SLUG/`) and the calendar
 * (`/events/` and the feed's archive forms). A real site shows its theme's pages; these are plain
 * HTML with each event's title, times and feed link, so that a page calendar prints leads somewhere.
 */
import type { RequestContext } from '../common/context.js';
import { entityEscape, postUrl } from '../common/post-json.js';
import { feedRequest, requestedEvents, SITE_NAME, type FeedAnswer } from './ical.js';

const HTML = { 'Content-Type': 'text/html; charset=UTF-8' };

/** Whether `path` (no trailing slash) is an event's page or the calendar's. */
export function isPage(path: string): boolean {
  return /^\/event\/[^/]+$/.test(path) || /^\/events(\/.*)?$/.test(path);
}

export function renderPage(ctx: RequestContext, path: string, query: Record<string, unknown>): FeedAnswer {
  const request = feedRequest(path, { ...query, ical: '1' })!;
  const events = requestedEvents(ctx, request);
  // A slug no published event has falls back to the list in a feed; a page of it is not found.
  const missing = !events || (request.slug !== undefined && events[0]?.slug !== request.slug);
  const title = missing ? 'Not found' : request.slug !== undefined ? events[0].fields.title : `Events – ${SITE_NAME}`;
  const items = (events ?? []).map((event) => {
    const f = event.fields;
    const when = f.allDay ? `${f.start.slice(0, 10)} – ${f.end.slice(0, 10)}` : `${f.start.slice(0, 16)} – ${f.end.slice(0, 16)} ${f.timezone}`;
    return (
      `<li><a href="${postUrl(ctx, event)}">${entityEscape(f.title)}</a> <time>${when}</time> ` + `(<a href="${postUrl(ctx, event)}?ical=1">iCalendar</a>)</li>`
    );
  });
  const body = missing ? '<p>Not found.</p>' : items.length ? `<ul>\n${items.join('\n')}\n</ul>` : '<p>No upcoming events.</p>';
  const html =
    `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>${entityEscape(title)}</title></head>\n` +
    `<body><h1>${entityEscape(title)}</h1>\n${body}\n</body></html>\n`;
  return { status: missing ? 404 : 200, headers: HTML, body: html };
}
