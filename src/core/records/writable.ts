/**
 * Turns a record as the server returns it into the writable fields the server takes back:
 * linked records become IDs (or slugs for export), the formatted cost becomes cost text,
 * the image object becomes its ID, and values the server invents (the permalink shown as
 * an unset event website) are left out.
 */
import { decodeEntities } from './identity.js';
import { isLinkField, type Resource } from '../../spec/resources.js';

type Json = Record<string, unknown>;

export interface WritableOptions {
  /** How linked venues, organizers and terms are written: by ID (to update) or by slug (to export). */
  links: 'ids' | 'slugs';
}

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

function linkOf(value: unknown, links: WritableOptions['links']): number | string | undefined {
  if (!isObject(value)) return typeof value === 'number' ? value : undefined;
  if (links === 'slugs' && typeof value.slug === 'string' && value.slug !== '') return value.slug;
  return typeof value.id === 'number' ? value.id : undefined;
}

/**
 * The cost as stored, where the site shows it unchanged: a cost of words alone (`Free`,
 * `Free entry`; listed as `free`, `free-entry`). A cost with amounts is shown re-formatted
 * (`$10 – $30` for `€10 – €30`): undefined.
 */
export function storedCost(record: Json): string | undefined {
  const details = isObject(record.cost_details) ? record.cost_details : undefined;
  const values = Array.isArray(details?.values) ? (details!.values as unknown[]).map(String) : [];
  const shown = typeof record.cost === 'string' ? decodeEntities(record.cost).trim() : '';
  return shown !== '' && values.length > 0 && values.every((v) => !/\d/.test(v)) ? shown : undefined;
}

/**
 * Whether an event's cost holds amounts, which the site shows in its own format (`$10 – $30`
 * for a stored `€10 – €30`) and no route gives as typed: it is read as its amounts.
 */
export function costShownReformatted(record: Json): boolean {
  const details = isObject(record.cost_details) ? record.cost_details : undefined;
  return Array.isArray(details?.values) && (details!.values as unknown[]).some((v) => /\d/.test(String(v)));
}

/** `cost_details` back to the text the server parses: `15`, `5-10`, `Free`, `$15`, `20€`. */
export function costText(record: Json): string {
  const details = isObject(record.cost_details) ? record.cost_details : undefined;
  const values = Array.isArray(details?.values) ? (details!.values as unknown[]).map(String) : [];
  if (values.length === 0) return typeof record.cost === 'string' ? record.cost : '';
  const symbol = typeof details?.currency_symbol === 'string' ? details.currency_symbol : '';
  const position = details?.currency_position === 'postfix' ? 'postfix' : 'prefix';
  // The server lists words ("Free", "Donation") in lower case; their casing is in the display text.
  const shown = typeof record.cost === 'string' ? decodeEntities(record.cost) : '';
  // A cost of words alone ("Free entry", listed as free-entry) is shown as it is stored.
  const stored = storedCost(record);
  if (stored !== undefined) return stored;
  const word = (v: string) => {
    const at = shown.toLowerCase().indexOf(v);
    return at >= 0 ? shown.slice(at, at + v.length) : v === 'free' ? 'Free' : v;
  };
  const parts = values.map((v) => (!/^\d/.test(v) ? word(v) : symbol ? (position === 'prefix' ? `${symbol}${v}` : `${v}${symbol}`) : v));
  return parts.join(' - ');
}

/** The writable fields of a server record, in the shape create and update accept. */
export function toWritable(resource: Resource, record: Json, options: WritableOptions = { links: 'ids' }): Json {
  const out: Json = {};
  for (const field of resource.fields) {
    const value = record[field.name];
    if (value === undefined) continue;
    if (field.relation === resource.name) {
      // A parent of the record's own kind, shown as its ID (0: none).
      if (typeof value === 'number' && value > 0) out[field.name] = value;
      continue;
    }
    if (isLinkField(field)) {
      // A linked record (an event's venue) or a list of them (organizers, terms), shown whole.
      if (field.many) {
        if (Array.isArray(value)) out[field.name] = value.map((v) => linkOf(v, options.links)).filter((v) => v !== undefined);
      } else {
        const link = linkOf(Array.isArray(value) ? value[0] : value, options.links);
        if (link !== undefined) out[field.name] = link;
      }
      continue;
    }
    switch (field.name) {
      case 'image':
        if (isObject(value)) {
          if (value.id !== undefined) out.image = String(value.id);
          else if (typeof value.url === 'string') out.image = value.url;
        } else if (typeof value === 'string' && value !== '') out.image = value;
        continue;
      case 'cost':
        out.cost = costText(record);
        continue;
      case 'website':
        // An event whose website was never set shows its own permalink there: not set, so not sent.
        if (field.unsetShowsPermalink && value === record.url) continue;
        break;
      case 'slug':
        // A trashed record's slug carries `__trashed` until it is restored.
        if (typeof value === 'string' && value.endsWith('__trashed')) {
          if (value !== '__trashed') out.slug = value.slice(0, -'__trashed'.length);
          continue;
        }
        break;
      case 'author':
        if (value !== '' && value !== '0') out.author = Number(value);
        continue;
    }
    // Sent as the text "true"/"false" (a venue's map settings), though shown as a boolean.
    if (field.type === 'boolstring' && typeof value === 'boolean') {
      out[field.name] = String(value);
      continue;
    }
    // Fields checked as non-empty strings cannot be sent empty; empty means "not set" there.
    if (value === '' && field.type === 'string') continue;
    if (value === null || Array.isArray(value) || isObject(value)) continue;
    out[field.name] = value;
  }
  // A post in the trash shows that status, and a draft a zero publication date (measured on
  // events and venues): neither is a value to write back.
  if (resource.isPost) {
    if (out.status === 'trash') delete out.status;
    if (record.date_utc === '0000-00-00 00:00:00') delete out.date_utc;
  }
  return out;
}

/** A server record as an import record: writable fields, links by slug, the slug kept as the match key. */
export function exportShape(resource: Resource, record: Json, categorySlugs?: Map<number, string>): Json {
  const out = toWritable(resource, record, { links: 'slugs' });
  // A draft never given a date only shows when it was last saved; sent back, it would pin a date.
  if (record.date_utc === '0000-00-00 00:00:00') {
    delete out.date;
    delete out.date_utc;
  }
  if (out.slug === undefined && typeof record.slug === 'string' && record.slug !== '') {
    const ordered: Json = {};
    for (const [key, value] of Object.entries(out)) {
      ordered[key] = value;
      if (key === resource.nameField) ordered.slug = record.slug;
    }
    if (ordered.slug === undefined) ordered.slug = record.slug;
    return exportParent(ordered, categorySlugs);
  }
  return exportParent(out, categorySlugs);
}

/** A parent category by slug: IDs differ from one site to the next. */
function exportParent(record: Json, categorySlugs?: Map<number, string>): Json {
  if (typeof record.parent === 'number' && categorySlugs?.has(record.parent)) record.parent = categorySlugs.get(record.parent);
  return record;
}
