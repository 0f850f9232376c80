/**
 * Carries out a plan: creates and updates level by level in dependency order (parent
 * categories before their children, then tags, venues, organizers and events), a few
 * requests at a time within a level, links turned from slugs into the site's IDs; then,
 * with prune, removals in the reverse order. A record that fails is reported and the rest
 * go on; records that link to it fail with it.
 */
import type { ApiClient } from '../http/client.js';
import { CalendarError, EXIT } from '../errors.js';
import { linkFields, resources, type Resource, type ResourceName } from '../../spec/resources.js';
import { checkRecord, type WriteMode } from '../schema.js';
import { createRecord, updateRecord, warnSlugNotKept } from '../bulk/writes.js';
import { planCreateOn, sendPlan } from '../write/execute.js';
import { planTrash, type WritePlan } from '../write/plan.js';
import type { Counts } from '../batch/counts.js';
import { unfinishedError } from '../batch/outcome.js';
import { Batch, type BatchFace } from '../batch/run.js';
import { SITE_RESOURCES, type SiteDocument } from './document.js';
import type { Plan, RecordChange } from './plan.js';
import { planSeriesTagWrite } from './series.js';

type Json = Record<string, unknown>;

export interface ApplyOutcome {
  counts: Counts;
  /** Changes in the plan. */
  total: number;
  /** The changes that failed, in the plan's order. */
  failed: RecordChange[];
}

export interface ApplySettings extends BatchFace {
  client: ApiClient;
  concurrency: number;
}

/** Slug -> ID per resource: the site's records, those matched by name, then those created. */
type IdMap = Map<ResourceName, Map<string, number>>;

function idMap(plan: Plan, current: SiteDocument): IdMap {
  const ids: IdMap = new Map();
  for (const name of SITE_RESOURCES) {
    const map = new Map<string, number>();
    for (const record of current.get(name)?.values() ?? []) if (record.id !== undefined) map.set(record.slug, record.id);
    for (const [siteSlug, slug] of plan.aliases.get(name) ?? []) map.set(slug, map.get(siteSlug)!);
    ids.set(name, map);
  }
  return ids;
}

export async function applyPlan(plan: Plan, desired: SiteDocument, current: SiteDocument, settings: ApplySettings): Promise<ApplyOutcome> {
  const batch = new Batch<RecordChange>({
    label: 'apply',
    total: plan.changes.length,
    settings,
    face: settings,
    where: (change) => `${resources[change.resource].singular} ${change.slug}`,
  });
  const ids = idMap(plan, current);
  const warn = (line: string) => batch.messages.warn(line);
  await batch.start();
  try {
    const writes = plan.changes.filter((c) => c.action !== 'remove');
    for (const level of writeLevels(writes, desired)) {
      await batch.run(level, async (change) => {
        change.plan = await write(change, desired, ids, settings.client, { warn });
        return { result: change.action === 'create' ? 'created' : 'updated' };
      });
    }
    const removals = plan.changes.filter((c) => c.action === 'remove').reverse();
    for (const name of [...SITE_RESOURCES].reverse()) {
      // Terms one at a time, children (later in the reversed order) never after their parent.
      const level = removals.filter((c) => c.resource === name);
      const ordered = resources[name].hierarchical ? byDepth(level, current).reverse() : level;
      await batch.run(
        ordered,
        async (change) => {
          change.plan = planTrash(resources[name], change.id!);
          await sendPlan(settings.client, change.plan);
          return { result: 'removed' };
        },
        { concurrency: resources[name].isPost ? settings.concurrency : 1 },
      );
    }
  } finally {
    batch.end();
  }
  // The records the file has as the site does are the plan's, not the run's: the summary says them too.
  batch.counts.unchanged = plan.unchanged;
  const counts = batch.finish();
  const failed = batch.undoneRows.filter((row) => row.result === 'failed').map((row) => row.item);
  return { counts, total: plan.changes.length, failed };
}

/** How an apply that did not do everything ends (exit 5, 130 or 6), naming the changes that failed. */
export function applyError(outcome: ApplyOutcome): CalendarError | undefined {
  const { counts, total, failed } = outcome;
  return unfinishedError(counts, {
    rows: 'changes',
    total,
    failedList: failed.length ? `: ${failed.map((change) => `${resources[change.resource].singular} ${change.slug}`).join(', ')}` : '',
    hints: {
      unreachable: 'Once the site answers, run the same apply again to complete it; what was applied is not sent twice.',
      interrupted: 'Run the same apply again to complete it; what was applied is not sent twice.',
      failed: 'The rest were applied; run apply again to complete them.',
    },
  });
}

/** Creates and updates in waves, a resource at a time; those that nest (categories) by depth of parent in the document. */
function writeLevels(writes: RecordChange[], desired: SiteDocument): RecordChange[][] {
  const levels: RecordChange[][] = [];
  for (const name of SITE_RESOURCES) {
    const own = writes.filter((c) => c.resource === name);
    if (!resources[name].hierarchical) {
      levels.push(own);
      continue;
    }
    const depthOf = depthIn(desired, name);
    const deepest = Math.max(-1, ...own.map((c) => depthOf(c.slug)));
    for (let depth = 0; depth <= deepest; depth++) levels.push(own.filter((c) => depthOf(c.slug) === depth));
  }
  return levels.filter((l) => l.length > 0);
}

