/**
 * What a series keeps on the site (docs/series.md), as measured on the real site (6.17.1,
 * 26 Nov 2026, database read after each write): an event created with a slug keeps it,
 * draft or published, through a tribe/events/v1 update, a tec/v1 PATCH and WordPress's own
 * route (the editor's save); both event routes set a slug they are sent; a taken slug gets
 * `-2`; a tag keeps a description of several lines, `&` stored as `&amp;`; an unused tag is
 * in no list of the plugin's tags but in the core route's.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEC_ACK_HEADER, TEC_ACK_TEXT } from '../../src/wordpress/write-routes.js';
import { client, send, PASSWORD, type Client } from './helpers.js';

describe('the series identity survives every write, as on the real site', () => {
  let c: Client;
  const root = () => c.api.replace(/\/tribe\/events\/v1$/, '');
  const call = (method: string, path: string, body?: unknown) =>
    send(`${root()}${path}`, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`,
        [TEC_ACK_HEADER]: TEC_ACK_TEXT,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }) as Promise<{ status: number; body: any }>;
  beforeAll(async () => {
    c = await client();
  });
  afterAll(() => c.close());

  const event = (slug: string, status = 'publish') =>
    c.call('POST', '/events', { title: 'series probe A', slug, status, start_date: '2027-01-05 19:00:00', end_date: '2027-01-05 20:00:00' });

  test('a draft and a published event keep the slug they are created with; a taken one gets -2', async () => {
    const published = await event('series-probe-a-series-zz0001-20270105');
    const draft = await event('series-probe-b-series-zz0001-20270112', 'draft');
    const taken = await event('series-probe-a-series-zz0001-20270105');
    expect([published.body.slug, draft.body.slug, taken.body.slug]).toEqual([
      'series-probe-a-series-zz0001-20270105',
      'series-probe-b-series-zz0001-20270112',
      'series-probe-a-series-zz0001-20270105-2',
    ]);
  });

  test('tec/v1, tribe/events/v1 and the core route keep the slug when not sent it, and set the one they are sent', async () => {
    const { body } = await event('series-probe-c-series-zz0002-20270105');
    const slugOf = async () => (await c.call('GET', `/events/${body.id}`, undefined, { auth: true })).body.slug;
    await call('PATCH', `/tec/v1/events/${body.id}`, { title: 'edited', start_date: '2027-01-05 19:30:00', end_date: '2027-01-05 20:30:00' });
    await c.call('POST', `/events/${body.id}`, { title: 'edited again' });
    await call('POST', `/wp/v2/tribe_events/${body.id}`, { title: 'in the editor', status: 'publish' });
    expect(await slugOf()).toBe('series-probe-c-series-zz0002-20270105');
    await call('PATCH', `/tec/v1/events/${body.id}`, { slug: 'series-probe-c-series-zz0003-20270105' });
    expect(await slugOf()).toBe('series-probe-c-series-zz0003-20270105');
    await c.call('POST', `/events/${body.id}`, { title: 'x', slug: 'series-probe-c-series-zz0004-20270105' });
    expect(await slugOf()).toBe('series-probe-c-series-zz0004-20270105');
  });

  test('the core route finds events by a list of slugs, drafts too', async () => {
    const found = await call(
      'GET',
      '/wp/v2/tribe_events?slug=series-probe-a-series-zz0001-20270105,series-probe-b-series-zz0001-20270112,none&status=publish,draft&_fields=id,slug',
    );
    expect(found.body.map((post: { slug: string }) => post.slug).sort()).toEqual([
      'series-probe-a-series-zz0001-20270105',
      'series-probe-b-series-zz0001-20270112',
    ]);
  });

  test('a tag keeps a description of several lines; unused, it is listed by the core route only', async () => {
    const description = 'Probe & co\nX-SLUG:series-probe-series-zz0004\nRRULE:FREQ=WEEKLY;COUNT=8';
    const made = await c.call('POST', '/tags', { name: 'series-zz0004', slug: 'series-zz0004', description });
    expect(made.body.description).toBe(description.replace('&', '&amp;'));
    const plugin = await c.call('GET', '/tags?per_page=50', undefined, { auth: true });
    expect(plugin.body.tags.map((tag: { slug: string }) => tag.slug)).not.toContain('series-zz0004');
    const core = await call('GET', '/wp/v2/tags?slug=series-zz0004&_fields=id,slug,description');
    expect(core.body).toEqual([{ id: made.body.id, slug: 'series-zz0004', description: description.replace('&', '&amp;') }]);
    await c.call('DELETE', `/tags/${made.body.id}`);
    expect((await call('GET', '/wp/v2/tags?slug=series-zz0004')).body).toEqual([]);
  });
});
