/** Every list parameter of every resource (from src/spec/resources.ts), each against a small known calendar. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources, RESOURCE_NAMES, type ResourceName } from '../../src/spec/resources.js';
import { client, tickingClock, type Client } from './helpers.js';

let c: Client;
const id: Record<string, number> = {};

async function create(path: string, body: Record<string, unknown>, key: string) {
  const response = await c.call('POST', path, body);
  expect(response.status).toBe(201);
  id[key] = response.body.id;
}

beforeAll(async () => {
  c = await client({ now: tickingClock() }); // records a second apart, so venues and organizers sort without ties
  await create('/venues', { venue: 'Blue Hall', city: 'Boston' }, 'V1');
  await create('/venues', { venue: 'Green Park', city: 'Albany' }, 'V2');
  await create('/venues', { venue: 'Empty Room', city: 'Troy' }, 'V3');
  await create('/organizers', { organizer: 'Jazz Society', email: 'info@jazz.example' }, 'O1');
  await create('/organizers', { organizer: 'Parks Dept', phone: '555 0100' }, 'O2');
  await create('/organizers', { organizer: 'Idle Group' }, 'O3');
  await create('/categories', { name: 'Music' }, 'C1');
  await create('/categories', { name: 'Jazz', parent: id.C1 }, 'C2');
  await create('/categories', { name: 'Empty' }, 'C3');
  await create('/tags', { name: 'Outdoors' }, 'T1');
  await create('/tags', { name: 'Family' }, 'T2');
  await create('/tags', { name: 'Unused' }, 'T3');
  const event = (title: string, start: string, end: string, extra: Record<string, unknown> = {}) => ({ title, start_date: start, end_date: end, ...extra });
  await create(
    '/events',
    event('Jazz Night', '2026-12-05 19:00:00', '2026-12-05 22:00:00', { venue: id.V1, organizer: [id.O1], categories: [id.C2], tags: [id.T2], featured: true }),
    'E1',
  );
  await create(
    '/events',
    event('Yoga Morning', '2026-12-10 07:00:00', '2026-12-10 08:00:00', { venue: id.V2, organizer: [id.O2], categories: [id.C1], tags: [id.T1] }),
    'E2',
  );
  await create('/events', event('Old Fair', '2026-10-01 10:00:00', '2026-10-01 12:00:00', { venue: id.V2 }), 'E3');
  await create('/events', event('Draft Plan', '2026-12-15 10:00:00', '2026-12-15 11:00:00', { status: 'draft' }), 'E4');
  await create('/events', event('Hidden Thing', '2026-12-20 10:00:00', '2026-12-20 11:00:00', { hide_from_listings: true }), 'E5');
  await create('/events', event('Far Future', '2027-06-01 10:00:00', '2027-06-01 11:00:00'), 'E6');
});

afterAll(() => c.close());

interface Case {
  query: () => string;
  /** Keys of `id` expected in order, or an HTTP status for a refusal. */
  expect: string[] | number;
  auth?: boolean;
}

