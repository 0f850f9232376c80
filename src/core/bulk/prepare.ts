/**
 * One import record checked against the resource table, without the network: identity
 * keys (`id`, and `slug` where the server does not take one) are set aside for matching,
 * links to venues, organizers and terms may be IDs, slugs or names (resolved later, once
 * for the whole import), and everything else must pass the create schema.
 */
import { linkFields, type Field, type LinkRelation, type Resource } from '../../spec/resources.js';
import { checkRecord, type RecordProblem } from '../schema.js';
import { splitListText } from '../values.js';
import { checkEventOrder, refuseSkippedTimes } from '../records/dates.js';

export { linkFields, type LinkRelation };

export interface LinkRefs {
  field: string;
  relation: LinkRelation;
  many: boolean;
  refs: Array<string | number>;
}

export interface PreparedRecord {
  /** Checked writable fields, links left out. */
  body: Record<string, unknown>;
  links: LinkRefs[];
  id?: number;
  slug?: string;
  /** The record's name (title for events), for --upsert-by name. */
  name?: string;
}

function isPositiveInteger(value: unknown): boolean {
  return (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) || (typeof value === 'string' && /^[0-9]+$/.test(value) && Number(value) > 0);
}

/** IDs stay numbers, anything else is a slug or a name; a list may also be comma-separated text. */
function linkRefs(field: Field, raw: unknown): { refs: Array<string | number> } | { problem: string } {
  const many = field.many === true;
  let items: unknown[];
  if (Array.isArray(raw)) {
    if (!many) return { problem: 'expected one ID, slug or name, got a list' };
    items = raw;
  } else if (typeof raw === 'string' && many) {
    items = splitListText(raw); // as a flag's list: `\,` is a comma inside a name
  } else items = [raw];
  const refs: Array<string | number> = [];
  for (const item of items) {
    if (isPositiveInteger(item)) refs.push(Number(item));
    else if (typeof item === 'string' && item.trim() !== '') refs.push(item.trim());
    else return { problem: `${JSON.stringify(item)} is not an ID, slug or name` };
  }
  if (!many && refs.length !== 1) return { problem: 'expected one ID, slug or name' };
  return { refs };
}

/** Keys only the API's answers have (events, venues and organizers; categories and tags). */
const LISTED_ONLY = ['rest_url', 'global_id', 'urls', 'taxonomy'];

export function prepareRecord(resource: Resource, input: unknown): { ok: true; record: PreparedRecord } | { ok: false; problems: RecordProblem[] } {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, problems: [{ field: '(record)', message: 'expected an object' }] };
  }
  // A record as `list --json` prints it: one line that says what to use, not a problem per read-only field.
  const listed = LISTED_ONLY.find((key) => key in (input as Record<string, unknown>));
  if (listed) {
    const message = `a record as the API lists it (it has ${listed}): import takes the writable fields, as calendar export ${resource.name} writes them`;
    return { ok: false, problems: [{ field: '(record)', message }] };
  }
  const rest: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  const problems: RecordProblem[] = [];
  const record: PreparedRecord = { body: {}, links: [] };

  if (rest.id !== undefined) {
    if (isPositiveInteger(rest.id)) record.id = Number(rest.id);
    else problems.push({ field: 'id', message: `${JSON.stringify(rest.id)} is not an ID` });
    delete rest.id;
  }
  const slugWritable = resource.fields.some((f) => f.name === 'slug');
  if (rest.slug !== undefined) {
    if (typeof rest.slug === 'string' && rest.slug.trim() !== '') record.slug = rest.slug.trim();
    else problems.push({ field: 'slug', message: 'must be non-empty text' });
    if (!slugWritable) delete rest.slug;
  }

  for (const field of linkFields(resource)) {
    const raw = rest[field.name];
    if (raw === undefined) continue;
    delete rest[field.name];
    if (raw === null || raw === '' || (Array.isArray(raw) && raw.length === 0)) {
      if (field.many) record.links.push({ field: field.name, relation: field.relation as LinkRelation, many: true, refs: [] });
      continue;
    }
    const parsed = linkRefs(field, raw);
    if ('problem' in parsed) problems.push({ field: field.name, message: parsed.problem });
    else record.links.push({ field: field.name, relation: field.relation as LinkRelation, many: field.many === true, refs: parsed.refs });
  }

  const checked = checkRecord(resource, rest, 'create');
  if (!checked.ok) problems.push(...checked.problems);
  else if (resource.isEvent) {
    try {
      checkEventOrder(checked.record);
      // A row that names its zone is checked here, before anything is sent.
      if (typeof checked.record.timezone === 'string') refuseSkippedTimes(checked.record, checked.record.timezone);
    } catch (err) {
      problems.push({ field: '(record)', message: (err as Error).message });
    }
  }
  if (problems.length) return { ok: false, problems };
  if (checked.ok) record.body = checked.record;
  const name = record.body[resource.nameField];
  if (typeof name === 'string') record.name = name;
  if (slugWritable && typeof record.body.slug === 'string') record.slug = record.body.slug;
  return { ok: true, record };
}

/** The record as sent: links replaced by the IDs they resolved to. */
export function withLinks(record: PreparedRecord, idsOf: (link: LinkRefs) => number[]): Record<string, unknown> {
  const body = { ...record.body };
  for (const link of record.links) {
    const ids = idsOf(link);
    body[link.field] = link.many ? ids : ids[0];
  }
  return body;
}
