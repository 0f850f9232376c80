/** How GET /events combines its filters, as the real site was seen doing (events/list.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from './helpers.js';

let c: Client;
const ids: Record<string, number> = {};
const listed = async (query: string) => ((await c.call('GET', `/events?${query}`)).body.events as { title: string }[]).map((event) => event.title);

beforeAll(async () => {
  c = await client();
  const tag = async (name: string) => (await c.call('POST', '/tags', { name })).body.id as number;
  const category = async (name: string) => (await c.call('POST', '/categories', { name })).body.id as number;
  Object.assign(ids, { alpha: await tag('alpha'), beta: await tag('beta'), red: await category('red'), blue: await category('blue') });
  const event = async (title: string, day: string, extra: object) =>
    c.call('POST', '/events', { title, start_date: `${day} 10:00:00`, end_date: `${day} 11:00:00`, ...extra });
  await event('Both tags', '2026-12-10', { tags: [ids.alpha, ids.beta] });
  await event('Alpha', '2026-12-11', { tags: [ids.alpha] });
  await event('Beta', '2026-12-12', { tags: [ids.beta], categories: [ids.blue] });
  await event('Red', '2026-12-13', { categories: [ids.red] });
});
afterAll(() => c.close());

describe('event list filters', () => {
  it('filters by the first tag named only, and by any category named', async () => {
    expect(await listed(`tags=${ids.alpha},${ids.beta}`)).toEqual(['Both tags', 'Alpha']);
    expect(await listed(`tags[]=${ids.beta}&tags[]=${ids.alpha}`)).toEqual(['Both tags', 'Beta']);
    expect(await listed(`categories=${ids.red},${ids.blue}`)).toEqual(['Beta', 'Red']);
  });

  it('lets starts_after replace the lower bound of start_date, and ends_before the upper bound of end_date', async () => {
    expect(await listed('start_date=2026-12-12&starts_after=2026-12-01')).toEqual(['Both tags', 'Alpha', 'Beta', 'Red']);
    expect(await listed('start_date=2026-12-01&starts_after=2026-12-11')).toEqual(['Beta', 'Red']);
    expect(await listed('end_date=2026-12-10&ends_before=2026-12-31')).toEqual(['Both tags', 'Alpha', 'Beta', 'Red']);
  });
});

describe('an event update by slug with a slug in the body', () => {
  it('looks the event up by the body slug, answering the plugin error object when it names none', async () => {
    const event = await c.call('POST', '/events', { title: 'Harbor Market', start_date: '2027-07-01 10:00:00', end_date: '2027-07-01 11:00:00' });
    const answer = await c.call('POST', `/events/by-slug/${event.body.slug}`, { slug: 'custom-slug-6587', show_map: '1', tags: ['Fresh Tag 59'] });
    expect([answer.status, answer.body]).toEqual([
      200,
      { errors: { 'event-not-found': ['The requested post ID does not exist or is not an event'] }, error_data: [] },
    ]);
    expect((await c.call('GET', `/events/${event.body.id}`)).body.slug).toBe('harbor-market');
    // The tags it named were created all the same, as the plugin resolves them first.
    expect((await c.call('GET', '/tags?hide_empty=false&search=Fresh')).body.tags.map((t: { name: string }) => t.name)).toEqual(['Fresh Tag 59']);
  });
});

describe('an empty status filter', () => {
  it('is no filter for an editor and refused for an anonymous reader', async () => {
    const editor = await c.call('GET', '/events?status=&starts_before=2026-12-25', undefined, { auth: true });
    expect([editor.status, editor.body.rest_url.replace(/^.*\?/, '')]).toEqual([200, 'page=1&per_page=10&&starts_before=2026-12-25 23:59:59']);
    const anonymous = await c.call('GET', '/events?status=');
    expect([anonymous.status, anonymous.body.data?.params]).toEqual([400, { status: 'Invalid parameter.' }]);
  });

  it("shows as && in rest_url and is left out of the next page's link (measured live, seed 42)", async () => {
    const first = await c.call('GET', '/events?status=&per_page=1&starts_before=2026-12-25', undefined, { auth: true });
    expect(first.body.total_pages).toBeGreaterThan(1);
    expect(first.body.rest_url).toContain('per_page=1&&starts_before');
    expect(first.body.next_rest_url.replace(/^.*\?/, '')).toBe('per_page=1&starts_before=2026-12-25+23%3A59%3A59&page=2');
  });
});
