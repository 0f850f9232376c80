/**
 * Events placed on the days of a view (agenda, week, month). Timed events are read as
 * instants and shown in the view's zone, so an event in another zone lands on the day and
 * hour it happens there; all-day events keep their own days wherever they are seen, as a
 * holiday does. Days are stepped as dates, never as 24-hour spans, so DST changes cannot
 * skip or repeat one.
 */
import { decodeEntities } from '../records/identity.js';
import { addDays, convertWallClock, utcMsToZoned, zonedToUtcMs } from '../../base/time.js';

type Json = Record<string, unknown>;

export interface CalendarEvent {
  id: number;
  title: string;
  status: string;
  allDay: boolean;
  /** Wall-clock `YYYY-MM-DD HH:MM:SS` in the view's zone (an all-day event: its own dates). */
  start: string;
  end: string;
  venue?: string;
  categories: Array<{ slug: string; name: string }>;
  record: Json;
}

export interface DayEntry {
  event: CalendarEvent;
  /** Which of the event's days this is (1-based), and how many it has. */
  day: number;
  days: number;
  /** `HH:MM` the event starts and ends on this day; undefined where it runs on past that edge. */
  from?: string;
  to?: string;
}

const text = (value: unknown) => (typeof value === 'string' ? decodeEntities(value) : '');

/** Where a record's event falls in `zone`. */
export function toCalendarEvent(record: Json, zone: string): CalendarEvent {
  const allDay = record.all_day === true;
  const ownZone = typeof record.timezone === 'string' && record.timezone ? record.timezone : zone;
  const inView = (utc: unknown, wall: unknown): string => {
    if (typeof utc === 'string' && utc) return utcMsToZoned(zonedToUtcMs(utc, 'UTC'), zone);
    return convertWallClock(String(wall), ownZone, zone);
  };
  const venue = record.venue && typeof record.venue === 'object' && !Array.isArray(record.venue) ? text((record.venue as Json).venue) : undefined;
  const categories = Array.isArray(record.categories) ? (record.categories as Json[]).map((c) => ({ slug: String(c.slug ?? ''), name: text(c.name) })) : [];
  return {
    id: Number(record.id),
    title: text(record.title),
    status: typeof record.status === 'string' ? record.status : 'publish',
    allDay,
    start: allDay ? String(record.start_date) : inView(record.utc_start_date, record.start_date),
    end: allDay ? String(record.end_date) : inView(record.utc_end_date, record.end_date),
    venue: venue || undefined,
    categories,
    record,
  };
}

/** First and last day an event covers; one that ends at midnight does not cover the day that begins then. */
export function coveredDays(event: CalendarEvent): { first: string; last: string } {
  const first = event.start.slice(0, 10);
  let last = event.end.slice(0, 10);
  if (!event.allDay && event.end.slice(11) === '00:00:00' && event.end > event.start) last = addDays(last, -1);
  return { first, last: last < first ? first : last };
}

export function daysBetween(first: string, last: string): number {
  return Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000);
}

/** Every date from `first` to `last`, both included. */
export function dateRange(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) dates.push(day);
  return dates;
}

/** The event on one day it covers. */
function entryOn(event: CalendarEvent, date: string, first: string, last: string): DayEntry {
  const day = daysBetween(first, date) + 1;
  const days = daysBetween(first, last) + 1;
  if (event.allDay) return { event, day, days };
  const from = date === first ? event.start.slice(11, 16) : undefined;
  const endsAtMidnight = event.end.slice(0, 10) !== last;
  const to = date === last ? (endsAtMidnight ? '24:00' : event.end.slice(11, 16)) : undefined;
  return { event, day, days, from, to };
}

/** Whole-day entries first, then by start time, then title. */
function compareEntries(a: DayEntry, b: DayEntry): number {
  const key = (e: DayEntry) => (e.from === undefined ? '' : e.from);
  return key(a).localeCompare(key(b)) || a.event.title.localeCompare(b.event.title) || a.event.id - b.event.id;
}

/** Each date from `from` to `to` (both included) with the events on it, in order; days without events are kept, empty. */
export function bucketByDay(events: CalendarEvent[], from: string, to: string): Map<string, DayEntry[]> {
  const buckets = new Map<string, DayEntry[]>(dateRange(from, to).map((date) => [date, []]));
  for (const event of events) {
    const { first, last } = coveredDays(event);
    const start = first > from ? first : from;
    const end = last < to ? last : to;
    for (let date = start; date <= end; date = addDays(date, 1)) buckets.get(date)!.push(entryOn(event, date, first, last));
  }
  for (const entries of buckets.values()) entries.sort(compareEntries);
  return buckets;
}

/** The events that fall on at least one day of the range, each once, by start. */
export function eventsInRange(events: CalendarEvent[], from: string, to: string): CalendarEvent[] {
  return events
    .filter((event) => {
      const { first, last } = coveredDays(event);
      return first <= to && last >= from;
    })
    .sort((a, b) => a.start.localeCompare(b.start) || a.id - b.id);
}

/** `10:00–11:30`, `22:00–…` on the first of several days, `…–02:00` on the last, `all day` otherwise. */
export function timeSpan(entry: DayEntry): string {
  if (entry.from === undefined && entry.to === undefined) return 'all day';
  return `${entry.from ?? '…'}–${entry.to ?? '…'}`;
}

/** Markers after the title: which day of several, and a status other than published. */
export function entryMarks(entry: DayEntry): string[] {
  const marks: string[] = [];
  if (entry.days > 1) marks.push(`day ${entry.day}/${entry.days}`);
  if (entry.event.status !== 'publish') marks.push(entry.event.status);
  return marks;
}
