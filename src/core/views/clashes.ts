/**
 * After an event is written: the other events at the same venue whose times overlap it, each
 * said as a warning through `Messages` (the CLI's stderr, the library's onMessage, an MCP
 * answer's warnings). A write is never refused for a clash: two events may share a hall.
 */
import type { ApiClient } from '../http/client.js';
import type { Messages } from '../context.js';
import { EDITOR_STATUSES, resources, type Resource } from '../../spec/resources.js';
import { walkPages } from '../records/pages.js';
import { addDays } from '../../base/time.js';
import { coveredDays, toCalendarEvent, type CalendarEvent } from './days.js';
import { findConflicts, overlapText, placesOf } from './conflicts.js';

type Json = Record<string, unknown>;

export interface ClashOptions {
  /** Look for other events at the same venue at the same time (default true; the CLI's `--no-conflict-check`). */
  conflictCheck?: boolean;
  /** The fields an update wrote: a clash is looked for only when one of them can make one. */
  written?: string[];
}

/** The fields that place an event at a time and a venue: an update of none of them makes no clash. */
const PLACING = ['start_date', 'end_date', 'all_day', 'timezone', 'venue', 'status'];

/** One event the written one clashes with. */
export interface Clash {
  id: number;
  title: string;
  /** What they share: `at Riverside Hall`. */
  where: string;
  /** The overlap, wall-clock in `zone`. */
  overlap: string;
  zone: string;
}

/**
 * The events at the written event's venue whose times overlap it (read from the site: those of
 * the days it covers, a day either side), in order of the overlap's start. Throws when the
 * site cannot be read.
 */
export async function findClashes(client: ApiClient, record: Json): Promise<Clash[]> {
  const zone = typeof record.timezone === 'string' && record.timezone ? record.timezone : 'UTC';
  const event = toCalendarEvent(record, zone);
  const [venue] = placesOf(event, 'venue').keys();
  if (venue === undefined) return [];
  const { first, last } = coveredDays(event);
  const query = {
    venue,
    ends_after: `${addDays(first, -1)} 00:00:00`,
    starts_before: `${addDays(last, 1)} 23:59:59`,
    status: client.hasCredentials ? EDITOR_STATUSES.join(',') : undefined,
  };
  const neighbours: CalendarEvent[] = [];
  await walkPages(client, resources.events, query, { all: true }, (other) => {
    if ((other as { id?: unknown }).id !== event.id) neighbours.push(toCalendarEvent(other as Json, zone));
  });
  const clashes: Clash[] = [];
  for (const conflict of findConflicts([event, ...neighbours], 'venue', zone)) {
    const other = conflict.first.id === event.id ? conflict.second : conflict.second.id === event.id ? conflict.first : undefined;
    if (other) clashes.push({ id: other.id, title: other.title, where: conflict.where, overlap: overlapText(conflict), zone });
  }
  return clashes;
}

/** The clash as a person reads it: `clashes with "Gala" (#12) at Riverside Hall: 20:00–21:00 (Europe/Paris)`. */
export function clashText(clash: Clash): string {
  return `clashes with "${clash.title}" (#${clash.id}) ${clash.where}: ${clash.overlap} (${clash.zone})`;
}

/**
 * Says each clash of a record just written (a dated one: an event), unless the check is off.
 * A site that cannot be read for it is said once; the write stands either way.
 */
export async function reportClashes(
  access: { client: ApiClient; messages: Messages },
  resource: Resource,
  record: Json,
  options: ClashOptions = {},
): Promise<Clash[]> {
  if (!resource.isEvent || options.conflictCheck === false) return [];
  if (options.written && !options.written.some((field) => PLACING.includes(field))) return [];
  let clashes: Clash[];
  try {
    clashes = await findClashes(access.client, record);
  } catch {
    access.messages.warn('could not look for other events at the same venue at that time');
    return [];
  }
  for (const clash of clashes) access.messages.warn(clashText(clash));
  return clashes;
}

/**
 * The clashes of the occurrences of a series just created, with events that are not of it: one
 * walk of the venue's events over the whole span, each clash said as a warning naming the occurrence.
 */
export async function reportSeriesClashes(access: { client: ApiClient; messages: Messages }, records: Json[]): Promise<number> {
  const first = records[0];
  if (!first) return 0;
  const zone = typeof first.timezone === 'string' && first.timezone ? first.timezone : 'UTC';
  const events = records.map((record) => toCalendarEvent(record, zone));
  const [venue] = placesOf(events[0], 'venue').keys();
  if (venue === undefined) return 0;
  const ours = new Set(events.map((event) => event.id));
  const query = {
    venue,
    ends_after: `${addDays(coveredDays(events[0]).first, -1)} 00:00:00`,
    starts_before: `${addDays(coveredDays(events[events.length - 1]).last, 1)} 23:59:59`,
    status: access.client.hasCredentials ? EDITOR_STATUSES.join(',') : undefined,
  };
  const others: CalendarEvent[] = [];
  try {
    await walkPages(access.client, resources.events, query, { all: true }, (other) => {
      if (!ours.has((other as { id: number }).id)) others.push(toCalendarEvent(other as Json, zone));
    });
  } catch {
    access.messages.warn('could not look for other events at the same venue at those times');
    return 0;
  }
  let count = 0;
  for (const conflict of findConflicts([...events, ...others], 'venue', zone)) {
    const [mine, other] = ours.has(conflict.first.id) ? [conflict.first, conflict.second] : [conflict.second, conflict.first];
    if (!ours.has(mine.id) || ours.has(other.id)) continue;
    count++;
    access.messages.warn(
      `occurrence #${mine.id} ${clashText({ id: other.id, title: other.title, where: conflict.where, overlap: overlapText(conflict), zone })}`,
    );
  }
  return count;
}
