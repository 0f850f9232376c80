/**
 * The library's types keep the table's names literally: a field or filter spread into the table
 * from a list typed `Field[]` would widen every name to `string`, and a misspelt name would then
 * pass unseen. These are type checks: `npm run typecheck` (CI) fails when they do not hold; the
 * packed library is type-checked against its declarations in test/e2e/library-package.test.ts.
 */
import { describe, expectTypeOf, test } from 'vitest';
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
});