/** How many parents up a category's chain goes within a document. */
function depthIn(document: SiteDocument, name: ResourceName): (slug: string) => number {
  const records = document.get(name);
  return (slug) => {
    let depth = 0;
    const seen = new Set<string>();
    for (let at = records?.get(slug)?.fields.parent; typeof at === 'string' && records?.has(at) && !seen.has(at); at = records.get(at)?.fields.parent) {
      seen.add(at);
      depth++;
    }
    return depth;
  };
}

function byDepth(changes: RecordChange[], document: SiteDocument): RecordChange[] {
  const depthOf = depthIn(document, 'categories');
  return [...changes].sort((a, b) => depthOf(a.slug) - depthOf(b.slug));
}

/**
 * The writes of the plan's changes, planned as the run sends them, in the run's order; nothing is
 * sent (reads are: a record to update, a series' tag). A link to a record the run would create
 * shows as `{venue its-slug}`, the ID the site gives it being unknown; a refused change has none.
 */
export async function planWrites(plan: Plan, desired: SiteDocument, current: SiteDocument, client: ApiClient): Promise<void> {
  const ids = idMap(plan, current);
  for (const level of writeLevels(
    plan.changes.filter((c) => c.action !== 'remove' && !c.conflict),
    desired,
  )) {
    for (const change of level) change.plan = await write(change, desired, ids, client, { dryRun: true });
  }
  for (const change of plan.changes) if (change.action === 'remove') change.plan = planTrash(resources[change.resource], change.id!);
}

interface WriteOptions {
  warn?: (line: string) => void;
  /** Plan alone: nothing is sent. */
  dryRun?: boolean;
}

/** A change's write: its plan, sent unless a dry run. */
async function write(change: RecordChange, desired: SiteDocument, ids: IdMap, client: ApiClient, options: WriteOptions): Promise<WritePlan> {
  if (change.conflict) throw new CalendarError(change.conflict, EXIT.refused);
  const dryRun = options.dryRun === true;
  const tag = change.resource === 'tags' ? await planSeriesTagWrite(client, desired, change.slug) : undefined;
  if (tag) {
    if (!dryRun) await sendPlan(client, tag);
    return tag;
  }
  const resource = resources[change.resource];
  const fields = desired.get(change.resource)!.get(change.slug)!.fields;
  if (change.action === 'update') {
    const changed = Object.fromEntries(change.changes.map((c) => [c.field, fields[c.field]]));
    return (await updateRecord(client, resource, change.id!, wireBody(resource, changed, ids, 'update', dryRun), { dryRun })).plan;
  }
  const body = wireBody(resource, fields, ids, 'create', dryRun);
  // A record without a slug field (a venue) is given the file's slug by a follow-up of its create.
  const slugField = resource.fields.some((f) => f.name === 'slug');
  if (slugField) body.slug = change.slug;
  const slug = slugField ? undefined : change.slug;
  if (dryRun) return planCreateOn(client, resource, body, slug);
  const match = resource.mergesOnCreate ? { by: 'name' as const, name: String(fields[resource.nameField]) } : { by: 'slug' as const, slug: change.slug };
  const { record, plan } = await createRecord(client, resource, body, match, { slug });
  warnSlugNotKept(client, resource, record, change.slug, { warn: options.warn ?? (() => {}) });
  if (typeof record.id === 'number') ids.get(change.resource)!.set(change.slug, record.id);
  return plan;
}

/** Fields as the server takes them: values through the write schema, links from slugs to IDs (in a dry run, a record to create by its slug). */
function wireBody(resource: Resource, fields: Json, ids: IdMap, mode: WriteMode, dryRun = false): Json {
  const links = new Map(linkFields(resource).map((f) => [f.name, f]));
  const plain = Object.fromEntries(Object.entries(fields).filter(([name, value]) => !links.has(name) && value !== null));
  const checked = checkRecord(resource, plain, mode);
  if (!checked.ok) throw new CalendarError(checked.problems.map((p) => `${p.field}: ${p.message}`).join('; '), EXIT.usage);
  const body: Json = { ...checked.record };
  for (const [name, link] of links) {
    if (!(name in fields)) continue;
    const relation = link.relation as ResourceName;
    const toId = (slug: string): number | string => {
      const id = ids.get(relation)?.get(slug);
      if (id === undefined && dryRun) return `{${resources[relation].singular} ${slug}}`;
      if (id === undefined) throw new CalendarError(`${resources[relation].singular} ${slug} is not on the site (it was not created)`, EXIT.refused);
      return id;
    };
    const value = fields[name];
    if (link.many) body[name] = ((value as string[] | null) ?? []).map(toId);
    else if (typeof value === 'string') body[name] = toId(value);
    // No link (`parent: null`): a new record is made without one; an update takes it off.
    else if (value === null && mode === 'update') body[name] = null;
  }
  return body;
}
