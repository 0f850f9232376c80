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

/** A value as a record read holds it. */
export type ReadValue<F extends Field> = F extends { type: 'boolean' }
  ? boolean
  : F extends { type: 'boolstring' }
    ? boolean | string
    : F extends { type: 'integer' | 'positive' | 'number' | 'id' }
      ? number
      : F extends { type: 'ref' | 'refs' | 'ids' | 'terms' | 'list' | 'untyped' }
        ? unknown
        : string;

type Required<R extends ResourceName> = Extract<FieldOf<R>, { required: true }>;

/** The fields an update takes: any of the resource's writable fields. */
export type FieldsOf<R extends ResourceName> = { [F in FieldOf<R> as F['name']]?: InputValue<F> };

/** The fields a create takes: the required ones (an event's title, start and end) and any other. */
export type CreateFieldsOf<R extends ResourceName> = FieldsOf<R> & { [F in Required<R> as F['name']]: InputValue<F> };

/** The filters a list takes, and `limit`: stop after that many records. */
export type FiltersOf<R extends ResourceName> = { [F in FilterOf<R> as F['name']]?: InputValue<F> } & { limit?: number };

/** A record as the API answers it: its ID, its writable fields as read, and whatever else the server adds (url, rest_url...). */
export type RecordOf<R extends ResourceName> = { id: number } & { [F in FieldOf<R> as F['name']]?: ReadValue<F> } & { [other: string]: unknown };

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
