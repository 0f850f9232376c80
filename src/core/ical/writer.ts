/**
 * Events as the REST API returns them, written as one iCalendar (RFC 5545) stream:
 * `header()`, then `event(record)` per event, then `footer()`. Only ical.js builds text,
 * so folding and escaping follow the library. Memory stays flat: the stream remembers only
 * which zones were used and over which years.
 *
 * VTIMEZONEs go where the zones are known. `renderIcs` (a handful of records, all known
 * up front) puts them before the events; the stream, which cannot know the zones of events
 * not yet read, writes them in the footer. RFC 5545 (3.6) sets no order for the components
 * of a VCALENDAR; a reader resolves TZIDs once the whole object is read.
 */
import type { Ical } from './library.js';
import { EXTRA_ORGANIZER, loadIcal, UNPUBLISHED_PROPERTY } from './library.js';
import { htmlToText } from './html-text.js';
import { buildVtimezone } from './vtimezone.js';
import { addCopiedFields, addOrganizerDetails, addVenueDetails } from './copy-fields.js';
import { fixedOffsetMinutes, isValidTimeZone, parseWallClock, utcMsToUtcString, zonedToUtcMs, addDays, type WallClock } from '../../base/time.js';

type Json = Record<string, unknown>;

export interface IcsMeta {
  /** The site's name (REST index `name`), for X-WR-CALNAME. */
  calendarName: string;
  /** The site's home URL: its host (and path, for a site in a folder) makes the UIDs. */
  siteUrl: string;
  /** The site's timezone, for X-WR-TIMEZONE and events that carry none. */
  siteTimezone: string;
  /** This tool's version, for PRODID. */
  version: string;
}

export interface IcsStream {
  /** `BEGIN:VCALENDAR` and the calendar's properties. */
  header(): string;
  /** One VEVENT, CRLF-terminated. */
  event(record: Json): string;
  /** A recurring series: one VEVENT with its rule, and one per occurrence that differs from it (RECURRENCE-ID). */
  series(occurrences: Json[], series: IcsSeries): string;
  /** The VTIMEZONEs of the zones used (unless written up front) and `END:VCALENDAR`. */
  footer(): string;
}

/** What makes events the occurrences of one series (src/core/series). */
export interface IcsSeries {
  /** Unique per series and site: `series-k3f9a1@example.org`. */
  uid: string;
  /** The first start and end of the rule, wall clock in `timezone` (all-day: dates, the end the last day). */
  start: string;
  end: string;
  allDay: boolean;
  timezone: string;
  rule: string;
  /** The original start of each occurrence, in the order of `occurrences`. */
  originals: string[];
  /** Starts of the rule no occurrence holds (removed). */
  removed: string[];
}

/**
 * The lines of a VEVENT that make an occurrence differ from its series; those that do not are
 * its identity, dates, stamps and URL (each occurrence has a page of its own).
 */
const NOT_CONTENT = new Set(['uid', 'dtstart', 'dtend', 'dtstamp', 'created', 'last-modified', 'url']);

const CRLF = '\r\n';
const wallMs = (wall: string) => zonedToUtcMs(wall.length === 10 ? `${wall} 00:00:00` : wall, 'UTC');

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? htmlToText(v) : '');

/** `event-42@example.org`, or `event-42@example.org/fr` for a site in a folder: stable across runs, unique per site. */
export function eventUid(id: unknown, siteUrl: string): string {
  const url = new URL(siteUrl);
  const path = url.pathname.replace(/\/+$/, '');
  return `event-${String(id)}@${url.host}${path}`;
}

/** `series-k3f9a1@example.org`: the UID of a series' VEVENTs (one per series and site). */
export function seriesUid(id: string, siteUrl: string): string {
  return eventUid(id, siteUrl).replace(/^event-/, 'series-');
}

const namedZones = new Map<string, boolean>();

/** A zone written as TZID with a VTIMEZONE; `UTC` and WordPress's `UTC+2` offsets are written as UTC times. */
function isNamedZone(zone: string): boolean {
  let named = namedZones.get(zone);
  // Asking Intl costs a formatter each time; an export repeats a few zones many times.
  if (named === undefined) namedZones.set(zone, (named = fixedOffsetMinutes(zone) === null && zone !== 'UTC' && isValidTimeZone(zone)));
  return named;
}

