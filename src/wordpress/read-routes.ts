/**
 * What the read routes of The Events Calendar 6.17.1 (WordPress 7.0.2) give of one record,
 * measured on a real site on 2026-11-28 (its answers in test/fixtures/read-routes/, the
 * database read around each write).
 *
 * The texts as typed (`title.raw`, `content.raw`, `excerpt.raw`: block markup, shortcodes,
 * quotes and `&` as written) come only with `context=edit`, from WordPress core's route or from
 * tec/v1. The tribe/events/v1 routes take no `context`: their texts are rendered (`&` as
 * `&#038;`, a `[gallery]` shortcode as nothing). Neither edit-context answer holds the whole
 * record: core's has none of the calendar's fields, tec/v1's lacks those of TEC_EDIT_LACKS.
 * WordPress's `batch/v1` takes no GET (400 `rest_invalid_param`, "not one of POST, PUT, PATCH,
 * and DELETE"). So a record with its texts as typed is two reads, the plugin's route's and
 * core's; given an ID, both are sent at once (src/core/records/raw-text.ts).
 *
 * A write through core's route that changes nothing (a POST of the stored title) still changes
 * the post: `post_modified` and `post_modified_gmt` take the time of the write, and a record
 * with no revision gets its first one (its meta and occurrences stay; core-noop-write.json). So
 * an update reads the record first and sends nothing when everything asked already holds: one
 * read is the price of leaving a record, and its "modified" date, untouched.
 */

/**
 * Fields of the tribe/events/v1 record (by its names) that `GET /tec/v1/{type}/{id}?context=edit`
 * gives no value for. Besides these, tec/v1 links venues, organizers, categories and tags by ID
 * alone (`venues`, `organizers`, `tribe_events_cat`, `tags`) where the tribe record has them whole.
 */
export const TEC_EDIT_LACKS: Readonly<Record<'events' | 'venues' | 'organizers', readonly string[]>> = {
  events: ['website', 'show_map', 'show_map_link', 'hide_from_listings', 'timezone_abbr', 'cost_details', 'image', 'json_ld', 'global_id'],
  venues: ['show_map', 'show_map_link', 'json_ld', 'global_id'],
  organizers: ['json_ld', 'global_id'],
};

/**
 * Whether WordPress core's list of events (`GET /wp/v2/tribe_events`) holds events that have
 * ended: it does not, whatever the query (`include`, `slug`, `status`, the plugin's own
 * `eventDisplay`); a read by ID gives them. So the typed texts of many records are read by list,
 * then one by one for those it leaves out, and a read by slug asks the plugin's route first (a
 * core list by slug, sent beside it, would miss every event that has ended).
 */
export const CORE_LISTS_ENDED_EVENTS = false;
