/**
 * The library's types, derived from the resource table (resources.ts, RESOURCE_TABLE): the
 * fields a create or update takes, the filters a list takes, the records read. Names are the
 * API's own (`start_date`, `starts_after`); a name the table does not have is a type error.
 * Type-only: nothing here exists at run time.
 */
import type { Field, ResourceName, ResourceTable } from './resources.js';

type FieldOf<R extends ResourceName> = ResourceTable[R]['fields'][number];
type FilterOf<R extends ResourceName> = ResourceTable[R]['listParams'][number];

/** A value as a write takes it: what `--data` JSON and import files hold (links by ID, slug or name). */
export type InputValue<F extends Field> = F extends { type: 'boolean' }
  ? boolean
  : F extends { type: 'boolstring' }
    ? boolean | 'true' | 'false'
    : F extends { type: 'integer' | 'positive' | 'number' | 'id' }
      ? number | string
      : F extends { type: 'ref' }
        ? number | string | null
        : F extends { type: 'refs' | 'ids' | 'terms' }
          ? Array<number | string> | number | string
          : F extends { type: 'list' }
            ? string[] | string
            : F extends { type: 'untyped' }
              ? string | number | string[]
              : F extends { choices: readonly (infer C)[] }
                ? C
                : string;

/** A featured image as the API gives it (`false` when there is none). */
export interface ImageInfo {
  url: string;
  id: number;
  extension?: string;
  width?: number;
  height?: number;
  sizes?: Record<string, { width?: number; height?: number; 'mime-type'?: string; url?: string }>;
}

/** A value as a record read holds it: linked venues, organizers and terms as the records they are. */
export type ReadValue<F extends Field> = F extends { name: 'image' }
  ? ImageInfo | false
  : F extends { type: 'boolean' }
    ? boolean
    : F extends { type: 'boolstring' }
      ? boolean | string
      : F extends { type: 'integer' | 'positive' | 'number' | 'id' }
        ? number
        : F extends { type: 'ref'; relation: 'categories' }
          ? number
          : F extends { type: 'ref'; relation: infer L extends ResourceName }
            ? RecordOf<L> | []
            : F extends { type: 'refs'; relation: infer L extends ResourceName }
              ? Array<RecordOf<L>>
              : F extends { type: 'list' | 'ids' | 'terms' }
                ? string[]
                : string;

type Required<R extends ResourceName> = Extract<FieldOf<R>, { required: true }>;

/** The fields an update takes: any of the resource's writable fields. */
export type FieldsOf<R extends ResourceName> = { [F in FieldOf<R> as F['name']]?: InputValue<F> };

/** The fields a create takes: the required ones (an event's title, start and end) and any other. */
export type CreateFieldsOf<R extends ResourceName> = FieldsOf<R> & { [F in Required<R> as F['name']]: InputValue<F> };

/** Records with dates also take `on` (a day) and `during` (`FROM..TO`): the records taking place then, whenever they start. */
type OverlapOf<R extends ResourceName> = ResourceTable[R] extends { isEvent: true } ? { on?: string; during?: string } : unknown;

/** The filters a list takes, and `limit`: stop after that many records. */
export type FiltersOf<R extends ResourceName> = { [F in FilterOf<R> as F['name']]?: InputValue<F> } & { limit?: number } & OverlapOf<R>;

type LinkChangesMap<R extends ResourceName> = {
  [F in Extract<FieldOf<R>, { many: true }> as F['name']]?: { add?: Array<number | string>; remove?: Array<number | string> };
};

/**
 * Records added to and removed from the list links of a record (an event's tags), without
 * restating the list: by ID, slug or name. Nothing for a resource without list links.
 */
export type LinkChangesOf<R extends ResourceName> = keyof LinkChangesMap<R> extends never ? never : LinkChangesMap<R>;

/**
 * The fields of the table a read always holds (the API leaves out the others when they are empty:
 * a venue without a city has no `city`). Names checked against the table.
 */
