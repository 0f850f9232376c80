/** WordPress core's routes for the calendar's taxonomies: /wp/v2/tribe_events_cat and /wp/v2/tags. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, send, type Client } from './helpers.js';

let c: Client;
let core: string;
const auth = { authorization: `Basic ${Buffer.from('admin:test-pass').toString('base64')}` };
const id: Record<string, number> = {};

const get = (path: string, withAuth = false) => send(`${core}${path}`, { headers: withAuth ? auth : {} });
const ids = (body: unknown) => (body as { id: number }[]).map((term) => term.id);

beforeAll(async () => {
  c = await client();
  core = `${c.sandbox.restRoot}/wp/v2`;
  const term = async (key: string, path: string, body: Record<string, unknown>) => (id[key] = (await c.call('POST', path, body)).body.id);
  await term('arts', '/categories', { name: 'Arts & Culture', slug: 'arts-culture' });
  await term('jazz', '/categories', { name: 'Jazz', parent: id.arts });
  await term('empty', '/categories', { name: 'Empty Shelf' });
  await term('live', '/tags', { name: 'Live Music' });
  await term('free', '/tags', { name: 'Free Entry' });
  await term('unused', '/tags', { name: 'Unused' });
  const event = { start_date: '2026-12-04 19:30:00', end_date: '2026-12-04 22:00:00' };
  id.event = (await c.call('POST', '/events', { title: 'Harbor Jazz Evening', ...event, categories: [id.jazz], tags: [id.live, id.free] })).body.id;
  id.draft = (await c.call('POST', '/events', { title: 'Draft', status: 'draft', ...event, tags: [id.unused] })).body.id;
});
afterAll(() => c.close());

describe('GET /wp/v2/tribe_events_cat and /wp/v2/tags', () => {
  it('lists every term by name, empty ones too, with the stored entity-encoded name', async () => {
    const response = await get('/tribe_events_cat');
    expect(response.status).toBe(200);
    expect(ids(response.body)).toEqual([id.arts, id.empty, id.jazz]);
    expect((response.body as { name: string }[])[0].name).toBe('Arts &amp; Culture');
    expect(response.headers.get('x-wp-total')).toBe('3');
    expect(response.headers.get('allow')).toBe('GET');
    expect(Object.keys((response.body as object[])[0])).toEqual(['id', 'count', 'description', 'link', 'name', 'slug', 'taxonomy', 'parent', 'meta', '_links']);
    expect((response.body as { link: string }[])[2].link).toMatch(/\/events\/category\/arts-culture\/jazz\/$/);
  });

  it('keeps with hide_empty an unused parent whose child is used, and counts published events only', async () => {
    expect(ids((await get('/tribe_events_cat?hide_empty=true')).body)).toEqual([id.arts, id.jazz]);
    const tags = (await get('/tags?hide_empty=1')).body as { id: number; count: number }[];
    expect(tags.map((tag) => tag.id)).toEqual([id.free, id.live]);
    expect(Object.keys(tags[0])).not.toContain('parent');
    expect((await get(`/tags/${id.unused}`)).body).toMatchObject({ count: 0, name: 'Unused' });
  });

  it('pages with Link headers and answers a page past the end with an empty list', async () => {
    const first = await get('/tags?per_page=2');
    expect(ids(first.body)).toEqual([id.free, id.live]);
    expect(first.headers.get('x-wp-totalpages')).toBe('2');
    expect(first.headers.get('link')).toBe(`<${core}/tags?per_page=2&page=2>; rel="next"`);
    const past = await get('/tags?per_page=2&page=5');
    expect(past.status).toBe(200);
    expect(past.body).toEqual([]);
    expect(past.headers.get('link')).toBe(`<${core}/tags?per_page=2&page=2>; rel="prev"`);
    expect((await get('/tags?page=1&per_page=1')).headers.get('link')).toBe(`<${core}/tags?page=2&per_page=1>; rel="next"`);
    expect(ids((await get('/tags?offset=1&per_page=1')).body)).toEqual([id.live]);
  });

  it('filters by search, slug, parent, include and post, and orders as asked', async () => {
    expect(ids((await get('/tribe_events_cat?search=JAZ')).body)).toEqual([id.jazz]);
    expect(ids((await get('/tags?slug=live-music,unused')).body)).toEqual([id.live, id.unused]);
    expect(ids((await get('/tribe_events_cat?parent=0')).body)).toEqual([id.arts, id.empty]);
    expect(ids((await get(`/tribe_events_cat?parent=${id.arts}`)).body)).toEqual([id.jazz]);
    expect(ids((await get(`/tags?include=${id.unused},${id.live}&exclude=${id.live}&orderby=include`)).body)).toEqual([id.unused, id.live]);
    expect(ids((await get(`/tags?exclude=${id.live}&order=desc`)).body)).toEqual([id.unused, id.free]);
    expect(ids((await get(`/tags?post=${id.event}&orderby=id`)).body)).toEqual([id.live, id.free]);
    expect((await get(`/tags?post=${id.draft}`)).status).toBe(401);
    expect(ids((await get(`/tags?post=${id.draft}`, true)).body)).toEqual([id.unused]);
    expect((await get('/tags?post=99999')).body).toMatchObject({ code: 'rest_post_invalid_id', data: { status: 400 } });
  });

  it('gets one term, trims with _fields and refuses unknown terms and the edit context to anonymous callers', async () => {
    const one = await get(`/tribe_events_cat/${id.jazz}?_fields=id,name,parent`);
    expect(one.body).toEqual({ id: id.jazz, name: 'Jazz', parent: id.arts });
    const admin = await get(`/tribe_events_cat/${id.jazz}`, true);
    expect(admin.headers.get('allow')).toBe('GET, POST, PUT, PATCH, DELETE');
    expect((admin.body as { _links: { up: unknown[] } })._links.up).toEqual([{ embeddable: true, href: `${core}/tribe_events_cat/${id.arts}` }]);
    const missing = await get(`/tribe_events_cat/${id.live}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 'rest_term_invalid', message: 'Term does not exist.', data: { status: 404 } });
    expect(missing.headers.get('allow')).toBeNull();
    expect((await get('/tags?context=edit')).body).toMatchObject({ code: 'rest_forbidden_context', data: { status: 401 } });
    const embedded = ((await get('/tags?context=embed')).body as Record<string, unknown>[])[0];
    expect(embedded).toMatchObject({ id: id.free, name: 'Free Entry', slug: 'free-entry', taxonomy: 'post_tag' });
    expect(Object.keys(embedded)).toEqual(['id', 'link', 'name', 'slug', 'taxonomy', '_links']);
  });

  it('refuses bad parameters all at once, as the core schema does', async () => {
    const response = await get('/tags?per_page=101&hide_empty=maybe&orderby=colour');
    expect(response.status).toBe(400);
    expect(Object.keys((response.body as { data: { params: object } }).data.params)).toEqual(['per_page', 'orderby', 'hide_empty']);
    expect((response.body as { data: { details: Record<string, unknown> } }).data.details.hide_empty).toEqual({
      code: 'rest_invalid_type',
      message: 'hide_empty is not of type boolean.',
      data: { param: 'hide_empty' },
    });
  });
});
