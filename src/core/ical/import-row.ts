/**
 * An occurrence as a row of `calendar import events`: the writable event fields, with
 * venue, organizers and categories given by name (the importer resolves names to IDs,
 * creating missing ones only with --create-missing), and the slug that carries its identity.
 */
import type { IcsOccurrence } from './reader.js';
import { occurrenceSlug } from './identity.js';

export interface ImportRowOptions {
  /** The feed's tag (`feedTag(url or file name)`), part of every slug. */
  feedTag: string;
  /** Import CLASS:PRIVATE/CONFIDENTIAL events as private ones instead of skipping them. */
  includePrivate?: boolean;
}

export type ImportRowResult =
  | { action: 'import'; row: Record<string, unknown> }
  /** Not to create; on a re-import, an event made earlier from this occurrence is trashed. */
  | { action: 'cancelled'; slug: string }
  /** Left out, and left alone if it exists. */
  | { action: 'private'; slug: string };

export function toImportRow(occurrence: IcsOccurrence, options: ImportRowOptions): ImportRowResult {
  const slug = occurrenceSlug(occurrence.title, options.feedTag, occurrence.key);
  if (occurrence.cancelled) return { action: 'cancelled', slug };
  if (occurrence.private && !options.includePrivate) return { action: 'private', slug };
  const row: Record<string, unknown> = {
    title: occurrence.title || '(no title)',
    slug,
    start_date: occurrence.start,
    end_date: occurrence.end,
    all_day: occurrence.allDay,
    timezone: occurrence.timezone,
    status: occurrence.private ? 'private' : (occurrence.unpublished ?? 'publish'),
    description: occurrence.description ?? '',
  };
  const copied = occurrence.copied ?? {};
  // Our export says the event's own website apart from URL, its page on the source site.
  const website = copied.website !== undefined ? copied.website : occurrence.url;
  if (website && /^https?:\/\//i.test(website)) row.website = website;
  if (occurrence.venue) row.venue = occurrence.venue;
  if (occurrence.organizers.length) row.organizer = occurrence.organizers.map((o) => o.name);
  if (occurrence.categories.length) row.categories = occurrence.categories;
  if (copied.excerpt) row.excerpt = copied.excerpt;
  if (copied.cost !== undefined) row.cost = copied.cost;
  if (copied.featured) row.featured = true;
  if (copied.tags) row.tags = copied.tags;
  return { action: 'import', row };
}