function utcTime(ICAL: Ical, utcText: string) {
  const wall = parseWallClock(utcText);
  if (!wall) throw new RangeError(`not a date: ${utcText}`);
  return ICAL.Time.fromData({ ...timeData(wall), isDate: false }, ICAL.Timezone.utcTimezone);
}

/** A UTC date the server really set (a draft's `date_utc` is `0000-00-00 00:00:00`). */
function utcField(value: unknown): string | undefined {
  return typeof value === 'string' && parseWallClock(value) ? value : undefined;
}

function timeData(wall: WallClock) {
  return { year: wall.year, month: wall.month, day: wall.day, hour: wall.hour, minute: wall.minute, second: wall.second };
}

function dateTime(ICAL: Ical, wallText: string, isDate: boolean) {
  const wall = parseWallClock(wallText);
  if (!wall) throw new RangeError(`not a date: ${wallText}`);
  return ICAL.Time.fromData(isDate ? { year: wall.year, month: wall.month, day: wall.day, isDate: true } : { ...timeData(wall), isDate: false });
}

/** Venue name and address on one line, each part once. */
export function locationLine(venue: Json): string {
  const parts: string[] = [];
  for (const key of ['venue', 'address', 'city', 'stateprovince', 'state', 'province', 'zip', 'country']) {
    const value = text(venue[key]);
    if (value && !parts.includes(value)) parts.push(value);
  }
  return parts.join(', ');
}

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  avif: 'image/avif',
};

/** How an event not yet published goes out (X-CALENDAR-STATUS): a scheduled one as a draft, its publication date does not travel. */
const UNPUBLISHED: Record<string, 'draft' | 'pending'> = { draft: 'draft', pending: 'pending', future: 'draft' };
const STATUS: Record<string, string> = {
  publish: 'CONFIRMED',
  private: 'CONFIRMED',
  draft: 'TENTATIVE',
  pending: 'TENTATIVE',
  future: 'TENTATIVE',
  trash: 'CANCELLED',
};

class IcsBuilder {
  /** Years each named zone is used in, for its VTIMEZONE. */
  readonly zoneYears = new Map<string, { from: number; to: number }>();

  constructor(
    private readonly ICAL: Ical,
    private readonly meta: IcsMeta,
  ) {}

  header(): string {
    const { ICAL, meta } = this;
    const calendar = new ICAL.Component('vcalendar');
    calendar.addPropertyWithValue('version', '2.0');
    calendar.addPropertyWithValue('prodid', `-//calendar//calendar ${meta.version}//EN`);
    calendar.addPropertyWithValue('calscale', 'GREGORIAN');
    calendar.addPropertyWithValue('method', 'PUBLISH');
    calendar.addPropertyWithValue('x-wr-calname', meta.calendarName);
    calendar.addPropertyWithValue('x-wr-timezone', meta.siteTimezone);
    return `BEGIN:VCALENDAR${CRLF}${calendar
      .getAllProperties()
      .map((p) => p.toICALString())
      .join(CRLF)}${CRLF}`;
  }

  noteZone(zone: string, wallTexts: string[]): void {
    const years = wallTexts.map((w) => Number(w.slice(0, 4)));
    const known = this.zoneYears.get(zone);
    const from = Math.min(...years, known?.from ?? Infinity);
    const to = Math.max(...years, known?.to ?? -Infinity);
    this.zoneYears.set(zone, { from, to });
  }

  timezones(): string {
    let out = '';
    for (const [zone, years] of this.zoneYears) out += buildVtimezone(this.ICAL, zone, years.from, years.to).toString() + CRLF;
    return out;
  }

  event(record: Json): string {
    return this.component(record).toString() + CRLF;
  }

