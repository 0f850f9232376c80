/**
 * How records are told apart and compared, in one place: the keys names are matched by,
 * what counts as a slug, which record a text reference means, and when two values are the
 * same once the server has normalised them. Resolution, upserts, safe updates and plans
 * all use these, so they never disagree about whether two things are the same.
 */

import { dayEdge } from '../../wordpress/dates.js';
import { collationKey } from '../../wordpress/collation.js';
import { costAmounts, isZeroCost } from '../../wordpress/cost.js';
import { slugFromName } from '../../wordpress/slugs.js';
import { decodeEntities, textAsShown } from '../../wordpress/text.js';

export { costAmounts, decodeEntities, slugFromName };

/** Fields whose text is HTML: an entity there is markup (`&lt;b&gt;` shows a tag as text) and is kept as the server sent it. */
const HTML_FIELDS = new Set(['description', 'excerpt']);

/**
 * A server's text as people read it, in every message, table, CSV and site file: entities
 * as the characters they stand for (`The “Blue Note” & Friends`, not `&#8220;…&#038;`),
 * except in HTML fields (named by the last part of a dot path). JSON output keeps the
 * server's text.
 */
export function textForPeople(value: unknown, field = ''): string {
  const text = typeof value === 'string' ? value : String(value ?? '');
  return HTML_FIELDS.has(field.split('.').pop() ?? field) ? text : decodeEntities(text);
}

/** Words of printable ASCII but `&` and `<`, single spaces between, and no dashes wptexturize turns: nothing textAsShown would change. */
const PLAIN_ASCII = /^[!-%'-;=-~]+(?: [!-%'-;=-~]+)*$/;
const TEXTURIZED_DASHES = /--| - /;

/**
 * The key a record's name is matched by: case, entities, typographic quotes and spacing aside,
 * a name as typed (`Rock - Roll`) meeting it as shown (`Rock &#8211; Roll`): see textAsShown.
 */
export function nameKey(name: string): string {
  // Most names are plain already; an import's name index folds thousands of them.
  return (PLAIN_ASCII.test(name) && !TEXTURIZED_DASHES.test(name) ? name : textAsShown(name)).toLowerCase();
}

/** Letters of a slug: lower-case or caseless letters of any script (`оркестр`, `東京`), digits, `_` and `%`-escapes. */
const SLUG_WORD = String.raw`[\p{Ll}\p{Lo}\p{Lm}\p{Mn}\p{Mc}\p{Nd}_%]+`;
const SLUG_FORM = new RegExp(`^${SLUG_WORD}(?:-+${SLUG_WORD})*$`, 'u');

/**
 * A text that can be a slug: words of lower-case letters (of any script: WordPress keeps them,
 * percent-encoded), digits, `_` and `%`-escapes, with inner hyphens.
 */
export function isSlugForm(text: string): boolean {
  return SLUG_FORM.test(text) && !/^[0-9]+$/.test(text);
}

/** A slug in ASCII letters only (`old-stage`, `%d0%b4%d0%be%d0%bc`), as a person types one and never a name. */
export function isAsciiSlugForm(text: string): boolean {
  return isSlugForm(text) && /^[a-z0-9_%-]+$/.test(text);
}

/**
 * A slug in its own letters. WordPress stores a slug's non-ASCII characters percent-encoded
 * (`%f0%9f%8c%9e`, `%d0%bc%d0%b8%d1%80`) and shows it so; people type the letters.
 */
export function slugLetters(slug: string): string {
  if (!/%[0-9a-f]{2}/i.test(slug)) return slug;
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}

/** A slug as one path segment, encoded once whether it was given as stored or in its own letters. */
export function slugSegment(slug: string): string {
  return encodeURIComponent(slugLetters(slug));
}

/** One record a reference may mean, named so a person can choose. */
export interface Candidate {
  id: number;
  name: string;
  slug: string;
}

export type RefMatch = { id: number } | { ambiguous: Candidate[] } | undefined;

/**
 * Records of one kind by slug and by name, and which record a text reference means. Digits are
 * an ID. A text in slug form (`old-stage`, `оркестр-города`, or percent-encoded as stored) means
 * the record whose slug it is, each record whose name it is, and each record whose name WordPress
 * spells as that slug ("Old Stage", which took `old-stage-2` because another held `old-stage`); any
 * other text means each record whose name it is (nameKey). One record so meant is the match;
 * several are ambiguous and nothing is guessed, not even the one whose slug it is: a person typing
 * `old-stage` may mean either, and the ID or the other slug says which.
 *
 * A file's links (`import`) are another matter: an export writes every link as the record's slug,
 * so there a text that is a record's slug means that record (`slugFirst`), and only a name two
 * records hold is ambiguous; else a calendar with two categories named Jazz would not import back.
 */
export class RecordIndex {
  private readonly byId = new Map<number, Candidate>();
  private readonly bySlug = new Map<string, number>();
  private readonly byName = new Map<string, number[]>();
  private readonly bySpeltName = new Map<string, number[]>();
  private readonly byCollation = new Map<string, number[]>();

  add(id: number, slug: unknown, name: unknown): void {
    if (this.byId.has(id)) return;
    const candidate = { id, slug: typeof slug === 'string' ? slug : '', name: typeof name === 'string' ? decodeEntities(name) : '' };
    this.byId.set(id, candidate);
    if (candidate.slug) this.bySlug.set(slugLetters(candidate.slug.toLowerCase()), id);
    if (candidate.name) {
      push(this.byName, nameKey(candidate.name), id);
      push(this.bySpeltName, slugLetters(slugFromName(candidate.name)), id);
      push(this.byCollation, collationKey(candidate.name), id);
    }
  }

