/**
 * What `--upsert-by` needs to know of the records already on the site, fetched with one
 * list walk: for each match key (slug, name or ID) the record's ID and a short hash of each
 * writable field the import file uses. Whole records are not kept, so memory stays small.
 */
import { createHash } from 'node:crypto';
import { NotFoundError } from '../errors.js';
import type { ApiClient } from '../http/client.js';
import type { Resource } from '../../spec/resources.js';
import { toWritable } from '../records/writable.js';
import { comparableValue, nameKey, slugFromName } from '../records/identity.js';
import { walkEveryRecord } from '../records/pages.js';
import type { PreparedRecord } from './prepare.js';
import { option } from '../words.js';

export const UPSERT_KEYS = ['slug', 'name', 'id'] as const;
export type UpsertKey = (typeof UPSERT_KEYS)[number];

/** Statuses in which WordPress leaves a post without a slug until it is published. */
const SLUGLESS_STATUSES = new Set(['draft', 'pending']);
/** Slugs never hold a colon (WordPress strips it), so these keys cannot meet a slug. */
const DRAFT_TITLE = 'draft title:';

/**
 * With `--upsert-by slug`, a draft (no slug until it is published) is matched by its title
 * among the site's drafts that have none either, so that an export of a calendar with drafts
 * imports back without creating them again.
 */
function draftTitleKey(status: unknown, name: unknown): string | undefined {
  return typeof status === 'string' && SLUGLESS_STATUSES.has(status) && typeof name === 'string' && name !== '' ? `${DRAFT_TITLE}${nameKey(name)}` : undefined;
}

/** The key is a draft's title (no slug to match), not a slug. */
export const isDraftTitleKey = (key: string) => key.startsWith(DRAFT_TITLE);

/**
 * Drafts of one title (a recurring title not yet published) are told apart by their order:
 * the second of the file is the second of the site, in the list's order (an export's order),
 * as a site file tells them apart (`title-2`).
 */
export const nthDraftKey = (key: string, nth: number) => (nth > 1 ? `${key}#${nth}` : key);

/** The match key of a record from the file, or undefined when it has none. */
export function fileKey(by: UpsertKey, record: PreparedRecord, resource?: Resource): string | undefined {
  if (by === 'id') return record.id === undefined ? undefined : String(record.id);
  if (by === 'slug') {
    if (resource?.derivesSlug) return record.name === undefined ? record.slug : slugFromName(record.name);
    if (record.slug === undefined && resource?.isPost) return draftTitleKey(record.body.status, record.name);
    return record.slug;
  }
  return record.name === undefined ? undefined : nameKey(record.name);
}

function serverKey(by: UpsertKey, resource: Resource, record: Record<string, unknown>): string | undefined {
  if (by === 'id') return typeof record.id === 'number' ? String(record.id) : undefined;
  if (by === 'slug') return typeof record.slug === 'string' && record.slug !== '' ? record.slug : draftTitleKey(record.status, record[resource.nameField]);
  const name = record[resource.nameField];
  return typeof name === 'string' ? nameKey(name) : undefined;
}

const HASH_LENGTH = 11;

export function fieldHash(field: string, value: unknown): string {
  return createHash('sha1').update(comparableValue(field, value)).digest('base64').slice(0, HASH_LENGTH);
}

interface Entry {
  id: number;
  /** The hashes of `fields`, in order, concatenated. */
  hashes: string;
}

export class UpsertIndex {
  private readonly entries = new Map<string, Entry>();

  private constructor(
    private readonly resource: Resource,
    readonly by: UpsertKey,
    /** The writable fields compared, those the import file uses. */
    readonly fields: string[],
  ) {}

  static async build(client: ApiClient, resource: Resource, by: UpsertKey, fields: Iterable<string>): Promise<UpsertIndex> {
    const index = UpsertIndex.empty(resource, by, fields);
    await walkEveryRecord(client, resource, (record) => index.add(record));
    return index;
  }

  /** An index to fill with `add`, when the caller walks the records itself. */
  static empty(resource: Resource, by: UpsertKey, fields: Iterable<string>): UpsertIndex {
    return new UpsertIndex(resource, by, [...new Set(fields)].sort());
  }

  add(record: Record<string, unknown>): void {
    let key = serverKey(this.by, this.resource, record);
    if (key === undefined || typeof record.id !== 'number') return;
    if (isDraftTitleKey(key)) {
      const first = key;
      for (let nth = 2; this.entries.has(key); nth++) key = nthDraftKey(first, nth);
    }
    if (this.entries.has(key)) return;
    const writable = toWritable(this.resource, record, { links: 'ids' });
    this.entries.set(key, { id: record.id, hashes: this.hashesOf(writable) });
  }

  get size(): number {
    return this.entries.size;
  }

  private hashesOf(record: Record<string, unknown>): string {
    return this.fields.map((f) => fieldHash(f, record[f])).join('');
  }

  /**
   * The site's record of a key, or undefined when a row of that key is to be created. An ID
   * no listed record has is an error of that row: a created record would get another ID, so
   * every run of the same file would create it again.
   */
  find(key: string): { id: number } | undefined {
    const entry = this.entries.get(key);
    if (!entry && this.by === 'id') {
      throw new NotFoundError(
        `no ${this.resource.singular} has ID ${key} (none the site lists); ${option('upsert_by', 'id')} updates the record of each ` +
          `ID and creates none, since a new one would get another ID on every run`,
      );
    }
    return entry ? { id: entry.id } : undefined;
  }

  /** The fields of the desired record whose value differs from the site's; none means unchanged. */
  changedFields(key: string, desired: Record<string, unknown>): string[] {
    const entry = this.entries.get(key);
    if (!entry) return Object.keys(desired);
    const changed: string[] = [];
    for (const [field, value] of Object.entries(desired)) {
      const at = this.fields.indexOf(field);
      if (at < 0 || fieldHash(field, value) !== entry.hashes.slice(at * HASH_LENGTH, (at + 1) * HASH_LENGTH)) changed.push(field);
    }
    return changed;
  }

  /** After an update or create, the site holds the desired values. */
  remember(key: string, id: number): void {
    if (!this.entries.has(key)) this.entries.set(key, { id, hashes: '' });
  }
}
