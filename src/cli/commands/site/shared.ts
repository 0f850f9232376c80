/** What diff and apply share: the file read and checked, the site read, the plan printed. */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Context } from '../../../core/context.js';
import { fileProblem, UsageError } from '../../../core/errors.js';
import type { ApiClient } from '../../../core/http/client.js';
import type { Prepared } from '../../session.js';
import { resources, type ResourceName } from '../../../spec/resources.js';
import { readSite, walkFilteredEvents, type Notice, type SiteDocument } from '../../../core/site/document.js';
import { readSiteFile, refuseFileProblems, type SiteFile } from '../../../core/site/file.js';
import { describeFilter, filterRelations, scopeQuery } from '../../../core/site/filter.js';
import { closest } from '../../../base/closest.js';
import { danglingLinks, formatPlan, linkingResources, planChanges, planData, type Plan } from '../../../core/site/plan.js';
import { colorEnabled } from '../../output/ui.js';

export async function readSource(source: string, ctx: Context): Promise<SiteFile> {
  let text: string;
  if (source === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of ctx.stdin) chunks.push(Buffer.from(chunk as Buffer));
    text = Buffer.concat(chunks).toString('utf8');
  } else {
    try {
      text = await readFile(resolve(ctx.cwd, source), 'utf8');
    } catch (err) {
      throw new UsageError(`cannot read ${source}: ${fileProblem(err)}`);
    }
  }
  return readSiteFile(source === '-' ? '<stdin>' : source, text);
}

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
    `--prune would remove records that are still linked (${lines.length} link${lines.length === 1 ? '' : 's'}):\n${listed}`,
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
  notice(`the file holds only the events its filter selects (${eventsFilter}): --prune removes only those of them it lacks`);
  return planChanges(file.document, site, { prune, eventsFilter, eventsInFilter });
}

/** The plan on stdout: lines for people (coloured on a terminal) or `--format json`. */
export function printPlan(plan: Plan, prepared: Prepared, ctx: Context): void {
  if (prepared.output.format === 'json') {
    ctx.stdout.write(`${JSON.stringify(planData(plan), null, 2)}\n`);
    return;
  }
  const color = colorEnabled(ctx.stdout, ctx.env, { noColor: prepared.globals.color === false });
  ctx.stdout.write(formatPlan(plan, color));
}

/** diff and apply print a plan, as lines (default) or JSON. */
export function checkPlanFormat(prepared: Prepared): void {
  const format = prepared.output.format;
  if (format !== 'table' && format !== 'json') throw new UsageError(`--format: a plan is printed as lines (the default) or json, not ${format}`);
  if (prepared.output.fields) throw new UsageError('--fields does not apply to a plan');
}
