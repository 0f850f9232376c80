/**
 * The CLI's options are typed from the resource table, as its flags are derived from it: a field
 * of the table is an option of each write (under commander's name for its flag), a filter an
 * option of the list, and a name no flag has is a type error. Type checks: `npm run typecheck`
 * fails when they do not hold.
 */
import { describe, expect, expectTypeOf, test } from 'vitest';
import type { AttributeOf, CreateFlags, DeleteFlags, GetFlags, ListFlags, UpdateFlags } from '../../src/cli/commands/resource/options.js';

describe('the options of the resource commands', () => {
  test("a field of the table is an option of each write, under its flag's name, typed as commander gives it", () => {
    expectTypeOf<AttributeOf<'show_map_link'>>().toEqualTypeOf<'showMapLink'>();
    expectTypeOf<UpdateFlags<'events'>>().toHaveProperty('startDate').toEqualTypeOf<string | undefined>();
    expectTypeOf<UpdateFlags<'events'>>().toHaveProperty('allDay').toEqualTypeOf<boolean | undefined>();
    expectTypeOf<CreateFlags<'venues'>>().toHaveProperty('stateprovince');
    // A venue's name is `--venue` or its alias `--name`.
    expectTypeOf<CreateFlags<'venues'>>().toHaveProperty('name');
    expectTypeOf<UpdateFlags<'events'>>().toHaveProperty('addTags');
    expectTypeOf<UpdateFlags<'events'>>().toHaveProperty('removeOrganizer');
    expectTypeOf<ListFlags<'events'>>().toHaveProperty('startsAfter');
    expectTypeOf<ListFlags<'categories'>>()
      .toHaveProperty('orderby')
      .toEqualTypeOf<'name' | 'slug' | 'count' | 'description' | 'id' | 'term_id' | 'include' | undefined>();
  });

  test("a verb's own options are typed from the list its flags are made of, for the resources they go with", () => {
    expectTypeOf<UpdateFlags<'events'>>().toHaveProperty('keepDuration').toEqualTypeOf<boolean | undefined>();
    expectTypeOf<UpdateFlags<'events'>>().toHaveProperty('conflictCheck').toEqualTypeOf<boolean | undefined>();
    expectTypeOf<GetFlags<'events'>>().toHaveProperty('password').toEqualTypeOf<string | undefined>();
    expectTypeOf<ListFlags<'venues'>>().toHaveProperty('rendered').toEqualTypeOf<boolean | undefined>();
    expectTypeOf<CreateFlags<'venues'>>().toHaveProperty('force');
    expectTypeOf<CreateFlags<'events'>>().toHaveProperty('max').toEqualTypeOf<string | undefined>();
  });

  test('a name no flag of that command has is a type error', () => {
    const update: UpdateFlags<'events'> = { startDate: '2027-01-01 10:00', allDay: false, addTags: 'jazz', series: true };
    // @ts-expect-error a misspelt field
    const misspelt: UpdateFlags<'events'> = { startDat: '2027-01-01 10:00' };
    // @ts-expect-error the API's name is not the option's: commander names it startDate
    const wireName: UpdateFlags<'events'> = { start_date: '2027-01-01 10:00' };
    // @ts-expect-error venues have no series
    const venueSeries: UpdateFlags<'venues'> = { series: true };
    // @ts-expect-error a boolean flag takes no text
    const text: CreateFlags<'events'> = { featured: 'yes' };
    // @ts-expect-error a tag takes no --add-tags: it has no list links
    const tagLinks: UpdateFlags<'tags'> = { addTags: 'x' };
    // @ts-expect-error terms are deleted for good: no --permanently
    const permanently: DeleteFlags<'categories'> = { permanently: true };
    // @ts-expect-error --rendered reads posts' texts: terms have none
    const rendered: GetFlags<'tags'> = { rendered: true };
    // @ts-expect-error a tag links nothing: no --create-missing
    const createMissing: CreateFlags<'tags'> = { createMissing: true };
    // @ts-expect-error a category's name is no venue's: --force goes with venues and organizers
    const force: CreateFlags<'categories'> = { force: true };
    // @ts-expect-error --repeat takes its rule as text
    const repeat: CreateFlags<'events'> = { repeat: true };
    expect([update, misspelt, wireName, venueSeries, text, tagLinks, permanently, rendered, createMissing, force, repeat]).toHaveLength(11);
  });
});
