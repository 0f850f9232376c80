/** Small pure helpers shared by the output formats. */
import { resources } from '../../spec/resources.js';
import { isValidTimeZone, zoneAbbreviation } from '../../base/time.js';

/** How a linked record shows in a cell: by its name field, else its URL or ID. */
const NAME_KEYS = [...new Set(Object.values(resources).map((r) => r.nameField)), 'url', 'id'];

const isIndex = (key: string) => /^[0-9]+$/.test(key);

/**
 * The value at a dot path. A number indexes a list (`organizer.0.organizer`); a name
 * reaches into every item of a list (`organizer.organizer` is the list of names).
 */
export function getPath(record: unknown, path: string): unknown {
  let current: unknown = record;
  for (const key of path.split('.')) {
    if (current === null || current === undefined) return undefined;
    if (Array.isArray(current)) {
      current = isIndex(key)
        ? current[Number(key)]
        : current.map((item) => (item && typeof item === 'object' ? (item as Record<string, unknown>)[key] : undefined));
      continue;
    }
    if (typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Keeps only the given dot paths, nesting preserved: `venue.venue` -> `{ venue: { venue } }`, `organizer.0.id` -> `{ organizer: [{ id }] }`. */
export function pickFields(record: unknown, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const path of fields) {
    const value = getPath(record, path);
    if (value !== undefined) setPath(out, path.split('.'), value);
  }
  return out;
}

function setPath(out: Record<string, unknown>, keys: string[], value: unknown): void {
  let target = out as Record<string, unknown> | unknown[];
  keys.forEach((key, i) => {
    // Positions before an index stay null, so that the index keeps its meaning in the output.
    if (Array.isArray(target)) while (target.length < Number(key)) target.push(null);
    const slot = target as Record<string, unknown>;
    if (i === keys.length - 1) {
      slot[key] = value;
      return;
    }
    const wantList = isIndex(keys[i + 1]);
    const existing = slot[key];
    const fits = wantList ? Array.isArray(existing) : typeof existing === 'object' && existing !== null && !Array.isArray(existing);
    if (!fits) slot[key] = wantList ? [] : {};
    target = slot[key] as Record<string, unknown> | unknown[];
  });
}

import { htmlToText } from '../../wordpress/text.js';

/** A cell as text: scalars as they are, lists joined, objects by their name-like key. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return htmlToText(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return value
      .map(cellText)
      .filter((s) => s !== '')
      .join(', ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    for (const key of NAME_KEYS) if (key in o) return cellText(o[key]);
    return JSON.stringify(value);
  }
  return String(value);
}

/**
 * The zone a date field of a record is in: an event's start and end are in the event's own
 * zone; `utc_*` and `*_utc` in UTC; `date` and `modified` in the site's zone, shown as the
 * offset their UTC twin gives; other paths get no label.
 */
export function dateLabel(record: unknown, path: string): string | undefined {
  const key = path.split('.').pop() ?? path;
  if (key.startsWith('utc_') || key.endsWith('_utc')) return 'UTC';
  if (key === 'start_date' || key === 'end_date') {
    // The server's timezone_abbr is the start's: an end past a change of summer time has its own.
    const sibling = (name: string) => getPath(record, path.replace(/[^.]+$/, name));
    const zone = sibling('timezone');
    const utcMs = Date.parse(`${String(sibling(`utc_${key}`)).replace(' ', 'T')}Z`);
    if (typeof zone === 'string' && Number.isFinite(utcMs) && isValidTimeZone(zone)) return zoneAbbreviation(utcMs, zone);
    const abbreviation = sibling('timezone_abbr');
    return typeof abbreviation === 'string' && abbreviation ? abbreviation : undefined;
  }
  if (key === 'date' || key === 'modified') {
    const local = getPath(record, path);
    const utc = getPath(record, `${path}_utc`);
    if (typeof local !== 'string' || typeof utc !== 'string') return undefined;
    const minutes = Math.round((Date.parse(`${local.replace(' ', 'T')}Z`) - Date.parse(`${utc.replace(' ', 'T')}Z`)) / 60_000);
    if (!Number.isFinite(minutes)) return undefined;
    const sign = minutes < 0 ? '-' : '+';
    const abs = Math.abs(minutes);
    return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  }
  return undefined;
}

/** `2027-01-10 20:00:00` -> `2027-01-10 20:00`, with the zone label when known. */
export function dateCell(value: unknown, abbreviation?: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const short = value.replace(/^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}):\d{2}$/, '$1 $2');
  return typeof abbreviation === 'string' && abbreviation ? `${short} ${abbreviation}` : short;
}

export function csvCell(text: string): string {
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
