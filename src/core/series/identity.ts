/**
 * Where a series lives on a site whose REST API knows single events only (docs/series.md):
 *
 * - each occurrence is an event whose slug names its series and its original start:
 *   `<title words>-series-<id>-<YYYYMMDD>` (`…-<YYYYMMDD>t<HHMM>` when the rule gives two
 *   occurrences on one day). The slug is kept by every write route, by WordPress's editor and
 *   by a copy (site file, import by slug); a moved occurrence keeps its slug, so it stays in the
 *   series as an exception.
 * - the rule lives in an unused tag `series-<id>` whose description holds it as iCalendar lines
 *   (DTSTART, DTEND, RRULE and the slug stem). An unused tag is shown on no event page and in no
 *   tag list of the plugin (which hides empty tags); it survives edits of the occurrences.
 *
 * Removed occurrences are not written anywhere: they are the starts of the rule that no
 * occurrence's slug names.
 */
import { randomBytes } from 'node:crypto';
import { titleSlug } from '../ical/identity.js';
import { decodeEntities } from '../records/identity.js';
import { addDays } from '../../base/time.js';
import type { SeriesAnchor, SeriesOccurrence } from './rule.js';
import { icsTime } from './ics-lines.js';

export { parseOccurrenceSlug, markedTitle, SERIES_MARK, type OccurrenceSlug } from './slug.js';

const ID_LENGTH = 6;
const TITLE_LENGTH = 40;
const TAG = /^series-([0-9a-z]{6})$/;

export interface SeriesRecord {
  id: string;
  /** The occurrences' slugs without their start: `weekly-yoga-series-k3f9a1`. */
  stem: string;
  anchor: SeriesAnchor;
  /** The RRULE, always with an end (COUNT or UNTIL). */
  rule: string;
}

export function newSeriesId(): string {
  let id = '';
  while (id.length < ID_LENGTH) id += randomBytes(8).readBigUInt64BE(0).toString(36);
  return id.slice(-ID_LENGTH);
}

export function seriesStem(title: string, id: string): string {
  const words = titleSlug(decodeEntities(title)).slice(0, TITLE_LENGTH).replace(/-+$/, '');
  return `${words ? `${words}-` : ''}series-${id}`;
}

export const seriesTagSlug = (id: string) => `series-${id}`;

export function seriesIdOfTag(slug: unknown): string | undefined {
  return typeof slug === 'string' ? TAG.exec(slug)?.[1] : undefined;
}

/**
 * The key of each original start: its date, or its date and time when some day of the series
 * holds two occurrences.
 */
export function occurrenceKeys(occurrences: Pick<SeriesOccurrence, 'original'>[]): Map<string, string> {
  const days = occurrences.map((o) => o.original.slice(0, 10));
  const withTime = new Set(days).size !== days.length;
  const keys = new Map<string, string>();
  for (const { original } of occurrences) {
    const day = original.slice(0, 10).replaceAll('-', '');
    keys.set(original, withTime ? `${day}t${original.slice(11, 16).replace(':', '')}` : day);
  }
  return keys;
}

export const occurrenceSlug = (stem: string, key: string) => `${stem}-${key}`;

const HEADER = 'calendar series: the rule of a recurring event, kept by calendar (see its docs/series.md)';

/** The tag's description: what a series needs beyond its occurrences. */
export function seriesDescription(series: SeriesRecord): string {
  const { anchor } = series;
  const end = anchor.allDay ? addDays(anchor.end.slice(0, 10), 1) : anchor.end;
  return [
    HEADER,
    `X-SLUG:${series.stem}`,
    icsTime('DTSTART', anchor.start, anchor.allDay, anchor.timezone),
    icsTime('DTEND', end, anchor.allDay, anchor.timezone),
    `RRULE:${series.rule}`,
  ].join('\n');
}

const wallOf = (value: string) =>
  value.length === 8
    ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`
    : `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)} ${value.slice(9, 11)}:${value.slice(11, 13)}:${value.slice(13, 15)}`;

/** The series a tag describes; undefined for a tag that is not one (or whose lines were damaged). */
export function parseSeriesTag(tag: { slug?: unknown; description?: unknown }): SeriesRecord | undefined {
  const id = seriesIdOfTag(tag.slug);
  if (!id || typeof tag.description !== 'string') return undefined;
  const lines = decodeEntities(tag.description)
    .split(/\r?\n/)
    .map((line) => line.trim());
  const value = (name: string) => lines.find((line) => line.toUpperCase().startsWith(name));
  const stem = value('X-SLUG:')?.slice(7);
  const rule = value('RRULE:')?.slice(6);
  const times = ['DTSTART', 'DTEND'].map((name) => /^[A-Z]+(?:;VALUE=DATE|;TZID=([^:;]+))?:(\d{8}(?:T\d{6}Z?)?)$/.exec(value(name) ?? ''));
  if (!stem || !rule || !times[0] || !times[1]) return undefined;
  const [start, end] = times as RegExpExecArray[];
  const allDay = start[2].length === 8;
  const timezone = start[1] ?? 'UTC';
  const endWall = wallOf(end[2].replace(/Z$/, ''));
  return {
    id,
    stem,
    rule,
    anchor: { start: wallOf(start[2].replace(/Z$/, '')), end: allDay ? addDays(endWall, -1) : endWall, allDay, timezone },
  };
}
