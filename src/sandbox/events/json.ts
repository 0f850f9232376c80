/** Events as the real server serialises them: keys in its order, the venue as an object or `[]`, json_ld on single reads. */
import { restBase, type RequestContext } from '../common/context.js';
import { dateDetails, globalIds, hasPermalink, imageJson, ldPostDescription, postHead, postUrl, text, type Json } from '../common/post-json.js';
import { organizerJson, venueJson } from '../linked/json.js';
import type { EventRecord, PostRecord, TermRecord, PostExtras } from '../store/store.js';
import { embeddedTermJson } from '../terms/json.js';
import { offsetString, zonedToUtcMs, zoneAbbreviation } from '../../base/time.js';
import { formatCost } from '../../wordpress/cost.js';
import { ldPrice } from './ld-price.js';
import { renderContent, renderExcerpt, renderTitle } from '../common/render.js';

/** esc_html: markup characters as entities, existing entities left as they are. */
function escHtml(text: string): string {
  return text
    .replace(/&(?!#?[a-z0-9]+;)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

function sortedTerms(ctx: RequestContext, ids: number[], taxonomy: 'categories' | 'tags'): TermRecord[] {
  return ids
    .map((id) => ctx.store.term(id, taxonomy))
    .filter((term): term is TermRecord => Boolean(term))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Structured data names a venue or organizer only when the reader could open it. */
function readableBy(ctx: RequestContext, post: PostRecord): boolean {
  return post.status === 'publish' || ctx.user !== null;
}

export interface EventJsonOptions {
  jsonLd?: boolean;
  /** Password-protected and not unlocked: protected fields blanked, as in the list sample. */
  blank?: boolean;
}

/** The cost's details, with the currency stored with an earlier cost when tec/v1 wrote the cost alone. */
function costDetails(extras: Readonly<PostExtras>, details: ReturnType<typeof formatCost>['details']): Json {
  if (!('currencyCost' in extras)) return { ...details };
  const stored = formatCost(extras.currencyCost).details;
  return { ...details, currency_symbol: stored.currency_symbol, currency_position: stored.currency_position };
}

export function eventJson(ctx: RequestContext, event: EventRecord, options: EventJsonOptions = {}): Json {
  const f = event.fields;
  const blank = options.blank === true;
  const startMs = zonedToUtcMs(f.utcStart, 'UTC');
  // Stored as typed; shown through the_content and the_excerpt, trimmed.
  const description = renderContent(text(ctx, event, 'description', f.description)).trim();
  const excerpt = renderExcerpt(text(ctx, event, 'excerpt', f.excerpt)).trim();
  const cost = formatCost(f.cost);
  const url = postUrl(ctx, event);
  const venue = f.venue ? ctx.store.postOfType(f.venue, 'venue') : undefined;
  const organizers = f.organizers.map((id) => ctx.store.postOfType(id, 'organizer')).filter((post): post is PostRecord => Boolean(post));
  const flag = (value: boolean) => (blank ? null : value);
  const readable = (post: PostRecord) => readableBy(ctx, post);
  const venueShown = venue !== undefined && readable(venue);
  const shownEnd = f.end < f.start ? f.start : f.end; // an end before the start shows as the start
  const out: Json = {
    id: event.id,
    ...globalIds(ctx, event),
    ...postHead(ctx, event),
    rest_url: `${restBase(ctx.site)}/events/${event.id}`,
    title: renderTitle(text(ctx, event, 'title', f.title)),
    description: blank ? '' : description,
    excerpt: blank ? '' : excerpt,
    slug: event.slug,
    image: blank ? false : imageJson(ctx, f.image),
    all_day: flag(f.allDay),
    start_date: f.start,
    start_date_details: dateDetails(f.start),
    end_date: shownEnd,
    end_date_details: dateDetails(shownEnd),
    utc_start_date: f.utcStart,
    utc_start_date_details: dateDetails(f.utcStart),
    utc_end_date: f.utcEnd,
    utc_end_date_details: dateDetails(f.utcEnd),
    timezone: f.timezone,
    timezone_abbr: zoneAbbreviation(f.abbreviatedAt ? zonedToUtcMs(f.abbreviatedAt, 'UTC') : startMs, f.timezone),
    cost: blank ? '' : cost.cost,
    cost_details: blank
      ? { currency_symbol: '', currency_position: '', currency_code: '', values: [] }
      : costDetails(ctx.store.extrasOf(event.id), cost.details),
    website: blank ? '' : f.website === null ? url : f.website,
    show_map: flag(f.showMap),
    show_map_link: flag(f.showMapLink),
    hide_from_listings: flag(f.hideFromListings),
    sticky: flag(f.sticky),
    featured: flag(f.featured),
    categories: blank ? [] : sortedTerms(ctx, f.categories, 'categories').map((term) => embeddedTermJson(ctx, term)),
    tags: blank ? [] : sortedTerms(ctx, f.tags, 'tags').map((term) => embeddedTermJson(ctx, term)),
    venue: blank || !venue ? [] : venueJson(ctx, venue, { jsonLd: options.jsonLd && venueShown }),
    organizer: blank ? [] : organizers.map((organizer) => organizerJson(ctx, organizer, { jsonLd: options.jsonLd && readable(organizer) })),
    custom_fields: [],
  };
  // A venue that is gone for good (deleted, its ID still stored) shows as one that cannot be read.
  const ldVenue = f.venue && !venue ? null : venue && (venueShown ? venue : null);
  if (options.jsonLd && !blank) out.json_ld = eventJsonLd(ctx, event, out, ldVenue, organizers[0]);
  return out;
}

/** `venue` null: linked but not readable, shown as `location: false`. */
function eventJsonLd(ctx: RequestContext, event: EventRecord, out: Json, venue: PostRecord | null | undefined, organizer: PostRecord | undefined): Json {
  const f = event.fields;
  const iso = (wall: string) => `${wall.replace(' ', 'T')}${offsetString(zonedToUtcMs(wall, f.timezone), f.timezone)}`;
  const ld: Json = {
    '@context': 'http://schema.org',
    '@type': 'Event',
    // get_the_title(): the stored title with the private/protected prefix, then escaped.
    name: escHtml(`${event.status === 'private' ? 'Private: ' : event.password ? 'Protected: ' : ''}${String(out.title)}`),
    description: ldPostDescription(text(ctx, event, 'excerpt', f.excerpt), text(ctx, event, 'description', f.description)),
  };
  const image = out.image as Json | false;
  if (image) ld.image = image.url;
  // The plugin adds a trailing slash, encoded, to the `?p=` form of the link.
  ld.url = hasPermalink(event) ? postUrl(ctx, event) : `${postUrl(ctx, event)}%2F/`;
  ld.eventAttendanceMode = 'https://schema.org/OfflineEventAttendanceMode';
  ld.eventStatus = 'https://schema.org/EventScheduled';
  ld.startDate = iso(f.start);
  ld.endDate = iso(f.end < f.start ? f.start : f.end);
  if (venue === null) ld.location = false;
  if (venue) {
    const { json_ld: place } = venueJson(ctx, venue, { jsonLd: true }) as { json_ld: Json };
    ld.location = place;
  }
  // The first organizer, as the venue: `false` when the reader could not open it.
  if (organizer && !readableBy(ctx, organizer)) ld.organizer = false;
  else if (organizer) {
    const { json_ld: person } = organizerJson(ctx, organizer, { jsonLd: true }) as { json_ld: Json };
    ld.organizer = person;
  }
  const price = ldPrice(f.cost);
  if (price !== null) {
    const published = event.date;
    ld.offers = {
      '@type': 'Offer',
      price,
      priceCurrency: 'USD',
      url: ld.url,
      category: 'primary',
      availability: 'inStock',
      validFrom: `${published.slice(0, 10)}T00:00:00+00:00`,
    };
  }
  ld.performer = 'Organization';
  return ld;
}
