/**
 * `PATCH`/`PUT /tec/v1/{events|venues|organizers}/{id}`: a partial update. Fields the body
 * leaves out are kept, but for what the route changes on its own (src/wordpress/write-routes.ts:
 * an event loses `sticky` unless it is sent, and its map settings are switched on).
 */
import { nowLocalWall, nowUtcWall, type RequestContext } from '../common/context.js';
import { publishSlug, stampGuid } from '../common/post-fields.js';
import { postTexts, afterUpdate } from '../common/revisions.js';
import { durationSeconds } from './json.js';
import { linkedTo, publishLinkedDrafts } from '../events/write.js';
import { parseDateInput } from '../common/dates.js';
import { isPositiveInteger, parseBoolean, type Params } from '../common/params.js';
import type { EventFields, EventRecord, LinkedFields, PostRecord } from '../store/store.js';
import { isLinkedResource, POST_TYPE, storedKey, SWITCHES, type PostResource } from '../store/kinds.js';
import { convertWallClock, isValidTimeZone } from '../../base/time.js';
import { TEC_FIELD, WRITE_ROUTES } from '../../wordpress/write-routes.js';
import { resources } from '../../spec/resources.js';
import { sanitizeTextField } from '../../wordpress/text.js';

/** The tribe/events/v1 name of each tec/v1 body field, by resource. */
const TRIBE_NAME = Object.fromEntries(
  Object.entries(TEC_FIELD).map(([resource, names]) => [resource, Object.fromEntries(Object.entries(names).map(([tribe, tec]) => [tec, tribe]))]),
) as Record<PostResource, Record<string, string>>;

/** IDs of posts of one type among those sent (checked positive integers by validate.ts); others are left out. */
function postIds(ctx: RequestContext, value: unknown[], type: 'venue' | 'organizer'): number[] {
  return [...new Set(value.map(Number))].filter((id) => ctx.store.postOfType(id, type));
}

function termIds(ctx: RequestContext, value: unknown[], taxonomy: 'categories' | 'tags'): number[] {
  return [...new Set(value.map(Number))].filter((id) => ctx.store.term(id, taxonomy));
}

/** The tec/v1 names of the post's own texts, all stored through sanitize_text_field: markup and line breaks are lost. */
const TEXT_FIELDS = new Set(['title', 'content', 'excerpt']);

const storedText = (value: unknown) => sanitizeTextField(value === null ? '' : String(value));

/** PHP's cast of a flag: false for `false`, 0, "0", "" and "false"; true for anything else ("maybe" too). */
const flag = (value: unknown) => parseBoolean(value) ?? (value !== '' && value !== null && value !== 0);

function patchEvent(ctx: RequestContext, event: EventRecord, body: Params): void {
  const f: EventFields = event.fields;
  const wasAllDay = f.allDay;
  const sent = new Set<string>();
  for (const [name, value] of Object.entries(body)) {
    const field = TRIBE_NAME.events[name];
    if (!field || value === undefined) continue;
    sent.add(field);
    switch (field) {
      case 'title':
      case 'description':
      case 'excerpt':
        f[field] = storedText(value);
        break;
      case 'cost':
        if (!('currencyCost' in ctx.store.extrasOf(event.id))) ctx.store.setExtra(event.id, 'currencyCost', f.cost);
        f.cost = value === null ? '' : String(value);
        break;
      case 'featured':
        // Only turned on: `false` leaves a featured event featured.
        if (flag(value)) f.featured = true;
        break;
      case 'sticky':
      case 'all_day':
        f[storedKey(field) as 'featured' | 'sticky' | 'allDay'] = flag(value);
        break;
      case 'organizer': {
        const ids = postIds(ctx, value as unknown[], 'organizer');
        // Only unknown IDs: the organizers stay.
        if (ids.length || !(value as unknown[]).length) f.organizers = ids;
        break;
      }
      case 'venue': {
        // An empty list, or one of unknown IDs, keeps the venue.
        const ids = postIds(ctx, value as unknown[], 'venue');
        if (ids.length) f.venue = ids[0];
        break;
      }
      case 'categories':
      case 'tags':
        f[field] = termIds(ctx, value as unknown[], field);
        break;
    }
  }
  const datesWritten = patchEventDates(ctx, f, body) || (f.allDay && !wasAllDay);
  // The zone's abbreviation is worked out for the start when the dates are written (turning an
  // event all-day writes them), else for the time of the write.
  if (datesWritten) delete f.abbreviatedAt;
  else f.abbreviatedAt = nowUtcWall(ctx);
  const rules = WRITE_ROUTES.tec.events;
  for (const field of rules.wipes) if (!sent.has(field)) applyEventValue(f, field, false);
  for (const [field, value] of Object.entries(rules.forces)) applyEventValue(f, field, value);
}

/**
 * The dates change when both are sent, the end when it is sent alone (the stored duration then
 * stays what it was); a start alone is ignored. The zone alone relabels the wall-clock times. An
 * all-day event runs from 00:00:00 to 23:59:59 of its days.
 */