type AlwaysRead = {
  events: Extract<
    FieldOf<'events'>['name'],
    | 'title'
    | 'description'
    | 'excerpt'
    | 'slug'
    | 'image'
    | 'all_day'
    | 'start_date'
    | 'end_date'
    | 'timezone'
    | 'cost'
    | 'website'
    | 'show_map'
    | 'show_map_link'
    | 'hide_from_listings'
    | 'sticky'
    | 'featured'
    | 'categories'
    | 'tags'
    | 'venue'
    | 'organizer'
  >;
  venues: Extract<FieldOf<'venues'>['name'], 'venue' | 'slug' | 'show_map' | 'show_map_link'>;
  organizers: Extract<FieldOf<'organizers'>['name'], 'organizer' | 'slug'>;
  categories: Extract<FieldOf<'categories'>['name'], 'name' | 'slug' | 'description' | 'parent'>;
  tags: Extract<FieldOf<'tags'>['name'], 'name' | 'slug' | 'description'>;
};

/** A date as the API details it, each part as text (`"2027"`, `"01"`). */
export interface DateDetails {
  year: string;
  month: string;
  day: string;
  hour: string;
  minutes: string;
  seconds: string;
}

/** What the server adds to a post (event, venue, organizer) beside the table's fields. */
interface PostServerFields {
  /** The user ID, as text. */
  author: string;
  status: string;
  date: string;
  date_utc: string;
  modified: string;
  modified_utc: string;
  /** The public page. */
  url: string;
  global_id: string;
  global_id_lineage: string[];
}

/** The server's own fields of each resource's records: read-only, not in the resource table. */
export type ServerFieldsOf<R extends ResourceName> = R extends 'events'
  ? PostServerFields & {
      rest_url: string;
      start_date_details: DateDetails;
      end_date_details: DateDetails;
      utc_start_date: string;
      utc_start_date_details: DateDetails;
      utc_end_date: string;
      utc_end_date_details: DateDetails;
      timezone_abbr: string;
      cost_details: { currency_symbol: string; currency_code: string; currency_position: string; values: string[] };
      custom_fields: unknown;
    }
  : R extends 'venues' | 'organizers'
    ? PostServerFields
    : { count: number; taxonomy: string; url: string; urls: { self: string; collection: string }; meta: unknown };

type Read<R extends ResourceName> = { [F in FieldOf<R> as F['name']]: ReadValue<F> };

/**
 * A record as the API answers it: its ID, the table's fields (those a read always holds required,
 * the others when set), and the server's own fields, all under one name (ServerFieldsOf). A name
 * none of them has is a type error.
 */
export type RecordOf<R extends ResourceName> = { id: number } & Pick<Read<R>, AlwaysRead[R]> & Partial<Omit<Read<R>, AlwaysRead[R]>> & ServerFieldsOf<R>;

/** A row of an import: the fields a create or update takes, and the key it may be matched on. */
export type ImportRowOf<R extends ResourceName> = FieldsOf<R> & { id?: number; slug?: string };

export type EventRecord = RecordOf<'events'>;
export type VenueRecord = RecordOf<'venues'>;
export type OrganizerRecord = RecordOf<'organizers'>;
export type CategoryRecord = RecordOf<'categories'>;
export type TagRecord = RecordOf<'tags'>;

export type EventFields = FieldsOf<'events'>;
export type VenueFields = FieldsOf<'venues'>;
export type OrganizerFields = FieldsOf<'organizers'>;
export type CategoryFields = FieldsOf<'categories'>;
export type TagFields = FieldsOf<'tags'>;

export type EventFilters = FiltersOf<'events'>;
export type VenueFilters = FiltersOf<'venues'>;
export type OrganizerFilters = FiltersOf<'organizers'>;
export type CategoryFilters = FiltersOf<'categories'>;
export type TagFilters = FiltersOf<'tags'>;

/** A site file's record (`calendar export --site`): the fields a write takes, links by slug; keyed by its slug. */
export type SiteRecordOf<R extends ResourceName> = FieldsOf<R> & (R extends 'events' | 'venues' | 'organizers' ? { status?: string } : unknown);

/** A series of a site file: its rule, its first dates, and the fields of its occurrences (docs/site-file.md). */
export interface SiteSeriesOf {
  rule: string;
  start_date: string;
  end_date: string;
  timezone?: string;
  except?: string[];
  event?: Omit<SiteRecordOf<'events'>, 'start_date' | 'end_date'>;
  occurrences?: Record<string, SiteRecordOf<'events'>>;
}

/** A site file as a document: one key per resource (records by slug), the series, and the filter of a filtered export. */
export type SiteFileDocument = { [R in ResourceName]?: Record<string, SiteRecordOf<R>> } & {
  series?: Record<string, SiteSeriesOf>;
  filter?: { events?: FiltersOf<'events'> };
};
