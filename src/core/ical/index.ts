/** iCalendar in and out: the public face of src/core/ical/. ical.js itself is loaded on first use. */
export { createIcsStream, renderIcs, eventUid, seriesUid, locationLine, type IcsMeta, type IcsStream, type IcsSeries } from './writer.js';
export { readIcs, type ReadIcsOptions, type IcsFeed, type IcsOccurrence, type IcsOrganizer } from './reader.js';
export { IcsSyntaxError } from './scan.js';
export { toImportRow, type ImportRowOptions, type ImportRowResult } from './import-row.js';
export { feedTag, occurrenceKey, occurrenceSlug, parseOccurrenceSlug } from './identity.js';
export { isIcalendar, feedUrl, isFeedUrl, type InputHints } from './detect.js';
export { htmlToText, textToHtml } from './html-text.js';
export { ianaZoneOf } from './zones.js';
