/**
 * Every write is a plan (DESIGN.md): the planner turns the record as read, the change asked for
 * and what the site offers into the requests that make the change and nothing else, each on the
 * route that keeps what it is not asked to change (src/wordpress/write-routes.ts has the measured
 * facts), or into a refusal. It sends nothing and reads nothing: the executor
 * (src/core/write/execute.ts) reads what the plan needs, sends it, and a dry run returns it as it is.
 */
import { updateResetsLeftOut, wpRoute, type Resource } from '../../spec/resources.js';
import { UsageError } from '../errors.js';
import { option } from '../words.js';
import type { WriteApi } from '../../wordpress/write-routes.js';
import type { Query } from '../http/url.js';
import { corePostField, TEC_SEND_AS_STORED, tecIgnores, withCreateDefaults, WRITE_ROUTES } from '../../wordpress/write-routes.js';
import { createDropsCost } from '../../wordpress/cost.js';
import { sameValue } from '../records/identity.js';
import { storedCost, toWritable } from '../records/writable.js';
import { coreTermUpdate, costShown, differences, mergeForUpdate, textFields, unaskedValues } from '../records/safe-update.js';
import { tecBody, tecPath } from '../records/tec-route.js';

type Json = Record<string, unknown>;

/** The route a request goes by: WordPress core's (`/wp/v2`), the plugin's newer `tec/v1`, or `tribe/events/v1`. */
export type Route = 'core' | 'tec' | 'tribe';

/** One request of a plan, as it will be sent. */
export interface PlannedRequest {
  route?: Route;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Under the namespace (`events/12`), or from the REST root (`/wp/v2/...`) with `fromRoot`. */
  path: string;
  query?: Query;
  fromRoot?: boolean;
  body?: unknown;
  /** The fields (tribe/events/v1 names) this request is sent to change. */
  fields?: string[];
  /**
   * A follow-up of a create is sent to the record the create answers (`{id}` in its path stands
   * for that record's ID); with `when`, only if the answer holds another value of `when.field`
   * than `when.isNot` (a venue's slug, which the create route does not take).
   */
  when?: { field: string; isNot: unknown };
}

/**
 * A request in a line, for people: method, path, the fields it writes and, for a follow-up of a
 * create, when it is sent (`POST /wp/v2/tribe_venue/{id} slug, if the site gives another slug than "hall"`).
 */
export function describeRequest(request: PlannedRequest): string {
  const path = request.fromRoot ? request.path : `/${request.path}`;
  const fields = request.fields?.length ? ` ${request.fields.join(', ')}` : '';
  const when = request.when ? `, if the site gives another ${request.when.field} than ${JSON.stringify(request.when.isNot)}` : '';
  return `${request.method} ${path}${fields}${when}`;
}

/** What a write will do: the reads it made, the requests it sends in order, the fields already as asked. */
export interface WritePlan {
  action: 'create' | 'update' | 'restore' | 'delete';
  resource: Resource['name'];
  id?: number;
  reads: Array<{ method: 'GET'; path: string; fromRoot?: boolean }>;
  requests: PlannedRequest[];
  /** Fields asked for that the record already holds: no request changes them. */
  unchanged: string[];
  /** Events the site unlinks on its own that the plan links back (a trashed organizer's co-organizers). */
  relinks?: Array<{ event: number; title?: string; organizer: number[] }>;
  /** Said to the person: what a route does on its own that the plan lets happen. */
  notes?: string[];
}

/** What the site offers a write: the route for event meta and linked records' details, and whether core's post route is there. */
export interface SiteRoutes {
  meta: WriteApi;
  core: boolean;
}

/**
 * A write the client refuses before anything is sent: a code for programs, the field by its API
 * name and the values concerned. The message names no flag: each face adds its own hint.
 */
export class WriteRefusal extends UsageError {
  constructor(
    message: string,
    readonly code: 'cost_reformatted' | 'setting_forced',
    readonly field: string,
    readonly values: Json,
    hint?: string,
  ) {
    super(message, hint);
  }
}

