/**
 * The events of a view: the events list's filters, every page of the events overlapping
 * the days asked for, placed in the view's zone (`--timezone`, else the profile's, else
 * the site's).
 */
import type { Context } from '../../../core/context.js';
import { UsageError } from '../../../core/errors.js';
import type { ApiClient } from '../../../core/http/client.js';
import { EDITOR_STATUSES, resources } from '../../../spec/resources.js';
import { withSession, type Prepared } from '../../session.js';
import { walkPages } from '../../../core/records/pages.js';
import { ZoneSource } from '../../../core/records/dates.js';
import { addDays, utcMsToZoned } from '../../../base/time.js';
import { DATE_FORMS, parseDate, timeZoneName } from '../../../core/values.js';
import { toCalendarEvent, eventsInRange, type CalendarEvent } from '../../../core/views/days.js';
import { buildListQuery, resolveLinkedFilters } from '../resource/query.js';
import { VIEW_FILTER_NAMES } from './filters.js';
import { writeViewData } from './output.js';

export interface ViewEvents {
  zone: string;
  today: string;
  events: CalendarEvent[];
}

/** A date argument as `YYYY-MM-DD`, read with the CLI's date words. */
export function dayOf(text: string, what: string): string {
  const parsed = parseDate(text);
  if (!parsed) throw new UsageError(`${what}: "${text}" is not a date`, `Accepted: ${DATE_FORMS}.`);
  return parsed.slice(0, 10);
}

/**
 * The days from the FROM and TO arguments, checked before any request: FROM defaults to
 * today in the view's zone (known once the site answers), TO to `days` after FROM.
 */
export function dayRange(fromArg: string | undefined, toArg: string | undefined, days: number): (today: string) => { from: string; to: string } {
  const fixedFrom = fromArg === undefined ? undefined : dayOf(fromArg, 'FROM');
  const fixedTo = toArg === undefined ? undefined : dayOf(toArg, 'TO');
  if (fixedFrom && fixedTo && fixedTo < fixedFrom) throw new UsageError(`TO ${fixedTo} is before FROM ${fixedFrom}`);
  return (today) => {
    const from = fixedFrom ?? today;
    return { from, to: fixedTo ?? addDays(from, days) };
  };
}

/** The --timezone of a view, as the zone database spells it; a name that is no zone is refused, naming the one it resembles. */
export function checkZone(zone: string | undefined): string | undefined {
  return zone === undefined ? undefined : timeZoneName(zone, '--timezone');
}

/** The zone of the view and today's date there, known once the site is reached. */
export async function viewZone(client: ApiClient, flag: string | undefined, profileZone: string | undefined): Promise<{ zone: string; today: string }> {
  const zone = flag ?? profileZone ?? (await new ZoneSource(client, undefined).siteZone());
  return { zone, today: utcMsToZoned(Date.now(), zone).slice(0, 10) };
}

/**
 * Reads the events overlapping `range` (dates in the view's zone; a missing date is
 * filled from today there). The query is a day wider each side, as the server compares in
 * the site's zone; the days are then settled here. With `asData`, a format other than the
 * text view writes the events as records.
 */
export async function fetchViewEvents(
  prepared: Prepared,
  ctx: Context,
  opts: Record<string, unknown>,
  range: (today: string) => { from: string; to: string },
  { filterNames = VIEW_FILTER_NAMES, asData = false }: { filterNames?: readonly string[]; asData?: boolean } = {},
): Promise<ViewEvents & { from: string; to: string; written: boolean }> {
  const zoneFlag = checkZone(opts.timezone as string | undefined);
  const filters = Object.fromEntries(filterNames.filter((k) => opts[k] !== undefined).map((k) => [k, opts[k]]));
  const query = buildListQuery(resources.events, filters);
  return withSession(prepared, ctx, async ({ client, profile }) => {
    const { zone, today } = await viewZone(client, zoneFlag, profile.timezone);
    const { from, to } = range(today);
    await resolveLinkedFilters(client, resources.events, query);
    Object.assign(query, { ends_after: `${addDays(from, -1)} 00:00:00`, starts_before: `${addDays(to, 1)} 23:59:59` });
    if (query.status === undefined && client.hasCredentials) query.status = EDITOR_STATUSES.join(',');
    const events: CalendarEvent[] = [];
    await walkPages(client, resources.events, query, { all: true }, (record) => {
      events.push(toCalendarEvent(record as Record<string, unknown>, zone));
    });
    const selected = eventsInRange(events, from, to);
    // A data format is written here: iCalendar needs the site's details for its header.
    const written = asData && (await writeViewData(selected, prepared, ctx, client));
    return { zone, today, from, to, events: selected, written };
  });
}
