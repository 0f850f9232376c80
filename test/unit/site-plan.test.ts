import { describe, expect, test } from 'vitest';
import type { ResourceName } from '../../src/spec/resources.js';
import type { SiteDocument } from '../../src/core/site/document.js';
import { formatPlan, planChanges, summaryOf } from '../../src/core/site/plan.js';
import { speaking } from '../../src/core/words.js';

type Records = Record<string, Record<string, unknown>>;
const doc = (resources: Partial<Record<ResourceName, Records>>, withIds = false): SiteDocument => {
  let id = 100;
  return new Map(
    Object.entries(resources).map(([name, records]) => [
      name as ResourceName,
      new Map(Object.entries(records).map(([slug, fields]) => [slug, { slug, fields, id: withIds ? id++ : undefined }])),
    ]),
  );
};

describe('planChanges', () => {
  test('values the server normalises compare equal: entities, cost spacing, boolean strings, link order', () => {
    const desired = doc({ events: { fest: { title: "Rock 'n' Roll", cost: '5-10', featured: 'true', tags: ['a', 'b'], venue: 'hall' } } });
    const current = doc({ events: { fest: { title: 'Rock &#8217;n&#8217; Roll', cost: '5 - 10', featured: true, tags: ['b', 'a'], venue: 'hall' } } }, true);
    const plan = planChanges(desired, current, { prune: false });
    expect(plan.changes).toEqual([]);
    expect(summaryOf(plan)).toBe('no changes, 1 unchanged');
  });

  test('only the fields the file gives are compared; links as added and removed slugs', () => {
    const desired = doc({ events: { fest: { cost: '20', tags: ['outdoors', 'late'] } } });
    const current = doc({ events: { fest: { title: 'Fest', cost: '15', tags: ['indoors', 'late'] } } }, true);
    const plan = planChanges(desired, current, { prune: false });
    expect(formatPlan(plan, false)).toBe('~ event fest: cost "15" -> "20", tags +outdoors -indoors\n\n0 to create, 1 to change, 0 to remove, 0 unchanged\n');
  });

  test('removals only with prune, terms said to be deleted for good, grouped in dependency order', () => {
    const desired = doc({ tags: { keep: { name: 'Keep' } }, events: { fest: { title: 'Fest' } } });
    const current = doc({ tags: { keep: { name: 'Keep' }, old: { name: 'Old' } }, events: { gone: { title: 'Gone' } } }, true);
    // Said in the words of the face that asks: the CLI's flag, the library's option.
    expect(speaking('cli', () => summaryOf(planChanges(desired, current, { prune: false })))).toBe(
      '1 to create, 0 to change, 0 to remove, 1 unchanged (2 only on the site; --prune removes them)',
    );
    expect(summaryOf(planChanges(desired, current, { prune: false }))).toBe(
      '1 to create, 0 to change, 0 to remove, 1 unchanged (2 only on the site; prune: true removes them)',
    );
    const pruned = planChanges(desired, current, { prune: true });
    expect(formatPlan(pruned, false).split('\n')).toEqual([
      '- tag old: deleted for good',
      '',
      '+ event fest: title "Fest"',
      '- event gone: to the trash',
      '',
      '1 to create, 0 to change, 2 to remove, 1 unchanged',
      '',
    ]);
  });

  test('a venue under another slug is matched by name, and links to it follow the match', () => {
    const desired = doc({ venues: { 'the-hall': { venue: 'The Hall' } }, events: { fest: { title: 'Fest', venue: 'the-hall' } } });
    const current = doc({ venues: { 'hall-2': { venue: 'The hall' } }, events: { fest: { title: 'Fest', venue: 'hall-2' } } }, true);
    const plan = planChanges(desired, current, { prune: true });
    expect(formatPlan(plan, false)).toBe(
      '~ venue the-hall: matched by name (hall-2 on the site), venue "The hall" -> "The Hall"\n\n0 to create, 1 to change, 0 to remove, 1 unchanged\n',
    );
    expect(plan.aliases.get('venues')).toEqual(new Map([['hall-2', 'the-hall']]));
  });

  test('a name held by another record of the file is a conflict, not an overwrite', () => {
    const desired = doc({ venues: { hall: { venue: 'Hall' }, 'new-hall': { venue: 'Hall' } } });
    const current = doc({ venues: { hall: { venue: 'Hall' } } }, true);
    const [change] = planChanges(desired, current, { prune: false }).changes;
    expect(change).toMatchObject({ action: 'create', slug: 'new-hall', conflict: expect.stringContaining('would overwrite') });
  });

  test('colour on request', () => {
    const plan = planChanges(doc({ tags: { a: { name: 'A' } } }), doc({ tags: {} }), { prune: false });
    expect(formatPlan(plan, true)).toContain('\u001b[32m+ tag a: name "A"\u001b[39m');
  });

  test('a create lists the fields it writes, links as added slugs', () => {
    const desired = doc({ venues: { hall: { venue: 'Hall' } }, events: { fest: { title: 'Fest', cost: '20', venue: 'hall', tags: ['late', 'b'] } } });
    const plan = planChanges(desired, doc({}, true), { prune: false });
    const fest = plan.changes.find((change) => change.slug === 'fest');
    expect(fest?.changes).toEqual([
      { field: 'title', from: undefined, to: 'Fest' },
      { field: 'cost', from: undefined, to: '20' },
      { field: 'venue', from: undefined, to: 'hall' },
      { field: 'tags', added: ['b', 'late'], removed: [] },
    ]);
    expect(formatPlan(plan, false)).toContain('+ event fest: title "Fest", cost "20", venue "hall", tags +b +late\n');
  });
});
