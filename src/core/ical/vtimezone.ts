/**
 * VTIMEZONE components built from the zone rules Node's Intl knows. Rather than guess an
 * RRULE for each zone, every offset change in the span is listed as its own observance,
 * which is exact for any zone (rule changes included) and easy for any app to read.
 */
import type { Ical } from './library.js';
import { offsetMinutesAt, wallClockAt, zoneAbbreviation } from '../../base/time.js';

export interface ZoneTransition {
  /** The instant the new offset starts. */
  utcMs: number;
  fromMinutes: number;
  toMinutes: number;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Two days either side of the years, so that Jan 1 and Dec 31 are covered in every zone's local time. */
const spanStart = (fromYear: number) => Date.UTC(fromYear, 0, 1) - 2 * DAY_MS;
const spanEnd = (toYear: number) => Date.UTC(toYear + 1, 0, 1) + 2 * DAY_MS;

/** Every offset change of `zone` from Jan 1 of `fromYear` to Dec 31 of `toYear` (local), found to the minute. */
export function zoneTransitions(zone: string, fromYear: number, toYear: number): ZoneTransition[] {
  const end = spanEnd(toYear);
  const transitions: ZoneTransition[] = [];
  let previousMs = spanStart(fromYear);
  let previousOffset = offsetMinutesAt(previousMs, zone);
  // Offsets never change twice within a day, so a daily probe misses none.
  for (let probe = previousMs + DAY_MS; probe <= end; probe += DAY_MS) {
    const offset = offsetMinutesAt(probe, zone);
    if (offset !== previousOffset) {
      let low = previousMs;
      let high = probe;
      while (high - low > MINUTE_MS) {
        const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
        if (offsetMinutesAt(middle, zone) === previousOffset) low = middle;
        else high = middle;
      }
      transitions.push({ utcMs: high, fromMinutes: previousOffset, toMinutes: offset });
      previousOffset = offset;
    }
    previousMs = probe;
  }
  return transitions;
}

function observance(ICAL: Ical, kind: 'standard' | 'daylight', localStart: number, fromMinutes: number, toMinutes: number, name: string) {
  const component = new ICAL.Component(kind);
  const wall = wallClockAt(localStart, 'UTC');
  component.addPropertyWithValue(
    'dtstart',
    ICAL.Time.fromData({ year: wall.year, month: wall.month, day: wall.day, hour: wall.hour, minute: wall.minute, second: wall.second, isDate: false }),
  );
  component.addPropertyWithValue('tzoffsetfrom', ICAL.UtcOffset.fromSeconds(fromMinutes * 60));
  component.addPropertyWithValue('tzoffsetto', ICAL.UtcOffset.fromSeconds(toMinutes * 60));
  if (name) component.addPropertyWithValue('tzname', name);
  return component;
}

/**
 * The VTIMEZONE of an IANA zone, valid for every instant of the years `fromYear`..`toYear`.
 * Its first observance starts just before Jan 1 of `fromYear` with the offset in force then; each
 * transition follows, its DTSTART in the local time before the change (RFC 5545 3.6.5).
 */
export function buildVtimezone(ICAL: Ical, zone: string, fromYear: number, toYear: number): InstanceType<Ical['Component']> {
  const component = new ICAL.Component('vtimezone');
  component.addPropertyWithValue('tzid', zone);
  const startMs = spanStart(fromYear);
  const startOffset = offsetMinutesAt(startMs, zone);
  const transitions = zoneTransitions(zone, fromYear, toYear);
  const julyOffset = offsetMinutesAt(Date.UTC(fromYear, 6, 1), zone);
  const startsInDaylight = startOffset > Math.min(startOffset, julyOffset);
  component.addSubcomponent(
    observance(ICAL, startsInDaylight ? 'daylight' : 'standard', startMs + startOffset * MINUTE_MS, startOffset, startOffset, zoneAbbreviation(startMs, zone)),
  );
  for (const t of transitions) {
    const kind = t.toMinutes > t.fromMinutes ? 'daylight' : 'standard';
    component.addSubcomponent(observance(ICAL, kind, t.utcMs + t.fromMinutes * MINUTE_MS, t.fromMinutes, t.toMinutes, zoneAbbreviation(t.utcMs, zone)));
  }
  return component;
}
