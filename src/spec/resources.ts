/**
 * The one description of the five resources. Flags, validation (CLI and sandbox),
 * completions, table columns and import/export shapes are all derived from it:
 * a new field or parameter is one line here.
 *
 * This module must stay free of imports so that start-up stays cheap.
 */

/** How a value is typed on the command line and checked before sending. */
export type ValueType =
  | 'string' //        any non-empty text
  | 'text' //          text that may be empty (clears a field)
  | 'integer' //       a whole number >= 0
  | 'positive' //      a whole number >= 1
  | 'number' //        a decimal number
  | 'boolean' //       --flag / --no-flag on the command line, JSON boolean on the wire
  | 'boolstring' //    --flag / --no-flag, sent as the string "true"/"false" (venue show_map)
  | 'date' //          a date the CLI checks and normalises
  | 'url' //           http(s) URL, or empty
  | 'email' //         an address (one @, no spaces; entities decoded), or empty to clear
  | 'ids' //           comma-separated positive integers
  | 'id' //            one positive integer
  | 'terms' //         comma-separated IDs or slugs (categories/tags filters)
  | 'ref' //           one linked record by ID, slug or name; resolved to a checked ID before a write
  | 'refs' //          comma-separated IDs, slugs or names of linked records; resolved likewise
  | 'list' //          comma-separated words
  | 'untyped'; //      passed as given (event cost)

/** What a related-record field refers to, so names and slugs can be resolved to IDs. */
export type Relation = 'venues' | 'organizers' | 'categories' | 'tags' | 'events' | 'users';

export interface Field {
  /** The wire name (snake_case), as in the API. */
  name: string;
  type: ValueType;
  description: string;
  required?: boolean;
  /** What `--no-<flag>` does, as its own sentence (boolean fields). */
  negated?: string;
  /** Extra long flags besides the kebab-case wire name (e.g. `--name` for a venue). */
  aliases?: readonly string[];
  /** Allowed values, checked before sending and offered by completions. */
  choices?: readonly string[];
  /** Usual values, offered by completions but not enforced (sites may register more). */
  suggestions?: readonly string[];
  /** A list filter that, when given, drops the events list's default date window. */
  liftsWindow?: boolean;
  /** A list filter `export` also takes, to export a selection. */
  exportFilter?: boolean;
  /** The resource an ID in this field points at. */
  relation?: Relation;
  /** Wire shape: one ID (venue) or a list (organizer, categories). */
  many?: boolean;
  /** Looked into by the list's `search`, besides the name, description and excerpt (venue and organizer details). */
  searched?: boolean;
  /** The server refuses an empty text for it (a 400), where other text fields take "" as "none". */
  emptyRefused?: boolean;
  /** An IANA timezone name: checked before sending, spelled as the site knows it (`europe/paris` goes as `Europe/Paris`). */
  zone?: boolean;
  /** Words with a version per language (`i18n_language`), unlike codes, addresses on the web, numbers and dates. */
  translated?: boolean;
  /** Never set, the record shows its own permalink here (an event's `website`): that value is not set, so not sent back. */
  unsetShowsPermalink?: boolean;
  /**
   * Stored through WordPress's sanitize_text_field (a venue's or organizer's details): tags
   * stripped, white space folded, and percent-escaped octets (`%C3%A9`) dropped, so a value
   * holding one cannot be kept as given (src/wordpress/text.ts).
   */
  sanitized?: boolean;
}

export interface Column {
  /** A dot path into the record (`venue.venue`). */
  path: string;
  header: string;
  kind?: 'date' | 'text' | 'status';
  /** On a terminal too narrow for the table, columns with a drop order give way, lowest first; the others stay. */
  dropOrder?: number;
  /** At a terminal, the cell of an occurrence of a recurring series starts with a mark (docs/series.md). */
  marksSeries?: boolean;
}

export type ResourceName = 'events' | 'venues' | 'organizers' | 'categories' | 'tags';

