/**
 * Event create and update. An update REPLACES, as on the real server: left-out booleans
 * turn false, cost and website are cleared, organizers and image removed, the status
 * republished, and the timezone label reset without recomputing the UTC times.
 */
import { afterUpdate } from '../common/revisions.js';
import { createDropsCost } from '../../wordpress/cost.js';
import { dayEdge } from '../../wordpress/dates.js';
import { resources } from '../../spec/resources.js';
import { nowLocalWall, nowUtcWall, type RequestContext } from '../common/context.js';
import { parseDateInput } from '../common/dates.js';
import { SiteError, type ParamProblems } from '../common/errors.js';
import { checkWritableFields, insertedModifiedUtc, postMeta, publishSlug, stampGuid, TRASH_SUFFIX } from '../common/post-fields.js';
import { setVariant, translatableFields } from '../common/i18n.js';
import { createLinked } from '../linked/write.js';
import { asList, findTerm, parseBoolean, type Params } from '../common/params.js';
import type { EventFields, EventRecord, Taxonomy } from '../store/store.js';
import { convertWallClock, isValidTimeZone, utcMsToZoned } from '../../base/time.js';
import { slugFromName } from '../../wordpress/slugs.js';
import { termName } from '../../wordpress/text.js';
import { uniqueTermSlug } from '../terms/write.js';
import { storedKey } from '../store/kinds.js';
import { conversionZone } from './utc-offset-zones.js';

type EventFlag = 'allDay' | 'showMap' | 'showMapLink' | 'hideFromListings' | 'sticky' | 'featured';

/** The event's boolean fields: wire name and stored key. */
const FLAGS = resources.events.fields.filter((field) => field.type === 'boolean').map((field) => [field.name, storedKey(field.name) as EventFlag] as const);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isIdLike = (value: unknown) => (typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && /^\d+$/.test(value.trim()));

function checkVenue(ctx: RequestContext, value: unknown, problems: ParamProblems): void {
  if (value === undefined || value === null || value === '' || value === false || Array.isArray(value)) return;
  if (isIdLike(value)) {
    if (Number(value) !== 0 && !ctx.store.postOfType(Number(value), 'venue')) problems.invalid('venue');
    return;
  }
  if (isObject(value)) {
    // An empty `id` (`{"id": 0}`) is no reference: the plugin tries to create a venue from the object, and fails.
    if (value.id && !ctx.store.postOfType(Number(value.id), 'venue')) problems.invalid('venue');
    return;
  }
  problems.invalid('venue');
}

function checkOrganizer(ctx: RequestContext, value: unknown, problems: ParamProblems): void {
  if (value === undefined || value === null || value === '') return;
  const exists = (id: unknown) => ctx.store.postOfType(Number(id), 'organizer') !== undefined;
  if (isIdLike(value)) {
    if (!exists(value)) problems.invalid('organizer');
    return;
  }
  if (typeof value === 'string') {
    if (!/^[\d\s,]+$/.test(value)) problems.invalid('organizer');
    return;
  }
  const entries = Array.isArray(value) ? value : [value];
  for (const entry of entries) {
    if (isIdLike(entry) ? !exists(entry) : isObject(entry) ? 'id' in entry && !exists(entry.id) : true) problems.invalid('organizer');
  }
}

/** Checks an event write completely; validation runs before the permission check. */
export function checkEventWrite(ctx: RequestContext, params: Params, create: boolean): ParamProblems {
  const problems = checkWritableFields(ctx, 'events', params, create);
  checkVenue(ctx, params.venue, problems);
  checkOrganizer(ctx, params.organizer, problems);
  return problems;
}

function resolveVenue(ctx: RequestContext, value: unknown, current: number | null): number | null {
  if (value === undefined || value === null || value === '' || value === 0 || value === '0') return current;
  if (Array.isArray(value)) {
    if (value.length === 0) return current;
    throw new SiteError(400, 'could-not-create-venue', 'The venue could not be created from the provided data');
  }
  if (isIdLike(value)) return Number(value);
  if (isObject(value)) {
    if (value.id) return Number(value.id);
    if (typeof value.venue !== 'string' || !value.venue)
      throw new SiteError(400, 'could-not-create-venue', 'The venue could not be created from the provided data');
    return createLinked(ctx, 'venues', value).id;
  }
  return current;
}

function resolveOrganizers(ctx: RequestContext, value: unknown): number[] {
  const fail = () => new SiteError(400, 'could-not-create-organizer', 'The organizer could not be created from the provided data');
  if (value === undefined || value === null || value === '') return [];
  if (isIdLike(value)) return [Number(value)];
  if (typeof value === 'string') throw fail();
  if (isObject(value)) {
    if ('id' in value) return [Number(value.id)];
    throw fail();
  }
  const ids: number[] = [];
  for (const entry of value as unknown[]) {
    if (isIdLike(entry)) ids.push(Number(entry));
    else if (isObject(entry) && 'id' in entry) ids.push(Number(entry.id));
    else if (isObject(entry) && typeof entry.organizer === 'string' && entry.organizer) ids.push(createLinked(ctx, 'organizers', entry).id);
    else throw fail();
  }
  return [...new Set(ids)];
}