const cases: Record<ResourceName, Record<string, Case[]>> = {
  events: {
    page: [
      { query: () => 'per_page=1&page=2', expect: ['E2'] },
      { query: () => 'page=0', expect: 400 },
      { query: () => 'page=9', expect: 404 },
    ],
    per_page: [
      { query: () => 'per_page=2', expect: ['E1', 'E2'] },
      { query: () => 'per_page=0', expect: 400 },
    ],
    start_date: [
      { query: () => 'start_date=2026-01-01', expect: ['E3', 'E1', 'E2', 'E6'] },
      { query: () => 'start_date=1970-01-01', expect: 400 },
    ],
    end_date: [
      { query: () => 'end_date=2026-12-06', expect: ['E1'] },
      { query: () => 'end_date=nonsense', expect: 400 },
    ],
    starts_before: [{ query: () => 'starts_before=2026-12-06', expect: ['E3', 'E1'] }],
    starts_after: [{ query: () => 'starts_after=2026-12-06', expect: ['E2', 'E6'] }],
    ends_before: [
      { query: () => 'ends_before=2026-12-04', expect: ['E3'] },
      { query: () => 'ends_before=2026-12-05', expect: ['E3', 'E1'] },
    ],
    ends_after: [{ query: () => 'ends_after=2026-12-09', expect: ['E2', 'E6'] }],
    strict_dates: [
      { query: () => 'start_date=2026-12-10 12:01:00&strict_dates=true', expect: ['E6'] },
      { query: () => 'start_date=2026-12-10 12:01:00', expect: ['E2', 'E6'] },
      { query: () => 'strict_dates=', expect: 400 },
    ],
    search: [
      { query: () => 'search=JAZZ', expect: ['E1'] },
      { query: () => 'search=yoga -morning', expect: [] },
      { query: () => 'search=', expect: 400 },
    ],
    categories: [
      { query: () => 'categories=jazz', expect: ['E1'] },
      { query: () => `categories[]=${id.C1}&categories[]=jazz`, expect: ['E1', 'E2'] },
      { query: () => 'categories=nope', expect: 400 },
    ],
    tags: [
      { query: () => 'tags=outdoors', expect: ['E2'] },
      { query: () => `tags=${id.C1}`, expect: 400 },
    ],
    venue: [
      { query: () => `venue=${id.V1}`, expect: ['E1'] },
      { query: () => 'venue=blue-hall', expect: 400 },
      { query: () => `venue=${id.E1}`, expect: 400 },
    ],
    organizer: [
      { query: () => `organizer=${id.O2},${id.O1}`, expect: ['E1', 'E2'] },
      { query: () => 'organizer=999999', expect: 400 },
    ],
    featured: [
      { query: () => 'featured=true', expect: ['E1'] },
      { query: () => 'featured=0', expect: ['E2', 'E6'] },
      { query: () => 'featured=maybe', expect: 400 },
    ],
    status: [
      { query: () => 'status=draft', expect: ['E4'], auth: true },
      { query: () => 'status=draft', expect: 400 },
      { query: () => 'status=any', expect: 400, auth: true },
      { query: () => 'status=publish', expect: ['E1', 'E2', 'E6'] },
    ],
    geoloc: [
      { query: () => 'geoloc=true', expect: ['E1', 'E2', 'E6'] },
      { query: () => 'geoloc=foo', expect: 400 },
    ],
    geoloc_lat: [{ query: () => 'geoloc_lat=abc&geoloc_lng=-70', expect: ['E1', 'E2', 'E6'] }],
    geoloc_lng: [{ query: () => 'geoloc_lat=40&geoloc_lng=-70', expect: ['E1', 'E2', 'E6'] }],
    include: [
      { query: () => `include=${id.E3},${id.E1}&start_date=2026-01-01`, expect: ['E1'] },
      { query: () => `include=${id.E3}&starts_after=1900-01-01`, expect: ['E3'] },
    ],
    post_parent: [
      { query: () => `post_parent=${id.E1}`, expect: [] },
      { query: () => `post_parent=${id.V1}`, expect: 400 },
    ],
    ticketed: [
      { query: () => 'ticketed=true', expect: 400 },
      { query: () => 'ticketed=false', expect: ['E1', 'E2', 'E6'] },
    ],
    password: [
      { query: () => 'password=', expect: 400 },
      { query: () => 'password=secret', expect: ['E1', 'E2', 'E6'] },
    ],
  },
  venues: linkedCases('V'),
  organizers: linkedCases('O'),
  categories: {
    ...termCases('C'),
    parent: [
      { query: () => `parent=${id.C1}&hide_empty=false`, expect: ['C2'] },
      { query: () => 'parent=0', expect: 400 },
    ],
  },
  tags: termCases('T'),
};

function linkedCases(p: 'V' | 'O'): Record<string, Case[]> {
  return {
    page: [
      { query: () => 'per_page=1&page=3', expect: [`${p}1`] },
      { query: () => 'per_page=1&page=4', expect: 404 },
    ],
    per_page: [{ query: () => 'per_page=2', expect: [`${p}3`, `${p}2`] }],
    search: [
      { query: () => (p === 'V' ? 'search=boston' : 'search=jazz.example'), expect: [`${p}1`] },
      { query: () => 'search=', expect: 400 },
    ],
    event: [
      { query: () => `event=${id.E2}`, expect: [`${p}2`] },
      { query: () => `event=${id[`${p}1`]}`, expect: 400 },
    ],
    has_events: [
      { query: () => 'has_events=true', expect: [`${p}2`, `${p}1`] },
      { query: () => 'has_events=false', expect: [`${p}3`] },
    ],
    only_with_upcoming: [{ query: () => 'only_with_upcoming=true', expect: [`${p}2`, `${p}1`] }],
    status: [
      { query: () => 'status=publish', expect: [`${p}3`, `${p}2`, `${p}1`] },
      { query: () => 'status=draft', expect: 400 },
    ],
  };
}