export interface Resource {
  name: ResourceName;
  singular: string;
  /** Path segment under the namespace. */
  path: string;
  /** Key of the array in a list response. */
  listKey: string;
  /** The field that holds a record's display name. */
  nameField: string;
  /**
   * A WordPress post type (events, venues, organizers), not a taxonomy (categories, tags). So it
   * has `/by-slug/{slug}` routes and a publication status; DELETE moves it to the trash (a term is
   * deleted for good) and `restore` takes it back; and an update resets what it leaves out
   * (updateResetsLeftOut).
   */
  isPost: boolean;
  /** A create whose name matches an existing record returns that record, overwritten (venues, organizers). */
  mergesOnCreate?: boolean;
  /**
   * The events resource, the one everything else links to. Only events:
   * - have a start and an end (`start_date`, `end_date`: wall-clock times in the record's zone):
   *   the list shows records from today on unless dates are given (a walk of them all passes
   *   EVERY_EVENT), a start may not follow its end, two records clash when they share a venue at
   *   the same time (`conflicts`, the conflict check), and iCalendar holds them (VEVENT);
   * - repeat as a series (docs/series.md): `create --repeat`, `update`/`delete --series|--following`;
   * - may be protected by a password, which a read or a delete passes as `password`;
   * - have a `cost` that the tribe route clears when an update leaves it out, and that the record
   *   shows re-formatted (`$10 – $30` for a stored `€10 – €30`): an update sends the cost as
   *   stored (src/wordpress/cost.ts);
   * - have pages `--web` opens in the browser.
   */
  isEvent?: boolean;
  /**
   * A reference may give a record's exact name besides its ID or slug (`--venue "Blue Note"`):
   * the resources events link to. An event is found by ID or slug only.
   */
  namedRefs?: boolean;
  /**
   * A post events link to, with routes of its own (venues, organizers: the plugin's "linked post
   * types"): its list takes `only_with_upcoming`, its events are counted before it is deleted.
   */
  linkedPost?: boolean;
  /** Records nest under a `parent` of their own kind: parents are written first, children deleted first. Categories. */
  hierarchical?: boolean;
  /** The server ignores a slug it is sent and derives the slug from the name. Organizers. */
  derivesSlug?: boolean;
  /** The route stores an `excerpt` it is sent, though no field of the record shows it (organizers; a venue's is dropped). */
  keepsExcerpt?: boolean;
  /** A recurring series' rule is kept in a record of its own here (a tag whose slug names the series, docs/series.md). Tags. */
  holdsSeriesRules?: boolean;
  /** Post type or taxonomy name on a WordPress site. */
  wpType: string;
  /** Its route under WordPress core's `/wp/v2` when that is not `wpType` (the taxonomy's `rest_base`); see wpRoute(). */
  wpRestBase?: string;
  /** First path segment of its pages on the site: `/event/SLUG/`, a category's `/events/category/PARENT/SLUG/`. */
  permalinkBase: string;
  fields: readonly Field[];
  listParams: readonly Field[];
  columns: readonly Column[];
  /** Fields kept by `export` beyond the writable ones: none today, related records go as slugs. */
}

/** The Events Calendar's REST namespace, used when a profile names none. */
export const DEFAULT_NAMESPACE = 'tribe/events/v1';
/** The plugin's newer REST namespace (6.15 and later): updates of one field alone, raw text with `context=edit`. */
export const TEC_NAMESPACE = 'tec/v1';
/** Records a list page holds when `per_page` is not given, and the most the server puts on one page. */
export const DEFAULT_PER_PAGE = 10;
export const MAX_PER_PAGE = 50;
/**
 * Dates wide enough to hold every event: a read that must see them all (a name lookup, an
 * export) passes these, since the server's default window starts today.
 */
export const EVERY_EVENT = { start_date: '1900-01-01', end_date: '2999-12-31' } as const;

export const POST_STATUSES = ['publish', 'draft', 'pending', 'private', 'future', 'trash'] as const;
/** What an editor's events list shows when no status is asked for: everything but the trash. */
export const EDITOR_STATUSES = POST_STATUSES.filter((s) => s !== 'trash');
export const LANGUAGES = ['fr', 'it', 'es'] as const;
export const FORMATS = ['table', 'json', 'ndjson', 'csv', 'yaml', 'ids', 'count', 'ics'] as const;
/** iCalendar holds events only, and only where whole events are printed. */
export const ICS_COMMANDS = 'events list, events get, export events, agenda, week and month';
export type Format = (typeof FORMATS)[number];
export const TERM_ORDERBY = ['name', 'slug', 'count', 'description', 'id', 'term_id', 'include'] as const;

