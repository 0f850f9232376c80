/**
 * What a DTSTART/DTEND's zone means here: an IANA zone (kept as the event's zone), UTC,
 * a zone only the file's own VTIMEZONE defines, or floating time.
 */
import { fixedOffsetMinutes, isValidTimeZone } from '../../base/time.js';
import { windowsZoneToIana } from './windows-zones.js';

export type ZonePlan =
  | { kind: 'iana'; zone: string }
  | { kind: 'utc' }
  /** Defined by a VTIMEZONE of the file only: ical.js gives the instant. */
  | { kind: 'custom'; tzid: string }
  | { kind: 'floating' };

const UTC_NAMES = new Set(['utc', 'etc/utc', 'gmt', 'etc/gmt', 'z', 'zulu', 'universal', 'etc/universal']);

/** The IANA zone a TZID names, directly, as a Windows name, or behind a vendor prefix. */
export function ianaZoneOf(tzid: string): string | undefined {
  const bare = tzid.trim().replace(/^"|"$/g, '');
  const candidates = [
    bare,
    bare.replace(/^tzone:\/\/Microsoft\//i, ''),
    // Old Mozilla and Lotus feeds: `/mozilla.org/20050126_1/Europe/Paris`, `/Europe/Paris`.
    bare.replace(/^\/[^/]+\/[^/]+\/(?=[A-Za-z]+\/)/, ''),
    bare.replace(/^\//, ''),
  ];
  for (const candidate of candidates) {
    if (candidate.includes('/') || candidate === 'UTC') {
      if (fixedOffsetMinutes(candidate) === null && isValidTimeZone(candidate)) return candidate;
    }
    const windows = windowsZoneToIana(candidate);
    if (windows) return windows;
  }
  return undefined;
}

export function zonePlan(tzid: string | null | undefined, isUtc: boolean, definedInFile: (tzid: string) => boolean): ZonePlan {
  if (isUtc) return { kind: 'utc' };
  if (!tzid) return { kind: 'floating' };
  if (UTC_NAMES.has(tzid.trim().toLowerCase())) return { kind: 'utc' };
  const iana = ianaZoneOf(tzid);
  if (iana) return UTC_NAMES.has(iana.toLowerCase()) ? { kind: 'utc' } : { kind: 'iana', zone: iana };
  return definedInFile(tzid) ? { kind: 'custom', tzid } : { kind: 'floating' };
}