  get size(): number {
    return this.byId.size;
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  candidate(id: number): Candidate | undefined {
    return this.byId.get(id);
  }

  /** IDs of the records with exactly this name. */
  named(name: string): number[] {
    return this.byName.get(nameKey(name)) ?? [];
  }

  /** IDs of the records whose name the server takes for this one (accent- and case-blind: a create of it merges into them). */
  taken(name: string): number[] {
    return this.byCollation.get(collationKey(decodeEntities(name))) ?? [];
  }

  match(ref: string | number, options: { slugFirst?: boolean } = {}): RefMatch {
    if (typeof ref === 'number' || /^[0-9]+$/.test(ref.trim())) {
      const id = Number(ref);
      return this.byId.has(id) ? { id } : undefined;
    }
    const text = ref.trim();
    const ids = new Set<number>();
    if (isSlugForm(text)) {
      const letters = slugLetters(text);
      const bySlug = this.bySlug.get(letters);
      if (bySlug !== undefined && options.slugFirst) return { id: bySlug };
      if (bySlug !== undefined) ids.add(bySlug);
      for (const id of this.bySpeltName.get(letters) ?? []) ids.add(id);
    }
    for (const id of this.named(text)) ids.add(id);
    if (ids.size === 0) return undefined;
    if (ids.size === 1) return { id: [...ids][0] };
    return { ambiguous: [...ids].map((id) => this.byId.get(id)!) };
  }
}

function push(map: Map<string, number[]>, key: string, id: number): void {
  map.set(key, [...(map.get(key) ?? []), id]);
}

/**
 * Venue or organizer names already given (in a file), found again by a name people read as the
 * same (nameKey: case, entities, quotes, spacing aside) or the server takes for the same
 * (collationKey: case and accents aside): a second of either kind is refused.
 */
export class NamesSeen<T> {
  private readonly byKey = new Map<string, T>();

  find(name: string): T | undefined {
    return this.byKey.get(`read:${nameKey(name)}`) ?? this.byKey.get(`compared:${collationKey(decodeEntities(name))}`);
  }

  add(name: string, value: T): void {
    for (const key of [`read:${nameKey(name)}`, `compared:${collationKey(decodeEntities(name))}`]) if (!this.byKey.has(key)) this.byKey.set(key, value);
  }
}

export function describeCandidates(candidates: Candidate[]): string {
  return candidates.map((c) => `${c.id} "${c.name}" (${c.slug || 'no slug'})`).join(', ');
}

/**
 * A value in a form that compares as the server keeps it: markup, entities, typographic
 * quotes and spacing do not count; an empty text, an empty list and no value are the same;
 * a cost's dashes and spaces do not count; boolean words are booleans; lists of IDs are
 * sets; date-times compare to the minute when seconds are zero.
 */
export function comparableValue(field: string, value: unknown): string {
  if (field === 'cost' && typeof value === 'number') value = String(value);
  if (value === undefined || value === null || value === '') return '';
  if (Array.isArray(value)) {
    if (value.length === 0) return '';
    return JSON.stringify(value.map((v) => comparableValue(field, v)).sort());
  }
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (/^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase();
    let text = textAsShown(value);
    if (field === 'cost') return comparableCost(text);
    const dateTime = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::(\d{2}))?$/.exec(text);
    if (dateTime) text = `${dateTime[1]} ${dateTime[2]}:${dateTime[3] ?? '00'}`;
    // A day given alone is stored from its first to its last second (all-day events).
    if (field.endsWith('start_date') && text === dayEdge(text, 'start')) text = text.slice(0, 10);
    if (field.endsWith('end_date') && text === dayEdge(text, 'end')) text = text.slice(0, 10);
    return text;
  }
  return JSON.stringify(value);
}

/**
 * A cost as the server reads it: its amounts, its currency symbols and its words, so that what
 * it shows (`15,50€`, `5$ – 10$`) compares equal to what was typed (`15,50 €`, `5 - 10 $`).
 * Amounts are found as the server finds them: digits with at most one `.` or `,` and digits
 * after it, the comma a decimal point (`10,20` is 10.20, and `1.000,50` the two amounts 1.000
 * and 50), listed once each, smallest first, 0 left out. Where the symbol stands (`$15` or
 * `15$`) is not compared, nor the symbol of a text with several amounts: the site finds no
 * currency in `€5 – €10` and shows its own (`$5 – $10`, measured on 6.17.1).
 */
function comparableCost(text: string): string {
  const plain = text.replace(/\s+/g, '').toLowerCase();
  // Zeros of any spelling are one cost (the site shows them `Free`), and not none.
  if (isZeroCost(plain)) return '0';
  const found = costAmounts(plain).map((amount) => amount.value);
  const amounts = [...new Set(found.filter((amount) => Number(amount) > 0))].sort((a, b) => Number(a) - Number(b));
  const words = plain.match(/\p{L}+/gu) ?? [];
  const symbols = amounts.length > 1 ? '' : [...new Set(plain.replace(/[\d.,\p{L}\-\u2013\u2014]/gu, ''))].sort().join('');
  return `${amounts.join(' ')}|${symbols}|${words.join(' ')}`;
}

export function sameValue(field: string, a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return comparableValue(field, a) === comparableValue(field, b);
}
