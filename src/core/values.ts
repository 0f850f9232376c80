/**
 * Checks and normalises one value of a field or list parameter from its type in the
 * resource table. Used for flags and for JSON/CSV input alike, before any request.
 */
import { UsageError } from './errors.js';
import type { Field } from '../spec/resources.js';
import { decodeEntities } from './records/identity.js';
import { ESCAPED_OCTET, sanitizeTextField } from '../wordpress/text.js';
import { takesUrl } from '../wordpress/urls.js';
import { closest } from '../base/closest.js';
import { canonicalTimeZone, fixedOffsetMinutes, timeZoneNames } from '../base/time.js';
import { option } from './words.js';

export const DATE_FORMS =
  'YYYY-MM-DD, "YYYY-MM-DD HH:MM[:SS]", ISO 8601 (2025-01-31T18:00:00+01:00), now, today, tomorrow, yesterday, next week, next month, +7d, -2w, +3h';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/i;
const RELATIVE = /^([+-])(\d{1,4})([hdwm])$/;

const pad = (n: number) => String(n).padStart(2, '0');

export function formatLocal(d: Date, withTime: boolean): string {
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return withTime ? `${day} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` : day;
}

/**
 * A moment (`now`, `+3h`) as this machine's clock shows it, with its offset: a write turns it
 * into the wall clock of the event's zone and a filter into UTC, as for any ISO date with an
 * offset. Without it, the machine's wall clock would be read as the event's or the site's.
 */
