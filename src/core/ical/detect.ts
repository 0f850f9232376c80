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

/**
 * The event slug a single event's feed link names (`/event/SLUG/?ical=1`, `/event/SLUG/ical/`,
 * `?tribe_events=SLUG&ical=1`), or undefined for any other feed.
 */
export function singleEventSlug(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(feedUrl(url));
  } catch {
    return undefined;
  }
  const fromQuery = parsed.searchParams.get('tribe_events');
  const slug = fromQuery ?? /\/event\/([^/]+)\/?(?:ical\/?)?$/.exec(parsed.pathname)?.[1];
  if (!slug) return undefined;
  try {
    return decodeURIComponent(slug).toLowerCase();
  } catch {
    return slug.toLowerCase();
  }
}

/** The event slugs the VEVENTs' URL properties name (`…/event/SLUG/…`), one per VEVENT (undefined without one). */
export function veventSlugs(text: string): Array<string | undefined> {
  const unfolded = text.replace(/\r?\n[ \t]/g, '');
  const slugs: Array<string | undefined> = [];
  for (const block of unfolded.split(/^BEGIN:VEVENT\s*$/im).slice(1)) {
    const url = /^URL(?:;[^:\r\n]*)?:(.*)$/im.exec(block.split(/^END:VEVENT\s*$/im)[0])?.[1].trim();
    const slug = url ? /\/event\/([^/?#]+)/.exec(url)?.[1] : undefined;
    let decoded = slug;
    try {
      decoded = slug === undefined ? undefined : decodeURIComponent(slug);
    } catch {
      // kept as written
    }
    slugs.push(decoded?.toLowerCase());
  }
  return slugs;
}
