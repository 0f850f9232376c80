/**
 * A site file read and checked whole before anything is sent: YAML or JSON (JSON is
 * YAML), resources and fields from the resource table, values through the same schemas
 * as every write, links by slug, and every problem named by `file:line:column` and record.
 */
import { UsageError } from '../errors.js';
import { isResourceName, linkFields, resources, type Resource, type ResourceName } from '../../spec/resources.js';
import { isRemovableLink, cannotRemove } from '../records/unlink.js';
import { checkRecord } from '../schema.js';
import { checkEventOrder } from '../records/dates.js';
import { isSlugForm, NamesSeen } from '../records/identity.js';
import { coerceValue } from '../values.js';
import { siteFields, SITE_RESOURCES, type SiteDocument, type SiteRecord } from './document.js';
import { FILTER_KEY, SITE_FILTERS, type EventsFilter } from './filter.js';
import { readPlainYaml } from './plain-yaml.js';
import { closest } from '../../base/closest.js';
import { plainOf, positions, treeOfYaml, type Tree, type TreeMap, type TreeScalar } from './tree.js';
import { loadYaml } from './yaml.js';
import { readSeriesSection, SERIES_KEY } from './series.js';

type Json = Record<string, unknown>;

/** A link from a record of the file to another record by slug, kept to be checked against the site. */
export interface LinkUse {
  from: ResourceName;
  slug: string;
  field: string;
  to: ResourceName;
  target: string;
  /** Offset in the file of the value that names it. */
  at: number;
}

/** A problem of the file, at an offset of it (problems are listed in the file's order). */
export interface FileProblem {
  at: number;
  text: string;
}

export interface SiteFile {
  document: SiteDocument;
  links: LinkUse[];
  /** The slugs of every record the file gives, those with problems too: what its links may name. */
  declared: Map<ResourceName, Set<string>>;
  /**
   * Problems found in the file alone, left for readSiteFor to list with the links that name
   * nothing on the site, so that one run names every problem. A file whose links all stay
   * inside it, or whose resources themselves are wrong (a misspelt `organisers:` would make
   * every link to organizers look broken), is refused at once, unread by the site.
   */
  problems: FileProblem[];
  /** The events filters of a narrowed export: the file holds only the events they select. */
  filter?: EventsFilter;
  /** `file:line:column` of an offset in the file. */
  where: (offset: number) => string;
}

const MAX_LISTED = 10;
const TOP_KEYS = `${SITE_RESOURCES.join(', ')} (and ${FILTER_KEY}, ${SERIES_KEY})`;

/** Problems found in a file, all at once: exit 2, nothing sent. */
export function refuseFileProblems(problems: FileProblem[]): never {
  refuseFile(problems.map((p) => p.text));
}

/** Problems found in a file, all at once: exit 2, nothing sent. */
export function refuseFile(problems: string[]): never {
  const more = problems.length > MAX_LISTED ? `\n(${problems.length - MAX_LISTED} more problems)` : '';
  throw new UsageError(problems.slice(0, MAX_LISTED).join('\n') + more, 'Nothing was sent. Fix the file and run again.');
}

/** The file as a tree: by the quick reader when it can, else by the yaml package (whose syntax errors are refused here). */
async function readTree(text: string, where: (offset: number) => string): Promise<Tree> {
  const plain = readPlainYaml(text);
  if (plain) return plain;
  const yaml = await loadYaml();
  const parsed = yaml.parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  if (parsed.errors.length) refuseFile(parsed.errors.map((error) => `${where(error.pos[0])}: ${error.message.split('\n')[0]}`));
  return treeOfYaml(yaml, parsed);
}