export interface UpdateInput {
  resource: Resource;
  id: number | undefined;
  /** The record's path under the namespace (`events/12`, or a by-slug path). */
  path: string;
  /** The record as read (its texts as typed where they were read so); undefined when nothing needed reading. */
  current: Json | undefined;
  changes: Json;
  site: SiteRoutes;
  force?: boolean;
  /** Send the changes alone by the tribe route, which resets the rest. */
  replace?: boolean;
  query?: Query;
}

/** Out of the trash, the record gets back the slug the trash added `__trashed` to (only WordPress's own untrash takes it off). */
function withUntrashedSlug(current: Json | undefined, changes: Json): Json {
  const slug = current?.slug;
  if (current?.status !== 'trash' || changes.status === undefined || changes.status === 'trash' || changes.slug !== undefined) return changes;
  if (typeof slug !== 'string' || !slug.endsWith('__trashed') || slug === '__trashed') return changes;
  return { ...changes, slug: slug.slice(0, -'__trashed'.length) };
}

/** The fields `route` sets on its own whatever it is sent, where the record holds another value (an event's map on tec/v1). */
function forcedChanges(route: WriteApi, resource: Resource, current: Json, changes: Json): string[] {
  const rules = WRITE_ROUTES[route][resource.name as 'events'];
  return Object.entries(rules?.forces ?? {})
    .filter(([field, value]) => current[field] !== undefined && !sameValue(field, current[field], value) && !sameValue(field, changes[field], value))
    .map(([field]) => field);
}

/** The changes less those asking for the value the route sets anyway. */
function withoutForcedValues(route: WriteApi, resource: Resource, changes: Json): Json {
  const forces = WRITE_ROUTES[route][resource.name as 'events']?.forces ?? {};
  return Object.fromEntries(Object.entries(changes).filter(([field, value]) => forces[field] === undefined || !sameValue(field, value, forces[field])));
}

const pick = (from: Json, fields: string[]): Json => Object.fromEntries(fields.filter((f) => from[f] !== undefined).map((f) => [f, from[f]]));

/** The core route's body for post fields: its own names, a date-time with a `T`. */
function coreBody(resource: Resource, fields: Json): Json {
  const body: Json = {};
  for (const [field, value] of Object.entries(fields)) {
    const name = corePostField(resource.name, field) as string;
    body[name] = field === 'date' && typeof value === 'string' ? value.replace(' ', 'T') : value;
  }
  return body;
}

/** Whether `field` may go by core's post route: a post field, and a list of IDs for the terms. */
function goesByCore(resource: Resource, field: string, value: unknown): boolean {
  if (corePostField(resource.name, field) === undefined) return false;
  if (field === 'tags' || field === 'categories') return Array.isArray(value) && value.every((v) => typeof v === 'number');
  return value !== null;
}

/**
 * The plan of an update: a change already true plans no request; post fields go in one request
 * by core's route; event meta and a venue's or organizer's details by tec/v1 where the site has
 * it (sent the comment and ping status as stored, and what the route would otherwise reset), else by the
 * tribe route with the current values of what it wipes. Refused when that tribe request would
 * rewrite a cost the site shows re-formatted.
 */
