/**
 * Venues, organizers and categories of an iCalendar import, named in the feed: resolved by
 * exact name through the import's link catalog, and with --create-missing created once each
 * (two rows naming the same new venue at the same time share one create).
 */
import { CalendarError, EXIT } from '../errors.js';
import type { ApiClient } from '../http/client.js';
import { resources } from '../../spec/resources.js';
import { nameKey } from '../records/identity.js';
import type { LinkCatalog } from './catalog.js';
import type { LinkRefs } from './prepare.js';
import { createRecord } from './writes.js';
import { option } from '../words.js';

/** What the feed says of the records an occurrence names, for those created from it. */
export interface FeedDetails {
  /** Organizers' emails by name. */
  emails: Map<string, string>;
  /** The LOCATION text. */
  location?: string;
  /** The venue's and organizers' details our export carries (address, city, phone, website...), by name. */
  details?: Map<string, Record<string, string>>;
}

export class IcsLinks {
  private readonly creating = new Map<string, Promise<number>>();

  constructor(
    private readonly client: ApiClient,
    private readonly catalog: LinkCatalog,
    private readonly createMissing: boolean,
    private readonly dryRun: boolean,
  ) {}

  /** The IDs of each link, by field; throws listing every name not on the site (without --create-missing). */
  async resolve(links: LinkRefs[], known: FeedDetails): Promise<Map<string, number[]>> {
    const resolved = new Map<string, number[]>();
    const missing: string[] = [];
    for (const link of links) {
      const singular = resources[link.relation].singular;
      const index = await this.catalog.records(link.relation);
      const found: number[] = [];
      for (const ref of link.refs) {
        // A feed names its records: an exact name counts, never a slug or an ID.
        const name = String(ref);
        const ids = index.named(name);
        if (ids.length === 1) found.push(ids[0]);
        else if (ids.length > 1) throw new CalendarError(`${singular} "${name}" is the name of several records (IDs ${ids.join(', ')})`, EXIT.refused);
        else if (this.createMissing) found.push(await this.create(link.relation, name, known));
        else missing.push(`${singular} "${name}"`);
      }
      resolved.set(link.field, found);
    }
    if (missing.length) throw new CalendarError(`not on the site: ${missing.join(', ')} (${option('create_missing', true)} creates them)`, EXIT.refused);
    return resolved;
  }

  private create(relation: LinkRefs['relation'], name: string, known: FeedDetails): Promise<number> {
    const key = `${relation}\u0000${nameKey(name)}`;
    let pending = this.creating.get(key);
    if (!pending) {
      pending = this.createOnce(relation, name, known);
      this.creating.set(key, pending);
    }
    return pending;
  }

  private async createOnce(relation: LinkRefs['relation'], name: string, known: FeedDetails): Promise<number> {
    // A dry run sends nothing: a placeholder ID stands for the record it would create.
    if (this.dryRun) return -1;
    const resource = resources[relation];
    const body: Record<string, unknown> = { [resource.nameField]: name };
    const email = known.emails.get(name);
    if (relation === 'organizers' && email) body.email = email;
    const details = relation === 'venues' || relation === 'organizers' ? known.details?.get(`${relation}\u0000${name}`) : undefined;
    if (details) Object.assign(body, details);
    // LOCATION is the venue's name then its address (as this tool and Apple write it).
    else if (relation === 'venues' && known.location?.startsWith(`${name}, `)) body.address = known.location.slice(name.length + 2);
    const { record: created } = await createRecord(this.client, resource, body, { by: 'name', name });
    await this.catalog.remember(relation, created);
    if (typeof created.id !== 'number') throw new CalendarError(`creating ${resource.singular} "${name}" returned no ID`, EXIT.refused);
    return created.id;
  }
}
