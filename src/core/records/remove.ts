/**
 * Deleting records: to the trash (events, venues, organizers), or for good (terms, or posts
 * `permanently`, through the WordPress core route: the events route's force=true only trashes).
 * How many events still link to a venue or organizer is counted before it goes.
 */
import { EDITOR_STATUSES, EVERY_EVENT, eventLinkOf, resources, type Resource } from '../../spec/resources.js';
import type { ApiClient } from '../http/client.js';
import type { Query } from '../http/url.js';
import { walkEveryEvent } from './pages.js';
import { onRecord, recordPath, recordTarget, type RecordRef } from './refs.js';
import type { PlannedRequest } from './verbs.js';

type Json = Record<string, unknown>;

export interface DeleteTarget {
  ref: RecordRef;
  path: string;
  /** Known when the record was looked up by ID (venues and organizers, whose events are counted by it). */
  id?: number;
}

/** Whether a delete of `resource` is for good: terms always, posts only when asked. */
export const deletesForGood = (resource: Resource, permanently: boolean | undefined): boolean => !resource.isPost || permanently === true;

/** Venues and organizers: the events linked to them are counted before they go. */
export const countsLinkedEvents = (resource: Resource): boolean => resource.linkedPost === true;

/** The records to delete, each found on the site (a "not found" comes out as ours). */
export async function deleteTargets(client: ApiClient, resource: Resource, refs: RecordRef[], _options: { dryRun?: boolean } = {}): Promise<DeleteTarget[]> {
  const targets: DeleteTarget[] = [];
  for (const ref of refs) {
    targets.push(
      await onRecord(resource, ref, 'delete', async () =>
        // A venue or organizer is looked up by ID: its events are counted by it.
        countsLinkedEvents(resource) ? { ref, ...(await recordTarget(resource, ref, client)) } : { ref, path: await recordPath(resource, ref, client) },
      ),
    );
  }
  return targets;
}

/** The request a delete would send (a delete for good reads the record's ID first). */
export async function plannedDelete(client: ApiClient, resource: Resource, target: DeleteTarget, forGood: boolean, query?: Query): Promise<PlannedRequest> {
  return (await readAndPlanDelete(client, resource, target, forGood, query)).request;
}

/** A post deleted for good is read first (the core route answers in another shape): its ID, and what the delete returns. */
async function readAndPlanDelete(client: ApiClient, resource: Resource, target: DeleteTarget, forGood: boolean, query?: Query) {
  if (!(forGood && resource.isPost)) return { request: { route: 'tribe', method: 'DELETE', path: target.path, query } as PlannedRequest };
  const current = (await client.call<Json>('GET', target.path)).body;
  const request: PlannedRequest = {
    route: 'core',
    method: 'DELETE',
    path: `/wp/v2/${resource.wpType}/${String(current.id)}`,
    query: { force: 'true' },
    fromRoot: true,
  };
  return { request, current };
}

/** Deletes one record; returns it as it was. */
export async function deleteRecord(client: ApiClient, resource: Resource, target: DeleteTarget, forGood: boolean, query?: Query): Promise<Json> {
  return onRecord(resource, target.ref, 'delete', async () => {
    const { request, current } = await readAndPlanDelete(client, resource, target, forGood, query);
    const { sendPlan } = await import('../write/execute.js');
    const answer = await sendPlan(client, { action: 'delete', resource: resource.name, id: target.id, reads: [], unchanged: [], requests: [request] });
    return current ?? answer;
  });
}

/**
 * The warning before venues or organizers still linked to events go (`what`: `venue 12`, `3
 * venues`): how many events, and what the server does to them; undefined when none links.
 */
export function linkedWarning(what: string, several: boolean, linked: number): string | undefined {
  if (linked === 0) return undefined;
  return (
    `${what} ${several ? 'are' : 'is'} linked to ${linked} event${linked === 1 ? '' : 's'}; the server ` +
    `unlinks ${several ? 'them' : 'it'} from upcoming published events`
  );
}

/**
 * How many events (any status, any date) link to these venues or organizers: those the
 * events list counts, and those hidden from listings, which no filtered list holds, read
 * one by one through the IDs only the core route knows.
 */
export async function linkedEvents(client: ApiClient, resource: Resource, ids: number[]): Promise<number> {
  const filter = eventLinkOf(resource)!;
  let count = 0;
  for (const id of ids) {
    const query: Record<string, string | number> = { [filter]: String(id), per_page: 1, ...EVERY_EVENT };
    if (client.hasCredentials) query.status = EDITOR_STATUSES.join(',');
    const res = await client.send<{ total?: number }>('GET', 'events', { query });
    if (res.status === 200 && typeof res.body?.total === 'number') count += res.body.total;
  }
  if (!(await someEventsUnlisted(client))) return count;
  const many = resources.events.fields.some((f) => f.name === filter && f.many);
  const linksOf = (event: Json): unknown[] => (many ? ((event[filter] as unknown[] | undefined) ?? []) : [event[filter]]);
  await walkEveryEvent(
    client,
    resources.events,
    (event) => {
      if (linksOf(event).some((link) => ids.includes(Number((link as Json | undefined)?.id)))) count++;
    },
    { onlyUnlisted: true },
  );
  return count;
}

/** Whether the core route counts more events than the events list: only then is there a hidden one to look for (two small reads). */
async function someEventsUnlisted(client: ApiClient): Promise<boolean> {
  const status = client.hasCredentials ? EDITOR_STATUSES.join(',') : undefined;
  const listed = await client.send<{ total?: number }>('GET', 'events', { query: { per_page: 1, ...EVERY_EVENT, ...(status ? { status } : {}) } });
  const core = await client.send('GET', `/wp/v2/${resources.events.wpType}`, {
    query: { per_page: 1, _fields: 'id', ...(status ? { status } : {}) },
    fromRoot: true,
  });
  const coreTotal = Number(core.headers['x-wp-total']);
  return core.status === 200 && Number.isFinite(coreTotal) && coreTotal > Number(listed.body?.total ?? 0);
}
