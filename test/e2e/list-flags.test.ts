/**
 * Every list parameter of the resource table has a flag, and the flag reaches the server
 * as the documented parameter. Generated from the table, so a new parameter is covered
 * the day it is added.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { flagName, resources, type Field, type ResourceName } from '../../src/spec/resources.js';
import { api, useSite } from './helpers.js';

const site = useSite();
const made: Record<string, number> = {};

beforeAll(async () => {
  made.venues = (await api<{ id: number }>(site.sandbox, 'POST', 'venues', { venue: 'Flag Hall' })).body.id;
  made.organizers = (await api<{ id: number }>(site.sandbox, 'POST', 'organizers', { organizer: 'Flag Org' })).body.id;
  made.categories = (await api<{ id: number }>(site.sandbox, 'POST', 'categories', { name: 'Flagcat' })).body.id;
  made.tags = (await api<{ id: number }>(site.sandbox, 'POST', 'tags', { name: 'Flagtag' })).body.id;
  made.events = (
    await api<{ id: number }>(site.sandbox, 'POST', 'events', {
      title: 'Flag Event',
      start_date: '2027-06-01 10:00:00',
      end_date: '2027-06-01 11:00:00',
      venue: made.venues,
      organizer: [made.organizers],
      categories: [made.categories],
      tags: [made.tags],
    })
  ).body.id;
});

/** A value the sandbox accepts for this parameter, and what should appear in the query string. */
function sample(field: Field, resource: ResourceName): { args: string[]; wire: string } {
  const flag = `--${flagName(field.name)}`;
  const related = field.relation ? made[field.relation] : undefined;
  switch (field.type) {
    case 'boolean':
      // Without the tickets add-on the server refuses ticketed=true, as a real site does.
      return field.name === 'ticketed' || field.name === 'hide_empty'
        ? { args: [`--no-${flagName(field.name)}`], wire: `${field.name}=false` }
        : { args: [flag], wire: `${field.name}=true` };
    case 'date':
      // A day is sent as an instant in UTC, the window widened by the widest zone gap (records/filter-times.ts).
      return { args: [flag, '2026-01-01'], wire: `${field.name}=${/before|^end_date/.test(field.name) ? '2026-01-0' : '2025-12-3'}` };
    case 'number':
      return field.name === 'geoloc_lat'
        ? { args: [flag, '40.5', '--geoloc-lng', '-73.5'], wire: 'geoloc_lat=40.5' }
        : { args: [flag, '-73.5', '--geoloc-lat', '40.5'], wire: 'geoloc_lng=-73.5' };
    case 'ids':
    case 'id':
    case 'terms': {
      const value = String(related ?? made[resource]);
      return { args: [flag, value], wire: `${field.name}=${value}` };
    }
    case 'positive':
      return { args: [flag, '1'], wire: `${field.name}=1` };
    case 'list':
      return { args: [flag, 'publish'], wire: `${field.name}=publish` };
    default: {
      const value = field.choices ? field.choices[0] : field.name === 'slug' ? 'flagcat' : 'flag';
      return { args: [flag, value], wire: `${field.name}=${value}` };
    }
  }
}

for (const name of Object.keys(resources) as ResourceName[]) {
  const resource = resources[name];
  describe(`${name} list`, () => {
    for (const field of resource.listParams) {
      test(`--${flagName(field.name)} is sent as ${field.name}`, async () => {
        const { args, wire } = sample(field, name);
        const extra = name === 'events' && field.type !== 'date' && field.name !== 'include' ? ['--start-date', '1900-01-01'] : [];
        const r = await site.cli(['--debug', name, 'list', ...args, ...extra, '--format', 'ids']);
        expect(r.code, r.stderr).toBe(0);
        // The list request itself: linked filters are looked up (by ID, slug or name) before it.
        const requestLine = r.stderr.split('\n').find((l) => l.startsWith('debug: > GET') && l.includes(`/${resource.path}?`)) ?? '';
        expect(requestLine).toContain(wire);
      });
    }
  });
}

describe('filters select what they say', () => {
  const ids = async (...args: string[]) => (await site.cli(['events', 'list', '--start-date', '2020-01-01', ...args, '--format', 'ids'])).stdout.trim();

  test('by venue, organizer, category (ID and slug), tag, search and featured', async () => {
    const id = String(made.events);
    expect(await ids('--venue', String(made.venues))).toBe(id);
    expect(await ids('--organizer', String(made.organizers))).toBe(id);
    expect(await ids('--categories', 'flagcat')).toBe(id);
    expect(await ids('--tags', String(made.tags))).toBe(id);
    expect(await ids('--search', 'flag event')).toBe(id);
    expect(await ids('--featured')).toBe('');
    expect(await ids('--no-featured')).toBe(id);
  });

  test('date windows', async () => {
    const id = String(made.events);
    expect(await ids('--starts-after', '2027-05-31', '--starts-before', '2027-06-02')).toBe(id);
    expect(await ids('--ends-before', '2027-05-01')).toBe('');
  });
});

describe('a search that finds nothing', () => {
  test('with the other apostrophe gets the form to try, and names the search rather than the window', async () => {
    const made = await site.cli([
      'events',
      'create',
      '--title',
      'Soirée d’été',
      '--start-date',
      '2027-07-14 20:00',
      '--end-date',
      '2027-07-14 23:00',
      '--format',
      'ids',
    ]);
    expect(made.code, made.stderr).toBe(0);
    const straight = await site.cli(['events', 'list', '--search', "d'été", '--format', 'ids']);
    expect(straight.code).toBe(0);
    expect(straight.stdout).toBe('');
    expect(straight.stderr).toContain('Titles and names keep the apostrophes they were typed with: try --search "d’été".');
    expect(straight.stderr).toContain('No events match --search "d\'été" between');
    const curly = await site.cli(['events', 'list', '--search', 'd’été', '--format', 'ids']);
    expect(curly.stdout.trim()).toBe(made.stdout.trim());
    expect(curly.stderr).toBe('');
  });
});

describe('categories and tags that no published event uses', () => {
  test('an empty list says --no-hide-empty shows them; a list off a terminal says nothing', async () => {
    await api(site.sandbox, 'POST', 'tags', { name: 'Lonely tag' });
    await api(site.sandbox, 'POST', 'categories', { name: 'Lonely category' });
    for (const resource of ['tags', 'categories']) {
      const hidden = await site.cli([resource, 'list', '--search', 'Lonely', '--format', 'ids']);
      expect(hidden.code, hidden.stderr).toBe(0);
      expect(hidden.stdout).toBe('');
      const Name = `${resource[0].toUpperCase()}${resource.slice(1)}`;
      expect(hidden.stderr).toBe(
        `No ${resource} used by a published event match --search "Lonely". ${Name} that no published event uses are hidden: --no-hide-empty lists them.\n`,
      );
      const shown = await site.cli([resource, 'list', '--search', 'Lonely', '--no-hide-empty', '--format', 'ids']);
      expect(shown.stdout.trim()).toMatch(/^\d+$/);
      expect(shown.stderr).toBe('');
      const used = await site.cli([resource, 'list', '--format', 'ids']);
      expect(used.stdout.trim()).toBe(String(made[resource]));
      expect(used.stderr).toBe('');
    }
  });
});
