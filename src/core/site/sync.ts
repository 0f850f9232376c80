/**
 * A site file against the site, as core calls for every face: `diffSite` plans (nothing is
 * written) and gives the plan's digest; `applySite` plans again and, when the digest it is
 * given is that plan's (the plan a person saw), carries it out through the batch engine.
 */
import { createHash } from 'node:crypto';
import type { Confirm, Context, Messages } from '../context.js';
import { type CalendarError, UsageError } from '../errors.js';
import type { ApiClient } from '../http/client.js';
import { resources, type ResourceName } from '../../spec/resources.js';
import { closest } from '../../base/closest.js';
import type { StartProgress } from '../batch/run.js';
import { applyError, applyPlan, planWrites, type ApplyOutcome } from './apply.js';
import { readSite, renderDocument, walkFilteredEvents, type Notice, type SiteDocument } from './document.js';
import { refuseFileProblems, type SiteFile } from './file.js';
import { describeFilter, filterOfQuery, filterRelations, scopeQuery } from './filter.js';
import { resolveLinkedFilters } from '../records/list.js';
import type { Query } from '../http/url.js';
import { danglingLinks, linkingResources, planChanges, planData, summaryOf, type Plan } from './plan.js';
import { option } from '../words.js';

/** The site's records of the resources the file manages or links to; the file's links checked against both. */
export async function readSiteFor(file: SiteFile, client: ApiClient, notice: Notice): Promise<SiteDocument> {
  const needed = new Set<ResourceName>([...file.document.keys(), ...file.links.map((l) => l.to), ...(file.filter ? filterRelations(file.filter) : [])]);
  const site = await readSite(client, [...needed], notice, { purpose: 'plan' });
  const missing = file.links.filter((l) => !file.declared.get(l.to)?.has(l.target) && !site.get(l.to)?.has(l.target));
  const slugsOf = (name: ResourceName) => [...(file.declared.get(name) ?? []), ...(site.get(name)?.keys() ?? [])];
  const badLinks = missing.map((l) => {
    const meant = closest(l.target, slugsOf(l.to));
    return {
      at: l.at,
      text:
        `${file.where(l.at)}: ${resources[l.from].singular} ${l.slug}: ${l.field}: no ${resources[l.to].singular} ` +
        `"${l.target}" in the file or on the site${meant ? ` (did you mean ${meant}?)` : ''}`,
    };
  });
  // Every problem of the file in one run: its own and its links to nothing.
  if (file.problems.length || badLinks.length) refuseFileProblems([...file.problems, ...badLinks]);
  return site;
}

/**
 * The plan of a file against the site. A file of a filtered export prunes only the events
 * its filter selects on the site (read once more with that filter): never the others.
 */
export async function planFile(file: SiteFile, site: SiteDocument, client: ApiClient, prune: boolean, notice: (line: string) => void): Promise<Plan> {
  const plan = await planOfFile(file, site, client, prune, notice);
  if (prune) plan.dangling = await findDanglingLinks(plan, file, site, client, notice);
  return plan;
}

/**
 * What the removals of a plan would leave linking to nothing. The records that may link to
 * them are read when the file does not manage their resource (a file of venues alone, pruned,
 * would take their venue from the site's events).
 */
async function findDanglingLinks(plan: Plan, file: SiteFile, site: SiteDocument, client: ApiClient, notice: (line: string) => void): Promise<string[]> {
  const removed = new Set(plan.changes.filter((c) => c.action === 'remove').map((c) => c.resource));
  if (removed.size === 0) return [];
  const unread = linkingResources(removed).filter((name) => !site.has(name));
  const everything = unread.length ? new Map([...site, ...(await readSite(client, unread, notice, { purpose: 'plan' }))]) : site;
  return danglingLinks(plan, file.document, everything);
}

/** A plan that would leave links to removed records is refused, naming each: exit 2, nothing sent. */
export function refuseDanglingLinks(plan: Plan): void {
  const lines = plan.dangling ?? [];
  if (lines.length === 0) return;
  const listed = lines.slice(0, 10).join('\n') + (lines.length > 10 ? `\n(${lines.length - 10} more links)` : '');
  throw new UsageError(
    `${option('prune', true)} would remove records that are still linked (${lines.length} link${lines.length === 1 ? '' : 's'}):\n${listed}`,
    'Nothing was sent. Keep those records in the file, or remove the links to them first.',
  );
}

async function planOfFile(file: SiteFile, site: SiteDocument, client: ApiClient, prune: boolean, notice: (line: string) => void): Promise<Plan> {
  const filter = file.filter && file.document.has('events') ? file.filter : undefined;
  if (!filter) return planChanges(file.document, site, { prune });
  const eventsFilter = describeFilter(filter);
  if (!prune) return planChanges(file.document, site, { prune, eventsFilter });
  const eventsInFilter = new Set<number>();
  const query = scopeQuery(filter, site);
  if (query)
    await walkFilteredEvents(
      client,
      query,
      (raw) => void (typeof raw.id === 'number' && eventsInFilter.add(raw.id)),
      () => undefined,
    );
  notice(`the file holds only the events its filter selects (${eventsFilter}): ${option('prune', true)} removes only those of them it lacks`);
  return planChanges(file.document, site, { prune, eventsFilter, eventsInFilter });
}

