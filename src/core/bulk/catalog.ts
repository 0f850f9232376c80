/**
 * A small index of related records so that the slugs and names in an import file are
 * resolved with one list walk per relation for the whole import, by the same rule as a
 * single create (src/core/records/identity.ts).
 */
import type { ApiClient } from '../http/client.js';
import { resources } from '../../spec/resources.js';
import { walkEveryRecord } from '../records/pages.js';
import { RecordIndex, type RefMatch } from '../records/identity.js';
import type { LinkRelation } from './prepare.js';

export class LinkCatalog {
  private readonly loaded = new Map<LinkRelation, Promise<RecordIndex>>();

  constructor(private readonly client: ApiClient) {}

  private index(relation: LinkRelation): Promise<RecordIndex> {
    let pending = this.loaded.get(relation);
    if (!pending) {
      const resource = resources[relation];
      const index = new RecordIndex();
      pending = walkEveryRecord(this.client, resource, (r) => {
        if (typeof r.id === 'number') index.add(r.id, r.slug, r[resource.nameField]);
      }).then(() => index);
      this.loaded.set(relation, pending);
    }
    return pending;
  }

  /** Loads the relations at once (one list walk each). */
  async load(relations: Iterable<LinkRelation>): Promise<void> {
    await Promise.all([...new Set(relations)].map((r) => this.index(r)));
  }

  /** What a ref of the file matches: one ID, several candidates, or nothing (a record's exact slug is that record: RecordIndex). */
  async match(relation: LinkRelation, ref: string | number): Promise<RefMatch> {
    return (await this.index(relation)).match(ref, { slugFirst: true });
  }

  /** The ID of a ref that matches exactly one record, or undefined. */
  async find(relation: LinkRelation, ref: string | number): Promise<number | undefined> {
    const match = await this.match(relation, ref);
    return match && 'id' in match ? match.id : undefined;
  }

  /** Records created during the import become linkable at once (a child category after its parent). */
  async remember(relation: LinkRelation, record: Record<string, unknown>): Promise<void> {
    if (typeof record.id !== 'number') return;
    (await this.index(relation)).add(record.id, record.slug, record[resources[relation].nameField]);
  }

  /** The index of a loaded relation, for checks by name. */
  records(relation: LinkRelation): Promise<RecordIndex> {
    return this.index(relation);
  }
}
