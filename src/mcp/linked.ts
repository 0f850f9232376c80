/**
 * The records a write linked for names that were not theirs exactly: the site matches names as
 * its collation compares them ("Cafe Muller" finds "Café Müller"), so the answer names the
 * record each such name was linked to, for the person to see.
 */
import { decodeEntities } from '../core/index.js';
import type { Resource } from '../spec/resources.js';
import { linksOf } from './schemas.js';

type Json = Record<string, unknown>;

export interface Matched {
  field: string;
  given: string;
  id: number;
  name: string;
}

/** Names compared loosely (case and accents), as a collation would. */
const loose = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

const namesGiven = (value: unknown): string[] =>
  (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [])
    .filter((item): item is string => typeof item === 'string' && !/^\s*\d+\s*$/.test(item))
    .map((item) => item.trim())
    .filter(Boolean);

/** Each name given in `args` (the fields, and add_… inputs) that linked a record of another name. */
export function matchedNames(r: Resource, args: Json, record: Json): Matched[] {
  const fields = [...linksOf(r), ...r.fields.filter((f) => f.relation && !f.many && f.type === 'ref')];
  const out: Matched[] = [];
  for (const field of fields) {
    const given = [...namesGiven(args[field.name]), ...namesGiven(args[`add_${field.relation}`])];
    if (!given.length) continue;
    const value = record[field.name];
    const items = (Array.isArray(value) ? value : [value]).filter((item): item is Json => !!item && typeof item === 'object');
    const linked = items.map((item) => ({
      id: Number(item.id),
      name: decodeEntities(String(item[field.name === 'venue' || field.name === 'organizer' ? field.name : 'name'] ?? '')),
    }));
    for (const name of given) {
      if (linked.some((item) => item.name === name)) continue;
      const match = linked.find((item) => loose(item.name) === loose(name));
      if (match) out.push({ field: field.name, given: name, ...match });
    }
  }
  return out;
}
