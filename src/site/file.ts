/**
 * A site file read and checked whole before anything is sent: YAML or JSON (JSON is
 * YAML), resources and fields from the resource table, values through the same schemas
 * as every write, links by slug, and every problem named by `file:line:column` and record.
 */
import { UsageError } from '../errors.js';
import { isResourceName, linkFields, resources, type Resource, type ResourceName } from '../resources.js';
import { checkRecord } from '../schema.js';
import { checkEventOrder } from '../records/dates.js';
import { isSlugForm, nameKey } from '../records/identity.js';
import { siteFields, SITE_RESOURCES, type SiteDocument, type SiteRecord } from './document.js';
import { loadYaml } from '../output/yaml.js';
import type { Node as YamlNode, YAMLMap } from 'yaml';

type Json = Record<string, unknown>;

/** A link from a record of the file to another record by slug, kept to be checked against the site. */
export interface LinkUse {
  from: ResourceName;
  slug: string;
  field: string;
  to: ResourceName;
  target: string;
  where: string;
}

export interface SiteFile {
  document: SiteDocument;
  links: LinkUse[];
}

const MAX_LISTED = 10;

/** Problems found in a file, all at once: exit 2, nothing sent. */
export function refuseFile(problems: string[]): never {
  const more = problems.length > MAX_LISTED ? `\n(${problems.length - MAX_LISTED} more problems)` : '';
  throw new UsageError(problems.slice(0, MAX_LISTED).join('\n') + more, 'Nothing was sent. Fix the file and run again.');
}

export async function readSiteFile(name: string, text: string): Promise<SiteFile> {
  const yaml = await loadYaml();
  const lineCounter = new yaml.LineCounter();
  const parsed = yaml.parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const problems: string[] = [];
  const where = (node: YamlNode | null | undefined) => {
    const { line, col } = lineCounter.linePos(node?.range?.[0] ?? 0);
    return `${name}:${line}:${col}`;
  };
  const at = (node: YamlNode | null | undefined, what: string) => void problems.push(`${where(node)}: ${what}`);
  for (const error of parsed.errors) {
    const { line, col } = lineCounter.linePos(error.pos[0]);
    problems.push(`${name}:${line}:${col}: ${error.message.split('\n')[0]}`);
  }
  if (problems.length) refuseFile(problems);

  const document: SiteDocument = new Map();
  const links: LinkUse[] = [];
  const root = parsed.contents;
  if (root !== null && !yaml.isMap(root)) refuseFile([`${where(root)}: expected a mapping with a key per resource (${SITE_RESOURCES.join(', ')})`]);
  for (const pair of (root as YAMLMap | null)?.items ?? []) {
    const keyNode = pair.key as YamlNode;
    const resourceName = yaml.isScalar(keyNode) ? String(keyNode.value) : '';
    if (!isResourceName(resourceName)) {
      at(keyNode, `"${resourceName}" is not a resource (${SITE_RESOURCES.join(', ')})`);
      continue;
    }
    const records = new Map<string, SiteRecord>();
    document.set(resourceName, records);
    const value = pair.value as YamlNode | null;
    if (value === null || (yaml.isScalar(value) && value.value === null)) continue;
    if (!yaml.isMap(value)) {
      at(value, `${resourceName}: expected a mapping of records by slug`);
      continue;
    }
    const resource = resources[resourceName];
    const names = new Map<string, string>();
    for (const entry of value.items) {
      const slugNode = entry.key as YamlNode;
      const slug = yaml.isScalar(slugNode) ? slugNode.value : undefined;
      if (typeof slug !== 'string' || !isSlugForm(slug)) {
        at(slugNode, `${resource.singular} ${String(slug)}: a record's key is its slug (lower-case letters, digits, inner hyphens)`);
        continue;
      }
      const label = `${resource.singular} ${slug}`;
      const recordNode = entry.value as YamlNode | null;
      if (!yaml.isMap(recordNode)) {
        at(recordNode ?? slugNode, `${label}: expected a mapping of fields`);
        continue;
      }
      const record = checkFields(resource, label, recordNode, slugNode, { yaml, at, where, links, slug });
      if (!record) continue;
      records.set(slug, { slug, fields: record });
      const named = record[resource.nameField];
      if (resource.mergesOnCreate && typeof named === 'string') {
        const key = nameKey(named);
        if (names.has(key)) at(recordNode.get(resource.nameField, true) as YamlNode, `${label}: ${resource.nameField} "${named}" is also the name of ${resource.singular} ${names.get(key)} (the server keeps one ${resource.singular} per name)`);
        else names.set(key, slug);
      }
    }
  }
  const parents = document.get('categories');
  if (parents) findParentCycles(parents, links, problems);
  if (problems.length) refuseFile(problems);
  return { document, links };
}