const paging = [
  { name: 'page', type: 'positive', description: 'page of the result set (default 1)' },
  { name: 'per_page', type: 'positive', description: `records per page (default ${DEFAULT_PER_PAGE}, at most ${MAX_PER_PAGE})` },
] as const satisfies readonly Field[];

/** What every post write may set besides its own fields. */
export const POST_META = [
  { name: 'status', type: 'string', description: 'publication status', suggestions: EDITOR_STATUSES },
  { name: 'author', type: 'id', description: 'author user ID', relation: 'users' },
  { name: 'date', type: 'date', description: 'publication date (site time)' },
  { name: 'date_utc', type: 'date', description: 'publication date in UTC' },
] as const satisfies readonly Field[];

const linkedPostListParams = [
  ...paging,
  { name: 'search', exportFilter: true, type: 'string', description: 'text in the name, description or address fields' },
  { name: 'event', type: 'id', description: 'only records linked to this event ID', relation: 'events' },
  { name: 'has_events', type: 'boolean', description: 'only records with published events', negated: 'only records without published events' },
  {
    name: 'only_with_upcoming',
    type: 'boolean',
    description: 'only records with upcoming events',
    negated: 'records with or without upcoming events (the default)',
  },
  { name: 'status', exportFilter: true, type: 'list', description: 'post status(es)', suggestions: POST_STATUSES },
] as const satisfies readonly Field[];

const termListParams = [
  ...paging,
  { name: 'search', exportFilter: true, type: 'string', description: 'text in the name or slug' },
  { name: 'exclude', type: 'ids', description: 'IDs to leave out' },
  { name: 'include', type: 'ids', description: 'only these IDs' },
  { name: 'order', type: 'string', description: 'sort direction', choices: ['asc', 'desc'] },
  { name: 'orderby', type: 'string', description: 'term attribute to sort by', choices: TERM_ORDERBY },
  {
    name: 'hide_empty',
    type: 'boolean',
    description: 'hide terms used by no published event (the server default)',
    negated: 'show terms used by no published event too',
  },
  { name: 'post', type: 'id', description: 'terms of this event ID', relation: 'events' },
  { name: 'event', type: 'id', description: 'terms of this event ID (the same as post)', relation: 'events' },
  { name: 'slug', type: 'string', description: 'terms with this slug' },
] as const satisfies readonly Field[];

const termFields = [
  { name: 'name', type: 'string', description: 'name', required: true, emptyRefused: true, translated: true },
  { name: 'description', type: 'string', description: 'description', emptyRefused: true, translated: true },
  { name: 'slug', type: 'string', description: 'slug (derived from the name when left out)', emptyRefused: true },
] as const satisfies readonly Field[];

/**
 * The table itself, its literal types kept: the record, field and filter types of the library
 * (src/spec/types.ts) are derived from it, so a misspelt name is a type error in the user's code.
 */
