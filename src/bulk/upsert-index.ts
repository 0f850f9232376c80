/**
 * What `--upsert-by` needs to know of the records already on the site, fetched with one
 * list walk: for each match key (slug, name or ID) the record's ID and a short hash of each
 * writable field the import file uses. Whole records are not kept, so memory stays small.
 */
import { createHash } from 'node:crypto';
import type { ApiClient } from '../http/client.js';
import type { Resource } from '../resources.js';
import { toWritable } from '../records/writable.js';
import { decodeEntities } from '../output/values.js';
import { nameKey } from './catalog.js';
import { walkEveryRecord } from '../commands/list.js';
import type { PreparedRecord } from './prepare.js';

export const UPSERT_KEYS = ['slug', 'name', 'id'] as const;
export type UpsertKey = (typeof UPSERT_KEYS)[number];

/** The match key of a record from the file, or undefined when it has none. */
export function fileKey(by: UpsertKey, record: PreparedRecord): string | undefined {
  if (by === 'id') return record.id === undefined ? undefined : String(record.id);
  if (by === 'slug') return record.slug;
  return record.name === undefined ? undefined : nameKey(record.name);
}

function serverKey(by: UpsertKey, resource: Resource, record: Record<string, unknown>): string | undefined {
  if (by === 'id') return typeof record.id === 'number' ? String(record.id) : undefined;
  if (by === 'slug') return typeof record.slug === 'string' && record.slug !== '' ? record.slug : undefined;
  const name = record[resource.nameField];
  return typeof name === 'string' ? nameKey(name) : undefined;
}

/**
 * Empty text, an empty list and no value at all mean the same to the server; markup,
 * entities and spacing in text do not count (the server adds and escapes them).
 */
function canonical(value: unknown): string {
  if (typeof value === 'string') value = decodeEntities(value.replace(/<[^>]*>/g, '')).replace(/\s+/g, ' ').trim();
  if (value === undefined || value === null || value === '') return '';
  if (Array.isArray(value)) {
    if (value.length === 0) return '';
    const items = value.every((v) => typeof v === 'number') ? [...(value as number[])].sort((a, b) => a - b) : value;
    return JSON.stringify(items);
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const HASH_LENGTH = 11;

export function fieldHash(value: unknown): string {
  return createHash('sha1').update(canonical(value)).digest('base64').slice(0, HASH_LENGTH);
}

interface Entry {
  id: number;
  /** The hashes of `fields`, in order, concatenated. */
  hashes: string;
}

export class UpsertIndex {
  private readonly entries = new Map<string, Entry>();

  private constructor(
    readonly by: UpsertKey,
    /** The writable fields compared, those the import file uses. */
    readonly fields: string[],
  ) {}

  static async build(client: ApiClient, resource: Resource, by: UpsertKey, fields: Iterable<string>): Promise<UpsertIndex> {
    const index = new UpsertIndex(by, [...new Set(fields)].sort());
    await walkEveryRecord(client, resource, (record) => {
      const key = serverKey(by, resource, record);
      if (key === undefined || typeof record.id !== 'number' || index.entries.has(key)) return;
      const writable = toWritable(resource, record, { links: 'ids' });
      index.entries.set(key, { id: record.id, hashes: index.hashesOf(writable) });
    });
    return index;
  }

  get size(): number {
    return this.entries.size;
  }

  private hashesOf(record: Record<string, unknown>): string {
    return this.fields.map((f) => fieldHash(record[f])).join('');
  }

  find(key: string): { id: number } | undefined {
    const entry = this.entries.get(key);
    return entry ? { id: entry.id } : undefined;
  }

  /** The fields of the desired record whose value differs from the site's; none means unchanged. */
  changedFields(key: string, desired: Record<string, unknown>): string[] {
    const entry = this.entries.get(key);
    if (!entry) return Object.keys(desired);
    const changed: string[] = [];
    for (const [field, value] of Object.entries(desired)) {
      const at = this.fields.indexOf(field);
      if (at < 0 || fieldHash(value) !== entry.hashes.slice(at * HASH_LENGTH, (at + 1) * HASH_LENGTH)) changed.push(field);
    }
    return changed;
  }

  /** After an update or create, the site holds the desired values. */
  remember(key: string, id: number): void {
    if (!this.entries.has(key)) this.entries.set(key, { id, hashes: '' });
  }
}