  /**
   * The series as calendar apps write it: the first occurrence at its original time gives the
   * VEVENT of the rule (its DTSTART the rule's, EXDATE for removed starts); an occurrence that
   * differs from it (moved, or another title, venue...) follows as an override.
   */
  series(records: Json[], series: IcsSeries): string {
    const { ICAL } = this;
    const components = records.map((record) => this.component(record));
    const content = (component: InstanceType<Ical['Component']>) =>
      component
        .getAllProperties()
        .filter((p) => !NOT_CONTENT.has(p.name))
        .map((p) => p.toICALString())
        .join(CRLF);
    const atOriginal = (i: number) =>
      String(records[i].start_date ?? '').slice(0, series.allDay ? 10 : 19) === series.originals[i] &&
      (series.allDay || (records[i].timezone ?? series.timezone) === series.timezone);
    const template = Math.max(
      0,
      components.findIndex((_, i) => atOriginal(i)),
    );
    const shape = content(components[template]);
    const master = new ICAL.Component(ICAL.parse(components[template].toString()) as never);
    for (const name of ['dtstart', 'dtend']) master.removeAllProperties(name);
    master.updatePropertyWithValue('uid', series.uid);
    this.addWallTime(master, 'dtstart', series.start, series.allDay, series.timezone);
    this.addWallTime(master, 'dtend', series.allDay ? addDays(series.end.slice(0, 10), 1) : series.end, series.allDay, series.timezone);
    master.addPropertyWithValue('rrule', ICAL.Recur.fromString(series.rule));
    for (const removed of series.removed) this.addWallTime(master, 'exdate', removed, series.allDay, series.timezone);
    const duration = wallMs(series.end) - wallMs(series.start);
    let out = master.toString() + CRLF;
    components.forEach((component, i) => {
      const original = series.originals[i];
      const moved = !atOriginal(i) || (!series.allDay && wallMs(String(records[i].end_date)) - wallMs(String(records[i].start_date)) !== duration);
      if (i === template || (!moved && content(component) === shape)) return;
      component.updatePropertyWithValue('uid', series.uid);
      this.addWallTime(component, 'recurrence-id', original, series.allDay, series.timezone);
      out += component.toString() + CRLF;
    });
    return out;
  }

  /** A DATE, a time with TZID (noting the zone for its VTIMEZONE), or a UTC time for UTC and offsets. */
  private addWallTime(component: InstanceType<Ical['Component']>, name: string, wall: string, allDay: boolean, zone: string): void {
    const { ICAL } = this;
    if (allDay) {
      component.addPropertyWithValue(name, dateTime(ICAL, wall, true));
    } else if (isNamedZone(zone)) {
      this.noteZone(zone, [wall]);
      component.addPropertyWithValue(name, dateTime(ICAL, wall, false)).setParameter('tzid', zone);
    } else {
      component.addPropertyWithValue(name, utcTime(ICAL, utcMsToUtcString(zonedToUtcMs(wall, isValidTimeZone(zone) ? zone : 'UTC'))));
    }
  }

  private component(record: Json): InstanceType<Ical['Component']> {
    const { ICAL, meta } = this;
    const vevent = new ICAL.Component('vevent');
    vevent.addPropertyWithValue('uid', eventUid(record.id, meta.siteUrl));
    const modified = utcField(record.modified_utc);
    const created = utcField(record.date_utc);
    // DTSTAMP follows the record, not the clock, so that exporting twice gives the same file.
    const stamp = modified ?? created ?? utcMsToUtcString(Date.now());
    vevent.addPropertyWithValue('dtstamp', utcTime(ICAL, stamp));
    if (created) vevent.addPropertyWithValue('created', utcTime(ICAL, created));
    if (modified) vevent.addPropertyWithValue('last-modified', utcTime(ICAL, modified));
    this.addDates(vevent, record);
    vevent.addPropertyWithValue('summary', text(record.title));
    if (typeof record.description === 'string' && record.description.trim() !== '') {
      vevent.addPropertyWithValue('description', htmlToText(record.description));
      vevent.addPropertyWithValue('x-alt-desc', record.description).setParameter('fmttype', 'text/html');
    }
    if (typeof record.url === 'string' && record.url) vevent.addPropertyWithValue('url', record.url);
    this.addVenue(vevent, record.venue);
    this.addOrganizers(vevent, record.organizer);
    const categories = Array.isArray(record.categories) ? record.categories.map((c) => (isObject(c) ? text(c.name) : '')).filter(Boolean) : [];
    if (categories.length) vevent.addProperty(new ICAL.Property('categories')).setValues(categories);
    addCopiedFields(vevent, record);
    if (isObject(record.image) && typeof record.image.url === 'string') {
      const attach = vevent.addPropertyWithValue('attach', record.image.url);
      const type = IMAGE_TYPES[String(record.image.extension ?? record.image.url.split('.').pop()).toLowerCase()];
      if (type) attach.setParameter('fmttype', type);
    }
    const status = STATUS[String(record.status)];
    if (status) vevent.addPropertyWithValue('status', status);
    const unpublished = UNPUBLISHED[String(record.status)];
    if (unpublished) vevent.addPropertyWithValue(UNPUBLISHED_PROPERTY, unpublished);
    if (record.status === 'private') vevent.addPropertyWithValue('class', 'PRIVATE');
    return vevent;
  }