export const RESOURCE_TABLE = {
  events: {
    name: 'events',
    singular: 'event',
    path: 'events',
    listKey: 'events',
    nameField: 'title',
    isPost: true,
    isEvent: true,
    wpType: 'tribe_events',
    permalinkBase: 'event',
    fields: [
      { name: 'title', type: 'string', description: 'title', required: true, emptyRefused: true, translated: true },
      { name: 'start_date', type: 'date', description: 'start, wall-clock time in the event timezone', required: true },
      { name: 'end_date', type: 'date', description: 'end, wall-clock time in the event timezone', required: true },
      { name: 'description', type: 'string', description: 'description (HTML allowed)', emptyRefused: true, translated: true },
      { name: 'slug', type: 'string', description: 'slug (derived from the title when left out)', emptyRefused: true },
      { name: 'excerpt', type: 'string', description: 'short summary', emptyRefused: true, translated: true },
      ...POST_META,
      { name: 'timezone', type: 'string', zone: true, description: 'IANA timezone of the event, e.g. Europe/Paris' },
      { name: 'all_day', type: 'boolean', description: 'an all-day event', negated: 'an event with start and end times' },
      { name: 'image', type: 'string', description: 'featured image: attachment ID or image URL' },
      { name: 'cost', type: 'untyped', description: 'cost text, e.g. "15" or "5-10" or "Free"' },
      { name: 'website', type: 'url', description: 'event website URL', unsetShowsPermalink: true },
      { name: 'show_map', type: 'boolean', description: 'show the venue map', negated: 'hide the venue map' },
      { name: 'show_map_link', type: 'boolean', description: 'show a link to the venue map', negated: 'hide the link to the venue map' },
      { name: 'hide_from_listings', type: 'boolean', description: 'hide from the calendar lists', negated: 'show in the calendar lists' },
      { name: 'sticky', type: 'boolean', description: 'pin in the calendar view', negated: 'unpin from the calendar view' },
      { name: 'featured', type: 'boolean', description: 'a featured event', negated: 'an event that is not featured' },
      { name: 'categories', type: 'refs', description: 'categories: IDs, slugs or names', relation: 'categories', many: true },
      { name: 'tags', type: 'refs', description: 'tags: IDs, slugs or names', relation: 'tags', many: true },
      { name: 'venue', type: 'ref', description: 'venue: ID, slug or name', relation: 'venues' },
      { name: 'organizer', type: 'refs', description: 'organizers: IDs, slugs or names', relation: 'organizers', many: true },
    ],
    listParams: [
      ...paging,
      { name: 'start_date', exportFilter: true, type: 'date', description: 'events starting on or after this date (default: today)' },
      { name: 'end_date', exportFilter: true, type: 'date', description: 'events ending on or before this date (default: in two years)' },
      { name: 'starts_before', type: 'date', liftsWindow: true, description: 'events that start before the date' },
      { name: 'starts_after', type: 'date', liftsWindow: true, description: 'events that start after the date' },
      { name: 'ends_before', type: 'date', liftsWindow: true, description: 'events that end before the date' },
      { name: 'ends_after', type: 'date', liftsWindow: true, description: 'events that end after the date' },
      {
        name: 'strict_dates',
        type: 'boolean',
        description: 'apply date filters at the exact times, not whole days',
        negated: 'apply date filters to whole days',
      },
      { name: 'search', exportFilter: true, type: 'string', description: 'text in the title, description or excerpt' },
      { name: 'categories', exportFilter: true, type: 'terms', description: 'categories: IDs, slugs or names (events in any of them)', relation: 'categories' },
      { name: 'tags', exportFilter: true, type: 'terms', description: 'tags: IDs, slugs or names (events carrying all of them)', relation: 'tags' },
      { name: 'venue', exportFilter: true, type: 'ids', description: 'venues: IDs, slugs or names', relation: 'venues' },
      { name: 'organizer', exportFilter: true, type: 'ids', description: 'organizers: IDs, slugs or names', relation: 'organizers' },
      { name: 'featured', type: 'boolean', description: 'only featured events', negated: 'only events that are not featured' },
      { name: 'status', exportFilter: true, type: 'list', description: 'post status(es)', suggestions: POST_STATUSES },
      {
        name: 'geoloc',
        type: 'boolean',
        description: 'only events whose venue has geolocation data (needs the Pro add-on)',
        negated: 'only events whose venue has no geolocation data (needs the Pro add-on)',
      },
      { name: 'geoloc_lat', type: 'number', description: 'latitude (goes with the longitude; needs the Pro add-on)' },
      { name: 'geoloc_lng', type: 'number', description: 'longitude (goes with the latitude; needs the Pro add-on)' },
      { name: 'include', type: 'ids', description: 'only these event IDs' },
      { name: 'post_parent', type: 'id', description: 'events whose parent is this event ID', relation: 'events' },
      {
        name: 'ticketed',
        type: 'boolean',
        description: 'only events with tickets (needs Event Tickets)',
        negated: 'only events without tickets (needs Event Tickets)',
      },
      { name: 'password', type: 'string', description: 'password that unlocks protected events' },
    ],
    columns: [
      { path: 'id', header: 'ID' },
      { path: 'start_date', header: 'START', kind: 'date' },
      { path: 'end_date', header: 'END', kind: 'date', dropOrder: 1 },
      { path: 'title', header: 'TITLE', kind: 'text', marksSeries: true },
      { path: 'venue.venue', header: 'VENUE', kind: 'text', dropOrder: 3 },
      { path: 'status', header: 'STATUS', kind: 'status', dropOrder: 2 },
    ],
  },
  venues: {
    name: 'venues',
    singular: 'venue',
    path: 'venues',
    listKey: 'venues',
    nameField: 'venue',
    isPost: true,
    mergesOnCreate: true,
    namedRefs: true,
    linkedPost: true,
    wpType: 'tribe_venue',
    permalinkBase: 'venue',
    fields: [
      { name: 'venue', type: 'string', description: 'name of the venue', required: true, aliases: ['name'], emptyRefused: true, translated: true },
      { name: 'description', type: 'text', description: 'description (HTML allowed)', translated: true },
      ...POST_META,
      { name: 'address', type: 'text', description: 'street address', sanitized: true, searched: true, translated: true },
      { name: 'city', type: 'text', description: 'city', sanitized: true, searched: true, translated: true },
      { name: 'country', type: 'text', description: 'country', sanitized: true, translated: true },
      { name: 'province', type: 'text', description: 'province', sanitized: true, searched: true, translated: true },
      { name: 'state', type: 'text', description: 'state', sanitized: true, searched: true, translated: true },
      { name: 'zip', type: 'text', description: 'postal code', sanitized: true, searched: true },
      { name: 'phone', type: 'text', description: 'phone number', sanitized: true, searched: true },
      { name: 'website', type: 'url', description: 'website URL', sanitized: true },
      { name: 'stateprovince', type: 'text', description: 'state or province', sanitized: true, searched: true, translated: true },
      { name: 'show_map', type: 'boolstring', description: 'show the map', negated: 'hide the map' },
      { name: 'show_map_link', type: 'boolstring', description: 'show a link to the map', negated: 'hide the link to the map' },
      { name: 'image', type: 'string', description: 'featured image: attachment ID or image URL' },
    ],
    listParams: linkedPostListParams,
    columns: [
      { path: 'id', header: 'ID' },
      { path: 'venue', header: 'NAME', kind: 'text' },
      { path: 'city', header: 'CITY', kind: 'text', dropOrder: 4 },
      { path: 'country', header: 'COUNTRY', kind: 'text', dropOrder: 3 },
      { path: 'slug', header: 'SLUG', dropOrder: 1 },
      { path: 'status', header: 'STATUS', kind: 'status', dropOrder: 2 },
    ],
  },
  organizers: {
    name: 'organizers',
    singular: 'organizer',
    path: 'organizers',
    listKey: 'organizers',
    nameField: 'organizer',
    isPost: true,
    mergesOnCreate: true,
    namedRefs: true,
    linkedPost: true,
    derivesSlug: true,
    keepsExcerpt: true,
    wpType: 'tribe_organizer',
    permalinkBase: 'organizer',
    fields: [
      { name: 'organizer', type: 'string', description: 'name of the organizer', required: true, aliases: ['name'], emptyRefused: true, translated: true },
      { name: 'description', type: 'text', description: 'description (HTML allowed)', translated: true },
      ...POST_META,
      { name: 'phone', type: 'text', description: 'phone number', sanitized: true, searched: true },
      { name: 'website', type: 'url', description: 'website URL', sanitized: true, searched: true },
      { name: 'email', type: 'email', description: 'email address', sanitized: true, searched: true },
      { name: 'image', type: 'string', description: 'featured image: attachment ID or image URL' },
    ],
    listParams: linkedPostListParams,
    columns: [
      { path: 'id', header: 'ID' },
      { path: 'organizer', header: 'NAME', kind: 'text' },
      { path: 'email', header: 'EMAIL', dropOrder: 4 },
      { path: 'phone', header: 'PHONE', dropOrder: 3 },
      { path: 'slug', header: 'SLUG', dropOrder: 1 },
      { path: 'status', header: 'STATUS', kind: 'status', dropOrder: 2 },
    ],
  },
  categories: {
    name: 'categories',
    singular: 'category',
    path: 'categories',
    listKey: 'categories',
    nameField: 'name',
    isPost: false,
    namedRefs: true,
    hierarchical: true,
    wpType: 'tribe_events_cat',
    permalinkBase: 'events/category',
    fields: [...termFields, { name: 'parent', type: 'ref', description: 'parent category: ID, slug or name', relation: 'categories' }],
    listParams: [...termListParams, { name: 'parent', type: 'id', description: 'only children of this category ID', relation: 'categories' }],
    columns: [
      { path: 'id', header: 'ID' },
      { path: 'name', header: 'NAME', kind: 'text' },
      { path: 'slug', header: 'SLUG', dropOrder: 2 },
      { path: 'parent', header: 'PARENT', dropOrder: 1 },
      { path: 'count', header: 'EVENTS', dropOrder: 3 },
    ],
  },
  tags: {
    name: 'tags',
    singular: 'tag',
    path: 'tags',
    listKey: 'tags',
    nameField: 'name',
    isPost: false,
    namedRefs: true,
    holdsSeriesRules: true,
    wpType: 'post_tag',
    wpRestBase: 'tags',
    permalinkBase: 'tag',
    fields: termFields,
    listParams: termListParams,
    columns: [
      { path: 'id', header: 'ID' },
      { path: 'name', header: 'NAME', kind: 'text' },
      { path: 'slug', header: 'SLUG', dropOrder: 1 },
      { path: 'count', header: 'POSTS', dropOrder: 2 },
    ],
  },
} as const satisfies Record<ResourceName, Resource>;