interface CheckTools {
  yaml: Awaited<ReturnType<typeof loadYaml>>;
  at: (node: YamlNode | null | undefined, what: string) => void;
  where: (node: YamlNode) => string;
  links: LinkUse[];
  slug: string;
}

/** One record's fields: known keys, links as slugs, the rest through the create schema. */
function checkFields(resource: Resource, label: string, node: YAMLMap, keyNode: YamlNode, tools: CheckTools): Json | undefined {
  const { yaml, at } = tools;
  const allowed = siteFields(resource);
  const linkNames = new Map(linkFields(resource).map((f) => [f.name, f]));
  const fields: Json = {};
  const plain: Json = {};
  const valueNodes = new Map<string, YamlNode>();
  let bad = false;
  for (const pair of node.items) {
    const fieldNode = pair.key as YamlNode;
    const key = yaml.isScalar(fieldNode) ? String(fieldNode.value) : '';
    const valueNode = pair.value as YamlNode | null;
    if (!allowed.includes(key)) {
      const why = key === 'slug' ? "the record's key is its slug" : `not a field of a site file's ${resource.singular} (fields: ${allowed.join(', ')})`;
      at(fieldNode, `${label}: ${key}: ${why}`);
      bad = true;
      continue;
    }
    const value = valueNode === null ? null : valueNode.toJSON();
    valueNodes.set(key, valueNode ?? fieldNode);
    const link = linkNames.get(key);
    if (link) {
      const targets = link.many ? value : [value];
      if (!Array.isArray(targets) || targets.some((t) => typeof t !== 'string' || !isSlugForm(t))) {
        at(valueNode ?? fieldNode, `${label}: ${key}: expected ${link.many ? 'a list of slugs' : 'one slug'} of ${link.relation}`);
        bad = true;
        continue;
      }
      for (const target of targets as string[]) tools.links.push({ from: resource.name, slug: tools.slug, field: key, to: link.relation as ResourceName, target, where: tools.where(valueNode ?? fieldNode) });
      fields[key] = value;
      continue;
    }
    if (value !== null && typeof value === 'object') {
      at(valueNode, `${label}: ${key}: expected one value, not a ${Array.isArray(value) ? 'list' : 'mapping'}`);
      bad = true;
      continue;
    }
    fields[key] = value;
    plain[key] = value;
  }
  const checked = checkRecord(resource, Object.fromEntries(Object.entries(plain).filter(([, v]) => v !== null)), 'create');
  if (!checked.ok) {
    for (const problem of checked.problems) at(valueNodes.get(problem.field) ?? keyNode, `${label}: ${problem.field}: ${problem.message}`);
    return undefined;
  }
  if (resource.name === 'events') {
    try {
      checkEventOrder(checked.record);
    } catch (err) {
      at(valueNodes.get('end_date') ?? keyNode, `${label}: ${(err as Error).message}`);
      return undefined;
    }
  }
  return bad ? undefined : fields;
}

/** Parents within the file that lead back to their own child. */
function findParentCycles(categories: Map<string, SiteRecord>, links: LinkUse[], problems: string[]): void {
  const parentOf = (slug: string) => categories.get(slug)?.fields.parent as string | undefined;
  for (const slug of categories.keys()) {
    const seen = new Set([slug]);
    for (let at = parentOf(slug); at !== undefined; at = parentOf(at)) {
      if (at === slug) {
        const use = links.find((l) => l.from === 'categories' && l.slug === slug && l.field === 'parent');
        problems.push(`${use?.where ?? ''}: category ${slug}: parent: a cycle (${[...seen, slug].join(' -> ')})`);
        break;
      }
      if (seen.has(at)) break;
      seen.add(at);
    }
  }
}
