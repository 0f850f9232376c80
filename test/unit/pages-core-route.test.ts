import { describe, expect, test } from 'vitest';
import { ApiError } from '../../src/core/errors.js';
import type { ApiClient, ApiResponse, RequestOptions } from '../../src/core/http/client.js';
import { walkEveryName } from '../../src/core/records/pages.js';
import { resources } from '../../src/spec/resources.js';

type Answer = (page: number, context?: unknown) => { status: number; body: unknown; pages?: number };

/**
 * A client that answers the core route page by page through `answer`, records the order in
 * which pages were asked for and answered, and fails on any other route.
 */
function coreRouteClient(answer: Answer) {
  const events: string[] = [];
  const client = {
    hasCredentials: true,
    async send(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse> {
      if (method !== 'GET' || path !== '/wp/v2/tribe_venue' || !opts.fromRoot) throw new Error(`unexpected ${method} ${path}`);
      const page = Number(opts.query?.page);
      events.push(`ask ${page}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
      const { status, body, pages } = answer(page, opts.query?.context);
      events.push(`answer ${page}`);
      const headers: Record<string, string> = pages === undefined ? {} : { 'x-wp-totalpages': String(pages) };
      return { status, headers, body, raw: JSON.stringify(body), url: path, method: 'GET' };
    },
  };
  return { client: client as unknown as ApiClient, events };
}

const venue = (id: number) => ({ id, slug: `hall-${id}`, title: { rendered: `Hall ${id}` } });
const pageOf = (page: number, total: number) =>
  Array.from({ length: Math.max(0, Math.min(100, total - (page - 1) * 100)) }, (_, i) => venue((page - 1) * 100 + i + 1));

async function names(client: ApiClient) {
  const found: Array<[number, unknown, unknown]> = [];
  const answered = await walkEveryName(client, resources.venues, (id, slug, name) => found.push([id, slug, name]));
  return { answered, found };
}

describe('the names of every venue, from the core route', () => {
  test('come in ID order, the pages after the first asked for together', async () => {
    const { client, events } = coreRouteClient((page) => ({ status: 200, body: pageOf(page, 250), pages: 3 }));
    const { answered, found } = await names(client);
    expect(answered).toBe(true);
    expect(found.map(([id]) => id)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(found[249]).toEqual([250, 'hall-250', 'Hall 250']);
    expect(events.slice(0, 4)).toEqual(['ask 1', 'answer 1', 'ask 2', 'ask 3']);
  });

  test('stop at a page past the end when the list shrank meanwhile', async () => {
    const { client } = coreRouteClient((page) =>
      page <= 2
        ? { status: 200, body: pageOf(page, 300), pages: 3 }
        : { status: 400, body: { code: 'rest_post_invalid_page_number', message: 'The page number requested is larger than the number of pages available.' } },
    );
    const { found } = await names(client);
    expect(found).toHaveLength(200);
  });

  test('fail, rather than come back short, when a later page fails', async () => {
    const { client } = coreRouteClient((page) =>
      page === 2 ? { status: 500, body: { code: 'internal_server_error', message: 'Boom' } } : { status: 200, body: pageOf(page, 300), pages: 3 },
    );
    await expect(names(client)).rejects.toBeInstanceOf(ApiError);
  });

  test('say the site has no core route when its first page fails', async () => {
    const { client, events } = coreRouteClient(() => ({ status: 404, body: { code: 'rest_no_route', message: 'No route' } }));
    const { answered, found } = await names(client);
    expect(answered).toBe(false);
    expect(found).toEqual([]);
    expect(events).toEqual(['ask 1', 'answer 1']);
  });

  test('are the names as stored where the user may edit them (the server compares those), else as shown', async () => {
    const club = { id: 1, slug: 'kids-club', title: { raw: "Kids' Club", rendered: 'Kids&#8217; Club' } };
    const editor = coreRouteClient((_page, context) => ({
      status: 200,
      body: [context === 'edit' ? club : { ...club, title: { rendered: club.title.rendered } }],
      pages: 1,
    }));
    expect((await names(editor.client)).found).toEqual([[1, 'kids-club', "Kids' Club"]]);
    const reader = coreRouteClient((_page, context) =>
      context === 'edit'
        ? { status: 403, body: { code: 'rest_forbidden_context', message: 'Sorry, you are not allowed to edit posts in this post type.' } }
        : { status: 200, body: [{ ...club, title: { rendered: club.title.rendered } }], pages: 1 },
    );
    const read = await names(reader.client);
    expect(read.found).toEqual([[1, 'kids-club', 'Kids&#8217; Club']]);
    expect(reader.events).toEqual(['ask 1', 'answer 1', 'ask 1', 'answer 1']);
  });
});
