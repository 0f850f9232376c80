/**
 * Records as the plugin's newer API (`tec/v1`) shows them: WordPress core's post shape (raw
 * and rendered title, content and excerpt with `context=edit`) plus the calendar's own
 * fields, in the real 6.17.1 site's key order (test/fixtures/lossless/tec-*.json).
 */
import type { RequestContext } from '../common/context.js';
import { corePostJson } from '../core/json.js';
import { escapeAmpersands, escapeAngles, escUrlAmpersands } from '../common/post-json.js';
import { renderTitle } from '../common/render.js';
import { formatCost } from '../../wordpress/cost.js';
import type { EventFields, EventRecord, LinkedFields, PostRecord } from '../store/store.js';
import { nowLocalWall } from '../common/context.js';
import { convertWallClock } from '../../base/time.js';

type Json = Record<string, unknown>;

const WP_TYPE = { event: 'tribe_events', venue: 'tribe_venue', organizer: 'tribe_organizer' } as const;

/** The core record without what tec/v1 leaves out: `meta`, links, and for venues and organizers the slug templates. */
function postHead(ctx: RequestContext, post: PostRecord, edit: boolean): Json {
  const { meta: _meta, permalink_template, generated_slug, class_list, ...head } = corePostJson(ctx, post, WP_TYPE[post.type], { edit });
  if (post.type !== 'event') return head;
  const { tags, tribe_events_cat, ...rest } = head;
  const out: Json = { ...rest, tags, tribe_events_cat };
  if (edit) Object.assign(out, { permalink_template, generated_slug });
  out.class_list = class_list;
  return out;
}

/** The event's length in seconds, from its dates. */
export function durationSeconds(f: EventFields): number {
  return (Date.parse(`${f.utcEnd.replace(' ', 'T')}Z`) - Date.parse(`${f.utcStart.replace(' ', 'T')}Z`)) / 1000;
}

/** `multiday`: false for an event within one day, else the number of days it touches (`4` for the 3rd to the 6th). */
function daysSpanned(f: EventFields): number | false {
  const day = (wall: string) => Date.parse(`${wall.slice(0, 10)}T00:00:00Z`) / 86_400_000;
  const days = day(f.end) - day(f.start) + 1;
  return days > 1 ? days : false;
}

/** A PHP DateTime as json_encode writes it. */
const phpDate = (wall: string, timezone: string) => ({ date: `${wall}.000000`, timezone_type: 3, timezone });

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function timeOfDay(wall: string): string {
  const hour = Number(wall.slice(11, 13));
  return `${hour % 12 || 12}:${wall.slice(14, 16)} ${hour < 12 ? 'am' : 'pm'}`;
}

/** The plugin's schedule text, for the site's default date and time formats: a date of the current year without its year. */
function scheduleDetails(event: EventRecord, short: boolean, thisYear: string): string {
  const dayOf = (wall: string) =>
    `${MONTHS[Number(wall.slice(5, 7)) - 1]} ${Number(wall.slice(8, 10))}${wall.startsWith(thisYear) ? '' : `, ${wall.slice(0, 4)}`}`;
  const f = event.fields;
  const sameDay = f.start.slice(0, 10) === f.end.slice(0, 10);
  if (f.allDay && sameDay && short) return 'All day';
  if (f.allDay)
    return `<span class="tribe-event-date-start">${dayOf(f.start)}</span>${sameDay ? '' : ` - <span class="tribe-event-date-end">${dayOf(f.end)}</span>`}`;
  if (!sameDay)
    return (
      `<span class="tribe-event-date-start">${dayOf(f.start)} @ ${timeOfDay(f.start)}</span> - <span ` +
      `class="tribe-event-date-end">${dayOf(f.end)} @ ${timeOfDay(f.end)}</span>`
    );
  const start = short ? timeOfDay(f.start) : `${dayOf(f.start)} @ ${timeOfDay(f.start)}`;
  return `<span class="tribe-event-date-start">${start}</span> - <span class="tribe-event-time">${timeOfDay(f.end)}</span>`;
}

