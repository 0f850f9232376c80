/**
 * The library's types keep the table's names literally: a field or filter spread into the table
 * from a list typed `Field[]` would widen every name to `string`, and a misspelt name would then
 * pass unseen. These are type checks: `npm run typecheck` (CI) fails when they do not hold; the
 * packed library is type-checked against its declarations in test/e2e/library-package.test.ts.
 */
import { describe, expectTypeOf, test } from 'vitest';
import type {
  Calendar,
  CategoryRecord,
  EventRecord,
  OrganizerRecord,
  PlannedOccurrence,
  SeriesMember,
  SeriesPlace,
  TagRecord,
  VenueRecord,
} from '../../src/core/index.js';
import type { RESOURCE_NAMES } from '../../src/spec/resources.js';
import type { CreateFieldsOf, FieldsOf, FiltersOf, LinkChangesOf } from '../../src/spec/types.js';

type Name = (typeof RESOURCE_NAMES)[number];

describe('the library types', () => {
  test('every resource names its fields and filters literally, never as any string', () => {
    // `true` for each resource whose field and filter names are all literal (`string` would make it `false`).
    type Literal<K> = string extends K ? false : true;
    expectTypeOf<{ [R in Name]: Literal<keyof FieldsOf<R>> | Literal<keyof FiltersOf<R>> }[Name]>().toEqualTypeOf<true>();
    expectTypeOf<'start_date' | 'venue' | 'categories'>().toMatchTypeOf<keyof FieldsOf<'events'>>();
    expectTypeOf<'starts_after' | 'limit' | 'on'>().toMatchTypeOf<keyof FiltersOf<'events'>>();
    expectTypeOf<'city'>().toMatchTypeOf<keyof FieldsOf<'venues'>>();
    expectTypeOf<'parent'>().toMatchTypeOf<keyof FieldsOf<'categories'>>();
  });

  test('a create needs the required fields; list links are what links can change', () => {
    expectTypeOf<{ title: string; start_date: string }>().not.toMatchTypeOf<CreateFieldsOf<'events'>>();
    expectTypeOf<{ title: string; start_date: string; end_date: string }>().toMatchTypeOf<CreateFieldsOf<'events'>>();
    expectTypeOf<keyof LinkChangesOf<'events'>>().toEqualTypeOf<'categories' | 'tags' | 'organizer'>();
    expectTypeOf<LinkChangesOf<'venues'>>().toBeNever();
  });

  test('the series options say what each form of a call returns; a misspelt option is an error', () => {
    const fields = { title: 'x', start_date: '2027-01-01 10:00', end_date: '2027-01-01 11:00' };
    // Never called: type-checked only.
    const typed = async (cal: Calendar) => {
      const one: EventRecord = await cal.events.create(fields);
      const made: EventRecord[] = await cal.events.create(fields, { repeat: 'FREQ=WEEKLY;COUNT=4', except: ['2027-01-08'], max: 10 });
      const planned: PlannedOccurrence[] = await cal.events.create(fields, { repeat: 'FREQ=WEEKLY;COUNT=4', dryRun: true });
      const changed: EventRecord[] = await cal.events.update(made[0].id, { title: 'y' }, { scope: 'following' });
      const alone: EventRecord = await cal.events.update(made[0].id, { title: 'y' }, { scope: 'occurrence', keepDuration: false });
      const trashed: SeriesMember[] = await cal.events.delete(one.id, { scope: 'series' });
      const place: SeriesPlace | undefined = await cal.events.series(changed[0]);
      // @ts-expect-error a misspelt series option
      await cal.events.create(fields, { repeat: 'FREQ=WEEKLY;COUNT=4', exept: ['2027-01-08'] });
      // @ts-expect-error a scope that is none
      await cal.events.update(1, {}, { scope: 'all' });
      // @ts-expect-error occurrences go to the trash
      await cal.events.delete(1, { scope: 'series', permanently: true });
      // @ts-expect-error venues have no series
      await cal.venues.update(1, {}, { scope: 'series' });
      return [alone, planned, trashed, place];
    };
    expectTypeOf(typed).toBeFunction();
  });

  test('records: the fields a read always holds are required, links are the records they are, no other name reads', () => {
    expectTypeOf<EventRecord['title']>().toEqualTypeOf<string>();
    expectTypeOf<EventRecord['start_date']>().toEqualTypeOf<string>();
    expectTypeOf<EventRecord['cost']>().toEqualTypeOf<string>();
    expectTypeOf<EventRecord['venue']>().toEqualTypeOf<VenueRecord | []>();
    expectTypeOf<EventRecord['organizer']>().toEqualTypeOf<OrganizerRecord[]>();
    expectTypeOf<EventRecord['categories']>().toEqualTypeOf<CategoryRecord[]>();
    expectTypeOf<EventRecord['tags']>().toEqualTypeOf<TagRecord[]>();
    expectTypeOf<VenueRecord['venue']>().toEqualTypeOf<string>();
    // A venue without a city has none: what the API leaves out when empty is optional.
    expectTypeOf<VenueRecord['city']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<CategoryRecord['parent']>().toEqualTypeOf<number>();
    // The server's own fields, typed.
    expectTypeOf<EventRecord['utc_start_date']>().toEqualTypeOf<string>();
    expectTypeOf<TagRecord['count']>().toEqualTypeOf<number>();
    expectTypeOf<'titel'>().not.toMatchTypeOf<keyof EventRecord>();
    const typed = (e: EventRecord) => {
      const title: string = e.title;
      const city: string | undefined = Array.isArray(e.venue) ? undefined : e.venue.city;
      const tagNames: string[] = e.tags.map((tag) => tag.name);
      // @ts-expect-error a misspelt field of a record read
      const misspelt = e.titel;
      return [title, city, tagNames, misspelt];
    };
    expectTypeOf(typed).toBeFunction();
  });

  test('import rows, options and the site document: a misspelt name is an error', () => {
    // Never called: type-checked only.
    const typed = async (cal: Calendar) => {
      await cal.import('events', [{ title: 'x', start_date: '2027-01-01 10:00', end_date: '2027-01-01 11:00' }], { concurrency: 8 });
      await cal.import('venues', [{ venue: 'Hall', city: 'Paris' }], { upsertBy: 'name' });
      await cal.import('events', { file: 'events.csv' });
      // @ts-expect-error a misspelt field in an import row
      await cal.import('events', [{ titel: 'x' }]);
      // @ts-expect-error a venue row holds no title
      await cal.import('venues', [{ title: 'x' }]);
      // @ts-expect-error concurrency is a number
      await cal.import('tags', [{ name: 'x' }], { concurrency: 'lots' });
      const { digest } = await cal.site.diff({ venues: { hall: { venue: 'Hall' } }, events: {} });
      // @ts-expect-error a misspelt resource in the site document
      await cal.site.apply({ evnts: {} }, { digest });
      // @ts-expect-error a misspelt field in a site record
      await cal.site.diff({ venues: { hall: { venu: 'Hall' } } });
      // @ts-expect-error a misspelt call option
      await cal.events.list({}, { dedline: 5 });
      return digest;
    };
    expectTypeOf(typed).toBeFunction();
  });
});
