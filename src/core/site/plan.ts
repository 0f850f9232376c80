/**
 * What it takes to make a site match a document: records to create, to change (only the
 * fields the document gives, compared as the server keeps them) and, with prune, to
 * remove. Venues and organizers the site holds under another slug are matched by name.
 */
import { collationKey } from '../../wordpress/collation.js';
import { linkFields, resources, type Field, type Resource, type ResourceName } from '../../spec/resources.js';
import { sameValue } from '../records/identity.js';
import { SITE_RESOURCES, type SiteDocument, type SiteRecord } from './document.js';
import { leftOutOccurrences, seriesTagChanges } from './series.js';
import { describeRequest, type WritePlan } from '../write/plan.js';
import { option, said } from '../words.js';

export type FieldChange = { field: string; from: unknown; to: unknown } | { field: string; added: string[]; removed: string[] };

export interface RecordChange {
  action: 'create' | 'update' | 'remove';
  resource: ResourceName;
  slug: string;
  /** The site's record (update, remove). */
  id?: number;
  /** The slug the site holds the record under, when it was matched by name. */
  siteSlug?: string;
  changes: FieldChange[];
  /** Why the record cannot be applied as asked (a venue name taken by another record of the file). */
  conflict?: string;
  /** The requests that make the change: planned by a dry run, as sent by a real one. */
  plan?: WritePlan;
}

export interface Plan {
  changes: RecordChange[];
  unchanged: number;
  /** Records only the site has, left alone without prune. */
  siteOnly: number;
  /** Site slug -> document slug, per resource, for records matched by name. */
  aliases: Map<ResourceName, Map<string, string>>;
  /** The events filter of a narrowed file, in a line, and how many events only the site has outside it. */
  eventsFilter?: string;
  outsideFilter: number;
  /** Links that would point at a record the plan removes (danglingLinks), one line each. */
  dangling?: string[];
}

export interface PlanOptions {
  prune: boolean;
  /** A narrowed file: its events filter, in a line... */
  eventsFilter?: string;
  /** ...and, with prune, the IDs of the site's events it selects: only those may be removed. */
  eventsInFilter?: Set<number>;
}