/**
 * The site as one document (YAML or JSON), of the resources `names`. `filters` (a list query)
 * narrows the events; venues, organizers and terms stay whole, so that every link of a kept
 * event resolves, and the file records the filter.
 */
export async function exportSite(
  client: ApiClient,
  names: ResourceName[],
  filters: Query | undefined,
  format: 'yaml' | 'json',
  notice: Notice,
): Promise<string> {
  if (!filters) return renderDocument(await readSite(client, names, notice), format);
  await resolveLinkedFilters(client, resources.events, filters);
  const onlyForSlugs = filterRelations(filters).filter((name) => !names.includes(name));
  const document = await readSite(client, [...names, ...onlyForSlugs], notice, { eventsFilter: filters });
  const filter = filterOfQuery(filters, document);
  for (const name of onlyForSlugs) document.delete(name);
  return renderDocument(document, format, filter);
}

/** Sorted keys, no undefined: the same plan is the same text, whatever order it was built in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The plan's SHA-256 (hex) of its canonical JSON: every change, and for a record to create the
 * fields the file gives it, so that a file edited since the diff gives another digest.
 */
export function planDigest(plan: Plan, desired: SiteDocument): string {
  const data = planData(plan) as { changes: Array<Record<string, unknown>> };
  // The requests are not the plan's: a dry run shows them, a diff does not.
  data.changes = data.changes.map(({ plan: _requests, ...change }) =>
    change.action === 'create' ? { ...change, fields: desired.get(change.resource as ResourceName)?.get(change.slug as string)?.fields } : change,
  );
  return createHash('sha256').update(canonicalJson(data)).digest('hex');
}

export const DIGEST_PATTERN = /^[0-9a-f]{64}$/;

export interface SitePlan {
  plan: Plan;
  /** planDigest: what `applySite` is given to apply exactly this plan. */
  digest: string;
  /** The plan in a line: `2 to create, 1 to change, 0 to remove, 5 unchanged`. */
  summary: string;
  /** The site's records the plan was made against. */
  current: SiteDocument;
}

/** What applying the file would change; nothing is written. A file whose links go nowhere is refused (exit 2). */
export async function diffSite(file: SiteFile, client: ApiClient, options: { prune: boolean }, notice: Notice): Promise<SitePlan> {
  const current = await readSiteFor(file, client, notice);
  const plan = await planFile(file, current, client, options.prune, notice);
  return { plan, digest: planDigest(plan, file.document), summary: summaryOf(plan), current };
}

/** What applying one site's document to another's would change (`diff --from A --to B`), with the links prune would leave dangling. */
export function planSites(desired: SiteDocument, current: SiteDocument, options: { prune: boolean }): Plan {
  const plan = planChanges(desired, current, options);
  if (options.prune) plan.dangling = danglingLinks(plan, desired, current);
  return plan;
}

export interface ApplyOptions {
  prune: boolean;
  /** Apply only if the plan is still the one of this digest (from diffSite): else exit 2, nothing sent. */
  digest?: string;
  /** Plan only: the plan is returned, each change with the requests it would send; nothing is sent. */
  dryRun?: boolean;
  concurrency: number;
  messages: Messages;
  notice: Notice;
  /** Asked before records are removed (prune). */
  confirm: Confirm;
  /** The plan about to be carried out (the CLI prints it). */
  onPlan?: (plan: Plan, digest: string) => void;
  onInterrupt?: Context['onInterrupt'];
  progress?: StartProgress;
}

export interface Applied extends SitePlan {
  /** What was done; undefined when nothing was sent (a dry run, a plan without changes). */
  outcome?: ApplyOutcome;
  /** Why the run did not do everything (exit 5, 130, 6). */
  error?: CalendarError;
}

export async function applySite(file: SiteFile, client: ApiClient, options: ApplyOptions): Promise<Applied> {
  if (options.digest !== undefined && !DIGEST_PATTERN.test(options.digest))
    throw new UsageError(`digest: "${options.digest}" is not a plan's digest (64 hex digits, as diff gives it)`);
  const planned = await diffSite(file, client, { prune: options.prune }, options.notice);
  const { plan } = planned;
  refuseDanglingLinks(plan);
  if (options.digest !== undefined && options.digest !== planned.digest) {
    throw new UsageError(
      `the plan is no longer the one of digest ${options.digest.slice(0, 12)}… ` +
        `(the file or the site changed since the diff; now ${planned.digest.slice(0, 12)}…)`,
      'Nothing was sent. Run diff again, check the plan, and apply it with its digest.',
    );
  }
  if (plan.changes.length === 0) return planned;
  if (options.dryRun) {
    await planWrites(plan, file.document, planned.current, client);
    return planned;
  }
  const removals = plan.changes.filter((c) => c.action === 'remove');
  if (removals.length) {
    const forGood = removals.filter((c) => !resources[c.resource].isPost).length;
    await options.confirm(
      `Remove ${removals.length} record${removals.length === 1 ? '' : 's'} the file lacks` +
        `${forGood ? ` (${forGood} categories and tags are deleted for good)` : ''}?`,
    );
  }
  options.onPlan?.(plan, planned.digest);
  const outcome = await applyPlan(plan, file.document, planned.current, { ...options, client });
  return { ...planned, outcome, error: applyError(outcome) };
}
