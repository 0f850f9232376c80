/**
 * Events that clash: at the same venue (or with an organizer in common) at overlapping
 * times. An all-day event takes its whole days; an event ending when another starts does
 * not clash with it.
 */
import { addDays, utcMsToZoned, zonedToUtcMs } from '../../base/time.js';
import { coveredDays, type CalendarEvent } from './days.js';
import { textForPeople } from '../records/identity.js';

export type ConflictKind = 'venue' | 'organizer';

export interface Conflict {
  first: CalendarEvent;
  second: CalendarEvent;
  /** What they share: `at Riverside Hall`, `with Jane Doe`. */
  where: string;
  /** The overlap, wall-clock in the view's zone. */
  from: string;
  to: string;
}

type Json = Record<string, unknown>;

/** The venue or organizers an event is at, as `id` → name. */
export function placesOf(event: CalendarEvent, kind: ConflictKind): Map<number, string> {
  const raw = kind === 'venue' ? [event.record.venue] : event.record.organizer;
  const places = new Map<number, string>();
  for (const place of Array.isArray(raw) ? raw : []) {
    const { id } = (place ?? {}) as Json;
    if (typeof id === 'number') places.set(id, textForPeople((place as Json)[kind] ?? id));
  }
  return places;
}

/** The instants an event holds, in ms: an all-day event from the start of its first day to the end of its last, in `zone`. */
export function heldSpan(event: CalendarEvent, zone: string): [number, number] {
  if (!event.allDay) return [zonedToUtcMs(event.start, zone), zonedToUtcMs(event.end, zone)];
  const { first, last } = coveredDays(event);
  return [zonedToUtcMs(`${first} 00:00:00`, zone), zonedToUtcMs(`${addDays(last, 1)} 00:00:00`, zone)];
}

/** Every clashing pair, once each, in order of the overlap's start. */
export function findConflicts(events: CalendarEvent[], kind: ConflictKind, zone: string): Conflict[] {
  const byPlace = new Map<number, { name: string; events: CalendarEvent[] }>();
  for (const event of events) {
    for (const [id, name] of placesOf(event, kind)) {
      const group = byPlace.get(id) ?? { name, events: [] };
      group.events.push(event);
      byPlace.set(id, group);
    }
  }
  const conflicts: Conflict[] = [];
  const seen = new Set<string>();
  for (const { name, events: group } of byPlace.values()) {
    const spans = group.map((event) => ({ event, span: heldSpan(event, zone) })).sort((a, b) => a.span[0] - b.span[0] || a.event.id - b.event.id);
    for (let i = 0; i < spans.length; i++) {
      for (let j = i + 1; j < spans.length && spans[j].span[0] < spans[i].span[1]; j++) {
        const key = `${spans[i].event.id}:${spans[j].event.id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const from = Math.max(spans[i].span[0], spans[j].span[0]);
        const to = Math.min(spans[i].span[1], spans[j].span[1]);
        conflicts.push({
          first: spans[i].event,
          second: spans[j].event,
          where: `${kind === 'venue' ? 'at' : 'with'} ${name}`,
          from: utcMsToZoned(from, zone),
          to: utcMsToZoned(to, zone),
        });
      }
    }
  }
  return conflicts.sort((a, b) => a.from.localeCompare(b.from) || a.first.id - b.first.id);
}

/** A conflict as data (the JSON the CLI prints, what the library returns): the two events, what they share, the overlap. */
export interface ConflictRow {
  events: Array<{ id: number; title: string; start: string; end: string }>;
  where: string;
  from: string;
  to: string;
}

export function conflictRow(conflict: Conflict): ConflictRow {
  return {
    events: [conflict.first, conflict.second].map((e) => ({ id: e.id, title: e.title, start: e.start, end: e.end })),
    where: conflict.where,
    from: conflict.from,
    to: conflict.to,
  };
}

/** `2027-06-01 20:00–21:00`, with the end's date when it is on another day. */
export function overlapText(conflict: Conflict): string {
  const sameDay = conflict.from.slice(0, 10) === conflict.to.slice(0, 10);
  return `${conflict.from.slice(0, 16)}–${sameDay ? conflict.to.slice(11, 16) : conflict.to.slice(0, 16)}`;
}

/** `"Concert" (#12) and "Rehearsal" (#14) at Riverside Hall: 2027-06-01 21:00–22:00`. */
export function conflictLine(conflict: Conflict): string {
  return (
    `"${conflict.first.title}" (#${conflict.first.id}) and "${conflict.second.title}" (#${conflict.second.id}) ` + `${conflict.where}: ${overlapText(conflict)}`
  );
}