export function planUpdate(input: UpdateInput): WritePlan {
  const { resource, id, path, current, site } = input;
  const restoring = current?.status === 'trash';
  const plan: WritePlan = { action: restoring ? 'restore' : 'update', resource: resource.name, id, reads: [], requests: [], unchanged: [] };
  if (input.replace || !updateResetsLeftOut(resource)) {
    const core = coreTermUpdate(resource, path, input.changes);
    const fields = Object.keys(input.changes);
    if (core) plan.requests.push({ route: 'core', method: 'POST', path: core.path, fromRoot: true, body: core.body, fields });
    else plan.requests.push({ route: 'tribe', method: 'PUT', path, query: input.query, body: { ...input.changes }, fields });
    return plan;
  }
  const asked = input.changes;
  const changed = current ? new Set(differences(resource, current, asked).map((d) => d.field)) : new Set(Object.keys(asked));
  plan.unchanged = Object.keys(asked).filter((field) => !changed.has(field));
  // Compared as records show it, a trashed slug is the slug it had: the one sent back is added after.
  const changes = withUntrashedSlug(current, pick(asked, [...changed]));
  if (Object.keys(changes).length === 0) return plan;

  const core = site.core && id !== undefined && input.query === undefined;
  const post = core ? Object.keys(changes).filter((field) => goesByCore(resource, field, changes[field])) : [];
  const meta = Object.keys(changes).filter((field) => !post.includes(field));
  if (post.length) {
    const fields = pick(changes, post);
    plan.requests.push({
      route: 'core',
      method: 'POST',
      path: `/wp/v2/${wpRoute(resource)}/${id}`,
      query: { context: 'edit' },
      fromRoot: true,
      body: coreBody(resource, fields),
      fields: post,
    });
  }
  if (meta.length === 0) return plan;
  const metaChanges = pick(changes, meta);
  const forcedOff = planTec(input, plan, metaChanges, restoring);
  if (forcedOff === true) return plan;
  plan.requests.push(tribeRequest(input, metaChanges, pick(changes, post), forcedOff));
  return plan;
}

/**
 * Adds the tec/v1 PATCH of `changes` when that route can take them all and turns nothing on
 * that the record has off (unless forced): true. Otherwise the settings it would have turned on.
 */
function planTec(input: UpdateInput, plan: WritePlan, changes: Json, restoring: boolean): true | string[] {
  const { resource, id, current } = input;
  if (input.site.meta !== 'tec' || restoring || id === undefined || input.query !== undefined) return [];
  // tec/v1 strips markup from a text, ignores a description and escapes `<` in a title: texts never go there.
  if (textFields(resource).some((field) => changes[field] !== undefined)) return [];
  if (Object.entries(changes).some(([field, value]) => tecIgnores(resource.name, field, value))) return [];
  const tec = tecBody(resource, withoutForcedValues('tec', resource, changes));
  if (!('body' in tec)) return [];
  const forced = current ? forcedChanges('tec', resource, current, changes) : [];
  if (forced.length && !input.force) return forced;
  if (forced.length) (plan.notes ??= []).push(`tec/v1 turns on this event's ${forced.join(' and ')} (it cannot be sent them)`);
  const kept = current ? tecBody(resource, unaskedValues('tec', resource, current, changes)) : undefined;
  plan.requests.push({
    route: 'tec',
    method: 'PATCH',
    path: tecPath(resource, id),
    query: { context: 'edit' },
    fromRoot: true,
    body: { ...(kept && 'body' in kept ? kept.body : {}), ...TEC_SEND_AS_STORED, ...tec.body },
    fields: Object.keys(changes),
  });
  return true;
}

/** The tribe route's request: the changes and the current values of what it would wipe; refused where it would rewrite the cost. */
function tribeRequest(input: UpdateInput, changes: Json, postChanges: Json, forcedOff: string[]): PlannedRequest {
  const { resource, current } = input;
  const record = current ?? {};
  const refusal = costRefusal(resource, record, changes, input.force === true, forcedOff);
  if (refusal) throw refusal;
  const body = mergeForUpdate(resource, record, changes);
  // What core's request changes first, the tribe route must not send back as it was (an event's status).
  for (const field of Object.keys(postChanges)) if (body[field] !== undefined) body[field] = postChanges[field];
  if (resource.isEvent && body.cost === undefined) {
    const cost = storedCost(record) ?? (input.force ? toWritable(resource, record).cost : undefined);
    if (cost !== undefined) body.cost = cost;
  }
  return { route: 'tribe', method: 'PUT', path: input.path, query: input.query, body, fields: Object.keys(changes) };
}

/**
 * Why the tribe route cannot take this update: the event has a cost that the site shows
 * re-formatted (`$10 – $30` for a stored `€10 – €30`), and the route clears a cost it is not
 * sent. Undefined when the change gives the cost, there is none, or the update is forced.
 * `forcedOff`: the settings that kept the update off tec/v1, which would turn them on.
 */
