/**
 * `PATCH`/`PUT /tec/v1/{events|venues|organizers}/{id}`: a partial update. Fields the body
 * leaves out are kept, but for what the route changes on its own (src/wordpress/write-routes.ts:
 * an event loses `sticky` unless it is sent, and its map settings are switched on).
 */
import { saveRevision } from '../common/revisions.js';
import { nowLocalWall, nowUtcWall, type RequestContext } from '../common/context.js';
import { parseDateInput } from '../common/dates.js';
import { SiteError } from '../common/errors.js';
import { isPositiveInteger, parseBoolean, type Params } from '../common/params.js';
import type { EventFields, EventRecord, LinkedFields, PostRecord } from '../store/store.js';
import { isLinkedResource, storedKey, type PostResource } from '../store/kinds.js';
import { convertWallClock, isValidTimeZone } from '../../base/time.js';
import { TEC_FIELD, WRITE_ROUTES } from '../../wordpress/write-routes.js';
import { resources } from '../../spec/resources.js';
import { sanitizeTextField } from '../../wordpress/text.js';
import { takesUrl } from '../../wordpress/urls.js';

/** The tribe/events/v1 name of each tec/v1 body field, by resource. */
const TRIBE_NAME = Object.fromEntries(
  Object.entries(TEC_FIELD).map(([resource, names]) => [resource, Object.fromEntries(Object.entries(names).map(([tribe, tec]) => [tec, tribe]))]),
) as Record<PostResource, Record<string, string>>;

/** tec/v1's 400 for a parameter its check refuses: `code` and the sentence ending "must be …" / "is not …". */
function invalidArgument(param: string, argument: string, code: string, kind: string): SiteError {
  const message = `Argument \`{${argument}}\` must be ${kind}.`;
  return new SiteError(400, 'rest_invalid_param', `Invalid parameter(s): ${param}`, {
    params: { [param]: message },
    details: { [param]: { code, message, data: { status: 400, argument, details: `The argument \`{${argument}}\` is not ${kind}.` } } },
  });
}

const invalidIds = (param: string) => invalidArgument(param, 'example', 'tec_rest_invalid_positive_integer_argument', 'a positive integer');

/** A URL field of the body that PHP's URL check fails (an empty one too, unlike the tribe routes): 400, nothing changed. */
function refuseBadUrls(resource: PostResource, body: Params): void {
  for (const [name, value] of Object.entries(body)) {
    const field = resources[resource].fields.find((f) => f.name === TRIBE_NAME[resource][name]);
    if (field?.type !== 'url' || value === undefined || takesUrl(String(value ?? ''))) continue;
    throw invalidArgument(name, name, 'tec_rest_invalid_uri_argument', 'a valid URL');
  }
}

/** A list of IDs of posts of one type; a non-positive or unknown ID is refused. */
function postIds(ctx: RequestContext, param: string, value: unknown, type: 'venue' | 'organizer'): number[] {
  const list = Array.isArray(value) ? value : [value];
  if (!list.every(isPositiveInteger)) throw invalidIds(param);
  const ids = [...new Set(list.map(Number))];
  if (ids.some((id) => !ctx.store.postOfType(id, type))) throw invalidIds(param);
  return ids;
}

function termIds(ctx: RequestContext, param: string, value: unknown, taxonomy: 'categories' | 'tags'): number[] {
  const list = Array.isArray(value) ? value : [value];
  if (!list.every(isPositiveInteger)) throw invalidIds(param);
  return [...new Set(list.map(Number))].filter((id) => ctx.store.term(id, taxonomy));
}

