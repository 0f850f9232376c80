/**
 * The executor: reads what a plan needs, has the planner make it, sends its requests in order
 * and reads back only where a route is known to show a value otherwise than it was sent (a
 * cost given to tec/v1, a term linked by its ID alone). A dry run stops after the plan.
 */
import { linkFields, resources, updateResetsLeftOut, wpRoute, type LinkRelation, type Resource } from '../../spec/resources.js';
import { errorFromResponse, type ApiClient, type ApiResponse } from '../http/client.js';
import { readRawTexts, withRawTexts } from '../records/raw-text.js';
import { differences, hasBareTerms, textFields, typedTextsOf, withoutTexts, type SafeUpdateOptions } from '../records/safe-update.js';
import { forgetTec, isOtherTecVersion, tecHeaders, tribeShapeOf, writeApi } from '../records/tec-route.js';
import { sameValue, slugLetters } from '../records/identity.js';
import { corePostField } from '../../wordpress/write-routes.js';
import { CREATED_ID, createFollowUps, planCreate, planUpdate, type PlannedRequest, type SiteRoutes, type WritePlan } from './plan.js';

type Json = Record<string, unknown>;

export interface PlannedUpdate {
  plan: WritePlan;
  /** The record as it is after the write; undefined for a dry run. */
  record?: Json;
  ignored: Array<{ field: string; sent: unknown; got: unknown }>;
}

const idFrom = (path: string, current: Json | undefined): number | undefined => {
  if (typeof current?.id === 'number') return current.id;
  const last = /\/(\d+)$/.exec(path)?.[1];
  return last === undefined ? undefined : Number(last);
};

/** Whether a text asked for may already be the record's: shown alike, so the typed text must be read to tell. */
const mayHoldText = (resource: Resource, current: Json, changes: Json) =>
  textFields(resource).some((field) => changes[field] !== undefined && sameValue(field, changes[field], current[field]));

/** Reads what the update needs, plans it, and (unless a dry run) sends the plan. */
export async function updateByPlan(
  client: ApiClient,
  resource: Resource,
  path: string,
  changes: Json,
  options: SafeUpdateOptions = {},
): Promise<PlannedUpdate> {
  const reads: WritePlan['reads'] = [];
  const merging = updateResetsLeftOut(resource) && options.replace !== true;
  let current = options.current;
  if (!current && merging) {
    current = (await client.call<Json>('GET', path, { query: options.query })).body;
    reads.push({ method: 'GET', path });
  }
  // The record as read is what the result is built on: its texts as the site shows them, but those written.
  const shown = current;
  const id = idFrom(path, current);
  // A translation (`i18n_language`) is written by the plugin's routes, which take the language.
  const core = merging && options.query === undefined && !client.options.language;
  // The site is asked which route takes event meta only when there is meta to write.
  const meta = merging && options.query === undefined && !(core && Object.keys(changes).every((field) => corePostField(resource.name, field)));
  const site: SiteRoutes = { meta: meta ? await writeApi(client) : 'tribe', core };
  let textsRead = false;
  const plan = async (): Promise<WritePlan> => {
    // A text that shows as asked may already be the typed one: one edit-context read of the typed texts tells.
    if (!textsRead && id !== undefined && current !== undefined && merging && mayHoldText(resource, current, changes)) {
      textsRead = true;
      current = withRawTexts(current, await readRawTexts(client, resource, id, options.notice));
      reads.push({ method: 'GET', path: `/wp/v2/${wpRoute(resource)}/${id}`, fromRoot: true });
    }
    const made = planUpdate({ resource, id, path, current, changes, site, force: options.force, replace: options.replace, query: options.query });
    made.reads = reads;
    return made;
  };
  const made = await plan();
  for (const note of made.notes ?? []) options.notice?.(note);
  if (options.dryRun) return { plan: made, ignored: [] };
  if (made.requests.length === 0) return { plan: made, record: shown, ignored: [] };
  return send(client, resource, made, {
    path,
    current: shown,
    changes,
    site,
    options,
    replan: async (next) => ((site.core = next.core), (site.meta = next.meta), plan()),
  });
}

interface SendContext {
  path: string;
  current: Json | undefined;
  changes: Json;
  site: SiteRoutes;
  options: SafeUpdateOptions;
  /** The plan again for another choice of routes (a route that turned out not to be there). */
  replan: (site: SiteRoutes) => Promise<WritePlan>;
}

const ok = (res: ApiResponse) => res.status >= 200 && res.status < 300 && res.text === undefined;

