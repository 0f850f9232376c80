/**
 * `GET /tec/v1/{events|venues|organizers}`: a page of the published records, events by start
 * (soonest first, ended ones too), venues and organizers by ID; totals in `X-WP-Total` and
 * `X-WP-TotalPages`, the neighbouring pages in `Link`, as the real site answers.
 */
import type { RequestContext, SiteResponse } from '../common/context.js';
import { SiteError } from '../common/errors.js';
import type { Params } from '../common/params.js';
import type { EventFields, PostRecord } from '../store/store.js';
import { POST_TYPE, type PostResource } from '../store/kinds.js';
import { tecJson } from './json.js';

const DEFAULT_PER_PAGE = 10;
const MAX_PER_PAGE = 100;

function pageNumber(params: Params, name: string, fallback: number, max?: number): number {
  if (params[name] === undefined) return fallback;
  const value = Number(params[name]);
  if (!Number.isInteger(value) || value < 1 || (max !== undefined && value > max))
    throw new SiteError(400, 'rest_invalid_param', `Invalid parameter(s): ${name}`, { params: { [name]: 'Invalid parameter.' }, details: [] });
  return value;
}

const byStart = (a: PostRecord, b: PostRecord) => {
  const [sa, sb] = [(a.fields as EventFields).start, (b.fields as EventFields).start];
  return sa < sb ? -1 : sa > sb ? 1 : a.id - b.id;
};

export function listTec(ctx: RequestContext, resource: PostResource, params: Params): SiteResponse {
  const page = pageNumber(params, 'page', 1);
  const perPage = pageNumber(params, 'per_page', DEFAULT_PER_PAGE, MAX_PER_PAGE);
  const found = ctx.store.postsOfType(POST_TYPE[resource]).filter((post) => post.status === 'publish');
  found.sort(resource === 'events' ? byStart : (a, b) => a.id - b.id);
  const totalPages = Math.ceil(found.length / perPage);
  const shown = found.slice((page - 1) * perPage, page * perPage);
  const headers: Record<string, string> = { 'X-WP-Total': String(found.length), 'X-WP-TotalPages': String(totalPages) };
  const link = (target: number, rel: string) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (key !== 'page') query.append(key, String(value));
    query.set('page', String(target));
    return `<${ctx.site.baseUrl}/wp-json/tec/v1/${resource}?${query.toString()}>; rel="${rel}"`;
  };
  const links = [...(page > 1 ? [link(page - 1, 'prev')] : []), ...(page < totalPages ? [link(page + 1, 'next')] : [])];
  if (links.length) headers.Link = links.join(', ');
  return { status: 200, body: shown.map((post) => tecJson(ctx, post, params.context === 'edit')), headers };
}
