/**
 * What each write route of The Events Calendar 6.17.1 (WordPress 7.0.2) does to the fields a
 * request leaves out, measured in the site's database before and after each write
 * (`scripts/realsite/probe-write-routes.mjs`, table in docs/write-routes.md). Fields are named
 * by their `tribe/events/v1` wire names, as in src/spec/resources.ts. The client reads these to
 * decide what a partial update must re-send; the sandbox applies them, so both speak of one
 * server.
 */

export type WriteApi = 'tribe' | 'tec';
export type WrittenPost = 'events' | 'venues' | 'organizers';

export interface RouteRules {
  /** Left out of the body: emptied, turned off or unlinked. */
  wipes: readonly string[];
  /** Left out of the body: set to a value of the route's own choosing. */
  resets: Readonly<Record<string, unknown>>;
  /** Values the route writes whatever the body says (no field of the body can keep them). */
  forces: Readonly<Record<string, unknown>>;
  /**
   * Kept when left out, but something stored beside them is then recomputed from the clock:
   * their current values go with every write.
   */
  restates?: readonly string[];
}

/**
 * `POST`, `PUT` and `PATCH` on `/tribe/events/v1/{events,venues,organizers}/{id}` and
 * `/by-slug/{slug}` behave alike: the event update rebuilds the event from the body.
 * Kept when left out: title, description, excerpt, slug, status of venues and organizers,
 * venue, categories, tags, the dates. `timezone` falls back to the site's (the label only:
 * wall-clock and UTC dates stay), `date` (publication) to the time of the write.
 */
const TRIBE: Record<WrittenPost, RouteRules> = {
  events: {
    wipes: ['cost', 'organizer', 'featured', 'sticky', 'website', 'show_map', 'show_map_link', 'hide_from_listings', 'all_day', 'image'],
    resets: { timezone: 'site', date: 'now' },
    forces: {},
  },
  // A venue update stores its map settings on ("1") when left out, and drops the combined
  // state-or-province (its own `state`/`province` stay).
  venues: { wipes: ['stateprovince', 'image'], resets: { show_map: true, show_map_link: true }, forces: {} },
  organizers: { wipes: ['image'], resets: {}, forces: {} },
};

/**
 * `PATCH` (and `PUT`, the same) on `/tec/v1/{events,venues,organizers}/{id}`: partial. An
 * event loses `sticky` unless it is sent, and its map settings are stored on ("1") by every
 * write: the body has no field for them, so an event whose map is off cannot keep it here.
 */
const TEC: Record<WrittenPost, RouteRules> = {
  // Without the dates in the body, the zone's abbreviation (`_EventTimezoneAbbr`, the API's
  // `timezone_abbr`) is recomputed for the time of the write: CET for a June event in Paris
  // updated in November. Sent their current values, the dates stay and the label is right.
  events: { wipes: ['sticky'], resets: {}, forces: { show_map: true, show_map_link: true }, restates: ['start_date', 'end_date'] },
  venues: { wipes: [], resets: {}, forces: {} },
  organizers: { wipes: [], resets: {}, forces: {} },
};

export const WRITE_ROUTES: Readonly<Record<WriteApi, Record<WrittenPost, RouteRules>>> = { tribe: TRIBE, tec: TEC };

/** The fields a write on this route changes although the body did not name them. */
export function changedUnasked(api: WriteApi, resource: WrittenPost, sent: Iterable<string>): string[] {
  const rules = WRITE_ROUTES[api][resource];
  const named = new Set(sent);
  return [...rules.wipes, ...Object.keys(rules.resets), ...Object.keys(rules.forces)].filter((field) => !named.has(field) || field in rules.forces);
}

/**
 * tec/v1 body names of the tribe/events/v1 fields it takes (its records are WordPress-core
 * shaped). A field missing here cannot be written through tec/v1.
 */
export const TEC_FIELD: Readonly<Record<WrittenPost, Readonly<Record<string, string>>>> = {
  events: {
    title: 'title',
    description: 'content',
    excerpt: 'excerpt',
    slug: 'slug',
    status: 'status',
    date: 'date',
    author: 'author',
    start_date: 'start_date',
    end_date: 'end_date',
    timezone: 'timezone',
    all_day: 'all_day',
    featured: 'featured',
    sticky: 'sticky',
    cost: 'cost',
    categories: 'tribe_events_cat',
    tags: 'tags',
    organizer: 'organizers',
    venue: 'venues',
  },
  venues: {
    venue: 'title',
    description: 'content',
    excerpt: 'excerpt',
    slug: 'slug',
    status: 'status',
    address: 'address',
    city: 'city',
    country: 'country',
    province: 'province',
    state: 'state',
    stateprovince: 'state_province',
    zip: 'zip',
    phone: 'phone',
    website: 'website',
  },
  organizers: {
    organizer: 'title',
    description: 'content',
    excerpt: 'excerpt',
    slug: 'slug',
    status: 'status',
    phone: 'phone',
    website: 'website',
    email: 'email',
  },
};