/**
 * The categories and tags an event write names, created when missing: the plugin does this while
 * preparing the write, before it looks the event up (so even a write that finds no event creates them).
 */
export function createNamedTerms(ctx: RequestContext, params: Params): void {
  if (params.categories !== undefined) resolveTerms(ctx, 'categories', params.categories);
  if (params.tags !== undefined) resolveTerms(ctx, 'tags', params.tags);
}

/** Term IDs from IDs, names or slugs. Categories by name resolve or get created; tags by existing name get a junk tag. */
function resolveTerms(ctx: RequestContext, taxonomy: Taxonomy, value: unknown): number[] {
  const ids: number[] = [];
  for (const ref of asList(value)) {
    if (/^\d+$/.test(ref)) {
      if (ctx.store.term(Number(ref), taxonomy)) ids.push(Number(ref));
      continue; // unknown numeric IDs are dropped silently
    }
    const existing = findTerm(ctx, taxonomy, ref);
    if (existing && taxonomy === 'categories') {
      ids.push(existing.id);
    } else if (existing) {
      const junkName = String(existing.id);
      const junk = ctx.store.terms('tags').find((term) => term.name === junkName);
      ids.push(
        (junk ?? ctx.store.addTerm({ taxonomy, name: junkName, slug: uniqueTermSlug(ctx, taxonomy, slugFromName(junkName)), description: '', parent: 0 })).id,
      );
    } else {
      ids.push(ctx.store.addTerm({ taxonomy, name: termName(ref), slug: uniqueTermSlug(ctx, taxonomy, slugFromName(ref)), description: '', parent: 0 }).id);
    }
  }
  return [...new Set(ids)];
}

/** Relative dates (`+1 month`, `tomorrow 10am`) are read against the clock of the event's own timezone. */
function nowIn(ctx: RequestContext, zone: string): string {
  return isValidTimeZone(zone) ? utcMsToZoned(ctx.now.getTime(), zone) : nowLocalWall(ctx);
}

function eventDates(ctx: RequestContext, params: Params, zone: string, allDay: boolean) {
  const localNow = nowIn(ctx, zone);
  let start = parseDateInput(String(params.start_date), localNow)!.wall;
  let end = parseDateInput(String(params.end_date), localNow)!.wall;
  if (allDay) {
    start = dayEdge(start, 'start');
    end = dayEdge(end, 'end');
  }
  const utcStart = convertWallClock(start, conversionZone(zone), 'UTC');
  const utcEnd = convertWallClock(end, conversionZone(zone), 'UTC');
  if (!allDay) {
    // A time the clocks skip is stored as the time it lands on (02:30 becomes 03:30), as the real
    // site stored it; any other time reads back as sent.
    start = convertWallClock(utcStart, 'UTC', conversionZone(zone));
    end = convertWallClock(utcEnd, 'UTC', conversionZone(zone));
  }
  const backwards = end < start;
  // `undefined` rather than a deleted key: deleting turns the record into a slow dictionary object.
  return { start, end: backwards ? start : end, utcStart, utcEnd, backwards: backwards || undefined, listedStart: undefined };
}

/**
 * An all-day update without both dates: the date sent (or the one stored) moves to its day's
 * edge, the start to 00:00:00 and the end to 23:59:59, and both UTC times are recomputed in the
 * event's zone.
 */
function moveAllDayEdges(ctx: RequestContext, f: EventFields, params: Params, zone: string): void {
  const localNow = nowIn(ctx, zone);
  if (params.start_date !== undefined) f.start = parseDateInput(String(params.start_date), localNow)!.wall;
  if (params.end_date !== undefined) f.end = parseDateInput(String(params.end_date), localNow)!.wall;
  f.start = dayEdge(f.start, 'start');
  f.end = dayEdge(f.end, 'end');
  f.utcStart = convertWallClock(f.start, conversionZone(zone), 'UTC');
  f.utcEnd = convertWallClock(f.end, conversionZone(zone), 'UTC');
}

function applyText(ctx: RequestContext, event: EventRecord, params: Params, creating: boolean): void {
  const translated = translatableFields('events');
  for (const name of ['title', 'description', 'excerpt'] as const) {
    const value = params[name];
    if (typeof value !== 'string') continue;
    // Stored as typed (rendered on output); WordPress trims a title only.
    const filtered = name === 'title' ? value.trim() : value;
    if (ctx.language && translated.has(name)) {
      setVariant(event, ctx.language, name, filtered);
      if (!creating) continue;
    }
    event.fields[name] = filtered;
  }
}

