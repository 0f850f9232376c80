/**
 * The plugin's iCalendar feeds, as recorded (test/fixtures/recordings-2/ical_*.http):
 * `/?ical=1`, `/events/?ical=1`, `/events/ical/`, `/events/list/?ical=1` and the subscribe URL
 * give the upcoming published events (not yet ended, hidden ones left out), by start, at most
 * 30; `/event/SLUG/?ical=1` and `/?tribe_events=SLUG&ical=1` give that one event (hidden
 * included; an unknown slug or an unpublished event falls back to the list); `event_ids=a,b`
 * gives those published events. `/events/category/SLUG/` (children included; an unknown one is
 * 404), `?tribe_events_cat=SLUG`, `/events/tag/SLUG/` and `/events/featured/` filter the list;
 * `eventDisplay=past` lists the events that have ended; the month (`/events/month/[YYYY-MM/]`) and
 * day (`/events/YYYY-MM-DD/`) feeds and `tribe-bar-date=YYYY-MM-DD` list the events on those days,
 * past ones included; `/?p=ID&ical=1` of a published event is a 301 to its permalink's feed. A
 * feed with no event is an empty `text/html` 200.
 */
import { dayEdge } from '../../wordpress/dates.js';
import { nowLocalWall, siteHost, type RequestContext } from '../common/context.js';
import { postUrl } from '../common/post-json.js';
import type { EventRecord, LinkedFields, PostRecord, TermRecord } from '../store/store.js';
import { decodeEntities, stripAllTags } from '../../wordpress/text.js';
import { texturize } from '../../wordpress/texturize.js';
import { addDays, addMonths, offsetMinutesAt, zonedToUtcMs, zoneAbbreviation } from '../../base/time.js';

const LIST_LIMIT = 30;
export const SITE_NAME = 'Calendar Sandbox';

export interface FeedRequest {
  slug?: string;
  /** `?p=ID`: a published event's ID is redirected to its permalink's feed. */
  postId?: number;
  eventIds?: number[];
  outlook: boolean;
  /** `ical`/`outlook-ical` in the query string (the rewrite form `/events/ical/` has neither). */
  queryForm: boolean;
  past: boolean;
  /** Events on these site-local days (`to` open for `tribe-bar-date`); `month: 'current'` is this month. */
  days?: { from: string; to?: string } | { month: 'current' };
  category?: string;
  tag?: string;
  featured: boolean;
}

