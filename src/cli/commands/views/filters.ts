/** The events list's filters that the views take (the flags are built from the resource table). */
export const VIEW_FILTER_NAMES = ['venue', 'categories', 'search', 'featured', 'status'] as const;
/** Those of `events conflicts`; `organizer` also switches from venues to organizers. */
export const CONFLICT_FILTER_NAMES = ['venue', 'organizer', 'categories', 'status'] as const;
