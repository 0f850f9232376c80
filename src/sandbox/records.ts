/**
 * Records as the real server serialises them: keys in its order, dates as wall-clock
 * strings, `*_details` parts as strings, `author` as a string, venue as object or `[]`,
 * venues and organizers without their empty fields.
 */
import { resources, wpRoute } from '../resources.js';
import { localized } from './i18n.js';
import { restBase, siteHost, type RequestContext } from './context.js';
import { formatCost } from './cost.js';
import { decodeEntities } from './text-filters.js';
import { modifiedLocal, NEVER_PUBLISHED } from './fields.js';
import type { EventRecord, LinkedFields, PostRecord, TermRecord } from './store.js';
import { postResource, storedKey, SWITCHES } from './kinds.js';
import { convertWallClock, offsetString, zonedToUtcMs, zoneAbbreviation } from '../time.js';

type Json = Record<string, unknown>;


export function dateDetails(wall: string): Json {
  return { year: wall.slice(0, 4), month: wall.slice(5, 7), day: wall.slice(8, 10), hour: wall.slice(11, 13), minutes: wall.slice(14, 16), seconds: wall.slice(17, 19) };
}

/** WordPress's paragraph filter, reduced: text without a block tag is wrapped in `<p>`. */
export function autop(text: string): string {
  if (!text.trim()) return '';
  return text
    .split(/\n\s*\n/)
    .map((para) => para.trim())
    .filter(Boolean)
    .map((para) => (/^<(p|div|h[1-6]|ul|ol|blockquote|table|pre|figure)[\s>]/i.test(para) ? para : `<p>${para.replace(/\n/g, '<br />\n')}</p>`))
    .join('\n');
}