export function costRefusal(resource: Resource, current: Json, changes: Json, force: boolean, forcedOff: string[] = []): WriteRefusal | undefined {
  if (!resource.isEvent || changes.cost !== undefined || force) return undefined;
  const shown = costShown(current);
  if (shown === '' || storedCost(current) !== undefined) return undefined;
  const values = { shown, stored: toWritable(resource, current).cost, fields: Object.keys(changes) };
  if (forcedOff.length) {
    return new WriteRefusal(
      `${forcedOff.join(', ')}: tec/v1 would turn this off setting on, and tribe/events/v1 would rewrite the cost, ` +
        `which the site shows as "${shown}", not as typed`,
      'setting_forced',
      'cost',
      { ...values, settings: forcedOff },
      `Give the cost as it should be stored (${option('cost')}), or ${forcedOff.map((field) => option(field, true)).join(' ')} ` +
        `to let it be on, or ${option('force', true)} (it turns on).`,
    );
  }
  return new WriteRefusal(
    `cost: tribe/events/v1 clears a cost it is not sent, and the site shows this one as "${shown}", not as typed`,
    'cost_reformatted',
    'cost',
    values,
    `Give the cost as it should be stored (${option('cost')}), or ${option('force', true)} to store "${String(values.stored)}".`,
  );
}

/** Where a follow-up's path names the record a create makes: `{id}`, filled in from the create's answer. */
export const CREATED_ID = '{id}';
/** The ID the planner is given for a record not made yet; its paths then end in CREATED_ID. */
const NOT_YET = -1;

export interface CreateOptions {
  /** The routes the site offers, for a follow-up update (an event's zero cost); tribe alone without it. */
  site?: SiteRoutes;
  /** The slug a venue must have (a file's key), which its create route does not take. */
  slug?: string;
}

/**
 * What must be written after a create, because its route does not store it: an event's zero cost
 * (src/wordpress/cost.ts), and a venue's slug, which the create route takes from the name (sent
 * only if the answer has another one). Each with the changes an update makes.
 */
export function createFollowUps(resource: Resource, body: Json, slug?: string): Array<{ changes: Json; when?: PlannedRequest['when'] }> {
  const out: Array<{ changes: Json; when?: PlannedRequest['when'] }> = [];
  if (resource.isEvent && createDropsCost(body.cost)) out.push({ changes: { cost: '0' } });
  if (resource.mergesOnCreate && !resource.derivesSlug && slug) out.push({ changes: { slug }, when: { field: 'slug', isNot: slug } });
  return out;
}

/**
 * The plan of a create: one POST by the plugin's route, with the editor's defaults; then the
 * follow-ups (createFollowUps), each planned as the update of the record as the create stores
 * it (what it was sent, its slug yet unknown), on the record the create answers.
 */
export function planCreate(resource: Resource, body: Json, options: CreateOptions = {}): WritePlan {
  const sent = withCreateDefaults(resource.name, body);
  const plan: WritePlan = { action: 'create', resource: resource.name, reads: [], unchanged: [], requests: [] };
  plan.requests = [{ route: 'tribe', method: 'POST', path: resource.path, body: sent, fields: Object.keys(sent) }];
  for (const { changes, when } of createFollowUps(resource, body, options.slug)) {
    const site = options.site ?? { meta: 'tribe', core: false };
    // The record as the create stores it: what it was sent, less what the follow-up writes (the create did not).
    const stored = Object.fromEntries(Object.entries(sent).filter(([field]) => changes[field] === undefined));
    const update = planUpdate({ resource, id: NOT_YET, path: `${resource.path}/${NOT_YET}`, current: stored, changes, site });
    for (const request of update.requests) plan.requests.push({ ...request, path: request.path.replace(/\/-1$/, `/${CREATED_ID}`), ...(when ? { when } : {}) });
  }
  return plan;
}

/** The plan of moving a record to the trash (a batch's row: an iCalendar sync's event the feed dropped). */
export function planTrash(resource: Resource, id: number): WritePlan {
  const path = `${resource.path}/${id}`;
  return { action: 'delete', resource: resource.name, id, reads: [], unchanged: [], requests: [{ route: 'tribe', method: 'DELETE', path, fields: [] }] };
}
