/**
 * iCalendar text in, normalised occurrences out: each VEVENT (or each occurrence of a
 * recurring one inside the window) with wall-clock dates in one zone, as the events API
 * takes them. ical.js parses and expands recurrences; scan.ts supplies line numbers.
 */
import type { Ical } from './library.js';
import { EXTRA_ORGANIZER, loadIcal, UNPUBLISHED_PROPERTY } from './library.js';
import { IcsSyntaxError, scanIcs, type ScannedEvent } from './scan.js';
import { readAsProducersMeant } from './lenient.js';
import { zonePlan, type ZonePlan } from './zones.js';
import { occurrenceKey } from './identity.js';
import { textToHtml } from './html-text.js';
import { copiedFieldsOf, organizerDetailsOf, venueDetailsOf, type CopiedFields } from './copy-fields.js';
import { addDays, utcMsToUtcString, utcMsToZoned, zonedToUtcMs } from '../../base/time.js';

type Component = InstanceType<Ical['Component']>;
type IcalTime = InstanceType<Ical['Time']>;
type IcalEvent = InstanceType<Ical['Event']>;

export interface ReadIcsOptions {
  /** Zone for UTC times, floating times and zones only the file defines (the site zone or --timezone). */
  timezone: string;
  /** Recurring series are expanded to the occurrences starting in [from, until) (epoch ms). */
  from: number;
  until: number;
  /** At most this many occurrences per series (default 500). */
  maxOccurrences?: number;
  /** The input's name in messages. */
  source?: string;
}

export interface IcsOrganizer {
  name: string;
  email?: string;
  /** Phone, website...: written by our export (copy-fields.ts). */
  details?: Record<string, string>;
}

export interface IcsOccurrence {
  uid: string;
  /** The occurrence's original start (UTC `YYYYMMDDTHHMMSSZ`, or `YYYYMMDD` for dates); absent for a single event. */
  recurrenceId?: string;
  /** Short hash of UID + RECURRENCE-ID: the occurrence's identity across imports. */
  key: string;
  /** Line of the BEGIN:VEVENT it comes from (the override's, for a changed occurrence). */
  line: number;
  title: string;
  /** HTML: X-ALT-DESC when it is HTML, else DESCRIPTION turned into paragraphs. */
  description?: string;
  allDay: boolean;
  /** `YYYY-MM-DD HH:MM:SS` in `timezone`; for all-day events `YYYY-MM-DD`, the end being the last day (inclusive). */
  start: string;
  end: string;
  timezone: string;
  /** The instants, `YYYY-MM-DD HH:MM:SS` in UTC (all-day: midnight starting and ending the days in `timezone`). */
  utcStart: string;
  utcEnd: string;
  location?: string;
  /** The venue's own name: RFC 9073 VLOCATION NAME, Apple's X-TITLE, else the LOCATION text. */
  venue?: string;
  geo?: [number, number];
  organizers: IcsOrganizer[];
  categories: string[];
  url?: string;
  cancelled: boolean;
  /** CLASS:PRIVATE or CONFIDENTIAL. */
  private: boolean;
  /** An event exported unpublished (X-CALENDAR-STATUS, written by our export): imported as such. */
  unpublished?: 'draft' | 'pending';
  /** The fields our export carries in X- properties (copy-fields.ts). */
  copied?: CopiedFields;
  /** The venue's address, city, phone...: in its VLOCATION, written by our export. */
  venueDetails?: Record<string, string>;
}

export interface IcsFeed {
  /** X-WR-CALNAME or NAME. */
  name?: string;
  /** X-WR-TIMEZONE. */
  timezone?: string;
  occurrences: IcsOccurrence[];
  warnings: string[];
  /** VEVENTs left out because they could not be read (each has its line in `warnings`). */
  skipped: number;
}

const DEFAULT_MAX_OCCURRENCES = 500;
/** Stops a rule whose occurrences all fall before the window from looping for ever. */
const MAX_ITERATIONS = 200_000;

interface SourceEvent {
  component: Component;
  scanned: ScannedEvent;
}