export function createEvent(ctx: RequestContext, params: Params): EventRecord {
  const zone = typeof params.timezone === 'string' && params.timezone ? params.timezone : ctx.site.timezone;
  const allDay = parseBoolean(params.all_day) ?? false;
  const dates = eventDates(ctx, params, zone, allDay);
  const venue = resolveVenue(ctx, params.venue, null);
  const organizers = resolveOrganizers(ctx, params.organizer);
  const fields: EventFields = {
    title: '',
    description: '',
    excerpt: '',
    ...dates,
    timezone: zone,
    allDay,
    image: typeof params.image === 'string' && params.image ? params.image : null,
    cost: createDropsCost(params.cost) ? '' : (params.cost ?? ''),
    website: typeof params.website === 'string' && params.website !== '' ? params.website : null,
    showMap: false,
    showMapLink: false,
    hideFromListings: false,
    sticky: false,
    featured: false,
    categories: resolveTerms(ctx, 'categories', params.categories),
    tags: resolveTerms(ctx, 'tags', params.tags),
    venue,
    organizers,
  };
  for (const [wire, key] of FLAGS) if (params[wire] !== undefined) fields[key] = parseBoolean(params[wire])!;
  const meta = postMeta(ctx, params);
  const event = ctx.store.addPost({ type: 'event', ...meta, modifiedUtc: insertedModifiedUtc(meta), slug: '', fields }) as EventRecord;
  applyText(ctx, event, params, true);
  publishSlug(ctx, event, params.slug);
  stampGuid(event);
  // The plugin saves a sticky event a second time (to put it first in calendar views), which
  // stamps the modification time, even on a draft or a post dated in the past, and publishes
  // the drafts it is now linked to.
  if (fields.sticky) {
    event.modifiedUtc = nowUtcWall(ctx);
    afterUpdate(ctx.store, event);
    publishLinkedDrafts(ctx, event, linkedTo(event));
  }
  ctx.store.changed(event);
  return event;
}

/**
 * When a published event is saved, the plugin publishes the draft venue and organizers it is
 * linked to as the save begins: for a write's first save those linked before the write, for
 * the second save of a sticky change those linked now (status only: their dates stay those of
 * a draft). A trashed one is published too, its slug keeping `__trashed` (an event restored
 * from the trash brings its trashed venue back so).
 */
export function publishLinkedDrafts(ctx: RequestContext, event: EventRecord, linked: number[]): void {
  if (event.status !== 'publish') return;
  for (const id of linked) {
    const post = ctx.store.post(id);
    if (!post || (post.status !== 'draft' && post.status !== 'pending' && post.status !== 'trash')) continue;
    post.status = 'publish';
    ctx.store.changed(post);
  }
}

export function linkedTo(event: EventRecord): number[] {
  return [...(event.fields.venue !== null ? [event.fields.venue] : []), ...event.fields.organizers];
}

export function updateEvent(ctx: RequestContext, event: EventRecord, params: Params): void {
  const f = event.fields;
  const linkedBefore = linkedTo(event);
  const stickyBefore = f.sticky;
  const listedBefore = f.listedStart ?? f.start;
  const meta = postMeta(ctx, params, { author: event.author });
  const wasTrashed = event.status === 'trash';
  Object.assign(event, meta);
  // Leaving the trash puts back the slug the post had before it; a draft had none, and keeps `__trashed`.
  if (wasTrashed && event.slug.endsWith(TRASH_SUFFIX) && event.slug !== TRASH_SUFFIX) event.slug = event.slug.slice(0, -TRASH_SUFFIX.length);
  const zoneGiven = typeof params.timezone === 'string' && params.timezone !== '';
  const zone = zoneGiven ? String(params.timezone) : ctx.site.timezone;
  const allDay = parseBoolean(params.all_day) ?? false;
  if (params.start_date !== undefined && params.end_date !== undefined) {
    const dates = eventDates(ctx, params, zone, allDay);
    Object.assign(f, dates);
    delete f.duration;
    delete f.abbreviatedAt;
  } else if (allDay) {
    moveAllDayEdges(ctx, f, params, zone);
  }
  // Without both dates the timezone, given or not, changes only the label: the UTC times stay.
  f.timezone = zone;
  // The plugin rewrites the occurrence lists read only when the stored end is not before the
  // start; otherwise lists keep sorting and filtering by the start it had.
  f.listedStart = f.end < f.start ? listedBefore : undefined;
  for (const [wire, key] of FLAGS) f[key] = parseBoolean(params[wire]) ?? false;
  f.cost = params.cost ?? '';
  ctx.store.setExtra(event.id, 'currencyCost', undefined);
  f.website = typeof params.website === 'string' ? params.website : '';
  f.image = typeof params.image === 'string' && params.image ? params.image : null;
  f.venue = resolveVenue(ctx, params.venue, f.venue);
  f.organizers = resolveOrganizers(ctx, params.organizer);
  if (params.categories !== undefined) f.categories = resolveTerms(ctx, 'categories', params.categories);
  if (params.tags !== undefined) f.tags = resolveTerms(ctx, 'tags', params.tags);
  applyText(ctx, event, params, false);
  publishSlug(ctx, event, params.slug);
  event.modifiedUtc = nowUtcWall(ctx);
  afterUpdate(ctx.store, event);
  publishLinkedDrafts(ctx, event, linkedBefore);
  // Making an event sticky or not saves it a second time, with its new links.
  if (f.sticky !== stickyBefore) publishLinkedDrafts(ctx, event, linkedTo(event));
  ctx.store.changed(event);
}
