/** Paging shared by every list: `per_page` default and maximum (from the resource table), and the page links. */
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../../spec/resources.js';

export interface Page {
  body: Record<string, unknown>;
  total: number;
  totalPages: number;
}

/** The page asked for, its size once cut to the maximum, and the offset of its first record. */
export function pageWindow(page = 1, perPage = DEFAULT_PER_PAGE) {
  const size = Math.min(perPage, MAX_PER_PAGE);
  return { page, size, offset: (page - 1) * size };
}

export function paging<T>(items: T[], page = 1, perPage = DEFAULT_PER_PAGE) {
  const { size } = pageWindow(page, perPage);
  const totalPages = Math.ceil(items.length / size);
  return { page, perPage: size, totalPages, slice: items.slice((page - 1) * size, page * size) };
}

/** A query pair; a null value is written as a bare key (`geoloc_lat`), as the server does. */
export type QueryPair = [string, string | null];

function query(pairs: QueryPair[], encode: boolean): string {
  const text = (part: string) => (encode ? new URLSearchParams([['', part]]).toString().slice(1) : part);
  return pairs.map(([key, value]) => (value === null ? text(key) : `${text(key)}=${text(value)}`)).join('&');
}

/**
 * `rest_url` shows the effective query, form-encoded when `encodeAll`, then the `rawTail`
 * pairs never encoded (the venue and organizer lists keep their commas); the neighbour links
 * are rebuilt encoded, with `page` moved to the end and left out for page 1, empty parts dropped.
 */
export function pageLinks(
  base: string,
  shown: QueryPair[],
  options: { page: number; perPage: number; totalPages: number; encodeAll: boolean; rawTail?: QueryPair[] },
) {
  const { page, perPage, totalPages, encodeAll, rawTail = [] } = options;
  const head = query([['page', String(page)], ['per_page', String(perPage)], ...shown], encodeAll);
  const restUrl = `${base}?${rawTail.length ? `${head}&${query(rawTail, false)}` : head}`;
  // An empty part of the shown query (`status=` given empty shows as `&&`) is not carried into the links.
  const rest = [['per_page', String(perPage)] as QueryPair, ...shown, ...rawTail].filter(([key]) => key !== '');
  const neighbours: Record<string, string> = {};
  if (page < totalPages) neighbours.next_rest_url = `${base}?${query([...rest, ['page', String(page + 1)]], true)}`;
  if (page > 1) neighbours.previous_rest_url = `${base}?${query(page - 1 > 1 ? [...rest, ['page', String(page - 1)]] : rest, true)}`;
  return { restUrl, neighbours };
}

/** Term lists: bare collection URL, neighbours carry only `page`. */
export function termPageLinks(base: string, page: number, totalPages: number) {
  const neighbours: Record<string, string> = {};
  if (page < totalPages) neighbours.next_rest_url = `${base}?page=${page + 1}`;
  if (page > 1) neighbours.previous_rest_url = page - 1 > 1 ? `${base}?page=${page - 1}` : base;
  return { restUrl: base, neighbours };
}
