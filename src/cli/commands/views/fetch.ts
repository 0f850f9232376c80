/**
 * The events of a view: the events list's filters, every page of the events overlapping
 * the days asked for, placed in the view's zone (`--timezone`, else the profile's, else
 * the site's).
 */
import { type CalendarEvent, checkZone, type Context, listQueryOf, readViewEvents, type ViewEvents } from '../../../core/index.js';
import { type CONFLICT_FILTER_NAMES, flagName, resources } from '../../../spec/resources.js';
import { withSession, type Prepared } from '../../session.js';
import { VIEW_FILTER_NAMES } from './filters.js';
import { writeViewData } from './output.js';
import { visible } from '../../output/visible.js';
import { flagValue } from '../resource/flags.js';
import type { FilterFlags } from '../resource/options.js';

/** The options of a view: the events list's filters it takes (from the resource table), and `--timezone`. */
export type ViewFlags = FilterFlags<(typeof VIEW_FILTER_NAMES)[number] | (typeof CONFLICT_FILTER_NAMES)[number]> & { timezone?: string };

/**
 * Reads the events overlapping `range` (dates in the view's zone; a missing date is
 * filled from today there). The query is a day wider each side, as the server compares in
 * the site's zone; the days are then settled here. With `asData`, a format other than the
 * text view writes the events as records.
 */
export async function fetchViewEvents(
  prepared: Prepared,
  ctx: Context,
  opts: ViewFlags,
  range: (today: string) => { from: string; to: string },
  { filterNames = VIEW_FILTER_NAMES, asData = false }: { filterNames?: readonly string[]; asData?: boolean } = {},
): Promise<ViewEvents & { from: string; to: string; written: boolean }> {
  const zoneFlag = checkZone(opts.timezone);
  const given = filterNames.map((name) => [name, flagValue(opts, flagName(name))] as const);
  const filters = Object.fromEntries(given.filter(([, value]) => value !== undefined));
  const query = listQueryOf(resources.events, filters);
  return withSession(prepared, ctx, async ({ client, profile }) => {
    const view = await readViewEvents({ client, timezone: profile.timezone }, range, query, zoneFlag);
    const selected = view.events;
    // A data format is written here: iCalendar needs the site's details for its header.
    const written = asData && (await writeViewData(selected, prepared, ctx, client));
    const forPeople = prepared.output.format === 'table';
    return { ...view, events: forPeople ? selected.map(visibleEvent) : selected, written };
  });
}

/** An event as a view shows it to a person: the site's text with its control characters visible (output/visible.ts). */
function visibleEvent(event: CalendarEvent): CalendarEvent {
  return {
    ...event,
    title: visible(event.title),
    status: visible(event.status),
    venue: event.venue === undefined ? undefined : visible(event.venue),
    categories: event.categories.map((c) => ({ slug: visible(c.slug), name: visible(c.name) })),
  };
}
