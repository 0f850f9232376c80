/**
 * How the differential replay compares one answer with the real site's, after the fidelity
 * tool's rules (shared/tools/fidelity/README.md), reduced: status, error code and then the
 * whole error body; key sets and key order; every value, with the sandbox's record IDs and
 * origin put back to the real site's; `date`/`modified` within 180 s and other date-times
 * within 3 s (5 s inside URLs); records of a list matched by ID, their order compared by sort
 * key (records whose keys tie may come in any order); totals; the `Allow` and `Location` headers.
 * `global_id` values and `json_ld` e-mail escaping are ignored.
 */

type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Sandbox IDs and origin as the real site's, so that values compare directly. */
export interface Translation {
  origin(text: string): string;
  post(id: number): number;
  term(id: number): number;
  /** The key the request's top-level list is sorted by (records tying on it may come in any order), if any. */
  sortKey?: (record: Json) => unknown;
}

/** The sort key of a list request, as the fidelity tool reads it. */
export function listSortKey(route: string, query: URLSearchParams): ((record: Json) => unknown) | undefined {
  const resource = /\/(events|venues|organizers|categories|tags)\/?$/.exec(route)?.[1];
  if (resource === 'venues' || resource === 'organizers') return (record) => record.date;
  if (resource === 'events') return query.has('include') || query.has('include[]') ? (record) => record.date : (record) => record.start_date;
  if (resource !== 'categories' && resource !== 'tags') return undefined;
  const orderby = (query.get('orderby') || 'name').toLowerCase();
  if (['id', 'term_id', 'include', 'none', 'parent', 'term_group'].includes(orderby)) return undefined;
  const field = ['slug', 'count', 'description'].includes(orderby) ? orderby : 'name';
  return (record) => (typeof record[field] === 'string' ? (record[field] as string).toLowerCase() : record[field]);
}

const WIDE_DATE_KEYS = new Set(['date', 'modified', 'date_utc', 'modified_utc']);
const IGNORED_KEYS = new Set(['global_id', 'global_id_lineage']);
const DATE_TIME = /\d{4}-\d{2}-\d{2}[ T+]\d{2}(?::|%3A)\d{2}(?::|%3A)\d{2}/g;
const TERM_URL_KEYS = /([?&](?:tribe_events_cat|tags|categories)=)(\d+)/g;
const POST_URL_KEYS = /([?&](?:p|post|post_parent|venue|organizer|include|event)=)((?:\d|,|%2C)+)/gi;
const PATH_IDS = /\/(events|venues|organizers|categories|tags|tribe_events_cat|tribe_events|tribe_venue|tribe_organizer|posts)\/(\d+)/g;
const TERM_PATHS = new Set(['categories', 'tags', 'tribe_events_cat']);

/** A URL or text from the sandbox written with the real site's origin and IDs. */
export function translateText(text: string, to: Translation): string {
  const translated = to.origin(text);
  // IDs are put back in paths and queries only, which hold a slash or an equals sign: most texts hold neither.
  if (!translated.includes('/') && !translated.includes('=')) return translated;
  return translated
    .replace(PATH_IDS, (_, kind: string, id: string) => `/${kind}/${TERM_PATHS.has(kind) ? to.term(Number(id)) : to.post(Number(id))}`)
    .replace(TERM_URL_KEYS, (_, key: string, id: string) => `${key}${to.term(Number(id))}`)
    .replace(
      POST_URL_KEYS,
      (_, key: string, ids: string) =>
        `${key}${ids
          .split(/(,|%2C)/i)
          .map((part) => (/^\d+$/.test(part) ? String(to.post(Number(part))) : part))
          .join('')}`,
    );
}

function epochSeconds(text: string): number {
  return Date.parse(`${text.replace('%3A', ':').replace('%3A', ':').replace(/[ T+]/, 'T').slice(0, 19)}Z`) / 1000;
}

/** Equal, or equal once every date-time in them is allowed `tolerance` seconds. */
function sameWithDates(real: string, sandbox: string, tolerance: number): boolean {
  if (real === sandbox) return true;
  const realDates = real.match(DATE_TIME) ?? [];
  const sandboxDates = sandbox.match(DATE_TIME) ?? [];
  if (!realDates.length || realDates.length !== sandboxDates.length) return false;
  if (real.replace(DATE_TIME, '#') !== sandbox.replace(DATE_TIME, '#')) return false;
  return realDates.every((date, index) => Math.abs(epochSeconds(date) - epochSeconds(sandboxDates[index])) <= tolerance);
}

const TERM_LISTS = new Set(['categories', 'tags']);