export function planChanges(desired: SiteDocument, current: SiteDocument, options: PlanOptions): Plan {
  const plan: Plan = { changes: [], unchanged: 0, siteOnly: 0, aliases: new Map(), eventsFilter: options.eventsFilter, outsideFilter: 0 };
  const managed = SITE_RESOURCES.filter((name) => desired.has(name));
  const matches = new Map<ResourceName, Array<{ want: SiteRecord; have?: SiteRecord; conflict?: string }>>();
  // Matching first: links compare through the aliases it finds, whatever the resource order.
  for (const name of managed) {
    const resource = resources[name];
    const wanted = desired.get(name)!;
    const onSite = current.get(name) ?? new Map<string, SiteRecord>();
    const aliases = new Map<string, string>();
    plan.aliases.set(name, aliases);
    const byName = new Map<string, SiteRecord[]>();
    // Names as the server compares them when it merges a create into a record (accent- and case-blind).
    const nameOf = (record: SiteRecord) => collationKey(String(record.fields[resource.nameField] ?? ''));
    if (resource.mergesOnCreate) {
      for (const record of onSite.values()) {
        const key = nameOf(record);
        const named = byName.get(key);
        if (named) named.push(record);
        else byName.set(key, [record]);
      }
    }
    const list: Array<{ want: SiteRecord; have?: SiteRecord; conflict?: string }> = [];
    for (const slug of [...wanted.keys()].sort()) {
      const want = wanted.get(slug)!;
      let have = onSite.get(slug);
      let conflict: string | undefined;
      if (!have && resource.mergesOnCreate) {
        const named = byName.get(nameOf(want)) ?? [];
        const free = named.filter((r) => !wanted.has(r.slug));
        if (free.length === 1) {
          have = free[0];
          aliases.set(have.slug, slug);
        } else if (named.length > 0) {
          conflict = `the site's ${resource.singular} ${named.map((r) => r.slug).join(', ')} has this name; the server would overwrite it on create`;
        }
      }
      list.push({ want, have, conflict });
    }
    matches.set(name, list);
    const kept = new Set([...wanted.keys(), ...aliases.keys()]);
    let siteOnly = [...onSite.values()].filter((r) => !kept.has(r.slug));
    if (options.prune && resource.isEvent && options.eventsFilter !== undefined) {
      const inFilter = options.eventsInFilter ?? new Set<number>();
      const inside = siteOnly.filter((r) => r.id !== undefined && inFilter.has(r.id));
      plan.outsideFilter += siteOnly.length - inside.length;
      siteOnly = inside;
    }
    if (options.prune) for (const record of siteOnly) plan.changes.push({ action: 'remove', resource: name, slug: record.slug, id: record.id, changes: [] });
    else plan.siteOnly += siteOnly.length;
  }
  // A series of the file is whole: the occurrences it leaves out go, prune or not; its rule is its tag's.
  const leftOut = options.prune ? [] : leftOutOccurrences(desired, current);
  for (const record of leftOut) plan.changes.push({ action: 'remove', resource: 'events', slug: record.slug, id: record.id, changes: [] });
  plan.siteOnly -= leftOut.length;
  plan.changes.push(...seriesTagChanges(desired.series, current.series));
  for (const name of managed) {
    for (const { want, have, conflict } of matches.get(name)!) {
      if (!have) {
        // A create lists the fields it writes, each from nothing.
        plan.changes.push({
          action: 'create',
          resource: name,
          slug: want.slug,
          changes: fieldChanges(resources[name], want.fields, {}, plan.aliases),
          conflict,
        });
        continue;
      }
      const changes = fieldChanges(resources[name], want.fields, have.fields, plan.aliases);
      if (changes.length === 0) plan.unchanged++;
      else
        plan.changes.push({
          action: 'update',
          resource: name,
          slug: want.slug,
          id: have.id,
          siteSlug: have.slug !== want.slug ? have.slug : undefined,
          changes,
        });
    }
  }
  plan.changes.sort((a, b) => SITE_RESOURCES.indexOf(a.resource) - SITE_RESOURCES.indexOf(b.resource) || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  return plan;
}

/** The resources whose records may link to a record of `name` (danglingLinks needs them read). */
export function linkingResources(names: Iterable<ResourceName>): ResourceName[] {
  const targets = new Set<string>(names);
  return SITE_RESOURCES.filter((name) => linkFields(resources[name]).some((f) => targets.has(String(f.relation))));
}

/**
 * Links that a plan's removals would leave pointing at nothing: those of the file's records
 * (a field the file leaves out keeps the site's value) and those of the site's records that
 * stay, whether the file manages their resource or not. One line per link.
 */
export function danglingLinks(plan: Plan, desired: SiteDocument, current: SiteDocument): string[] {
  const removed = new Map<ResourceName, Set<string>>();
  for (const change of plan.changes.filter((c) => c.action === 'remove')) {
    if (!removed.has(change.resource)) removed.set(change.resource, new Set());
    removed.get(change.resource)!.add(change.slug);
  }
  if (removed.size === 0) return [];
  const lines: string[] = [];
  for (const name of SITE_RESOURCES) {
    const resource = resources[name];
    const fields = linkFields(resource).filter((f) => removed.has(f.relation as ResourceName));
    if (fields.length === 0) continue;
    const onSite = current.get(name) ?? new Map<string, SiteRecord>();
    const siteSlugOf = new Map([...(plan.aliases.get(name) ?? [])].map(([siteSlug, slug]) => [slug, siteSlug]));
    const check = (slug: string, where: string, linksOf: (field: Field) => unknown) => {
      for (const field of fields) {
        const value = linksOf(field);
        for (const target of Array.isArray(value) ? value : [value]) {
          if (typeof target !== 'string' || !removed.get(field.relation as ResourceName)!.has(target)) continue;
          lines.push(
            `${resource.singular} ${slug} (${where}): ${field.name}: ${resources[field.relation as ResourceName].singular} ${target} is to be removed`,
          );
        }
      }
    };
    const matched = new Set<string>();
    for (const [slug, want] of desired.get(name) ?? []) {
      const siteSlug = onSite.has(slug) ? slug : siteSlugOf.get(slug);
      if (siteSlug !== undefined) matched.add(siteSlug);
      const have = siteSlug !== undefined ? onSite.get(siteSlug) : undefined;
      check(slug, 'in the file', (field) => (field.name in want.fields ? want.fields[field.name] : have?.fields[field.name]));
    }
    for (const [slug, have] of onSite) {
      if (!matched.has(slug) && !removed.get(name)?.has(slug)) check(slug, 'on the site', (field) => have.fields[field.name]);
    }
  }
  return lines;
}

/** The fields the document gives that the site does not hold; links compared as sets of slugs. */
const linksOf = new Map<Resource, Map<string, Field>>();

export function fieldChanges(resource: Resource, want: Record<string, unknown>, have: Record<string, unknown>, aliases: Plan['aliases']): FieldChange[] {
  let links = linksOf.get(resource);
  if (!links) linksOf.set(resource, (links = new Map(linkFields(resource).map((f) => [f.name, f]))));
  const changes: FieldChange[] = [];
  for (const [field, value] of Object.entries(want)) {
    const link = links.get(field);
    if (!link) {
      if (!sameValue(field, value, have[field])) changes.push({ field, from: have[field], to: value });
      continue;
    }
    const alias = aliases.get(link.relation as ResourceName);
    const asDocument = (slug: unknown) => (typeof slug === 'string' ? (alias?.get(slug) ?? slug) : slug);
    if (!link.many) {
      const from = asDocument(have[field]);
      if ((from ?? '') !== (value ?? '')) changes.push({ field, from, to: value });
      continue;
    }
    const wanted = new Set((value as string[] | null) ?? []);
    const held = new Set(((have[field] as string[] | undefined) ?? []).map((s) => asDocument(s) as string));
    const added = [...wanted].filter((s) => !held.has(s)).sort();
    const removed = [...held].filter((s) => !wanted.has(s)).sort();
    if (added.length || removed.length) changes.push({ field, added, removed });
  }
  return changes;
}

export interface PlanCounts {
  create: number;
  change: number;
  remove: number;
  unchanged: number;
}

export function planCounts(plan: Plan): PlanCounts {
  const count = (action: RecordChange['action']) => plan.changes.filter((c) => c.action === action).length;
  return { create: count('create'), change: count('update'), remove: count('remove'), unchanged: plan.unchanged };
}

const shown = (value: unknown) => {
  const text = JSON.stringify(value ?? '');
  return text.length > 40 ? `${text.slice(0, 37)}..."` : text;
};

function describeChange(resource: Resource, change: FieldChange, action: RecordChange['action']): string {
  if ('added' in change) return `${change.field} ${[...change.added.map((s) => `+${s}`), ...change.removed.map((s) => `-${s}`)].join(' ')}`;
  // A one-valued link: null is none (a category without parent).
  const link = linkFields(resource).some((f) => f.name === change.field);
  const side = (value: unknown) => (link && value === null ? 'none' : shown(value));
  // A field of a record to create has no value before.
  if (action === 'create') return `${change.field} ${side(change.to)}`;
  return `${change.field} ${side(change.from)} -> ${side(change.to)}`;
}

const SIGN = { create: '+', update: '~', remove: '-' } as const;
const COLOUR = { create: 32, update: 33, remove: 31 } as const;

/**
 * The plan for people: a line per record, grouped by resource, then the summary line. `forPeople`
 * is how a face shows the file's and the site's text (the CLI makes its control characters visible).
 */
export function formatPlan(plan: Plan, color: boolean, forPeople: (text: string) => string = (text) => text): string {
  const lines: string[] = [];
  let group: ResourceName | undefined;
  for (const change of plan.changes) {
    if (group !== undefined && change.resource !== group) lines.push('');
    group = change.resource;
    const resource = resources[change.resource];
    let line = `${SIGN[change.action]} ${resource.singular} ${change.slug}`;
    const notes: string[] = change.changes.map((c) => describeChange(resource, c, change.action));
    if (change.siteSlug) notes.unshift(`matched by name (${change.siteSlug} on the site)`);
    if (change.action === 'remove' && !resource.isPost) notes.push('deleted for good');
    if (change.action === 'remove' && resource.isPost) notes.push('to the trash');
    if (change.conflict) notes.push(`refused: ${change.conflict}`);
    if (notes.length) line += `: ${notes.join(', ')}`;
    line = forPeople(line);
    lines.push(color ? `\u001b[${COLOUR[change.action]}m${line}\u001b[39m` : line);
    for (const request of change.plan?.requests ?? []) lines.push(forPeople(`    ${describeRequest(request)}`));
  }
  if (lines.length) lines.push('');
  lines.push(forPeople(summaryOf(plan)));
  return `${lines.join('\n')}\n`;
}

export function summaryOf(plan: Plan): string {
  const c = planCounts(plan);
  const filtered = plan.eventsFilter !== undefined;
  const notes: string[] = [];
  if (plan.siteOnly)
    notes.push(
      said(`${plan.siteOnly} only on the site; ${option('prune', true)} removes them${filtered ? ", events only where the file's filter selects them" : ''}`),
    );
  if (plan.outsideFilter)
    notes.push(
      `${plan.outsideFilter} event${plan.outsideFilter === 1 ? '' : 's'} only on the site outside the file's filter (${plan.eventsFilter}), left alone`,
    );
  const tail = notes.length ? ` (${notes.join('; ')})` : '';
  if (plan.changes.length === 0) return `no changes, ${c.unchanged} unchanged${tail}`;
  return `${c.create} to create, ${c.change} to change, ${c.remove} to remove, ${c.unchanged} unchanged${tail}`;
}

/** The plan as data for scripts. */
export function planData(plan: Plan): unknown {
  const data: Record<string, unknown> = {
    changes: plan.changes.map(({ action, resource, slug, id, siteSlug, changes, conflict, plan }) => ({
      action,
      resource,
      slug,
      id,
      siteSlug,
      changes,
      conflict,
      plan,
    })),
    summary: planCounts(plan),
  };
  if (plan.eventsFilter !== undefined) data.eventsFilter = { filter: plan.eventsFilter, outsideLeftAlone: plan.outsideFilter };
  return data;
}
