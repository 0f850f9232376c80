/**
 * Deletes keep what was not asked: trashing an organizer (by either route) makes the site delete
 * every organizer link of each upcoming published event that named it, the other organizers'
 * too (TRASH_UNLINKS in src/wordpress/write-routes.ts, measured on 6.17.1). The events that will
 * lose other organizers are found before the delete (the plan shows them), and after it each one
 * that lost them gets them back, by the update every write goes through.
 */
import { EDITOR_STATUSES, EVERY_EVENT, resources, type Resource } from '../../spec/resources.js';
import type { ApiClient } from '../http/client.js';
import { ApiError } from '../errors.js';
import { TRASH_UNLINKS } from '../../wordpress/write-routes.js';
import { decodeEntities } from '../records/identity.js';
import { walkPages } from '../records/pages.js';
import type { WritePlan } from './plan.js';

type Json = Record<string, unknown>;
export type Relink = NonNullable<WritePlan['relinks']>[number];

const idsOf = (links: unknown): number[] =>
  (Array.isArray(links) ? links : []).map((link) => Number((link as Json | undefined)?.id)).filter((id) => Number.isInteger(id) && id > 0);

/** The events whose other organizers the site would unlink when `ids` (organizers) go, with the organizers to link back. */
export async function relinksBeforeDelete(client: ApiClient, resource: Resource, ids: number[]): Promise<Relink[]> {
  const rule = TRASH_UNLINKS[resource.name as 'organizers'];
  if (!rule?.others || ids.length === 0) return [];
  const found: Relink[] = [];
  const query = { [rule.field]: ids.join(','), ...EVERY_EVENT, ...(client.hasCredentials ? { status: EDITOR_STATUSES.join(',') } : {}) };
  try {
    await walkPages(client, resources.events, query, { all: true }, (record) => {
      const event = record as Json;
      const others = idsOf(event[rule.field]).filter((id) => !ids.includes(id));
      if (others.length && typeof event.id === 'number') found.push({ event: event.id, title: decodeEntities(String(event.title ?? '')), organizer: others });
    });
  } catch (err) {
    // An organizer that is not there is no filter the site takes (400): the delete says "not found".
    if (err instanceof ApiError && err.status === 400) return [];
    throw err;
  }
  return found;
}

export interface RelinkOutcome {
  /** Events that had lost their other organizers and have them again. */
  relinked: Relink[];
  /** Events the site left as they were. */
  kept: Relink[];
  /** Events that could not be given them back, and why. */
  failed: Array<Relink & { error: string }>;
}

/** After the delete: each event that lost its other organizers gets them back; the others are left alone. */
export async function relinkAfterDelete(client: ApiClient, relinks: Relink[], notice?: (line: string) => void): Promise<RelinkOutcome> {
  const outcome: RelinkOutcome = { relinked: [], kept: [], failed: [] };
  const { safeUpdate } = await import('./execute.js');
  for (const relink of relinks) {
    const path = `${resources.events.path}/${relink.event}`;
    try {
      const current = (await client.call<Json>('GET', path)).body;
      const now = idsOf(current.organizer);
      if (relink.organizer.every((id) => now.includes(id))) {
        outcome.kept.push(relink);
        continue;
      }
      const organizer = [...new Set([...now, ...relink.organizer])];
      await safeUpdate(client, resources.events, path, { organizer }, { current, notice });
      outcome.relinked.push(relink);
    } catch (err) {
      outcome.failed.push({ ...relink, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return outcome;
}

/** One line naming events: `12 "Jazz night", 14 "Choir"`. */
export function eventsNamed(relinks: Relink[]): string {
  return relinks.map((relink) => `${relink.event} "${relink.title}"`).join(', ');
}