function eventFields(ctx: RequestContext, event: EventRecord, edit: boolean): Json {
  const f = event.fields;
  const site = ctx.site.timezone;
  const now = nowLocalWall(ctx);
  const startSite = convertWallClock(f.utcStart, 'UTC', site);
  const endSite = convertWallClock(f.utcEnd, 'UTC', site);
  const organizers = f.organizers.map((id) => ctx.store.postOfType(id, 'organizer')).filter((post): post is PostRecord => Boolean(post));
  const venue = f.venue ? ctx.store.postOfType(f.venue, 'venue') : undefined;
  const seconds = f.duration ?? durationSeconds(f);
  return {
    start_date: f.start,
    start_date_utc: f.utcStart,
    end_date: f.end,
    end_date_utc: f.utcEnd,
    dates: {
      start: phpDate(f.start, f.timezone),
      start_utc: phpDate(f.utcStart, 'UTC'),
      start_site: phpDate(startSite, site),
      start_display: phpDate(f.start, f.timezone),
      end: phpDate(f.end, f.timezone),
      end_utc: phpDate(f.utcEnd, 'UTC'),
      end_site: phpDate(endSite, site),
      end_display: phpDate(f.end, f.timezone),
    },
    timezone: f.timezone,
    duration: String(seconds),
    multiday: daysSpanned(f),
    is_past: endSite < now,
    is_now: startSite <= now && now <= endSite,
    all_day: f.allDay,
    starts_this_week: null,
    ends_this_week: null,
    this_week_duration: null,
    happens_this_week: null,
    displays_on: [],
    featured: f.featured,
    sticky: f.sticky,
    cost: formatCost(f.cost).cost,
    organizer_names: organizers.map((organizer) => escapeAngles(renderTitle(String((organizer.fields as LinkedFields).organizer ?? '')))),
    organizers: organizers.map((organizer) => tecJson(ctx, organizer, edit)),
    venues: venue ? [tecJson(ctx, venue, edit)] : [],
    schedule_details: scheduleDetails(event, false, now.slice(0, 4)),
    short_schedule_details: scheduleDetails(event, true, now.slice(0, 4)),
  };
}

/** Google's map search for the address, `&` as `&#038;` (esc_url). */
function directionsLink(fields: LinkedFields): string {
  // The region as json_ld's: the combined state/province, else the state in the United States, else the province.
  const region = fields.stateprovince || (fields.country === 'United States' ? fields.state : fields.province);
  const parts = [fields.address, fields.city, region, fields.zip, fields.country].map((part) => escapeAmpersands(String(part ?? '').trim())).filter(Boolean);
  const query = parts.map((part) => encodeURIComponent(part).replace(/%20/g, '+')).join('+');
  return `https://maps.google.com/maps?f=q&#038;source=s_q&#038;hl=en&#038;geocode=&#038;q=${query}`;
}

function venueFields(fields: LinkedFields): Json {
  const text = (name: string) => escapeAmpersands(String(fields[name] ?? ''));
  return {
    address: text('address'),
    country: text('country'),
    city: text('city'),
    state_province: text('stateprovince'),
    state: text('state'),
    province: text('province'),
    zip: text('zip'),
    phone: text('phone'),
    directions_link: directionsLink(fields),
    website: String(fields.website ?? ''),
  };
}

/** An event, venue or organizer as `GET /tec/v1/{events|venues|organizers}/{id}` answers (`edit`: `?context=edit`). */
export function tecJson(ctx: RequestContext, post: PostRecord, edit: boolean): Json {
  const head = postHead(ctx, post, edit);
  if (post.type === 'event') return { ...head, ...eventFields(ctx, post as EventRecord, edit) };
  const fields = post.fields as LinkedFields;
  if (post.type === 'venue') return { ...head, ...venueFields(fields) };
  // An organizer's website through esc_url (a venue's as stored).
  return { ...head, phone: String(fields.phone ?? ''), website: escUrlAmpersands(String(fields.website ?? '')), email: String(fields.email ?? '') };
}