export async function readIcs(text: string, options: ReadIcsOptions): Promise<IcsFeed> {
  const source = options.source ?? 'input';
  const read = readAsProducersMeant(text.replace(/^\uFEFF/, ''));
  const ICAL = await loadIcal();
  const { calendars, scanned } = parseSkippingBadEvents(ICAL, read, source);
  const reader = new FeedReader(ICAL, options, source);
  const skipped = scanned.filter((event) => event.problem);
  for (const event of skipped) reader.warnings.push(skippedLine(source, event.problem!.line, event.problem!.text, event.uid));
  const readable = scanned.filter((event) => !event.problem);
  const vevents: SourceEvent[] = [];
  for (const calendar of calendars) {
    reader.noteZones(calendar);
    for (const component of calendar.getAllSubcomponents('vevent')) vevents.push({ component, scanned: readable[vevents.length] ?? { line: 0 } });
  }
  const first = calendars[0];
  const feed: IcsFeed = {
    name: stringValue(first?.getFirstPropertyValue('x-wr-calname')) ?? stringValue(first?.getFirstPropertyValue('name')),
    timezone: stringValue(first?.getFirstPropertyValue('x-wr-timezone')),
    occurrences: [],
    warnings: reader.warnings,
    skipped: skipped.length,
  };
  // A recurring event and its changed occurrences share a UID; they are read together.
  const series = new Map<string, SourceEvent[]>();
  for (const event of vevents) {
    const uid = stringValue(event.component.getFirstPropertyValue('uid')) ?? `line-${event.scanned.line}`;
    const list = series.get(uid);
    if (list) list.push(event);
    else series.set(uid, [event]);
  }
  let firstProblem: IcsSyntaxError | undefined;
  for (const [uid, members] of series) {
    const count = feed.occurrences.length;
    try {
      reader.readSeries(uid, members, feed.occurrences);
    } catch (err) {
      // A VEVENT that cannot be read is left out, with a line saying so; the rest is imported.
      feed.occurrences.length = count;
      const problem = err instanceof IcsSyntaxError ? err : new IcsSyntaxError(members[0].scanned.line, (err as Error).message, uid, source);
      firstProblem ??= problem;
      feed.skipped += members.length;
      reader.warnings.push(skippedLine(source, problem.line, problem.problem, uid));
    }
  }
  // Nothing at all could be read: that is no feed to import.
  const problem = firstProblem ?? skipped.map((event) => new IcsSyntaxError(event.problem!.line, event.problem!.text, event.uid, source))[0];
  if (problem && feed.skipped === scanned.length) throw problem;
  return feed;
}

const skippedLine = (source: string, line: number, problem: string, uid: string | undefined) =>
  `${source} line ${line}: ${problem}${uid ? ` (VEVENT ${uid})` : ''}: this event is skipped, the others are read`;

/**
 * The calendars of the text, parsed by ical.js, with the VEVENTs it cannot read (a value
 * scan.ts or ical.js refuses) left out and marked in `scanned`. The structure is checked
 * first: a file whose nesting or folding is broken is refused whole.
 */
function parseSkippingBadEvents(ICAL: Ical, text: string, source: string): { calendars: Component[]; scanned: ScannedEvent[] } {
  let scanned = scanIcs(text, source);
  const parse = (events: ScannedEvent[]) => {
    const parsed = ICAL.parse(
      withoutEvents(
        text,
        events.filter((event) => event.problem),
      ),
    );
    const list = (Array.isArray(parsed[0]) ? parsed : [parsed]) as unknown[];
    return list.map((jcal) => new ICAL.Component(jcal as never));
  };
  try {
    return { calendars: parse(scanned), scanned };
  } catch (err) {
    // Only now is it worth finding the line: each property of each VEVENT is parsed alone.
    scanned = scanIcs(text, source, (line) => ICAL.parse.property(line));
    try {
      return { calendars: parse(scanned), scanned };
    } catch {
      throw new IcsSyntaxError(1, `cannot be read as iCalendar: ${(err as Error).message}`, undefined, source);
    }
  }
}

/** The text with the lines of these VEVENTs taken out. */
function withoutEvents(text: string, events: ScannedEvent[]): string {
  if (events.length === 0) return text;
  const lines = text.split(/\r\n|\n|\r/);
  for (const event of events) lines.fill('\u0000', event.line - 1, event.endLine ?? event.line);
  return lines.filter((line) => line !== '\u0000').join('\r\n');
}