/** Sends the plan's requests in order, falling back to the older route where a newer one is not there. */
async function send(client: ApiClient, resource: Resource, plan: WritePlan, ctx: SendContext): Promise<PlannedUpdate> {
  let record: Json = { ...(ctx.current ?? {}) };
  const done = new Set<string>();
  const sent: PlannedRequest[] = [];
  let queue = [...plan.requests];
  while (queue.length) {
    const request = queue.shift() as PlannedRequest;
    const res = await client.send<Json>(request.method, request.path, {
      body: request.body,
      query: request.query,
      fromRoot: request.fromRoot,
      ...(request.route === 'tec' ? { headers: tecHeaders, unslashes: true } : {}),
    });
    if (ok(res)) {
      record = applyAnswer(resource, request, res.body, record);
      sent.push(request);
      for (const field of request.fields ?? []) done.add(field);
      continue;
    }
    const fallback = fallbackOf(client, request, res);
    if (!fallback) throw errorFromResponse(res);
    queue = (await ctx.replan({ ...ctx.site, ...fallback })).requests.filter((r) => !(r.fields ?? []).every((field) => done.has(field)));
  }
  plan.requests = sent;
  if (readBackNeeded(resource, sent, record)) {
    const path = sent.find((r) => r.route === 'tribe')?.path ?? `${resource.path}/${record.id ?? idFrom(ctx.path, undefined)}`;
    record = { ...(await client.call<Json>('GET', path)).body, ...typedTextsOf(resource, record) };
  }
  // Texts sent by the tribe route come back rendered, and cannot be compared.
  const textsByTribe = sent.some((r) => r.route === 'tribe' && textFields(resource).some((field) => r.fields?.includes(field)));
  const written = Object.fromEntries(Object.entries(ctx.changes).filter(([field]) => done.has(field)));
  return { plan, record, ignored: differences(resource, record, textsByTribe ? withoutTexts(resource, written) : written) };
}

/** What to try when a route answered that it is not there (core's post route, tec/v1): the other choice of routes. */
function fallbackOf(client: ApiClient, request: PlannedRequest, res: ApiResponse): Partial<SiteRoutes> | undefined {
  const code = String((res.body as Json | undefined)?.code ?? '');
  if (request.route === 'core' && (res.status === 404 || res.status === 405)) {
    client.debug(`the core route refused the update (HTTP ${res.status}): its fields go by ${client.options.namespace}`);
    return { core: false };
  }
  if (request.route !== 'tec') return undefined;
  if (res.status === 403) {
    // tec/v1 answers 403 for a record that is not there as for one this user may not change: the older route tells which.
    client.debug(`tec/v1 refused the PATCH (HTTP 403 ${code}): asking ${client.options.namespace}`);
    return { meta: 'tribe' };
  }
  if (res.status === 500 && typeof (res.body as Json | undefined)?.error === 'string') {
    // "Failed to update entity.": nothing written; a post without the calendar's data (a create cut short) is one.
    client.debug(`tec/v1 could not update it (HTTP 500 "${String((res.body as Json).error)}"): the update goes by ${client.options.namespace}`);
    return { meta: 'tribe' };
  }
  if (isOtherTecVersion(res)) {
    client.debug(
      `tec/v1 refused the PATCH (HTTP ${res.status} ${code}): not the version this client speaks; the update goes once by ${client.options.namespace}`,
    );
    forgetTec(client);
    return { meta: 'tribe' };
  }
  return undefined;
}

/** The record after one request, in the shape of the tribe routes. */
function applyAnswer(resource: Resource, request: PlannedRequest, answer: Json, record: Json): Json {
  if (request.route === 'tec') return tribeShapeOf(resource, answer, record, request.body as Json);
  if (request.route === 'core') return withCoreAnswer(resource, answer, record, request.fields ?? []);
  // The tribe route answers its texts rendered: those known as typed stay.
  return { ...answer, ...typedTextsOf(resource, record) };
}

const raw = (value: unknown): unknown => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json).raw : value);

/** The fields core's route was sent, as its answer (edit context) holds them, over the record. */
function withCoreAnswer(resource: Resource, answer: Json, record: Json, fields: string[]): Json {
  const out: Json = { ...record };
  const links = new Map(linkFields(resource).map((link) => [link.name, link]));
  const coreName: Json = { [resource.nameField]: 'title', description: 'content', excerpt: 'excerpt', categories: 'tribe_events_cat' };
  for (const field of fields) {
    const value = answer[String(coreName[field] ?? field)];
    if (value === undefined) continue;
    const link = links.get(field);
    if (link && resources[link.relation as LinkRelation]?.isPost === false) {
      // Core lists term IDs; the terms already known keep their names.
      const known = new Map(((record[field] as Json[] | undefined) ?? []).map((term) => [term.id, term]));
      out[field] = Array.isArray(value) ? value.map((termId) => known.get(termId) ?? { id: termId }) : [];
    } else if (field === 'date' && typeof value === 'string') out.date = value.replace('T', ' ');
    else out[field] = raw(value);
  }
  // The answer is in the edit context: every text of the post as typed, those not sent too, so
  // that the record handed back holds no text as the site displays it (`&#038;`, curled quotes).
  if (resource.isPost) {
    for (const [field, key] of [
      [resource.nameField, 'title'],
      ['description', 'content'],
      ['excerpt', 'excerpt'],
    ]) {
      const typed = raw(answer[key]);
      if (typeof typed === 'string' && field in out) out[field] = typed;
    }
  }
  if (typeof answer.modified === 'string') out.modified = answer.modified.replace('T', ' ');
  return out;
}

