/** List parameters from flags, and the walk over the pages of a list. */
import { ApiError, UsageError } from '../errors.js';
import type { Resource } from '../resources.js';
import type { ApiClient } from '../http/client.js';
import type { Query } from '../http/url.js';
import { coerceValue, queryValue } from '../values.js';
import { collectFields } from './resource.js';

export const SERVER_MAX_PER_PAGE = 50;

export function buildListQuery(resource: Resource, opts: Record<string, unknown>): Query {
  const raw = collectFields(resource.listParams, opts);
  const query: Query = {};
  for (const field of resource.listParams) {
    if (raw[field.name] === undefined) continue;
    query[field.name] = queryValue(coerceValue(field, raw[field.name]));
  }
  if ((query.geoloc_lat === undefined) !== (query.geoloc_lng === undefined)) {
    throw new UsageError('--geoloc-lat and --geoloc-lng go together');
  }
  return query;
}

export interface WalkOptions {
  all: boolean;
  limit?: number;
}

interface ListBody {
  total?: number;
  total_pages?: number;
  [key: string]: unknown;
}

/**
 * Fetches one page, or every page with `all`, handing each record to `onRecord` in order.
 * Page URLs are built here: the server's next_rest_url drops filters.
 */
export async function walkPages(
  client: ApiClient,
  resource: Resource,
  query: Query,
  walk: WalkOptions,
  onRecord: (record: unknown) => Promise<void>,
): Promise<{ total: number | undefined; written: number }> {
  const perPage = query.per_page !== undefined ? Number(query.per_page) : walk.all ? SERVER_MAX_PER_PAGE : undefined;
  let page = query.page !== undefined ? Number(query.page) : 1;
  let total: number | undefined;
  let written = 0;
  for (;;) {
    const pageQuery: Query = { ...query, page: walk.all || query.page !== undefined ? page : undefined, per_page: perPage };
    let body: ListBody;
    let headers: Record<string, string>;
    try {
      const res = await client.call<ListBody>('GET', resource.path, { query: pageQuery });
      body = res.body;
      headers = res.headers;
    } catch (err) {
      if (err instanceof ApiError && err.status === 404 && /archive-page-not-found$/.test(err.code ?? '')) break;
      throw err;
    }
    const records = Array.isArray(body[resource.listKey]) ? (body[resource.listKey] as unknown[]) : [];
    total ??= numberOr(body.total, headers['x-tec-total']);
    for (const record of records) {
      if (walk.limit !== undefined && written >= walk.limit) return { total, written };
      await onRecord(record);
      written++;
    }
    const totalPages = numberOr(body.total_pages, headers['x-tec-totalpages']) ?? page;
    if (!walk.all || records.length === 0 || page >= totalPages) break;
    if (walk.limit !== undefined && written >= walk.limit) break;
    page++;
  }
  return { total, written };
}

function numberOr(value: unknown, header: string | undefined): number | undefined {
  if (typeof value === 'number') return value;
  if (header !== undefined && /^[0-9]+$/.test(header)) return Number(header);
  return undefined;
}

