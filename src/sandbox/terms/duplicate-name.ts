/**
 * When creating a term is refused as `term_exists` (WordPress's wp_insert_term):
 *
 * - a term whose name matches the new one case-insensitively (ASCII letters only, as PHP's
 *   strtolower) under the same parent is a candidate; without one, nothing is refused;
 * - a slug sent that is neither the candidate's nor any term's lets the new term through;
 * - tags (not hierarchical): the candidate is refused;
 * - categories: refused only when a sibling (same parent) has exactly the same name (case
 *   counts) and no other slug was sent, or when a sibling already has the new slug. So
 *   `SPORTS` is created beside `Sports` when `Sports` has a slug other than `sports`.
 *
 * Updates are not checked for names at all (wp_update_term checks only slugs).
 */
import { resources } from '../../spec/resources.js';
import type { Taxonomy, TermRecord } from '../store/store.js';

/** PHP's strtolower: ASCII letters only. */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

export interface NewTerm {
  /** The name as it will be stored (filtered). */
  name: string;
  /** The slug the term would get before being made unique. */
  slug: string;
  slugSent: boolean;
  parent: number;
}

/** The existing term a create collides with, if any. */
export function collidingTerm(terms: readonly TermRecord[], taxonomy: Taxonomy, wanted: NewTerm): TermRecord | undefined {
  const lower = asciiLower(wanted.name);
  const nameMatch = terms.find((term) => term.parent === wanted.parent && asciiLower(term.name) === lower);
  if (!nameMatch) return undefined;
  const slugMatch = terms.find((term) => term.slug === wanted.slug);
  if (wanted.slugSent && nameMatch.slug !== wanted.slug && !slugMatch) return undefined;
  if (!resources[taxonomy].hierarchical) return nameMatch;
  const siblings = terms.filter((term) => term.parent === wanted.parent);
  if ((!wanted.slugSent || nameMatch.slug === wanted.slug) && siblings.some((term) => term.name === wanted.name)) return nameMatch;
  if (slugMatch && siblings.some((term) => term.slug === wanted.slug)) return slugMatch;
  return undefined;
}