function termCases(p: 'C' | 'T'): Record<string, Case[]> {
  // categories: Music (E2), Jazz (E1), Empty; tags: Outdoors (E2), Family (E1), Unused
  const used = p === 'C' ? [`${p}2`, `${p}1`] : [`${p}2`, `${p}1`];
  return {
    page: [
      { query: () => 'per_page=1&page=2', expect: [used[1]] },
      { query: () => 'page=9', expect: [] },
    ],
    per_page: [{ query: () => 'per_page=1', expect: [used[0]] }],
    search: [
      { query: () => `search=${p === 'C' ? 'jaz' : 'fam'}`, expect: [`${p}2`] },
      { query: () => 'search=', expect: 400 },
    ],
    exclude: [
      { query: () => `exclude=${id[`${p}1`]}`, expect: [`${p}2`] },
      { query: () => 'exclude=999999', expect: 400 },
    ],
    include: [{ query: () => `include=${id[`${p}3`]}&hide_empty=false`, expect: [`${p}3`] }],
    order: [
      { query: () => 'order=desc', expect: [used[1], used[0]] },
      { query: () => 'order=', expect: 400 },
    ],
    orderby: [
      { query: () => 'orderby=id', expect: [`${p}1`, `${p}2`] },
      { query: () => 'orderby=rand', expect: used },
    ],
    hide_empty: [
      { query: () => 'hide_empty=false', expect: p === 'C' ? ['C3', 'C2', 'C1'] : ['T2', 'T1', 'T3'] },
      { query: () => 'hide_empty=foo', expect: 400 },
    ],
    post: [
      { query: () => `post=${id.E1}`, expect: [`${p}2`] },
      { query: () => `post=${id.V1}`, expect: 400 },
    ],
    event: [{ query: () => `event=${id.E2}`, expect: [`${p}1`] }],
    slug: [
      { query: () => `slug=${p === 'C' ? 'jazz' : 'family'}`, expect: [`${p}2`] },
      { query: () => 'slug=none-such', expect: [] },
    ],
  };
}

const PREFIX: Record<ResourceName, string> = { events: 'E', venues: 'V', organizers: 'O', categories: 'C', tags: 'T' };

function keysOf(resource: ResourceName, ids: number[]): string[] {
  return ids.map((value) => Object.keys(id).find((key) => key.startsWith(PREFIX[resource]) && id[key] === value) ?? String(value));
}

describe('list filters', () => {
  it('covers every list parameter of src/spec/resources.ts', () => {
    for (const name of RESOURCE_NAMES) {
      expect(Object.keys(cases[name]).sort()).toEqual(resources[name].listParams.map((field) => field.name).sort());
    }
  });

  for (const name of RESOURCE_NAMES) {
    for (const [param, list] of Object.entries(cases[name])) {
      list.forEach((testCase, index) => {
        it(`${name} ${param} #${index + 1}`, async () => {
          const response = await c.call('GET', `/${name}?${testCase.query()}`, undefined, { auth: testCase.auth ?? false });
          if (typeof testCase.expect === 'number') {
            expect(response.status).toBe(testCase.expect);
            return;
          }
          expect(response.status).toBe(200);
          const items = response.body[resources[name].listKey] as { id: number }[];
          expect(
            keysOf(
              name,
              items.map((item) => item.id),
            ),
          ).toEqual(testCase.expect);
          expect(response.headers.get('x-tec-total')).toBe(String(response.body.total));
        });
      });
    }
  }

  it('unlocks a password-protected event in the list with its password', async () => {
    const demo = await client({ seed: 'demo' });
    try {
      const find = (body: any) => body.events.find((event: any) => event.title === 'Members Preview Night');
      const locked = find((await demo.call('GET', '/events?per_page=50')).body);
      expect(locked).toMatchObject({ description: '', website: '', image: false, featured: null, venue: [], cost: '' });
      const open = find((await demo.call('GET', '/events?per_page=50&password=members')).body);
      expect(open.description).toContain('members only');
      expect(open.venue).toHaveProperty('venue');
      expect((await demo.call('GET', `/events/${open.id}`)).body.code).toBe('event-password-protected');
      expect((await demo.call('GET', `/events/${open.id}?password=members`)).status).toBe(200);
    } finally {
      await demo.close();
    }
  });
});