export type ResourceTable = typeof RESOURCE_TABLE;
export const resources: Record<ResourceName, Resource> = RESOURCE_TABLE;

export const RESOURCE_NAMES = Object.keys(resources) as ResourceName[];

/** The resources a record links to by ID: names and slugs given for them are resolved first. */
export const LINK_RELATIONS = ['venues', 'organizers', 'categories', 'tags'] as const;
export type LinkRelation = (typeof LINK_RELATIONS)[number];

/** A field that links to another record by ID (an event's venue, organizers, terms; a category's parent). */
export function isLinkField(field: Field): boolean {
  return field.relation !== undefined && (LINK_RELATIONS as readonly string[]).includes(field.relation);
}

/** The fields of a resource that link to another record (event venue, organizers, terms; category parent). */
export function linkFields(resource: Resource): Field[] {
  return resource.fields.filter(isLinkField);
}

/** The events list's filters that the views (agenda, week, month) take. */
export const VIEW_FILTER_NAMES = ['venue', 'categories', 'search', 'featured', 'status'] as const;
/** Those of the conflicts view; `organizer` also switches from venues to organizers. */
export const CONFLICT_FILTER_NAMES = ['venue', 'organizer', 'categories', 'status'] as const;

/** A list filter naming linked records: it takes IDs, slugs or names, as the links of a write do. */
export function namesLinkedRecords(field: Field): boolean {
  return isLinkField(field) && (field.type === 'ids' || field.type === 'terms');
}