/**
 * The fields WordPress core's own route, `POST /wp/v2/{tribe_events|tribe_venue|tribe_organizer}/{id}`,
 * writes, by their tribe/events/v1 names, with that route's body names. Measured on 6.17.1
 * (2026-11-28, the database read before and after): it changes only what it is sent, on a site
 * with or without tec/v1; titles, block markup, shortcodes, quotes, `&`, `<3`, emoji and
 * backslashes are stored byte for byte; `tags` and `tribe_events_cat` link exactly the IDs sent;
 * the cost, organizers, venue, map settings, zone, comments and pings stay. So these fields
 * always go by it, and never to tec/v1 (which strips markup from `content`, ignores
 * `description` and stores `<` in a title as `&lt;`) or to the tribe route (which loses a level
 * of backslashes and wipes the event's meta it is not sent).
 */
export const CORE_POST_FIELD: Readonly<Record<WrittenPost, Readonly<Record<string, string>>>> = {
  events: {
    title: 'title',
    description: 'content',
    excerpt: 'excerpt',
    status: 'status',
    slug: 'slug',
    date: 'date',
    author: 'author',
    tags: 'tags',
    categories: 'tribe_events_cat',
  },
  venues: { venue: 'title', description: 'content', excerpt: 'excerpt', status: 'status', slug: 'slug' },
  organizers: { organizer: 'title', description: 'content', excerpt: 'excerpt', status: 'status', slug: 'slug' },
};

/** The core route's name of a field `resource` writes there; undefined for a field that is not a post field. */
export function corePostField(resource: string, field: string): string | undefined {
  return CORE_POST_FIELD[resource as WrittenPost]?.[field];
}

/**
 * Post columns that every tec/v1 write of an event, venue or organizer sets to `open` unless the
 * body holds them (measured on 6.17.1, `wp_posts` read before and after: `closed` -> `open` for a
 * PATCH of the cost or a city; sent `closed`, kept). The three post types do not support comments:
 * WordPress stores them `closed` on every create, and no route shows them (core's leaves
 * `comment_status` out of its schema for such a type). So a tec/v1 write sends them as stored.
 */
export const TEC_SEND_AS_STORED: Readonly<Record<string, string>> = { comment_status: 'closed', ping_status: 'closed' };

/**
 * What trashing a venue or organizer does to the events linked to it (by either route,
 * measured on 6.17.1): the site deletes every `_EventOrganizerID` row of each upcoming
 * published event that names the organizer (the other organizers' too), and the
 * `_EventVenueID` of each upcoming published event at the venue. Drafts and past events keep
 * theirs; taking the record out of the trash links nothing back.
 */
export const TRASH_UNLINKS: Readonly<Partial<Record<WrittenPost, { field: string; others: boolean }>>> = {
  organizers: { field: 'organizer', others: true },
  venues: { field: 'venue', others: false },
};

/**
 * Values tec/v1 answers 200 to and does not store (measured on 6.17.1, 2026-11-28): an event is
 * not un-featured by `featured` false, 0, "0", "" or "false" (`_tribe_featured` stays `1`).
 * Such a change goes by the tribe route.
 */
export function tecIgnores(resource: string, field: string, value: unknown): boolean {
  return resource === 'events' && field === 'featured' && (value === false || value === 0 || value === '0' || value === '' || value === 'false');
}

/** The header every tec/v1 request needs, and the text it must hold (any case, spaces trimmed). */
export const TEC_ACK_HEADER = 'X-TEC-EEA';
export const TEC_ACK_TEXT =
  'I understand that this endpoint is experimental and may change in a future release without maintaining ' +
  'backward compatibility. I also understand that I am using this endpoint at my own risk, while support is not ' +
  'provided for it.';

/**
 * How a one-valued link is taken off a record (measured on 6.17.1, docs/write-routes.md): a
 * category's parent only by WordPress core's term route, sent `parent: 0` (the plugin's route
 * refuses 0 and takes everything else the same way: it hands the update to core's); an event's
 * venue by no route at all.
 */
export type Unlink = { core: unknown } | { impossible: string };

export const UNLINKS: Readonly<Record<string, Readonly<Record<string, Unlink>>>> = {
  categories: { parent: { core: 0 } },
  events: { venue: { impossible: 'no route of the site removes it (tribe/events/v1 keeps the venue or answers 400, tec/v1 takes only venue IDs)' } },
};

/** How `field` (a one-valued link of `resource`) is unlinked; undefined for any other field. */
export function unlinkOf(resource: string, field: string): Unlink | undefined {
  return UNLINKS[resource]?.[field];
}

/**
 * What WordPress's own editor gives a new event and the REST create does not: the event editor
 * shows a new event's map and map link checked (an auto-draft has both on), while
 * `POST tribe/events/v1/events` without them stores both empty (off). Every tec/v1 write turns
 * them on, so an event created off could not take a later update by that route without a change
 * nobody asked for (and the tribe route re-formats a cost). A create therefore sends them as the
 * editor would, unless the person says otherwise (measured on 6.17.1: sent, both stored `1`, and
 * a later title update by tec/v1 changed the title only).
 */
const CREATE_DEFAULTS: Readonly<Partial<Record<WrittenPost, Readonly<Record<string, unknown>>>>> = {
  events: { show_map: true, show_map_link: true },
};

/** A create's body with the editor's defaults for what it leaves out. */
export function withCreateDefaults<T extends Record<string, unknown>>(resourceName: string, body: T): T {
  const defaults = CREATE_DEFAULTS[resourceName as WrittenPost];
  return defaults ? { ...defaults, ...body } : body;
}