export async function readSiteFile(name: string, text: string): Promise<SiteFile> {
  const lineColumn = positions(text);
  const where = (offset: number) => `${name}:${lineColumn(offset)}`;
  const root = await readTree(text, where);
  const problems: FileProblem[] = [];
  const at = (node: { at: number }, what: string) => void problems.push({ at: node.at, text: `${where(node.at)}: ${what}` });
  const document: SiteDocument = new Map();
  const declared = new Map<ResourceName, Set<string>>();
  const links: LinkUse[] = [];
  let filter: EventsFilter | undefined;
  let seriesNode: Tree | undefined;
  const isNull = (node: Tree) => node.kind === 'scalar' && node.value === null;
  let resourcesWrong = false;
  if (!isNull(root) && root.kind !== 'map') refuseFile([`${where(root.at)}: expected a mapping with a key per resource (${TOP_KEYS})`]);
  for (const { key, value } of root.kind === 'map' ? root.entries : []) {
    const topName = String(key.value);
    if (topName === FILTER_KEY) {
      filter = readFilter(value, at);
      continue;
    }
    if (topName === SERIES_KEY) {
      seriesNode = value;
      continue;
    }
    if (!isResourceName(topName)) {
      const meant = closest(topName, [...SITE_RESOURCES, FILTER_KEY, SERIES_KEY]);
      at(key, `"${topName}" is not a resource (${meant ? `did you mean ${meant}?` : TOP_KEYS})`);
      resourcesWrong = true;
      continue;
    }
    const records = new Map<string, SiteRecord>();
    document.set(topName, records);
    const slugs = new Set<string>();
    declared.set(topName, slugs);
    if (isNull(value)) continue;
    if (value.kind !== 'map') {
      at(value, `${topName}: expected a mapping of records by slug`);
      resourcesWrong = true;
      continue;
    }
    const resource = resources[topName];
    const check = recordChecker(resource, links, at);
    const names = new NamesSeen<{ slug: string; name: string }>();
    for (const entry of value.entries) {
      const slug = entry.key.value;
      if (typeof slug !== 'string' || !isSlugForm(slug)) {
        at(entry.key, `${resource.singular} ${String(slug)}: a record's key is its slug (lower-case letters, digits, inner hyphens)`);
        continue;
      }
      const label = `${resource.singular} ${slug}`;
      slugs.add(slug);
      if (entry.value.kind !== 'map') {
        at(entry.value, `${label}: expected a mapping of fields`);
        continue;
      }
      const record = check(slug, label, entry.value, entry.key);
      if (record) records.set(slug, { slug, fields: record });
      // A record with a bad field still holds its name: a second of that name is named too, in the same run.
      const nameNode = entry.value.entries.find((e) => e.key.value === resource.nameField)?.value;
      const named = nameNode && plainOf(nameNode);
      if (resource.mergesOnCreate && nameNode && typeof named === 'string') {
        // The server keeps one per name as its database compares names (`Eclat` is `éclat`).
        const first = names.find(named);
        if (first)
          at(
            nameNode,
            `${label}: ${resource.nameField} "${named}" is also the name of ${resource.singular} ${first.slug}` +
              `${first.name === named ? '' : ` ("${first.name}", but for case, accents or spacing)`} (the ` +
              `server keeps one ${resource.singular} per name)`,
          );
        else names.add(named, { slug, name: named });
      }
    }
  }
  // After the events: a series' occurrences are events, which may not repeat one of the file.
  if (seriesNode) await readSeriesSection(seriesNode, document, declared.get('events') ?? new Set(), recordChecker(resources.events, links, at), at);
  const parents = document.get('categories');
  if (parents) findParentCycles(parents, links, at);
  const inFile = (link: LinkUse) => declared.get(link.to)?.has(link.target) === true;
  if (problems.length && (resourcesWrong || links.every(inFile))) refuseFileProblems(problems);
  return { document, links, declared, problems, filter, where };
}

type At = (node: { at: number }, what: string) => void;