function entityEscape(html: string): string {
  return html.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** esc_html: markup characters as entities, existing entities left as they are. */
function escHtml(text: string): string {
  return text
    .replace(/&(?!#?[a-z0-9]+;)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

/** The event json_ld description: the excerpt's HTML as it is, else the content's text in one paragraph. */
function ldEventDescription(excerptHtml: string, contentHtml: string): string {
  if (!excerptHtml) return ldDescription(contentHtml);
  return `${entityEscape(decodeEntities(excerptHtml))}\\n`;
}

/** The json_ld description: the text without its tags, in one paragraph, entity-escaped, plus a literal backslash-n. */
function ldDescription(html: string): string {
  const textOnly = decodeEntities(html.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim().replace(/ ([.,;:!?])/g, '$1');
  return textOnly ? `${entityEscape(`<p>${textOnly}</p>`)}\\n` : '';
}

/** Email hidden behind HTML character references, as WordPress's antispambot does (deterministically here). */
function obfuscateEmail(email: string): string {
  return [...email].map((char, index) => (index % 2 === 0 || char === '@' ? `&#${char.charCodeAt(0)};` : char)).join('');
}

function hasPermalink(post: PostRecord): boolean {
  return (post.status === 'publish' || post.status === 'private') && Boolean(post.slug);
}

export function postUrl(ctx: RequestContext, post: PostRecord): string {
  const resource = postResource(post.type);
  if (hasPermalink(post)) return `${ctx.site.baseUrl}/${resource.permalinkBase}/${post.slug}/`;
  return `${ctx.site.baseUrl}/?post_type=${resource.wpType}&p=${post.id}`;
}

function postHead(ctx: RequestContext, post: PostRecord): Json {
  return {
    author: String(post.author),
    status: post.status,
    date: post.date,
    date_utc: post.dateUtc ?? NEVER_PUBLISHED,
    modified: modifiedLocal(ctx, post),
    modified_utc: post.modifiedUtc,
    url: postUrl(ctx, post),
  };
}

function globalIds(ctx: RequestContext, post: PostRecord): Json {
  const id = `${siteHost(ctx.site)}?id=${post.id}`;
  return { global_id: id, global_id_lineage: [id] };
}

function imageJson(ctx: RequestContext, url: string | null | undefined): Json | false {
  if (!url) return false;
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url)?.[1]?.toLowerCase() ?? '';
  return { url, id: 0, extension };
}

const text = (ctx: RequestContext, post: PostRecord | TermRecord, field: string, base: unknown) => localized(post, field, typeof base === 'string' ? base : '', ctx.language);

/** Address and contact fields, in the table's order, which is the order the server writes them in. */
const contactFields = (resource: 'venues' | 'organizers') =>
  resources[resource].fields.filter((f) => (f.type === 'text' || f.type === 'url' || f.type === 'email') && f.name !== 'description').map((f) => f.name);
const VENUE_CONTACT = contactFields('venues');
const ORGANIZER_CONTACT = contactFields('organizers');

/** What venues and organizers share at the head of their record: name, texts, slug, image; empty ones left out. */
function linkedPostHead(ctx: RequestContext, post: PostRecord, nameField: 'venue' | 'organizer'): { out: Json; description: string } {
  const fields = post.fields as LinkedFields;
  const { author, ...head } = postHead(ctx, post);
  const out: Json = { id: post.id, ...(post.author ? { author } : {}), ...head };
  out[nameField] = text(ctx, post, nameField, fields[nameField]);
  const description = autop(text(ctx, post, 'description', fields.description));
  if (description) out.description = description;
  const excerpt = autop(text(ctx, post, 'excerpt', fields.excerpt));
  if (excerpt) out.excerpt = excerpt;
  if (post.slug) out.slug = post.slug;
  const image = imageJson(ctx, fields.image as string | null);
  if (image) out.image = image;
  return { out, description };
}

function withoutEmpty(parts: Json): Json {
  return Object.fromEntries(Object.entries(parts).filter(([, value]) => value !== undefined && value !== ''));
}

export function venueJson(ctx: RequestContext, venue: PostRecord, options: { jsonLd?: boolean } = {}): Json {
  const fields = venue.fields as LinkedFields;
  const { out, description } = linkedPostHead(ctx, venue, 'venue');
  for (const name of VENUE_CONTACT) {
    const value = text(ctx, venue, name, fields[name]);
    if (value) out[name] = value;
  }
  if (options.jsonLd) {
    out.json_ld = {
      '@type': 'Place',
      name: out.venue,
      description: ldDescription(description),
      url: '',
      address: withoutEmpty({
        '@type': 'PostalAddress',
        streetAddress: out.address,
        addressLocality: out.city,
        // The combined state/province, else the state for a country named "United States", else the province.
        addressRegion: out.stateprovince ?? (out.country === 'United States' ? out.state : out.province),
        postalCode: out.zip,
        addressCountry: out.country,
      }),
      telephone: out.phone ?? '',
      sameAs: out.website ?? '',
    };
  }
  for (const name of SWITCHES.venues) out[name] = fields[storedKey(name)] !== false;
  return { ...out, ...globalIds(ctx, venue) };
}

export function organizerJson(ctx: RequestContext, organizer: PostRecord, options: { jsonLd?: boolean } = {}): Json {
  const fields = organizer.fields as LinkedFields;
  const { out, description } = linkedPostHead(ctx, organizer, 'organizer');
  for (const name of ORGANIZER_CONTACT) {
    const value = text(ctx, organizer, name, fields[name]);
    if (value) out[name] = value;
  }
  if (options.jsonLd) {
    out.json_ld = {
      '@type': 'Person',
      name: out.organizer,
      description: ldDescription(description),
      url: out.website ?? '',
      telephone: out.phone ?? '',
      email: out.email ? obfuscateEmail(String(out.email)) : '',
      sameAs: out.website ?? '',
    };
  }
  return { ...out, ...globalIds(ctx, organizer) };
}

function termUrls(ctx: RequestContext, term: TermRecord): Json {
  const collection = `${restBase(ctx.site)}/${term.taxonomy}`;
  return { self: `${collection}/${term.id}`, collection, ...(term.parent ? { up: `${collection}/${term.parent}` } : {}) };
}

/** A category or tag inside an event. */
export function embeddedTermJson(ctx: RequestContext, term: TermRecord): Json {
  return {
    name: text(ctx, term, 'name', term.name),
    slug: term.slug,
    term_group: 0,
    term_taxonomy_id: term.id,
    taxonomy: resources[term.taxonomy].wpType,
    description: text(ctx, term, 'description', term.description),
    parent: term.parent,
    count: ctx.store.termCounts().get(term.id) ?? 0,
    filter: 'raw',
    id: term.id,
    urls: termUrls(ctx, term),
  };
}

/** A term's archive page; a category's path holds its ancestors' slugs too. */
function termArchiveUrl(ctx: RequestContext, term: TermRecord): string {
  const path: string[] = [];
  for (let current: TermRecord | undefined = term; current && path.length < 20; current = current.parent ? ctx.store.term(current.parent) : undefined) path.unshift(current.slug);
  return `${ctx.site.baseUrl}/${resources[term.taxonomy].permalinkBase}/${path.join('/')}/`;
}

/** A category or tag as `/categories` and `/tags` return it; `_links` only on single reads and writes. */
export function termJson(ctx: RequestContext, term: TermRecord, options: { links?: boolean; admin?: boolean } = {}): Json {
  const out: Json = {
    id: term.id,
    count: ctx.store.termCounts().get(term.id) ?? 0,
    description: text(ctx, term, 'description', term.description),
    name: text(ctx, term, 'name', term.name),
    slug: term.slug,
    taxonomy: resources[term.taxonomy].wpType,
  };
  if (term.taxonomy === 'categories') out.parent = term.parent;
  out.meta = [];
  out.url = termArchiveUrl(ctx, term);
  out.urls = termUrls(ctx, term);
  if (options.links) {
    const core = `${ctx.site.baseUrl}/wp-json/wp/v2`;
    const taxonomy = resources[term.taxonomy];
    const route = wpRoute(taxonomy);
    out._links = {
      self: [{ href: `${core}/${route}/${term.id}`, targetHints: { allow: options.admin ? ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] : ['GET'] } }],
      collection: [{ href: `${core}/${route}` }],
      about: [{ href: `${core}/taxonomies/${taxonomy.wpType}` }],
      ...(term.parent ? { up: [{ embeddable: true, href: `${core}/${route}/${term.parent}` }] } : {}),
      'wp:post_type': [
        // Tags belong to WordPress's own posts as well.
        ...(term.taxonomy === 'tags' ? [{ href: `${core}/posts?${route}=${term.id}` }] : []),
        { href: `${core}/${wpRoute(resources.events)}?${route}=${term.id}` },
        // The plugin's calendar-embed post type shares both taxonomies.
        { href: `${core}/tec_calendar_embed?${route}=${term.id}` },
      ],
      curies: [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }],
    };
  }
  return out;
}

function sortedTerms(ctx: RequestContext, ids: number[], taxonomy: 'categories' | 'tags'): TermRecord[] {
  return ids
    .map((id) => ctx.store.term(id, taxonomy))
    .filter((term): term is TermRecord => Boolean(term))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export interface EventJsonOptions {
  jsonLd?: boolean;
  /** Password-protected and not unlocked: protected fields blanked, as in the list sample. */
  blank?: boolean;
}

export function eventJson(ctx: RequestContext, event: EventRecord, options: EventJsonOptions = {}): Json {
  const f = event.fields;
  const blank = options.blank === true;
  const startMs = zonedToUtcMs(f.utcStart, 'UTC');
  const description = autop(text(ctx, event, 'description', f.description));
  const excerpt = autop(text(ctx, event, 'excerpt', f.excerpt));
  const cost = formatCost(f.cost);
  const url = postUrl(ctx, event);
  const venue = f.venue ? ctx.store.postOfType(f.venue, 'venue') : undefined;
  const organizers = f.organizers.map((id) => ctx.store.postOfType(id, 'organizer')).filter((post): post is PostRecord => Boolean(post));
  const flag = (value: boolean) => (blank ? null : value);
  // Structured data names a venue only when the reader could open it.
  const readable = (post: PostRecord) => post.status === 'publish' || ctx.user !== null;
  const venueShown = venue !== undefined && readable(venue);
  const shownEnd = f.end < f.start ? f.start : f.end; // an end before the start shows as the start
  const out: Json = {
    id: event.id,
    ...globalIds(ctx, event),
    ...postHead(ctx, event),
    rest_url: `${restBase(ctx.site)}/events/${event.id}`,
    title: text(ctx, event, 'title', f.title),
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
    timezone_abbr: zoneAbbreviation(startMs, f.timezone),
    cost: blank ? '' : cost.cost,
    cost_details: blank ? { currency_symbol: '', currency_position: '', currency_code: '', values: [] } : cost.details,
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
  if (options.jsonLd && !blank) out.json_ld = eventJsonLd(ctx, event, out, venue && (venueShown ? venue : null), organizers[0], cost.details.values);
  return out;
}

/** `venue` null: linked but not readable, shown as `location: false`. */
/** `0` for free, the one price, or the lowest and highest joined by an en dash. */
function ldPrice(prices: string[]): string {
  const numeric = prices.filter((price) => price !== 'free');
  if (!numeric.length) return '0';
  return numeric.length === 1 ? numeric[0] : `${numeric[0]} \u2013 ${numeric[numeric.length - 1]}`;
}

function eventJsonLd(ctx: RequestContext, event: EventRecord, out: Json, venue: PostRecord | null | undefined, organizer: PostRecord | undefined, prices: string[]): Json {
  const f = event.fields;
  const iso = (wall: string) => `${wall.replace(' ', 'T')}${offsetString(zonedToUtcMs(wall, f.timezone), f.timezone)}`;
  const ld: Json = {
    '@context': 'http://schema.org',
    '@type': 'Event',
    // get_the_title(): the stored title with the private/protected prefix, then escaped.
    name: escHtml(`${event.status === 'private' ? 'Private: ' : event.password ? 'Protected: ' : ''}${String(out.title)}`),
    description: ldEventDescription(String(out.excerpt), String(out.description)),
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
  if (organizer) {
    const { json_ld: person } = organizerJson(ctx, organizer, { jsonLd: true }) as { json_ld: Json };
    ld.organizer = person;
  }
  if (prices.length) {
    const published = event.date;
    ld.offers = {
      '@type': 'Offer',
      price: ldPrice(prices),
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
