/**
 * Event dates as the server needs them. The server ignores UTC offsets on writes (it stores
 * the wall-clock digits as local time), so an offset date is converted here to wall-clock
 * time in the event's timezone. An end before the start is refused: the server would accept
 * it and the event would then vanish from every list.
 */
import { dayEdge } from '../../wordpress/dates.js';
import { UsageError } from '../errors.js';
import { resources } from '../../spec/resources.js';
import { hasOffset, refuseFixedOffset } from '../values.js';

export { refuseFixedOffset };
import { isValidTimeZone, utcMsToUtcString, utcMsToZoned, wallClockExists, zonedToUtcMs } from '../../base/time.js';
import type { ApiClient } from '../http/client.js';
import { option } from '../words.js';

type Json = Record<string, unknown>;

const DATE_FIELDS = resources.events.fields.filter((f) => f.type === 'date').map((f) => f.name);

/** What the REST index (`GET /wp-json/`) says of the site; read once, empty when it cannot be read. */
export interface SiteIndex {
  name?: string;
  home?: string;
  url?: string;
  timezone_string?: string;
  gmt_offset?: number | string;
}

/** The zone of an event write: its own field, the profile's, else the site's (read once from the REST index). */
export class ZoneSource {
  private index?: Promise<SiteIndex>;

  constructor(
    private readonly client: ApiClient,
    private readonly profileZone?: string,
  ) {}

  siteIndex(): Promise<SiteIndex> {
    this.index ??= this.client
      .send<SiteIndex>('GET', '/', { fromRoot: true })
      .then((res) => (res.status === 200 && res.body && typeof res.body === 'object' ? res.body : {}))
      .catch(() => ({}));
    return this.index;
  }

  async siteZone(): Promise<string> {
    const index = await this.siteIndex();
    if (index.timezone_string) return index.timezone_string;
    const offset = Number(index.gmt_offset ?? 0);
    return offset === 0 ? 'UTC' : `UTC${offset > 0 ? '+' : ''}${offset}`;
  }

  async eventZone(record: Json, current?: Json): Promise<string> {
    return this.knownEventZone(record, current) || this.siteZone();
  }

  /** The event's zone when it is known without asking the site. */
  knownEventZone(record: Json, current?: Json): string | undefined {
    return (record.timezone as string | undefined) || (current?.timezone as string | undefined) || this.profileZone;
  }
}

function toWall(value: string, zone: string): string {
  const ms = Date.parse(value);
  return zone === 'UTC' ? utcMsToUtcString(ms) : utcMsToZoned(ms, zone);
}

/** Converts offset dates to wall-clock time and checks the order of start and end. Returns a new record. */
export async function settleEventDates(record: Json, zones: ZoneSource, current?: Json, options: { keepDuration?: boolean } = {}): Promise<Json> {
  const out = { ...record };
  if (typeof out.timezone === 'string' && out.timezone !== '' && !isValidTimeZone(out.timezone)) {
    throw new UsageError(`${option('timezone')}: "${out.timezone}" is not a timezone`, 'Use an IANA name such as Europe/Paris or America/New_York, or UTC.');
  }
  if (typeof out.timezone === 'string') refuseFixedOffset(out.timezone, option('timezone'));
  const offsetFields = DATE_FIELDS.filter((f) => typeof out[f] === 'string' && hasOffset(out[f] as string));
  if (offsetFields.length) {
    const eventZone = await zones.eventZone(out, current);
    for (const field of offsetFields) {
      const zone = field === 'date_utc' ? 'UTC' : field === 'date' ? await zones.siteZone() : eventZone;
      out[field] = toWall(out[field] as string, zone);
    }
  }
  if (options.keepDuration && current && typeof out.start_date === 'string' && out.end_date === undefined) {
    const moved = movedEnd(current, out.start_date);
    if (moved !== undefined) out.end_date = moved;
  }
  checkEventOrder(out, current);
  // The site's zone costs a request: asked for only when a time falls in the hours the clocks change.
  const zone = zones.knownEventZone(out, current) ?? (atNight(out) ? await zones.siteZone() : undefined);
  refuseSkippedTimes(out, zone, current);
  return out;
}

/** A start or end between 22:00 and 04:00, where every zone's clock changes fall (Nuuk's at 23:00). */
function atNight(record: Json): boolean {
  return ['start_date', 'end_date'].some((field) => {
    const wall = record[field];
    const hour = typeof wall === 'string' && !hasOffset(wall) ? /^\d{4}-\d{2}-\d{2}[ T](\d{2})/.exec(wall)?.[1] : undefined;
    return hour !== undefined && (Number(hour) >= 22 || Number(hour) < 4);
  });
}

/**
 * A start or end at a time the clocks skip in the event's zone (02:30 the night they go
 * forward) is refused: the server keeps the digits as the event's time and computes its UTC
 * time an hour later, so the site's lists and its feeds would disagree. All-day events are
 * left alone (some zones skip midnight). Without the event's zone, the site's is asked for
 * only when a time falls at night (see settleEventDates).
 */
export function refuseSkippedTimes(record: Json, zone: string | undefined, current?: Json): void {
  if (!zone || !isValidTimeZone(zone) || (record.all_day ?? current?.all_day) === true) return;
  for (const field of ['start_date', 'end_date']) {
    const wall = record[field];
    if (typeof wall !== 'string' || hasOffset(wall) || wallClockExists(wall, zone)) continue;
    const shown = pad(wall, false).slice(0, 16);
    const after = utcMsToZoned(zonedToUtcMs(wall, zone), zone).slice(0, 16);
    throw new UsageError(`${field}: ${shown} does not exist in ${zone}: the clocks skip it that night`, `Give a time the clocks show, e.g. ${after}.`);
  }
}

/**
 * A warning for a new event given days without times and not all-day: the server reads each
 * day as its midnight, so `--start-date 2027-07-01 --end-date 2027-07-01` is an event of no length.
 */
export function midnightWarning(record: Json): string | undefined {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  const { start_date: start, end_date: end } = record;
  if (record.all_day === true || typeof start !== 'string' || typeof end !== 'string' || !day.test(start) || !day.test(end)) return undefined;
  return `the dates have no time: the event runs from ${start} 00:00 to ${end} 00:00; add ${option('all_day', true)} for whole days, or give the times`;
}

/** The end that keeps the event's length when its start moves to `start` (wall-clock arithmetic). */
export function movedEnd(current: Json, start: string): string | undefined {
  const asMs = (wall: unknown) => (typeof wall === 'string' ? Date.parse(`${pad(wall, false).replace(' ', 'T')}Z`) : NaN);
  const length = asMs(current.end_date) - asMs(current.start_date);
  const from = asMs(start);
  if (!Number.isFinite(length) || !Number.isFinite(from)) return undefined;
  return new Date(from + length).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Refuses an end before the start. Dates that both carry offsets compare as instants,
 * wall-clock dates as text; a mix is left for after conversion.
 */
export function checkEventOrder(record: Json, current?: Json): void {
  const start = (record.start_date ?? current?.start_date) as string | undefined;
  const end = (record.end_date ?? current?.end_date) as string | undefined;
  if (!start || !end || hasOffset(start) !== hasOffset(end)) return;
  const before = hasOffset(start) ? Date.parse(end) < Date.parse(start) : pad(end, record.all_day === true) < pad(start, false);
  if (before) {
    throw new UsageError(
      `end_date ${end} is before start_date ${start}`,
      'The server would accept it and the event would then appear in no list; give an end after the start.',
    );
  }
}

function pad(date: string, endOfDay: boolean): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) return dayEdge(date, endOfDay ? 'end' : 'start');
  return date;
}
