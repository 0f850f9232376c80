/**
 * Request parameter checks, derived from the resource table in `src/spec/resources.ts`:
 * the type of each list parameter decides how it is read and when it is a 400.
 */
import { resources, type Field, type ResourceName } from '../../spec/resources.js';
import { nowLocalWall, type RequestContext } from './context.js';
import { parseDateInput, type ParsedDate } from './dates.js';
import type { ParamProblems } from './errors.js';
import { slugFromName } from '../../wordpress/slugs.js';
import { termName } from '../../wordpress/text.js';
import { utcMsToUtcString } from '../../base/time.js';
import type { Taxonomy, TermRecord } from '../store/store.js';
import { isPostResource, isTaxonomy, POST_TYPE } from '../store/kinds.js';

export type Params = Record<string, unknown>;

/** CSV string (spaces around commas allowed), array, or a single scalar, as a list of strings. */
export function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => (item === null || item === undefined ? [] : [String(item).trim()])).filter((item) => item !== '');
  if (value === undefined || value === null || value === '') return [];
  return String(value)
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** WordPress's boolean reading: JSON booleans, `true`/`false`, `1`/`0`. Undefined when unreadable. */
export function parseBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false') return false;
  return undefined;
}

export function isPositiveInteger(value: unknown): boolean {
  return (
    (typeof value === 'number' && Number.isInteger(value) && value >= 1) || (typeof value === 'string' && /^\d+$/.test(value.trim()) && Number(value) >= 1)
  );
}

/**
 * A term named in a write, as WordPress's term_exists finds it: an ID; else the term whose slug
 * is the text made a slug; else the first (lowest ID) whose name matches without regard to case.
 * So `Sports` finds a category `SPORTS` with the slug `sports` before `Sports` with `sports-cat`.
 */
export function findTerm(ctx: RequestContext, taxonomy: Taxonomy, ref: string): TermRecord | undefined {
  if (/^\d+$/.test(ref)) return ctx.store.term(Number(ref), taxonomy);
  const text = ref.trim();
  const slug = slugFromName(text);
  const name = termName(text).toLowerCase();
  const terms = ctx.store.terms(taxonomy);
  return terms.find((term) => term.slug === slug) ?? terms.find((term) => term.name.toLowerCase() === name);
}

/**
 * A list filter's term. It is valid when it names a term (an ID, or as term_exists finds one);
 * the filter then uses the term with that slug (a junk tag's slug is a number), else the one
 * with that ID, and a term named only by its name matches nothing (ID 0).
 */
function filterTermId(ctx: RequestContext, taxonomy: Taxonomy, ref: string): number | undefined {
  if (!findTerm(ctx, taxonomy, ref)) return undefined;
  const slug = slugFromName(ref);
  const bySlug = ctx.store.terms(taxonomy).find((term) => term.slug === slug);
  if (bySlug) return bySlug.id;
  return /^\d+$/.test(ref) ? Number(ref) : 0;
}

export interface ListQuery {
  values: Map<string, unknown>;
  has(name: string): boolean;
  get<T>(name: string): T | undefined;
}

/** Reads and checks every list parameter of `resource` present in `params`. */
export function readListParams(ctx: RequestContext, resource: ResourceName, params: Params, problems: ParamProblems): ListQuery {
  const values = new Map<string, unknown>();
  for (const field of resources[resource].listParams) {
    if (!(field.name in params)) continue;
    const value = readListParam(ctx, resource, field, params[field.name], problems);
    if (value !== undefined) values.set(field.name, value);
  }
  return { values, has: (name) => values.has(name), get: <T>(name: string) => values.get(name) as T | undefined };
}

function readListParam(ctx: RequestContext, resource: ResourceName, field: Field, raw: unknown, problems: ParamProblems): unknown {
  const name = field.name;
  const isTermResource = isTaxonomy(resource);
  switch (field.type) {
    case 'positive':
      if (!isPositiveInteger(raw)) return problems.invalid(name);
      return Number(raw);
    case 'date': {
      if (typeof raw !== 'string') return problems.wrongType(name, 'string');
      if (raw.trim() === '0') return { wall: `${ctx.now.toISOString().slice(0, 10)} 00:00:00`, utcWall: null, epoch: false } satisfies ParsedDate;
      const parsed = parseDateInput(raw, nowLocalWall(ctx), utcMsToUtcString(ctx.now.getTime()));
      if (!parsed || parsed.epoch) return problems.invalid(name);
      return parsed;
    }
    case 'boolean': {
      if (name === 'strict_dates') {
        if (typeof raw !== 'string' && typeof raw !== 'boolean') return problems.invalid(name);
        if (raw === '') return problems.invalid(name);
        return raw === true || ['true', '1', 'yes', 'on'].includes(String(raw).toLowerCase());
      }
      // The venue and organizer lists read these two like tribe_is_truthy: any value, true only for a few words.
      if (name === 'has_events' || name === 'only_with_upcoming') return raw === true || ['1', 'true', 'yes', 'on'].includes(String(raw).toLowerCase());
      const value = parseBoolean(raw);
      if (value === undefined) return problems.wrongType(name, 'boolean');
      if (name === 'ticketed' && value) {
        return problems.invalid(name, { code: 'event-tickets-not-active', message: 'Event Tickets plugin is not activated.' });
      }
      return value;
    }
    case 'string':
      if (typeof raw !== 'string') return problems.wrongType(name, 'string');
      if (raw === '') return problems.invalid(name);
      return raw;
    case 'terms': {
      const taxonomy = field.relation as Taxonomy;
      const refs = asList(raw);
      if (!refs.length) return problems.invalid(name);
      const ids = refs.map((ref) => filterTermId(ctx, taxonomy, ref));
      if (ids.some((id) => id === undefined)) return problems.invalid(name);
      return ids as number[];
    }
    case 'ids': {
      const refs = asList(raw);
      if (!refs.length) return problems.invalid(name);
      if (isTermResource) {
        // include/exclude: every entry must exist; only numeric IDs have an effect.
        const taxonomy = resource as Taxonomy;
        if (refs.some((ref) => !findTerm(ctx, taxonomy, ref) || (!/^\d+$/.test(ref) && !ctx.store.terms(taxonomy).some((term) => term.slug === ref))))
          return problems.invalid(name);
        return refs.filter((ref) => /^\d+$/.test(ref)).map(Number);
      }
      if (refs.some((ref) => !/^\d+$/.test(ref) || Number(ref) < 1)) return problems.invalid(name);
      const ids = refs.map(Number);
      const relation = field.relation;
      if (relation && isPostResource(relation) && ids.some((id) => !ctx.store.postOfType(id, POST_TYPE[relation]))) return problems.invalid(name);
      return ids;
    }
    case 'id': {
      if (!isPositiveInteger(raw)) return problems.invalid(name);
      const id = Number(raw);
      const relation = field.relation;
      if (relation && isPostResource(relation) && !ctx.store.postOfType(id, POST_TYPE[relation])) return problems.invalid(name);
      if (relation && isTaxonomy(relation) && !ctx.store.term(id, relation)) return problems.invalid(name);
      return id;
    }
    case 'list': {
      // An empty list is no filter (a reader who may only see published posts is refused by the list itself).
      if (raw === '') return undefined;
      const items = asList(raw);
      // The sandbox registers only the suggested post statuses: they are its closed list.
      const choices = field.choices ?? field.suggestions ?? [];
      if (!items.length || items.some((item) => !choices.includes(item))) return problems.invalid(name);
      return items;
    }
    case 'number':
      // Geolocation needs the Pro add-on; the real server ignores these values entirely.
      return undefined;
    default:
      return raw;
  }
}