function patchEvent(ctx: RequestContext, event: EventRecord, body: Params): void {
  const f: EventFields = event.fields;
  const sent = new Set<string>();
  const zone = typeof body.timezone === 'string' && isValidTimeZone(body.timezone) ? body.timezone : f.timezone;
  for (const [name, value] of Object.entries(body)) {
    const field = TRIBE_NAME.events[name];
    if (!field || value === undefined) continue;
    sent.add(field);
    switch (field) {
      case 'title':
        f.title = String(value).trim();
        break;
      case 'description':
      case 'excerpt':
        f[field] = String(value);
        break;
      case 'cost':
        f.cost = value === null ? '' : String(value);
        break;
      case 'featured':
      case 'sticky':
      case 'all_day':
        f[storedKey(field) as 'featured' | 'sticky' | 'allDay'] = parseBoolean(value) ?? false;
        break;
      case 'organizer':
        f.organizers = value === null ? f.organizers : postIds(ctx, name, value, 'organizer');
        break;
      case 'venue': {
        // An empty list keeps the venue, as on the real site.
        const ids = value === null ? [] : postIds(ctx, name, value, 'venue');
        if (ids.length) f.venue = ids[0];
        break;
      }
      case 'categories':
      case 'tags':
        f[field] = termIds(ctx, name, value, field);
        break;
      case 'slug':
        if (typeof value === 'string' && value) event.slug = value;
        break;
      case 'status':
        if (typeof value === 'string' && value) event.status = value;
        break;
    }
  }
  if (body.timezone !== undefined || body.start_date !== undefined || body.end_date !== undefined) {
    const localNow = nowLocalWall(ctx);
    const start = typeof body.start_date === 'string' ? parseDateInput(body.start_date, localNow)?.wall : undefined;
    const end = typeof body.end_date === 'string' ? parseDateInput(body.end_date, localNow)?.wall : undefined;
    f.timezone = zone;
    f.start = start ?? f.start;
    f.end = end ?? f.end;
    f.utcStart = convertWallClock(f.start, zone, 'UTC');
    f.utcEnd = convertWallClock(f.end, zone, 'UTC');
  }
  const rules = WRITE_ROUTES.tec.events;
  for (const field of rules.wipes) if (!sent.has(field)) applyEventValue(f, field, false);
  for (const [field, value] of Object.entries(rules.forces)) applyEventValue(f, field, value);
}

/** A wiped or forced flag of the route rules, onto the stored event. */
function applyEventValue(f: EventFields, field: string, value: unknown): void {
  const key = storedKey(field) as keyof EventFields;
  if (typeof f[key] === 'boolean') (f as unknown as Record<string, unknown>)[key] = Boolean(value);
}

function patchLinked(resource: 'venues' | 'organizers', post: PostRecord, body: Params): void {
  const fields = post.fields as LinkedFields;
  const nameField = resources[resource].nameField;
  for (const [name, value] of Object.entries(body)) {
    const field = TRIBE_NAME[resource][name];
    if (!field || value === undefined || field === 'status' || field === 'slug' || field === 'date' || field === 'author') continue;
    const text = value === null ? '' : String(value);
    const sanitized = resources[resource].fields.some((f) => f.name === field && f.sanitized);
    fields[field] = field === nameField ? text.trim() : sanitized ? sanitizeTextField(text) : text;
  }
  if (typeof body.status === 'string' && body.status) post.status = body.status;
  if (typeof body.slug === 'string' && body.slug) post.slug = body.slug;
}

/** The post's own author and publication date (`date` in site time, ISO or with a space). */
function patchPostColumns(ctx: RequestContext, post: PostRecord, body: Params): void {
  if (isPositiveInteger(body.author)) post.author = Number(body.author);
  const date = typeof body.date === 'string' ? parseDateInput(body.date.replace('T', ' ').replace(/(?:Z|[+-]\d\d:?\d\d)$/, ''), nowLocalWall(ctx)) : null;
  if (date) {
    post.date = date.wall;
    post.dateUtc = convertWallClock(date.wall, ctx.site.timezone, 'UTC');
  }
}

/** Applies a tec/v1 update to a stored post. */
export function patchPost(ctx: RequestContext, resource: PostResource, post: PostRecord, body: Params): void {
  refuseBadUrls(resource, body);
  if (isLinkedResource(resource)) patchLinked(resource, post, body);
  else patchEvent(ctx, post as EventRecord, body);
  patchPostColumns(ctx, post, body);
  post.modifiedUtc = nowUtcWall(ctx);
  saveRevision(ctx.store, post);
  ctx.store.changed(post);
}