function formatMoment(d: Date): string {
  const east = -d.getTimezoneOffset();
  const abs = Math.abs(east);
  return `${formatLocal(d, true).replace(' ', 'T')}${east < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

function validCalendarDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * A date as the server should receive it: `YYYY-MM-DD`, `YYYY-MM-DD HH:MM:SS`, or an ISO
 * string that keeps its offset (the caller decides what an offset means for a write).
 * Returns undefined when the text is not one of the accepted forms.
 */
export function parseDate(text: string, now: Date = new Date()): string | undefined {
  const value = text.trim();
  const lower = value.toLowerCase().replace(/\s+/g, ' ');
  if (lower === 'now') return formatMoment(now);
  const days: Record<string, number> = { today: 0, tomorrow: 1, yesterday: -1, 'next week': 7, 'last week': -7 };
  if (days[lower] !== undefined) {
    const d = new Date(now);
    d.setDate(d.getDate() + days[lower]);
    return formatLocal(d, false);
  }
  if (lower === 'next month' || lower === 'last month') {
    const d = new Date(now);
    d.setMonth(d.getMonth() + (lower === 'next month' ? 1 : -1));
    return formatLocal(d, false);
  }
  const rel = RELATIVE.exec(lower);
  if (rel) {
    const n = Number(rel[2]) * (rel[1] === '-' ? -1 : 1);
    const d = new Date(now);
    if (rel[3] === 'h') d.setHours(d.getHours() + n);
    else if (rel[3] === 'd') d.setDate(d.getDate() + n);
    else if (rel[3] === 'w') d.setDate(d.getDate() + 7 * n);
    else d.setMonth(d.getMonth() + n);
    return rel[3] === 'h' ? formatMoment(d) : formatLocal(d, false);
  }
  const dateOnly = DATE_ONLY.exec(value);
  if (dateOnly) {
    const [y, m, d] = dateOnly.slice(1, 4).map(Number);
    return validCalendarDate(y, m, d) && y >= 1900 ? value : undefined;
  }
  const dt = DATE_TIME.exec(value);
  if (dt) {
    const [y, m, d, hh, mm] = dt.slice(1, 6).map(Number);
    const ss = dt[6] === undefined ? 0 : Number(dt[6]);
    if (!validCalendarDate(y, m, d) || y < 1900 || hh > 23 || mm > 59 || ss > 59) return undefined;
    const wall = `${dt[1]}-${dt[2]}-${dt[3]} ${dt[4]}:${dt[5]}:${pad(ss)}`;
    if (!dt[7]) return wall;
    const offset = dt[7].toUpperCase() === 'Z' ? 'Z' : dt[7].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
    return `${wall.replace(' ', 'T')}${offset}`;
  }
  return undefined;
}

/**
 * The server accepts `UTC+2` or `UTC-5.5` as an event's zone but computes the event's UTC
 * times from it wrongly (10:00 `UTC+2` stored as 07:00 UTC), so such zones are refused.
 */
export function refuseFixedOffset(zone: string, where: string): void {
  if (isFixedOffset(zone)) throw new UsageError(`${where}: "${zone}" ${FIXED_OFFSET[0]}`, FIXED_OFFSET[1]);
}

const isFixedOffset = (zone: string) => /^UTC[+-]\d/.test(zone.trim()) && fixedOffsetMinutes(zone.trim()) !== 0;
const FIXED_OFFSET = [
  'is a fixed UTC offset, which the server turns into wrong UTC times',
  'Use the IANA name of a place with that offset, e.g. Europe/Berlin, Asia/Kolkata or America/New_York.',
] as const;

/** A timezone as the site knows it (`europe/paris` is `Europe/Paris`), or a refusal naming the zone it most likely meant. */
export function timeZoneName(value: string, where: string): string {
  const zone = canonicalTimeZone(value.trim());
  if (zone !== undefined) return zone;
  const near = closest(value.trim(), timeZoneNames());
  throw new UsageError(
    `${where}: "${value}" is not a timezone`,
    near ? `Did you mean ${near}?` : 'Use an IANA name such as Europe/Paris or America/New_York, or UTC.',
  );
}

/** An event's timezone: a known name, and not a fixed offset the server gets wrong. */
function checkZone(value: string, where: string, fail: (what: string, hint?: string) => never): string {
  const zone = timeZoneName(value, where);
  if (isFixedOffset(zone)) fail(`"${zone}" ${FIXED_OFFSET[0]}`, FIXED_OFFSET[1]);
  return zone;
}

/** True when a normalised date still carries a UTC offset or `Z`. */
export function hasOffset(date: string): boolean {
  return /(?:Z|[+-]\d{2}:\d{2})$/.test(date);
}

function label(field: Field): string {
  return option(field.name);
}

/**
 * The items of a list given as text (a flag's value), split at each comma, trimmed; `\,` is a
 * comma inside an item (`--categories 'Rock\, Pop,Jazz'`). Where a list names records, the whole
 * text that is exactly one record's name is that record, before any split (Resolver.resolveListText).
 */
export function splitListText(text: string): string[] {
  return text.split(/(?<!\\),/).map((item) => item.replace(/\\,/g, ',').trim());
}

function splitList(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.map((v) => String(v).trim());
  return String(raw)
    .split(',')
    .map((v) => v.trim());
}

const isPositiveInt = (v: string) => /^[0-9]+$/.test(v) && Number(v) >= 1 && Number.isSafeInteger(Number(v));

export type WireValue = string | number | boolean | number[] | string[] | Array<number | string>;

/**
 * Checks one value against its field and returns it in wire form.
 * `where` names the value in error messages (the option, `line 3 field start_date`); the error
 * names the field by its API name and keeps the value given.
 */
export function coerceValue(field: Field, raw: unknown, where: string = label(field), now?: Date): WireValue {
  const fail = (what: string, hint?: string): never => {
    throw new UsageError(`${where}: ${what}`, hint, { field: field.name, values: { given: raw } });
  };
  // A venue's or organizer's details lose their %-escapes on the site: refused rather than changed.
  const keptAsGiven = (value: string): string => {
    if (field.sanitized && ESCAPED_OCTET.test(value)) fail(`"${value}": the site drops %-escapes from this field and would keep "${sanitizeTextField(value)}"`);
    return value;
  };
  const text = (): string => {
    if (typeof raw === 'string') return raw;
    if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
    return fail(`expected text, got ${describe(raw)}`);
  };
  if (raw === null || raw === undefined) fail('a value is required');
  switch (field.type) {
    case 'string': {
      const value = text();
      if (value.trim() === '') fail('must not be empty');
      if (field.choices && !field.choices.includes(value)) fail(`"${value}" is not one of ${field.choices.join(', ')}`);
      if (field.zone) return checkZone(value, where, fail);
      return value;
    }
    case 'text':
    case 'untyped':
      if (field.type === 'untyped' && Array.isArray(raw)) return raw.map(String);
      return keptAsGiven(text());
    case 'email': {
      // Servers hand addresses out entity-encoded against spam bots; exported records carry them so.
      const value = decodeEntities(text().trim());
      if (value !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) fail(`"${value}" is not an email address`);
      return keptAsGiven(value);
    }
    case 'url': {
      const value = text().trim();
      if (value === '') return value;
      let written: string | undefined;
      try {
        const u = new URL(value);
        if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('scheme');
        written = u.href;
      } catch {
        fail(`"${value}" is not an http(s) URL`);
      }
      if (!takesUrl(value)) {
        // The site checks URLs as PHP does: ASCII only. The escaped form is offered where it would be kept.
        const keepable = written !== undefined && takesUrl(written) && !(field.sanitized && ESCAPED_OCTET.test(written));
        fail(`"${value}" is not a URL the site takes (ASCII letters, digits and URL punctuation only)${keepable ? `: write it as "${written}"` : ''}`);
      }
      return keptAsGiven(value);
    }
    case 'integer':
    case 'positive':
    case 'id': {
      const value = text().trim();
      const min = field.type === 'integer' ? 0 : 1;
      if (!/^[0-9]+$/.test(value) || Number(value) < min || !Number.isSafeInteger(Number(value))) {
        fail(`"${value}" is not a whole number${min ? ' of at least 1' : ''}`);
      }
      return Number(value);
    }
    case 'number': {
      const value = text().trim();
      if (!/^-?[0-9]+(\.[0-9]+)?$/.test(value)) fail(`"${value}" is not a number`);
      return Number(value);
    }
    case 'boolean':
    case 'boolstring': {
      let value: boolean | undefined;
      if (typeof raw === 'boolean') value = raw;
      else {
        const t = String(raw).trim().toLowerCase();
        if (['true', '1', 'yes', 'on'].includes(t)) value = true;
        else if (['false', '0', 'no', 'off'].includes(t)) value = false;
        else fail(`"${String(raw)}" is not true or false`);
      }
      return field.type === 'boolstring' ? String(value) : (value as boolean);
    }
    case 'date': {
      const value = text();
      const parsed = parseDate(value, now);
      if (!parsed) fail(`"${value}" is not a date`, `Accepted forms: ${DATE_FORMS}.`);
      // WordPress reads this as timestamp 0, which its validators take for a failure.
      if (/^1970-01-01([ T]00:00(:00)?)?$/.test(parsed as string))
        fail('the server refuses 1970-01-01 (it reads it as "no date")', 'For "from the beginning" use 1900-01-01.');
      return parsed as string;
    }
    case 'ids': {
      const items = splitList(raw).filter((v) => v !== '');
      const bad = items.filter((v) => !isPositiveInt(v));
      if (bad.length) fail(`${bad.map((b) => `"${b}"`).join(', ')} ${bad.length > 1 ? 'are not IDs' : 'is not an ID'} (whole numbers expected)`);
      return items.map(Number);
    }
    case 'ref':
    case 'refs': {
      // Objects, booleans and null stay as they are, to be refused below rather than read as names.
      const items = (Array.isArray(raw) ? raw : field.type === 'refs' && typeof raw === 'string' ? splitListText(raw) : [raw]).map((v: unknown) =>
        typeof v === 'string' ? v.trim() : v,
      );
      if (field.type === 'ref' && items.length !== 1) fail('takes one record');
      const refs = items.filter((v) => v !== '').map((v) => (typeof v === 'string' && /^[0-9]+$/.test(v) ? Number(v) : v));
      const bad = refs.filter((v) => (typeof v === 'number' ? !Number.isSafeInteger(v) || v < 1 : typeof v !== 'string' || !/[\p{L}\p{N}]/u.test(v)));
      // 0 is the API's "no link"; here a link is removed with none (src/core/records/link-changes.ts).
      const zero = field.type === 'ref' && refs.length === 1 && refs[0] === 0 ? ` (0 is no record; to remove the ${field.name}, give none)` : '';
      if (bad.length || (field.type === 'ref' && refs.length === 0)) fail(`${items.map((v) => JSON.stringify(v)).join(', ')}: give IDs, slugs or names${zero}`);
      if (field.type === 'ref') return refs[0] as number | string;
      // Names listed in a text stay that text: a name that holds a comma is found whole on the site.
      const namesInText = typeof raw === 'string' && refs.length > 1 && refs.some((ref) => typeof ref === 'string');
      return namesInText ? raw.trim() : (refs as Array<number | string> as WireValue);
    }
    case 'terms':
    case 'list': {
      const items = splitList(raw);
      if (items.length === 0 || items.some((v) => v === '')) fail('empty item in the list');
      if (field.choices) {
        const bad = items.filter((v) => !field.choices!.includes(v));
        if (bad.length) fail(`${bad.join(', ')}: not one of ${field.choices.join(', ')}`);
      }
      if (field.type === 'terms' && items.some((v) => !/^[0-9]+$/.test(v) && !/^[a-z0-9][a-z0-9_%-]*$/i.test(v))) {
        fail(`"${items.join(',')}" must be IDs or slugs`);
      }
      return items;
    }
  }
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  return typeof v === 'object' ? 'an object' : `${typeof v} ${JSON.stringify(v)}`;
}

/** Wire encoding of a list parameter in a query string: comma-separated. */
export function queryValue(value: WireValue): string {
  return Array.isArray(value) ? value.join(',') : String(value);
}

/**
 * An options or filters object of a library call checked for keys the call does not take: a
 * JavaScript caller has no type check, and `permanent: true` for `permanently` must not pass as
 * nothing asked. The first unknown key is refused with the nearest known one.
 */
export function refuseUnknownKeys(
  given: object | undefined,
  known: readonly string[],
  what: string,
  /** What to say of a key meant for something else (MCP: `per_page` for `limit`), instead of the list. */
  hintFor: (key: string) => string | undefined = () => undefined,
): void {
  if (given === undefined || given === null) return;
  const unknown = Object.keys(given).find((key) => !known.includes(key));
  if (unknown === undefined) return;
  const near = closest(unknown, known);
  throw new UsageError(`${unknown}: not one of the ${what}${near ? ` (did you mean ${near}?)` : ''}`, hintFor(unknown) ?? `They are: ${known.join(', ')}.`);
}