/** A read after the writes, only where a route shows a value otherwise than it was sent. */
function readBackNeeded(resource: Resource, requests: PlannedRequest[], record: Json): boolean {
  // A term changed by core's route: its answer is in core's shape.
  if (!updateResetsLeftOut(resource) && requests.some((r) => r.route === 'core')) return true;
  const costToTec = requests.some((r) => r.route === 'tec' && (r.body as Json).cost !== undefined);
  return costToTec || hasBareTerms(resource, record);
}

export interface SafeUpdateResult {
  record: Json;
  /** Fields the server did not keep as sent. */
  ignored: Array<{ field: string; sent: unknown; got: unknown }>;
  /** What was planned and sent. */
  plan: WritePlan;
}

/** The update of every path (update, edit, restore, import, apply, series, iCalendar sync): only the fields given change. */
export async function safeUpdate(
  client: ApiClient,
  resource: Resource,
  path: string,
  changes: Json,
  options: SafeUpdateOptions = {},
): Promise<SafeUpdateResult> {
  const done = await updateByPlan(client, resource, path, changes, { ...options, dryRun: false });
  return { record: done.record ?? {}, ignored: done.ignored, plan: done.plan };
}

/**
 * Sends a plan whose requests need nothing of the record they write (a series' tag, a delete), in
 * order; the answer of the last. A request that fails stops the rest.
 */
export async function sendPlan(client: ApiClient, plan: WritePlan): Promise<Json> {
  let answer: Json = {};
  for (const request of plan.requests) {
    answer = (await client.call<Json>(request.method, request.path, { body: request.body, query: request.query, fromRoot: request.fromRoot })).body;
  }
  return answer;
}

/** The routes a create's follow-ups go by; the site is asked only when one writes event meta. */
async function createRoutes(client: ApiClient, resource: Resource, body: Json, slug?: string): Promise<SiteRoutes | undefined> {
  const followUps = createFollowUps(resource, body, slug);
  if (followUps.length === 0) return undefined;
  // A translation (`i18n_language`) is written by the plugin's routes, which take the language.
  const core = !client.options.language;
  const metaToWrite = followUps.some(({ changes }) => Object.keys(changes).some((field) => !(core && corePostField(resource.name, field))));
  return { core, meta: metaToWrite ? await writeApi(client) : 'tribe' };
}

/** The plan of a create (src/core/write/plan.ts planCreate), its follow-ups on the routes this site offers. */
export async function planCreateOn(client: ApiClient, resource: Resource, body: Json, slug?: string): Promise<WritePlan> {
  return planCreate(resource, body, { slug, site: await createRoutes(client, resource, body, slug) });
}

export interface CreateResult {
  record: Json;
  /** The plan sent: the one a dry run gives. A follow-up whose `when` the answer did not meet was not sent. */
  plan: WritePlan;
}

/** Whether the created record already holds what a conditional follow-up would write. */
function answerHolds(record: Json, when: NonNullable<PlannedRequest['when']>): boolean {
  const got = record[when.field];
  if (typeof got === 'string' && typeof when.isNot === 'string') return slugLetters(got) === slugLetters(when.isNot);
  return sameValue(when.field, got, when.isNot);
}

/**
 * The one create of the core (a record, an imported row, an occurrence of a series, a linked
 * record created by name): the plan's POST (`post` sends it: an import's retries check first
 * that a failed attempt did not create the record), then each follow-up the plan holds, on the
 * record the create answers, where its condition holds.
 */
export async function createByPlan(
  client: ApiClient,
  resource: Resource,
  body: Json,
  options: { post?: (body: Json) => Promise<Json>; notice?: (line: string) => void; slug?: string } = {},
): Promise<CreateResult> {
  const site = await createRoutes(client, resource, body, options.slug);
  const plan = planCreate(resource, body, { site, slug: options.slug });
  const [create, ...followUps] = plan.requests;
  const post = options.post ?? (async (sent: Json) => (await client.call<Json>('POST', resource.path, { body: sent })).body);
  let record = await post(create.body as Json);
  // planCreate plans one request per follow-up, in their order.
  const wanted = createFollowUps(resource, body, options.slug);
  for (const [index, request] of followUps.entries()) {
    if (typeof record.id !== 'number' || (request.when && answerHolds(record, request.when))) continue;
    const path = `${resource.path}/${record.id}`;
    const filled = { ...request, path: request.path.replace(CREATED_ID, String(record.id)) };
    const current = record;
    const changes = wanted[index].changes;
    const routes = site as SiteRoutes;
    const replan = async (next: SiteRoutes) => planUpdate({ resource, id: record.id as number, path, current, changes, site: next });
    const done = await send(
      client,
      resource,
      { ...plan, requests: [filled] },
      { path, current, changes, site: routes, options: { notice: options.notice }, replan },
    );
    record = done.record ?? record;
  }
  return { record, plan };
}

/** createByPlan, for callers that need the record alone. */
export async function createPost(client: ApiClient, resource: Resource, body: Json, post?: (body: Json) => Promise<Json>): Promise<Json> {
  return (await createByPlan(client, resource, body, { post })).record;
}