function patchEventDates(ctx: RequestContext, f: EventFields, body: Params): boolean {
  // A zone the site does not know is stored as UTC (the wall-clock times stay).
  const zone = typeof body.timezone === 'string' ? (isValidTimeZone(body.timezone) ? body.timezone : 'UTC') : f.timezone;
  const localNow = nowLocalWall(ctx);
  const wall = (value: unknown) => (typeof value === 'string' ? parseDateInput(value, localNow)?.wall : undefined);
  const [start, end] = [wall(body.start_date), wall(body.end_date)];
  // Both dates with the end before the start are ignored, both.
  const bothDates = start !== undefined && end !== undefined && end >= start;
  const endAlone = start === undefined && end !== undefined;
  if (body.timezone === undefined && !bothDates && !endAlone && !f.allDay) return false;
  // The duration the plugin stores is rewritten only with the dates: an all-day switch keeps it.
  if (!bothDates) f.duration ??= durationSeconds(f);
  else delete f.duration;
  if (bothDates) f.start = start;
  if (bothDates || endAlone) f.end = end!;
  if (f.allDay) {
    f.start = `${f.start.slice(0, 10)} 00:00:00`;
    f.end = `${f.end.slice(0, 10)} 23:59:59`;
  }
  f.timezone = zone;
  f.utcStart = convertWallClock(f.start, zone, 'UTC');
  f.utcEnd = convertWallClock(f.end, zone, 'UTC');
  // Written: both dates or the end (the zone alone relabels them).
  return bothDates || endAlone;
}

/** A wiped or forced flag of the route rules, onto the stored event. */
function applyEventValue(f: EventFields, field: string, value: unknown): void {
  const key = storedKey(field) as keyof EventFields;
  if (typeof f[key] === 'boolean') (f as unknown as Record<string, unknown>)[key] = Boolean(value);
}

function patchLinked(resource: 'venues' | 'organizers', post: PostRecord, body: Params): void {
  const fields = post.fields as LinkedFields;
  for (const [name, value] of Object.entries(body)) {
    const field = TRIBE_NAME[resource][name];
    if (!field || value === undefined || POST_COLUMNS.has(field)) continue;
    const text = value === null ? '' : String(value);
    const sanitized = TEXT_FIELDS.has(name) || resources[resource].fields.some((f) => f.name === field && f.sanitized);
    fields[field] = sanitized ? sanitizeTextField(text) : text;
  }
}

/** The post's own columns, set by the write whatever the resource: status, slug, author, publication date. */
const POST_COLUMNS = new Set(['status', 'slug', 'date', 'author']);

/**
 * The status sent, else `publish`: a write that does not send it publishes a draft, a pending
 * or a private post. A post published for the first time is dated now and gets its slug. The
 * publication date sent is stored as the local and the UTC date alike (`date_gmt` equals `date`).
 */
function patchPostColumns(ctx: RequestContext, post: PostRecord, body: Params): void {
  if (isPositiveInteger(body.author)) post.author = Number(body.author);
  post.status = typeof body.status === 'string' ? body.status : 'publish';
  const date =
    typeof body.date === 'string'
      ? parseDateInput(body.date.replace(/[Tt]/, ' ').replace(/(?:\.\d+)?(?:Z|[+-]\d\d(?::?\d\d)?)$/, ''), nowLocalWall(ctx))
      : null;
  if (date) {
    post.date = date.wall;
    post.dateUtc = date.wall;
  } else if (post.dateUtc === null && post.status !== 'draft' && post.status !== 'pending') {
    post.date = nowLocalWall(ctx);
    post.dateUtc = nowUtcWall(ctx);
  }
  // An empty slug is made again from the title.
  publishSlug(ctx, post, body.slug === '' ? postTexts(post).title : body.slug);
}

/** Applies a tec/v1 update to a stored post (the body checked by validate.ts). */
export function patchPost(ctx: RequestContext, resource: PostResource, post: PostRecord, body: Params): void {
  if (isLinkedResource(resource)) patchLinked(resource, post, body);
  else patchEvent(ctx, post as EventRecord, body);
  patchPostColumns(ctx, post, body);
  post.modifiedUtc = nowUtcWall(ctx);
  if (post.type === 'event') publishLinkedDrafts(ctx, post as EventRecord, linkedTo(post as EventRecord));
  afterUpdate(ctx.store, post);
  ctx.store.changed(post);
}

/** A new event (from 00:00 to 00:00 until the body's dates are applied), venue or organizer, empty, published now. */
function blankPost(ctx: RequestContext, resource: PostResource): PostRecord {
  const now = { date: nowLocalWall(ctx), dateUtc: nowUtcWall(ctx), modifiedUtc: nowUtcWall(ctx) };
  const head = { status: 'publish', author: ctx.user?.id ?? 1, slug: '', ...now };
  if (isLinkedResource(resource)) {
    const fields: LinkedFields = Object.fromEntries(SWITCHES[resource].map((name) => [storedKey(name), true]));
    return ctx.store.addPost({ type: POST_TYPE[resource], ...head, fields: { [resources[resource].nameField]: '', ...fields } });
  }
  const fields: EventFields = {
    ...{ title: '', description: '', excerpt: '', start: '', end: '', utcStart: '', utcEnd: '', timezone: ctx.site.timezone },
    ...{ allDay: false, image: null, cost: '', website: null, showMap: true, showMapLink: true, hideFromListings: false },
    ...{ sticky: false, featured: false, categories: [], tags: [], venue: null, organizers: [] },
  };
  const event = ctx.store.addPost({ type: 'event', ...head, fields });
  ctx.store.setExtra(event.id, 'currencyCost', ''); // created without a currency
  return event;
}

/**
 * `POST /tec/v1/{events|venues|organizers}`: the body as an update of a new post (published
 * unless it says otherwise). An event needs both dates: without them nothing is created and
 * the answer is a 500 `{"error": "Failed to create entity."}` (no WordPress error shape).
 */
export function createTecPost(ctx: RequestContext, resource: PostResource, body: Params): PostRecord | null {
  if (resource === 'events' && (typeof body.start_date !== 'string' || typeof body.end_date !== 'string')) return null;
  const post = blankPost(ctx, resource);
  if (isLinkedResource(resource)) patchLinked(resource, post, body);
  else patchEvent(ctx, post as EventRecord, body);
  patchPostColumns(ctx, post, body);
  stampGuid(post);
  ctx.store.changed(post);
  return post;
}