/**
 * The field of an event that links it to records of this resource, which is also the name of
 * the events list's filter by them (`venue`, `organizer`, `categories`, `tags`); undefined for events.
 */
export function eventLinkOf(resource: Resource): string | undefined {
  return resources.events.fields.find((field) => field.relation === resource.name)?.name;
}

/** `start_date` -> `--start-date`. */
export function flagName(wireName: string): string {
  return wireName.replace(/_/g, '-');
}

/** The resource's route under WordPress core's `/wp/v2` (`/wp/v2/tribe_events`, `/wp/v2/tags`). */
export function wpRoute(resource: Resource): string {
  return resource.wpRestBase ?? resource.wpType;
}

export function isResourceName(name: string): name is ResourceName {
  return Object.hasOwn(resources, name);
}

/** Digits address a record by ID; anything else is a slug. */
export function isNumericId(ref: string): boolean {
  return /^[0-9]+$/.test(ref);
}

/** `an organizer`, `a venue`: the singular with its article, for messages and help. */
/**
 * An update through a post's route (events, venues, organizers) resets what it leaves out, so an
 * update merges the stored record into what it sends unless asked to replace (`--replace`); a
 * term's route keeps what is left out.
 */
export function updateResetsLeftOut(resource: Resource): boolean {
  return resource.isPost;
}

export function aSingular(resource: Resource): string {
  return `${/^[aeiou]/.test(resource.singular) ? 'an' : 'a'} ${resource.singular}`;
}

/**
 * Whether the plugin's route at `path` (within its namespace) strips a backslash from every
 * string it saves: events, venues and organizers are saved through wp_insert_post and
 * update_post_meta, which unslash what they are given, and the plugin hands them the request's
 * values as they came. Categories and tags go through WordPress's own terms controller, which
 * slashes them first (as the site's recordings show: a single backslash in an event's title is
 * lost, a doubled one kept as one).
 */
export function stripsBackslashes(path: string): boolean {
  const route = path.replace(/^\/+/, '');
  return Object.values(resources).some((resource) => resource.isPost && (route === resource.path || route.startsWith(`${resource.path}/`)));
}
