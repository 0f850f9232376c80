/** Whether an import source is iCalendar, and the URL to fetch for a `webcal://` link. */

export interface InputHints {
  /** File name or URL path. */
  name?: string;
  /** The response's Content-Type. */
  contentType?: string;
  /** The first bytes of the content. */
  head?: string;
}

/** An .ics/.ical/.ifb name, a text/calendar content type, or text that starts with BEGIN:VCALENDAR. */
export function isIcalendar(hints: InputHints): boolean {
  if (hints.name && /\.(ics|ical|icalendar|ifb)$/i.test(hints.name.replace(/[?#].*$/, ''))) return true;
  if (hints.contentType && /^\s*text\/calendar\b/i.test(hints.contentType)) return true;
  if (hints.head !== undefined && /^\uFEFF?\s*BEGIN:VCALENDAR\b/i.test(hints.head)) return true;
  return false;
}

/** `webcal://host/feed` -> `https://host/feed` (and `webcals://` likewise); other URLs unchanged. */
export function feedUrl(url: string): string {
  return url.replace(/^webcals?:\/\//i, 'https://');
}

/** A URL the importer fetches: http(s), or webcal(s) which means https. */
export function isFeedUrl(source: string): boolean {
  return /^(https?|webcals?):\/\//i.test(source);
}