/** A checker of one resource's records: known keys, links as slugs, the rest through the create schema. */
function recordChecker(resource: Resource, links: LinkUse[], at: At) {
  const allowed = new Set(siteFields(resource));
  const allowedList = [...allowed].join(', ');
  const linkNames = new Map(linkFields(resource).map((f) => [f.name, f]));
  return (slug: string, label: string, node: TreeMap, keyNode: TreeScalar): Json | undefined => {
    const fields: Json = {};
    const plain: Json = {};
    const valueNodes = new Map<string, Tree>();
    let bad = false;
    for (const { key: fieldNode, value: valueNode } of node.entries) {
      const key = String(fieldNode.value);
      if (!allowed.has(key)) {
        const meant = closest(key, allowed);
        const why =
          key === 'slug'
            ? "the record's key is its slug"
            : `not a field of a site file's ${resource.singular} (${meant ? `did you mean ${meant}?` : `fields: ${allowedList}`})`;
        at(fieldNode, `${label}: ${key}: ${why}`);
        bad = true;
        continue;
      }
      const value = plainOf(valueNode);
      valueNodes.set(key, valueNode);
      const link = linkNames.get(key);
      if (link) {
        if (value === null && !link.many) {
          // No link: where the site can remove one (a category's parent), the record must have none.
          if (isRemovableLink(resource, key)) fields[key] = null;
          else {
            at(valueNode, `${label}: ${key}: ${cannotRemove(resource, key)}: give one slug, or leave the field out to keep the site's`);
            bad = true;
          }
          continue;
        }
        const targets = link.many ? value : [value];
        if (!Array.isArray(targets) || targets.some((t) => typeof t !== 'string' || !isSlugForm(t))) {
          at(valueNode, `${label}: ${key}: expected ${link.many ? 'a list of slugs' : 'one slug'} of ${link.relation}`);
          bad = true;
          continue;
        }
        const items = valueNode.kind === 'seq' ? valueNode.items : [valueNode];
        (targets as string[]).forEach((target, i) =>
          links.push({ from: resource.name, slug, field: key, to: link.relation as ResourceName, target, at: items[i].at }),
        );
        fields[key] = value;
        continue;
      }
      if (value !== null && typeof value === 'object') {
        at(valueNode, `${label}: ${key}: expected one value, not a ${Array.isArray(value) ? 'list' : 'mapping'}`);
        bad = true;
        continue;
      }
      fields[key] = value;
      if (value !== null) plain[key] = value;
    }
    const checked = checkRecord(resource, plain, 'create');
    if (!checked.ok) {
      for (const problem of checked.problems) at(valueNodes.get(problem.field) ?? keyNode, `${label}: ${problem.field}: ${problem.message}`);
      return undefined;
    }
    if (resource.isEvent) {
      try {
        checkEventOrder(checked.record);
      } catch (err) {
        at(valueNodes.get('end_date') ?? keyNode, `${label}: ${(err as Error).message}`);
        return undefined;
      }
    }
    return bad ? undefined : fields;
  };
}

/** `filter: events: {...}`: the list filters a narrowed export wrote, checked as the list checks them. */
function readFilter(node: Tree, at: At): EventsFilter | undefined {
  const known = SITE_FILTERS.map((f) => f.name).join(', ');
  const events = node.kind === 'map' && node.entries.length === 1 && node.entries[0].key.value === 'events' ? node.entries[0].value : undefined;
  if (events?.kind !== 'map') {
    at(node, `${FILTER_KEY}: expected "events:" and the events list filters the file was exported with (${known})`);
    return undefined;
  }
  const filter: EventsFilter = {};
  for (const { key, value } of events.entries) {
    const field = SITE_FILTERS.find((f) => f.name === key.value);
    const label = `${FILTER_KEY}: events: ${String(key.value)}`;
    if (!field) {
      const meant = closest(
        String(key.value),
        SITE_FILTERS.map((f) => f.name),
      );
      at(key, `${label}: not a filter a site file records (${meant ? `did you mean ${meant}?` : known})`);
      continue;
    }
    const raw = plainOf(value);
    const items = Array.isArray(raw) ? raw : [raw];
    const many = field.relation !== undefined || field.type === 'list';
    if (items.length === 0 || items.some((i) => typeof i !== 'string' || i === '') || (!many && Array.isArray(raw))) {
      at(value, `${label}: expected ${many ? 'a list of texts' : 'one text'}`);
      continue;
    }
    const texts = items as string[];
    if (field.relation && texts.some((t) => !isSlugForm(t))) {
      at(value, `${label}: expected slugs of ${field.relation}`);
      continue;
    }
    if (field.name === 'status' && texts.includes('trash')) {
      at(value, `${label}: a site file leaves the trash out`);
      continue;
    }
    try {
      if (!field.relation) coerceValue(field, texts.join(','), label);
    } catch (err) {
      at(value, (err as Error).message);
      continue;
    }
    filter[field.name] = many ? texts : texts[0];
  }
  return filter;
}

/** Parents within the file that lead back to their own child. */
function findParentCycles(categories: Map<string, SiteRecord>, links: LinkUse[], report: At): void {
  const parentOf = (slug: string) => {
    const parent = categories.get(slug)?.fields.parent;
    return typeof parent === 'string' ? parent : undefined;
  };
  for (const slug of categories.keys()) {
    const seen = new Set([slug]);
    for (let at = parentOf(slug); at !== undefined; at = parentOf(at)) {
      if (at === slug) {
        const use = links.find((l) => l.from === 'categories' && l.slug === slug && l.field === 'parent');
        report({ at: use?.at ?? 0 }, `category ${slug}: parent: a cycle (${[...seen, slug].join(' -> ')})`);
        break;
      }
      if (seen.has(at)) break;
      seen.add(at);
    }
  }
}
