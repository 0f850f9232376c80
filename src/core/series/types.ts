/**
 * What the series verbs answer, as the library hands it over (src/core/calendar.ts re-exports
 * it): plain data, importing nothing, so that the package's declarations reach no further.
 */

/** An occurrence of a series as a series edit finds it. */
export interface Member {
  id: number;
  slug: string;
  status: string;
  /** Its original start: the rule's start it stands for, wall clock in the series' zone (`YYYY-MM-DD HH:MM:SS`; all-day `YYYY-MM-DD`). */
  original: string;
  /** Its place among the rule's starts, from 1. */
  position: number;
}

/** An occurrence's series and its place in it. */
export interface OccurrencePlace {
  /** The series' ID (`k3f9a1`: its tag is `series-k3f9a1`, its occurrences' slugs hold it). */
  id: string;
  /** The series' rule; absent when its tag is gone. */
  rule?: string;
  /** The occurrence's place among the rule's starts (from 1), and how many starts the rule gives (removed occurrences included). */
  position?: number;
  count?: number;
}
