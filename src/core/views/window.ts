/**
 * The events of a view (agenda, week, month, conflicts): the events list's filters, every page
 * of the events overlapping the days asked for, placed in the view's zone (the one asked for,
 * else the profile's, else the site's).
 */
import { UsageError } from '../errors.js';
import type { ApiClient } from '../http/client.js';
import { EDITOR_STATUSES, resources } from '../../spec/resources.js';
import { walkPages } from '../records/pages.js';
import { ZoneSource } from '../records/dates.js';
import { resolveLinkedFilters } from '../records/list.js';
import type { Query } from '../http/url.js';
import { addDays, addMonths, utcMsToZoned } from '../../base/time.js';
import { DATE_FORMS, parseDate, timeZoneName } from '../values.js';
import { eventsInRange, toCalendarEvent, type CalendarEvent } from './days.js';
import { option } from '../words.js';

/** Days of an agenda: today and the seven after it. */
export const AGENDA_DAYS = 7;
/** Days looked at for conflicts when no end is given. */
export const CONFLICT_DAYS = 30;

export interface ViewEvents {
  zone: string;
  today: string;
  /** The days of the view, `YYYY-MM-DD`, both included. */
  from: string;
  to: string;
  /** The events on at least one of its days, by start. */
  events: CalendarEvent[];
}

/** A date as `YYYY-MM-DD`, read with the CLI's date words; `what` names it in the error. */
export function dayOf(text: string, what: string): string {
  const parsed = parseDate(text);
  if (!parsed) throw new UsageError(`${what}: "${text}" is not a date`, `Accepted: ${DATE_FORMS}.`);
  return parsed.slice(0, 10);
}

/** A TO written as a count of days, weeks or months (`+6d`, `+2w`, `+1m`): it counts from FROM. */
const FROM_OFFSET = /^\s*([+-])(\d{1,4})([dwm])\s*$/i;

/** The day `offset` (a FROM_OFFSET match) after `from`. */
function offsetFrom(from: string, offset: RegExpExecArray): string {
  const n = Number(offset[2]) * (offset[1] === '-' ? -1 : 1);
  const unit = offset[3].toLowerCase();
  if (unit === 'm') return addMonths(`${from} 00:00:00`, n).slice(0, 10);
  return addDays(from, unit === 'w' ? 7 * n : n);
}

/**
 * The days of a view, checked before any request: `from` defaults to today in the view's zone
 * (known once the site answers), `to` to `days` after it; a `to` of `+6d` is six days after
 * `from`, not after today. `names` says how the caller calls them.
 */
export function dayRange(
  fromText: string | undefined,
  toText: string | undefined,
  days: number,
  names: { from: string; to: string } = { from: 'FROM', to: 'TO' },
): (today: string) => { from: string; to: string } {
  const fixedFrom = fromText === undefined ? undefined : dayOf(fromText, names.from);
  const toOffset = toText === undefined ? null : FROM_OFFSET.exec(toText);
  const fixedTo = toText === undefined || toOffset ? undefined : dayOf(toText, names.to);
  const check = (from: string, to: string) => {
    if (to < from) throw new UsageError(`${names.to} ${to} is before ${names.from} ${from}`);
    return { from, to };
  };
  if (fixedFrom && fixedTo) check(fixedFrom, fixedTo);
  if (fixedFrom && toOffset) check(fixedFrom, offsetFrom(fixedFrom, toOffset));
  return (today) => {
    const from = fixedFrom ?? today;
    return check(from, toOffset ? offsetFrom(from, toOffset) : (fixedTo ?? addDays(from, days)));
  };
}

/** The zone asked for a view, as the zone database spells it; a name that is no zone is refused, naming the one it resembles. */
export function checkZone(zone: string | undefined, where = option('timezone')): string | undefined {
  return zone === undefined ? undefined : timeZoneName(zone, where);
}

/** The zone of the view and today's date there, known once the site is reached. */
export async function viewZone(client: ApiClient, asked: string | undefined, profileZone: string | undefined): Promise<{ zone: string; today: string }> {
  const zone = asked ?? profileZone ?? (await new ZoneSource(client, undefined).siteZone());
  return { zone, today: utcMsToZoned(Date.now(), zone).slice(0, 10) };
}

/**
 * Reads the events overlapping the view's days. The query is a day wider each side, as the
 * server compares in the site's zone; the days are then settled here. `query` is the events
 * list's (listQueryOf: a venue by ID, slug or name); it is completed here.
 */
export async function readViewEvents(
  access: { client: ApiClient; timezone?: string },
  range: (today: string) => { from: string; to: string },
  query: Query,
  zoneAsked?: string,
): Promise<ViewEvents> {
  const { client } = access;
  const { zone, today } = await viewZone(client, zoneAsked, access.timezone);
  const { from, to } = range(today);
  await resolveLinkedFilters(client, resources.events, query);
  Object.assign(query, { ends_after: `${addDays(from, -1)} 00:00:00`, starts_before: `${addDays(to, 1)} 23:59:59` });
  if (query.status === undefined && client.hasCredentials) query.status = EDITOR_STATUSES.join(',');
  const events: CalendarEvent[] = [];
  await walkPages(client, resources.events, query, { all: true }, (record) => {
    events.push(toCalendarEvent(record as Record<string, unknown>, zone));
  });
  return { zone, today, from, to, events: eventsInRange(events, from, to) };
}