/** Lists of records are matched by ID (translated), then compared value by value. */
function compareLists(real: unknown[], sandbox: unknown[], path: string, listKey: string, to: Translation, problems: string[]): void {
  const isRecord = (item: unknown): item is Json => isObject(item) && typeof item.id === 'number';
  if (!real.every(isRecord) || !sandbox.every(isRecord)) {
    if (real.length !== sandbox.length) problems.push(`${path} length: real ${real.length}, sandbox ${sandbox.length}`);
    else real.forEach((item, index) => compareAt(item, sandbox[index], `${path}[${index}]`, '', to, problems));
    return;
  }
  const realId = (record: Json) => (TERM_LISTS.has(listKey) ? to.term(record.id as number) : to.post(record.id as number));
  const realIds = real.map((record) => record.id).join(',');
  const sandboxIds = sandbox.map(realId).join(',');
  if (real.length !== sandbox.length) problems.push(`${path} length: real ${real.length}, sandbox ${sandbox.length}`);
  const byId = new Map(sandbox.map((record) => [realId(record), record]));
  if (real.some((record) => !byId.has(record.id as number))) {
    problems.push(`${path} records: real ${realIds}, sandbox ${sandboxIds}`);
    return;
  }
  if (realIds !== sandboxIds) {
    // As the real site (MySQL) returns records whose sort keys tie in no defined order, only
    // an order that puts the real records' keys in another sequence is a difference.
    const keyOf = new Map(real.map((record) => [record.id as number, to.sortKey?.(record)]));
    const keys = (ids: string) => JSON.stringify(ids.split(',').map((id) => keyOf.get(Number(id))));
    const topLevel = path === '$' || /^\$(\.body)?\.[a-z]+$/.test(path);
    if (!topLevel || !to.sortKey || keys(realIds) !== keys(sandboxIds)) problems.push(`${path} order: real ${realIds}, sandbox ${sandboxIds}`);
  }
  for (const record of real) compareAt(record, byId.get(record.id as number), `${path}[@${String(record.id)}]`, '', to, problems);
}

/** Pushes every difference between the real value and the sandbox's onto `problems`. */
export function compareValues(real: unknown, sandbox: unknown, path: string, to: Translation, problems: string[]): void {
  compareAt(real, sandbox, path, path.slice(path.lastIndexOf('.') + 1), to, problems);
}

/** Key lists equal in order (and so as sets). */
function sameOrder(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * compareValues at `path`, whose last key is `key` ('' for an item of a list): the path is read
 * only to report a difference, so that a walk over equal values builds no text from it.
 */
function compareAt(real: unknown, sandbox: unknown, path: string, key: string, to: Translation, problems: string[]): void {
  if (IGNORED_KEYS.has(key)) return;
  if (Array.isArray(real) && Array.isArray(sandbox)) {
    compareLists(real, sandbox, path, key, to, problems);
    return;
  }
  if (isObject(real) && isObject(sandbox)) {
    const realKeys = Object.keys(real).filter((name) => !IGNORED_KEYS.has(name));
    const sandboxKeys = Object.keys(sandbox).filter((name) => !IGNORED_KEYS.has(name));
    if (!sameOrder(realKeys, sandboxKeys)) {
      if ([...realKeys].sort().join(',') !== [...sandboxKeys].sort().join(',')) {
        problems.push(`${path} keys: real ${realKeys.join(',')}; sandbox ${sandboxKeys.join(',')}`);
        return;
      }
      problems.push(`${path} key order: real ${realKeys.join(',')}; sandbox ${sandboxKeys.join(',')}`);
    }
    for (const name of realKeys) compareAt(real[name], sandbox[name], `${path}.${name}`, name, to, problems);
    return;
  }
  if (typeof real === 'number' && typeof sandbox === 'number' && (key === 'id' || key === 'parent' || key === 'term_taxonomy_id')) {
    if (real !== to.post(sandbox) && real !== to.term(sandbox)) problems.push(`${path}: real ${real}, sandbox ${sandbox}`);
    return;
  }
  if (typeof real === 'string' && typeof sandbox === 'string') {
    const translated = translateText(sandbox, to);
    if (translated === real) return;
    const email = key === 'email' && path.includes('json_ld');
    const tolerance = WIDE_DATE_KEYS.has(key) ? 180 : /^https?:/.test(real) ? 5 : 3;
    if (email || sameWithDates(real, translated, tolerance)) return;
    problems.push(`${path}: real ${real.slice(0, 120)}, sandbox ${translated.slice(0, 120)}`);
    return;
  }
  if (real !== sandbox) problems.push(`${path}: real ${JSON.stringify(real)?.slice(0, 120)}, sandbox ${JSON.stringify(sandbox)?.slice(0, 120)}`);
}

/** The `Allow` and `Location` headers, the sandbox's translated. */
export function compareHeaders(real: Record<string, string> | undefined, sandbox: Headers, to: Translation, problems: string[]): void {
  for (const name of ['allow', 'location']) {
    const expected = real?.[name] ?? null;
    const got = sandbox.get(name);
    const shown = got === null ? null : translateText(got, to);
    if (expected !== shown) problems.push(`header ${name}: real ${String(expected)}, sandbox ${String(shown)}`);
  }
}