  private addDates(vevent: InstanceType<Ical['Component']>, record: Json): void {
    const { ICAL } = this;
    const start = String(record.start_date ?? '');
    const end = String(record.end_date ?? start);
    if (record.all_day === true) {
      const lastDay = end.slice(0, 10) < start.slice(0, 10) ? start.slice(0, 10) : end.slice(0, 10);
      vevent.addPropertyWithValue('dtstart', dateTime(ICAL, start, true));
      vevent.addPropertyWithValue('dtend', dateTime(ICAL, addDays(lastDay, 1), true));
      return;
    }
    const zone = typeof record.timezone === 'string' && record.timezone ? record.timezone : this.meta.siteTimezone;
    if (isNamedZone(zone)) {
      this.noteZone(zone, [start, end]);
      vevent.addPropertyWithValue('dtstart', dateTime(ICAL, start, false)).setParameter('tzid', zone);
      vevent.addPropertyWithValue('dtend', dateTime(ICAL, end, false)).setParameter('tzid', zone);
      return;
    }
    const utcOf = (utcField: unknown, wall: string) =>
      typeof utcField === 'string' && utcField ? utcField : utcMsToUtcString(zonedToUtcMs(wall, isValidTimeZone(zone) ? zone : 'UTC'));
    vevent.addPropertyWithValue('dtstart', utcTime(ICAL, utcOf(record.utc_start_date, start)));
    vevent.addPropertyWithValue('dtend', utcTime(ICAL, utcOf(record.utc_end_date, end)));
  }

  private addVenue(vevent: InstanceType<Ical['Component']>, venue: unknown): void {
    if (!isObject(venue)) return;
    const line = locationLine(venue);
    if (line) vevent.addPropertyWithValue('location', line);
    const name = text(venue.venue);
    // RFC 9073 VLOCATION keeps the venue's own name apart from its address, for a re-import.
    if (name) {
      const place = new this.ICAL.Component('vlocation');
      place.addPropertyWithValue('uid', `venue-${String(venue.id ?? name)}@${new URL(this.meta.siteUrl).host}`);
      place.addPropertyWithValue('name', name);
      if (typeof venue.url === 'string' && venue.url) place.addPropertyWithValue('url', venue.url);
      addVenueDetails(place, venue);
      vevent.addSubcomponent(place);
    }
    const lat = Number(venue.geo_lat);
    const lng = Number(venue.geo_lng);
    if (
      venue.geo_lat !== undefined &&
      venue.geo_lat !== '' &&
      venue.geo_lng !== undefined &&
      venue.geo_lng !== '' &&
      Number.isFinite(lat) &&
      Number.isFinite(lng)
    ) {
      vevent.addPropertyWithValue('geo', [lat, lng]);
    }
  }

  private addOrganizers(vevent: InstanceType<Ical['Component']>, organizers: unknown): void {
    if (!Array.isArray(organizers)) return;
    let first = true;
    for (const organizer of organizers) {
      if (!isObject(organizer)) continue;
      const name = text(organizer.organizer);
      const email = typeof organizer.email === 'string' ? organizer.email.trim() : '';
      // CAL-ADDRESS is a URI: the email when there is one, else the organizer's page.
      const address = email ? `mailto:${email}` : typeof organizer.url === 'string' && organizer.url ? organizer.url : '';
      if (!address) continue;
      const property = vevent.addPropertyWithValue(first ? 'organizer' : EXTRA_ORGANIZER, address);
      if (name) property.setParameter('cn', name);
      addOrganizerDetails(property, organizer);
      first = false;
    }
  }
}

export async function createIcsStream(meta: IcsMeta): Promise<IcsStream> {
  const builder = new IcsBuilder(await loadIcal(), meta);
  return {
    header: () => builder.header(),
    event: (record) => builder.event(record),
    series: (records, series) => builder.series(records, series),
    footer: () => `${builder.timezones()}END:VCALENDAR${CRLF}`,
  };
}

/** A whole calendar at once, VTIMEZONEs before the events: for a few records (`events get`). */
export async function renderIcs(records: Json[], meta: IcsMeta): Promise<string> {
  const builder = new IcsBuilder(await loadIcal(), meta);
  const events = records.map((record) => builder.event(record)).join('');
  return `${builder.header()}${builder.timezones()}${events}END:VCALENDAR${CRLF}`;
}