/** A slug from a URL as WordPress stores it: non-ASCII characters as lower-case percent escapes of their UTF-8 bytes. */
function storedSlug(fromUrl: string): string {
  let text = fromUrl;
  try {
    text = decodeURIComponent(fromUrl);
  } catch {
    // a stray % is kept as it is
  }
  let out = '';
  for (const char of text)
    out += /[\x00-\x7f]/.test(char) ? char : [...Buffer.from(char, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  return out;
}

/** The feed a front-end URL asks for, or null when it is not a feed URL. */
export function feedRequest(path: string, query: Record<string, unknown>): FeedRequest | null {
  const outlook = 'outlook-ical' in query;
  const rewriteForm = /\/ical$/.test(path);
  if (!('ical' in query) && !outlook && !rewriteForm) return null;
  const eventIds = typeof query.event_ids === 'string' ? query.event_ids.split(',').map(Number).filter(Number.isInteger) : undefined;
  // The rewrite and Outlook forms of a single event's link serve the whole list.
  const single =
    !rewriteForm && !outlook ? (/^\/event\/([^/]+)$/.exec(path)?.[1] ?? (typeof query.tribe_events === 'string' ? query.tribe_events : undefined)) : undefined;
  const archive = path.replace(/\/(ical|list)$/, '').replace(/\/list$/, '');
  const category =
    /^\/events\/category\/(?:.+\/)?([^/]+)$/.exec(archive)?.[1] ?? (typeof query.tribe_events_cat === 'string' ? query.tribe_events_cat : undefined);
  return {
    slug: single ? storedSlug(single) : undefined,
    postId: path === '/' && typeof query.p === 'string' && /^\d+$/.test(query.p) && !('post_type' in query) ? Number(query.p) : undefined,
    eventIds,
    outlook,
    queryForm: 'ical' in query || outlook,
    past: query.eventDisplay === 'past',
    days: feedDays(archive, query['tribe-bar-date']),
    category: category === undefined ? undefined : storedSlug(category),
    tag: /^\/events\/tag\/([^/]+)$/.exec(archive)?.[1],
    featured: archive === '/events/featured',
  };
}

const lastDayOfMonth = (month: string) => addDays(`${addMonths(`${month}-01 00:00:00`, 1).slice(0, 7)}-01`, -1);

function feedDays(archive: string, barDate: unknown): FeedRequest['days'] {
  if (archive === '/events/month') return { month: 'current' };
  const month = /^\/events\/month\/(\d{4}-\d{2})$/.exec(archive)?.[1];
  if (month) return { from: `${month}-01`, to: lastDayOfMonth(month) };
  const day = /^\/events\/(\d{4}-\d{2}-\d{2})$/.exec(archive)?.[1];
  if (day) return { from: day, to: day };
  if (typeof barDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(barDate)) return { from: barDate };
  return undefined;
}

/** The category named and all its descendants, or null when no category has that slug. */
function categoryWithChildren(ctx: RequestContext, slug: string): Set<number> | null {
  const terms = ctx.store.terms('categories');
  const named = terms.find((term) => term.slug === slug);
  if (!named) return null;
  const found = new Set([named.id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const term of terms) {
      if (!term.parent || !found.has(term.parent) || found.has(term.id)) continue;
      found.add(term.id);
      grew = true;
    }
  }
  return found;
}

function dayRange(ctx: RequestContext, days: NonNullable<FeedRequest['days']>): { from: string; to?: string } {
  if (!('month' in days)) return days;
  const month = nowLocalWall(ctx).slice(0, 7);
  return { from: `${month}-01`, to: lastDayOfMonth(month) };
}

/** The published events a feed (or a page, pages.ts) of `request` shows; undefined for a category the site does not have. */
export function requestedEvents(ctx: RequestContext, request: FeedRequest): EventRecord[] | undefined {
  const categories = request.category === undefined ? null : categoryWithChildren(ctx, request.category);
  return request.category !== undefined && !categories ? undefined : feedEvents(ctx, request, categories);
}

function feedEvents(ctx: RequestContext, request: FeedRequest, categories: Set<number> | null): EventRecord[] {
  const published = (event: EventRecord) => event.status === 'publish';
  if (request.eventIds) return request.eventIds.map((id) => ctx.store.event(id)).filter((event): event is EventRecord => Boolean(event && published(event)));
  const single = request.slug === undefined ? undefined : (ctx.store.postBySlug('event', request.slug) as EventRecord | undefined);
  if (single && published(single)) return [single];
  const now = ctx.now.getTime();
  const tag = request.tag === undefined ? undefined : ctx.store.terms('tags').find((term) => term.slug === request.tag);
  const startMs = (event: EventRecord) => zonedToUtcMs(event.fields.start, event.fields.timezone);
  const days = request.days && dayRange(ctx, request.days);
  const listed = [...ctx.store.events()].filter((event) => {
    const f = event.fields;
    if (!published(event) || f.hideFromListings || f.backwards) return false;
    if (days) {
      if (f.end < dayEdge(days.from, 'start') || (days.to !== undefined && f.start > dayEdge(days.to, 'end'))) return false;
    } else if (zonedToUtcMs(f.end, f.timezone) >= now === request.past) return false;
    if (categories && !f.categories.some((id) => categories.has(id))) return false;
    if (request.tag !== undefined && !(tag && f.tags.includes(tag.id))) return false;
    return !request.featured || f.featured;
  });
  // Upcoming events soonest first; past ones (an order seen with one event only) latest first.
  listed.sort((a, b) => (request.past ? startMs(b) - startMs(a) : startMs(a) - startMs(b)) || a.id - b.id);
  return listed.slice(0, LIST_LIMIT);
}

/** `,` escaped, newlines as `\n`; `;` and `\` are left alone, as the plugin does. */
function text(value: string): string {
  return value.replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** The content as the feed shows it: a space after each paragraph, then wp_strip_all_tags, entities decoded. */
function description(html: string): string {
  return decodeEntities(stripAllTags(html.replaceAll('</p>', '</p> ')));
}

const compact = (wall: string) => wall.replace(/[-:]/g, '').replace(' ', 'T');
const wallAsUtcSeconds = (wall: string) => Date.parse(`${wall.replace(' ', 'T')}Z`) / 1000;

function location(ctx: RequestContext, event: EventRecord): string | null {
  const venue = event.fields.venue === null ? undefined : ctx.store.post(event.fields.venue);
  if (!venue || venue.status === 'trash') return null;
  const f = venue.fields as LinkedFields;
  const parts = [f.venue, f.address, f.city, f.stateprovince || f.state || f.province, f.zip, f.country].filter((part) => typeof part === 'string' && part);
  return parts.map((part) => text(decodeEntities(String(part)))).join('\\, ');
}

function organizerLine(ctx: RequestContext, event: EventRecord): string | null {
  const organizer = event.fields.organizers.map((id) => ctx.store.post(id)).find((post): post is PostRecord => Boolean(post));
  if (!organizer) return null;
  const f = organizer.fields as LinkedFields;
  const name = encodeURIComponent(decodeEntities(String(f.organizer ?? '')))
    .replace(/%20/g, ' ')
    .replace(/%26/g, '&')
    .replace(/%22/g, '"');
  return `ORGANIZER;CN="${name}":MAILTO:${String(f.email ?? '')}`;
}

function eventLines(ctx: RequestContext, event: EventRecord): string[] {
  const f = event.fields;
  const modifiedUtc = event.modifiedUtc.startsWith('0000') ? event.date : event.modifiedUtc;
  const createdUtc = event.dateUtc ?? event.date;
  const end = f.allDay ? dayEdge(f.end, 'end') : f.end;
  const lines = f.allDay
    ? [`DTSTART;VALUE=DATE:${compact(f.start.slice(0, 10))}`, `DTEND;VALUE=DATE:${compact(addDays(f.end.slice(0, 10), 1))}`]
    : [`DTSTART;TZID=${f.timezone}:${compact(f.start)}`, `DTEND;TZID=${f.timezone}:${compact(f.end)}`];
  lines.push(
    `DTSTAMP:${compact(modifiedUtc)}Z`,
    `CREATED:${compact(createdUtc)}Z`,
    `LAST-MODIFIED:${compact(modifiedUtc)}Z`,
    `UID:${event.id}-${wallAsUtcSeconds(f.start)}-${wallAsUtcSeconds(end)}@${siteHost(ctx.site)}`,
    // The title as stored: the feed reads the post title before the display filters (`a - b` stays, not `a -- b`).
    `SUMMARY:${text(decodeEntities(stripAllTags(f.title)))}`,
    `DESCRIPTION:${text(description(texturize(f.description)))}`,
    `URL:${postUrl(ctx, event)}`,
  );
  const place = location(ctx, event);
  if (place) lines.push(`LOCATION:${place}`);
  const categories = f.categories.map((id) => ctx.store.term(id, 'categories')).filter((term): term is TermRecord => Boolean(term));
  if (categories.length) lines.push(`CATEGORIES:${categories.map((term) => decodeEntities(term.name)).join(',')}`);
  if (f.image)
    lines.push(
      `ATTACH;FMTTYPE=image/${f.image.split('.').pop()?.toLowerCase() === 'jpg' ? 'jpeg' : (f.image.split('.').pop()?.toLowerCase() ?? 'png')}:${f.image}`,
    );
  const organizer = organizerLine(ctx, event);
  if (organizer) lines.push(organizer);
  return ['BEGIN:VEVENT', ...lines, 'END:VEVENT'];
}

const offsetText = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}${String(Math.abs(minutes) % 60).padStart(2, '0')}`;

type Transition = { at: number; from: number; to: number };
const transitionCache = new Map<string, Transition[]>();

/** Every offset change of `zone` between two years, to the minute: the instant (UTC) and the offsets around it. */
function transitions(zone: string, firstYear: number, lastYear: number): Transition[] {
  const key = `${zone}|${firstYear}|${lastYear}`;
  let found = transitionCache.get(key);
  if (!found) {
    found = scanTransitions(zone, firstYear, lastYear);
    transitionCache.set(key, found);
  }
  return found;
}

function scanTransitions(zone: string, firstYear: number, lastYear: number): Transition[] {
  const found: Transition[] = [];
  const day = 86_400_000;
  let at = Date.UTC(firstYear, 0, 1);
  const stop = Date.UTC(lastYear + 1, 0, 1);
  let offset = offsetMinutesAt(at, zone);
  for (; at < stop; at += day) {
    const next = offsetMinutesAt(at + day, zone);
    if (next === offset) continue;
    let [low, high] = [at, at + day];
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (offsetMinutesAt(middle, zone) === offset) low = middle;
      else high = middle;
    }
    found.push({ at: high, from: offset, to: next });
    offset = next;
  }
  return found;
}

function timezoneLines(zone: string, years: number[]): string[] {
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  for (const change of transitions(zone, Math.min(...years) - 1, Math.max(...years) + 1)) {
    const kind = change.to > change.from ? 'DAYLIGHT' : 'STANDARD';
    const utc = new Date(change.at).toISOString().slice(0, 19);
    lines.push(
      `BEGIN:${kind}`,
      `TZOFFSETFROM:${offsetText(change.from)}`,
      `TZOFFSETTO:${offsetText(change.to)}`,
      `TZNAME:${zoneAbbreviation(change.at, zone)}`,
      `DTSTART:${compact(utc.replace('T', ' '))}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

export interface FeedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function renderFeed(ctx: RequestContext, request: FeedRequest): FeedAnswer {
  const robots: Record<string, string> = request.queryForm ? { 'X-Robots-Tag': 'noindex, nofollow' } : {};
  const byId = request.postId === undefined ? undefined : ctx.store.event(request.postId);
  if (byId && byId.status === 'publish') {
    const location = `${postUrl(ctx, byId)}?${request.outlook ? 'outlook-ical' : 'ical'}=1`;
    return { status: 301, headers: { 'Content-Type': 'text/html; charset=UTF-8', ...robots, 'X-Redirect-By': 'WordPress', Location: location }, body: '' };
  }
  const events = requestedEvents(ctx, request);
  if (!events) return { status: 404, headers: { 'Content-Type': 'text/html; charset=UTF-8', ...robots }, body: '' };
  if (!events.length) return { status: 200, headers: { 'Content-Type': 'text/html; charset=UTF-8', ...robots }, body: '' };
  // One VTIMEZONE per zone used: a timed event's own, the site's for an all-day event.
  const years = new Map<string, number[]>();
  for (const event of events) {
    const zone = event.fields.allDay ? ctx.site.timezone : event.fields.timezone;
    const list = years.get(zone) ?? [];
    list.push(Number(event.fields.start.slice(0, 4)), Number(event.fields.end.slice(0, 4)));
    years.set(zone, list);
  }
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${SITE_NAME} - ECPv6.17.1//NONSGML v1.0//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(request.outlook ? [] : [`X-WR-CALNAME:${SITE_NAME}`]),
    `X-ORIGINAL-URL:${ctx.site.baseUrl}`,
    `X-WR-CALDESC:Events for ${SITE_NAME}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-Robots-Tag:noindex',
    'X-PUBLISHED-TTL:PT1H',
    ...[...years].filter(([zone]) => zone !== 'UTC').flatMap(([zone, spanned]) => timezoneLines(zone, spanned)),
    ...events.flatMap((event) => eventLines(ctx, event)),
    'END:VCALENDAR',
  ];
  const headers: Record<string, string> = {
    'Content-Type': 'text/calendar; charset=UTF-8',
    'Content-Disposition': `attachment; filename="calendar-sandbox-${ctx.now.getTime().toString(16).slice(-11)}.ics"`,
    ...robots,
  };
  return { status: 200, headers, body: lines.join('\r\n') };
}
