/**
 * An occurrence of a series is known by its slug alone (`<title words>-series-<id>-<start>`,
 * see identity.ts): read here without loading anything, for lists and views.
 */

/** WordPress adds `-2` to a slug already taken. */
const OCCURRENCE = /^(?:(.*)-)?series-([0-9a-z]{6})-(\d{8}(?:t\d{4})?)(?:-\d+)?$/;

export interface OccurrenceSlug {
  id: string;
  stem: string;
  /** `20270105` or `20270105t1900`. */
  key: string;
}

export function parseOccurrenceSlug(slug: unknown): OccurrenceSlug | undefined {
  if (typeof slug !== 'string') return undefined;
  const match = OCCURRENCE.exec(slug);
  if (!match) return undefined;
  return { id: match[2], stem: `${match[1] ? `${match[1]}-` : ''}series-${match[2]}`, key: match[3] };
}

/** Shown before the title of an occurrence in tables, the agenda and the week and month grids. */
export const SERIES_MARK = '↻';

/** `↻ Title` for an occurrence of a series (by its slug), the title alone otherwise. */
export function markedTitle(title: string, slug: unknown): string {
  return parseOccurrenceSlug(slug) ? `${SERIES_MARK} ${title}` : title;
}
