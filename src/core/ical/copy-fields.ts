/**
 * The fields of an event that iCalendar has no property for, carried by X- properties of ours
 * so that an import into another site restores them: the excerpt, the cost as typed, featured,
 * tags, the event's own website, and the details of its venue (in its VLOCATION) and of its
 * organizers (parameters of ORGANIZER). Written by writer.ts, read by reader.ts; other
 * calendars ignore them (RFC 5545 3.8.8.2).
 */
import type ICAL from 'ical.js';
import { resources, type Resource } from '../../spec/resources.js';
import { costText, toWritable } from '../records/writable.js';

type Json = Record<string, unknown>;
type Component = InstanceType<(typeof ICAL)['Component']>;
type Property = InstanceType<(typeof ICAL)['Property']>;

const PREFIX = 'x-calendar-';
const EXCERPT = `${PREFIX}excerpt`;
const COST = `${PREFIX}cost`;
const FEATURED = `${PREFIX}featured`;
const TAG = `${PREFIX}tag`;
/** Written on every event of our export, empty when it has none: the URL is its page on the source site, not its website. */
const WEBSITE = `${PREFIX}website`;

/** A linked record's details: the fields the site stores as plain text (address, city, phone, website, email...). */
const detailFields = (resource: Resource) => resource.fields.filter((f) => f.sanitized).map((f) => f.name);
const VENUE_DETAILS = detailFields(resources.venues);
const ORGANIZER_DETAILS = detailFields(resources.organizers);

/** The properties ical.js must read and write as TEXT (escaped commas, semicolons, line breaks). */
export const COPY_TEXT_PROPERTIES = [EXCERPT, COST, FEATURED, TAG, WEBSITE, ...VENUE_DETAILS.map((name) => `${PREFIX}${name}`)];

/** What a copy restores of an event, read from our X- properties; each absent where the feed has none. */
export interface CopiedFields {
  excerpt?: string;
  cost?: string;
  featured?: boolean;
  tags?: string[];
  /** '' for an event that has no website of its own. */
  website?: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Adds the event's fields that iCalendar cannot hold. `record` is as listed, its texts as typed. */
export function addCopiedFields(vevent: Component, record: Json): void {
  const writable = toWritable(resources.events, record, { links: 'ids' });
  if (text(writable.excerpt).trim() !== '') vevent.addPropertyWithValue(EXCERPT, text(writable.excerpt));
  const cost = costText(record);
  if (cost !== '') vevent.addPropertyWithValue(COST, cost);
  if (record.featured === true) vevent.addPropertyWithValue(FEATURED, 'TRUE');
  for (const tag of Array.isArray(record.tags) ? record.tags : []) {
    if (isObject(tag) && text(tag.name) !== '') vevent.addPropertyWithValue(TAG, text(tag.name));
  }
  vevent.addPropertyWithValue(WEBSITE, text(writable.website));
}

export function copiedFieldsOf(vevent: Component): CopiedFields | undefined {
  const value = (name: string) => {
    const property = vevent.getFirstProperty(name);
    return property ? String(property.getFirstValue() ?? '') : undefined;
  };
  const out: CopiedFields = {};
  const excerpt = value(EXCERPT);
  if (excerpt !== undefined) out.excerpt = excerpt;
  const cost = value(COST);
  if (cost !== undefined) out.cost = cost;
  if (value(FEATURED)?.toUpperCase() === 'TRUE') out.featured = true;
  const tags = vevent
    .getAllProperties(TAG)
    .map((p) => String(p.getFirstValue() ?? '').trim())
    .filter(Boolean);
  if (tags.length) out.tags = tags;
  const website = value(WEBSITE);
  if (website !== undefined) out.website = website.trim();
  return Object.keys(out).length ? out : undefined;
}

/** The venue's details as properties of its VLOCATION. */
export function addVenueDetails(place: Component, venue: Json): void {
  for (const name of VENUE_DETAILS) {
    const value = text(venue[name]).trim();
    if (value !== '') place.addPropertyWithValue(`${PREFIX}${name}`, value);
  }
}

export function venueDetailsOf(place: Component | null | undefined): Record<string, string> | undefined {
  if (!place) return undefined;
  const out: Record<string, string> = {};
  for (const name of VENUE_DETAILS) {
    const value = place.getFirstPropertyValue(`${PREFIX}${name}`);
    if (value !== null && value !== undefined && String(value).trim() !== '') out[name] = String(value).trim();
  }
  return Object.keys(out).length ? out : undefined;
}

/** An organizer's details as parameters of its ORGANIZER property (a parameter holds no double quote). */
export function addOrganizerDetails(property: Property, organizer: Json): void {
  for (const name of ORGANIZER_DETAILS) {
    const value = text(organizer[name])
      .replace(/["\p{Cc}]/gu, '')
      .trim();
    if (value !== '') property.setParameter(`${PREFIX}${name}`, value);
  }
}

export function organizerDetailsOf(property: Property): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const name of ORGANIZER_DETAILS) {
    const raw = property.getParameter(`${PREFIX}${name}`);
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (typeof value === 'string' && value.trim() !== '') out[name] = value.trim();
  }
  return Object.keys(out).length ? out : undefined;
}