function stringValue(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

class FeedReader {
  readonly warnings: string[] = [];
  private readonly fileZones = new Set<string>();
  /** Zone plans by TZID: resolving a name through Intl is slow, and feeds repeat a few names. */
  private readonly plans = new Map<string, ZonePlan>();

  constructor(
    private readonly ICAL: Ical,
    private readonly options: ReadIcsOptions,
    private readonly source: string,
  ) {}

  noteZones(calendar: Component): void {
    for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
      const tzid = stringValue(vtimezone.getFirstPropertyValue('tzid'));
      if (tzid) this.fileZones.add(tzid);
    }
  }

  private planOf(component: Component, property: 'dtstart' | 'dtend' | 'recurrence-id'): ZonePlan {
    const prop = component.getFirstProperty(property);
    const value = prop?.getFirstValue() as IcalTime | undefined;
    const tzid = prop?.getParameter('tzid') as string | undefined;
    const isUtc = value?.zone === this.ICAL.Timezone.utcTimezone;
    const cacheKey = `${isUtc ? 'Z' : ''}|${tzid ?? ''}`;
    let plan = this.plans.get(cacheKey);
    if (!plan) this.plans.set(cacheKey, (plan = zonePlan(tzid, isUtc, (name) => this.fileZones.has(name))));
    return plan;
  }

  /** The instant of a time read with its zone plan; floating times are read in the target zone. */
  private instant(time: IcalTime, plan: ZonePlan): number {
    if (plan.kind === 'custom') return time.toUnixTime() * 1000;
    const wall = `${String(time.year).padStart(4, '0')}-${pad(time.month)}-${pad(time.day)} ${pad(time.hour)}:${pad(time.minute)}:${pad(time.second)}`;
    if (plan.kind === 'utc') return Date.parse(`${wall.replace(' ', 'T')}Z`);
    return zonedToUtcMs(wall, plan.kind === 'iana' ? plan.zone : this.options.timezone);
  }

  /**
   * A UTC `UNTIL` is an instant (RFC 5545 3.3.10), but ical.js compares it with the clock of a
   * DTSTART whose zone it does not hold (a TZID with no VTIMEZONE, or floating time) as if that
   * clock were UTC: 18:00 in New York passed `UNTIL=…T200000Z` (15:00 there). So the UNTIL is
   * rewritten as the same instant on the DTSTART's clock, where ical.js compares like with like.
   */
  private untilOnStartClock(component: Component, plan: ZonePlan): void {
    if (plan.kind !== 'iana' && plan.kind !== 'floating') return;
    const start = component.getFirstPropertyValue('dtstart') as IcalTime | null;
    if (!start || start.isDate || start.zone?.tzid !== 'floating') return;
    const zone = plan.kind === 'iana' ? plan.zone : this.options.timezone;
    for (const property of component.getAllProperties('rrule')) {
      const recur = property.getFirstValue() as { until?: IcalTime | null } | null;
      const until = recur?.until;
      if (!until || until.isDate || until.zone !== this.ICAL.Timezone.utcTimezone) continue;
      const wall = utcMsToZoned(this.instant(until, { kind: 'utc' }), zone);
      const onClock = start.clone();
      onClock.fromData({
        year: +wall.slice(0, 4),
        month: +wall.slice(5, 7),
        day: +wall.slice(8, 10),
        hour: +wall.slice(11, 13),
        minute: +wall.slice(14, 16),
        second: +wall.slice(17, 19),
        isDate: false,
      });
      recur!.until = onClock;
    }
  }

  private recurrenceKey(time: IcalTime, plan: ZonePlan): string {
    if (time.isDate) return `${time.year}${pad(time.month)}${pad(time.day)}`;
    return `${utcMsToUtcString(this.instant(time, plan)).replace(/[-:]/g, '').replace(' ', 'T')}Z`;
  }

  readSeries(uid: string, members: SourceEvent[], out: IcsOccurrence[]): void {
    const master = members.find((m) => !m.component.hasProperty('recurrence-id'));
    const overrides = members.filter((m) => m !== master);
    if (!master || !isRecurring(master.component)) {
      if (master) out.push(this.occurrence(uid, master, master.component, undefined, undefined));
      // Changed occurrences without a recurring master stand on their own.
      for (const override of overrides) {
        const id = override.component.getFirstPropertyValue('recurrence-id') as IcalTime;
        out.push(this.occurrence(uid, override, override.component, this.recurrenceKey(id, this.planOf(override.component, 'recurrence-id')), undefined));
      }
      return;
    }
    const masterPlan = this.planOf(master.component, 'dtstart');
    this.untilOnStartClock(master.component, masterPlan);
    const event = new this.ICAL.Event(master.component, { exceptions: overrides.map((o) => o.component) });
    const { from, until } = this.options;
    const max = this.options.maxOccurrences ?? DEFAULT_MAX_OCCURRENCES;
    const title = stringValue(master.component.getFirstPropertyValue('summary')) ?? uid;
    let emitted = 0;
    let i = 0;
    for (const next of seriesStarts(event)) {
      i++;
      if (i >= MAX_ITERATIONS) {
        this.warnings.push(
          `${this.source} line ${master.scanned.line}: series "${title}" (UID ${uid}) stopped after ${MAX_ITERATIONS} repetitions before reaching the window`,
        );
        break;
      }
      const details = event.getOccurrenceDetails(next);
      const originalMs = this.instant(next, masterPlan);
      const itemComponent = (details.item as IcalEvent).component;
      const changed = itemComponent !== master.component;
      const startMs = this.instant(details.startDate, changed ? this.planOf(itemComponent, 'dtstart') : masterPlan);
      if (originalMs >= until && startMs >= until) {
        // Rules are read in order; only a changed occurrence can move back into the window.
        if (overrides.length === 0 || originalMs >= until + 366 * 86_400_000) break;
        continue;
      }
      if (startMs < from || startMs >= until) continue;
      if (emitted >= max) {
        this.warnings.push(
          `${this.source} line ${master.scanned.line}: series "${title}" (UID ${uid}) has more than ${max} occurrences ` +
            `in the window; only the first ${max} are kept`,
        );
        break;
      }
      const from_ = changed ? overrides.find((o) => o.component === itemComponent)! : master;
      out.push(this.occurrence(uid, from_, itemComponent, this.recurrenceKey(next, masterPlan), details));
      emitted++;
    }
  }

  private occurrence(
    uid: string,
    sourceEvent: SourceEvent,
    component: Component,
    recurrenceId: string | undefined,
    details: { startDate: IcalTime; endDate: IcalTime } | undefined,
  ): IcsOccurrence {
    // Without `exceptions`, ical.js would search the whole calendar for them: quadratic.
    const event = new this.ICAL.Event(component, { exceptions: [] });
    const startTime = details?.startDate ?? event.startDate;
    if (!startTime) throw new IcsSyntaxError(sourceEvent.scanned.line, 'VEVENT has no DTSTART', uid, this.source);
    const endTime = details?.endDate ?? event.endDate;
    const startPlan = this.planOf(component, 'dtstart');
    const endPlan = component.hasProperty('dtend') ? this.planOf(component, 'dtend') : startPlan;
    const zone = startPlan.kind === 'iana' ? startPlan.zone : this.options.timezone;
    const dates = startTime.isDate ? this.allDayDates(startTime, endTime, zone) : this.timedDates(startTime, endTime ?? startTime, startPlan, endPlan, zone);
    const occurrence: IcsOccurrence = {
      uid,
      key: occurrenceKey(uid, recurrenceId),
      line: sourceEvent.scanned.line,
      title: stringValue(component.getFirstPropertyValue('summary')) ?? '',
      allDay: startTime.isDate,
      timezone: zone,
      ...dates,
      organizers: organizersOf(component),
      categories: categoriesOf(component),
      cancelled: String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED',
      private: ['PRIVATE', 'CONFIDENTIAL'].includes(String(component.getFirstPropertyValue('class') ?? '').toUpperCase()),
    };
    if (recurrenceId) occurrence.recurrenceId = recurrenceId;
    const unpublished = String(component.getFirstPropertyValue(UNPUBLISHED_PROPERTY) ?? '').toLowerCase();
    if (unpublished === 'draft' || unpublished === 'pending') occurrence.unpublished = unpublished;
    const description = descriptionOf(component);
    if (description) occurrence.description = description;
    const location = stringValue(component.getFirstPropertyValue('location'));
    if (location) occurrence.location = location;
    const venue = venueNameOf(component) ?? location;
    if (venue) occurrence.venue = venue;
    const venueDetails = venueDetailsOf(component.getFirstSubcomponent('vlocation'));
    if (venueDetails) occurrence.venueDetails = venueDetails;
    const copied = copiedFieldsOf(component);
    if (copied) occurrence.copied = copied;
    const geo = component.getFirstPropertyValue('geo');
    if (Array.isArray(geo) && geo.length === 2 && geo.every((n) => Number.isFinite(Number(n)))) occurrence.geo = [Number(geo[0]), Number(geo[1])];
    const url = stringValue(component.getFirstPropertyValue('url'));
    if (url) occurrence.url = url;
    return occurrence;
  }

  private allDayDates(start: IcalTime, end: IcalTime | undefined, zone: string) {
    const first = dateText(start);
    // DTEND of a date is exclusive; the API wants the last day itself.
    const afterLast = end?.isDate ? dateText(end) : undefined;
    const last = afterLast && afterLast > first ? addDays(afterLast, -1) : first;
    return {
      start: first,
      end: last,
      utcStart: utcMsToUtcString(zonedToUtcMs(`${first} 00:00:00`, zone)),
      utcEnd: utcMsToUtcString(zonedToUtcMs(`${addDays(last, 1)} 00:00:00`, zone)),
    };
  }

  private timedDates(start: IcalTime, end: IcalTime, startPlan: ZonePlan, endPlan: ZonePlan, zone: string) {
    const startMs = this.instant(start, startPlan);
    const endMs = Math.max(startMs, this.instant(end, end.isDate ? startPlan : endPlan));
    return { start: utcMsToZoned(startMs, zone), end: utcMsToZoned(endMs, zone), utcStart: utcMsToUtcString(startMs), utcEnd: utcMsToUtcString(endMs) };
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateText = (t: IcalTime) => `${String(t.year).padStart(4, '0')}-${pad(t.month)}-${pad(t.day)}`;

/**
 * The original starts of a series, in order. DTSTART is always the first instance
 * (RFC 5545 3.8.5.2); ical.js leaves it out when the series has RDATEs but no RRULE.
 */
function* seriesStarts(event: IcalEvent): Generator<IcalTime> {
  const iterator = event.iterator();
  const first = iterator.next();
  if (!event.component.hasProperty('rrule') && first && first.compare(event.startDate) > 0 && !isExcluded(event, event.startDate))
    yield event.startDate.clone();
  // A start given twice (an RDATE repeating DTSTART or a date of the RRULE, as Google's birthday
  // feeds do) is one instance of the set (RFC 5545 3.8.5.2); ical.js yields it twice, in a row.
  let last: IcalTime | undefined;
  for (let next = first; next; next = iterator.next()) {
    if (last && next.compare(last) === 0) continue;
    last = next.clone();
    yield next;
  }
}

function isExcluded(event: IcalEvent, time: IcalTime): boolean {
  return event.component.getAllProperties('exdate').some((p) => p.getValues().some((v) => (v as IcalTime).compare(time) === 0));
}

function isRecurring(component: Component): boolean {
  return component.hasProperty('rrule') || component.hasProperty('rdate');
}

function descriptionOf(component: Component): string | undefined {
  for (const alt of component.getAllProperties('x-alt-desc')) {
    const type = String(alt.getParameter('fmttype') ?? '').toLowerCase();
    const html = stringValue(alt.getFirstValue());
    if (html && type === 'text/html') return htmlBody(html);
  }
  const plain = stringValue(component.getFirstPropertyValue('description'));
  return plain ? textToHtml(plain) : undefined;
}

/** Outlook sends a whole HTML document; the events API wants its body's content. */
function htmlBody(html: string): string {
  const body = /<body[^>]*>([\s\S]*?)<\/body\s*>/i.exec(html);
  return (body ? body[1] : html).replace(/<!DOCTYPE[^>]*>|<\/?html[^>]*>|<head[\s\S]*?<\/head\s*>/gi, '').trim();
}

function venueNameOf(component: Component): string | undefined {
  const place = component.getFirstSubcomponent('vlocation');
  const name = place ? stringValue(place.getFirstPropertyValue('name')) : undefined;
  if (name) return name;
  const apple = component.getFirstProperty('x-apple-structured-location');
  return apple ? stringValue(apple.getParameter('x-title')) : undefined;
}

/** The plugin percent-encodes CN (`Dupont & Fils%2C Soci%C3%A9t%C3%A9`). */
function decodeCommonName(name: string): string {
  if (!/%[0-9A-Fa-f]{2}/.test(name)) return name;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

function organizersOf(component: Component): IcsOrganizer[] {
  const organizers: IcsOrganizer[] = [];
  for (const property of [...component.getAllProperties('organizer'), ...component.getAllProperties(EXTRA_ORGANIZER)]) {
    const address = String(property.getFirstValue() ?? '').trim();
    const email = /^mailto:/i.test(address) ? address.slice(7).trim() : undefined;
    const cn = property.getParameter('cn');
    const name = stringValue(Array.isArray(cn) ? cn[0] : cn);
    const shown = name ? decodeCommonName(name) : email;
    if (!shown) continue;
    const details = organizerDetailsOf(property);
    organizers.push({ name: shown, ...(email ? { email } : {}), ...(details ? { details } : {}) });
  }
  return organizers;
}

function categoriesOf(component: Component): string[] {
  const names = new Set<string>();
  for (const property of component.getAllProperties('categories')) {
    for (const value of property.getValues()) {
      const name = stringValue(value);
      if (name) names.add(name);
    }
  }
  return [...names];
}
