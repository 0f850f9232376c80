/** Venues and organizers as the real server serialises them: empty fields left out, json_ld on single reads. */
import { resources } from '../../spec/resources.js';
import type { RequestContext } from '../common/context.js';
import { escapeAmpersands, escapeAngles, escUrlAmpersands, globalIds, imageJson, ldPostDescription, postHead, text, type Json } from '../common/post-json.js';
import type { LinkedFields, PostRecord } from '../store/store.js';
import { renderContent, renderExcerpt, renderTitle } from '../common/render.js';
import { storedKey, SWITCHES, type LinkedResource } from '../store/kinds.js';

/** Email hidden behind HTML character references, as WordPress's antispambot does (deterministically here). */
function obfuscateEmail(email: string): string {
  return [...email].map((char, index) => (index % 2 === 0 || char === '@' ? `&#${char.charCodeAt(0)};` : char)).join('');
}

/** Address and contact fields, in the table's order, which is the order the server writes them in. */
const contactFields = (resource: 'venues' | 'organizers') =>
  resources[resource].fields.filter((f) => (f.type === 'text' || f.type === 'url' || f.type === 'email') && f.name !== 'description').map((f) => f.name);
const VENUE_CONTACT = contactFields('venues');
const ORGANIZER_CONTACT = contactFields('organizers');

/** What venues and organizers share at the head of their record: name, texts, slug, image; empty ones left out. */
function linkedPostHead(ctx: RequestContext, post: PostRecord, nameField: 'venue' | 'organizer'): Json {
  const fields = post.fields as LinkedFields;
  const { author, ...head } = postHead(ctx, post);
  const out: Json = { id: post.id, ...(post.author ? { author } : {}), ...head };
  // The name through get_the_title's filters: `&` as `&#038;`, typographic quotes.
  const name = renderTitle(text(ctx, post, nameField, fields[nameField]));
  // A venue without a name (tec/v1 takes an empty title) is shown without the key.
  if (name || nameField !== 'venue') out[nameField] = name;
  const description = renderContent(text(ctx, post, 'description', fields.description)).trim();
  if (description) out.description = description;
  const excerpt = renderExcerpt(text(ctx, post, 'excerpt', fields.excerpt)).trim();
  if (excerpt) out.excerpt = excerpt;
  if (post.slug) out.slug = post.slug;
  const image = imageJson(ctx, fields.image as string | null);
  if (image) out.image = image;
  return out;
}

/** A text of the post as stored (in the request's language). */
const rawText = (ctx: RequestContext, post: PostRecord, field: string) => String(text(ctx, post, field, (post.fields as LinkedFields)[field]) ?? '');

/** The venue's json_ld name: the shown name unslashed, `<` and `>` escaped, a private one's with its prefix. */
function ldVenueName(venue: PostRecord, shown: string): string {
  const name = escapeAngles(shown.replace(/\\(.)/g, '$1'));
  return venue.status === 'private' ? `Private: ${name}` : name;
}

function withoutEmpty(parts: Json): Json {
  return Object.fromEntries(Object.entries(parts).filter(([, value]) => value !== undefined && value !== ''));
}

export function venueJson(ctx: RequestContext, venue: PostRecord, options: { jsonLd?: boolean } = {}): Json {
  const fields = venue.fields as LinkedFields;
  const out = linkedPostHead(ctx, venue, 'venue');
  for (const name of VENUE_CONTACT) {
    const value = text(ctx, venue, name, fields[name]);
    if (value) out[name] = value;
  }
  if (options.jsonLd) {
    out.json_ld = {
      '@type': 'Place',
      name: ldVenueName(venue, renderTitle(text(ctx, venue, 'venue', fields.venue))),
      description: ldPostDescription(rawText(ctx, venue, 'excerpt'), rawText(ctx, venue, 'description')),
      url: '',
      address: withoutEmpty({
        '@type': 'PostalAddress',
        streetAddress: typeof out.address === 'string' ? escapeAmpersands(out.address) : out.address,
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
  const out = linkedPostHead(ctx, organizer, 'organizer');
  for (const name of ORGANIZER_CONTACT) {
    const value = text(ctx, organizer, name, fields[name]);
    if (value) out[name] = value;
  }
  if (options.jsonLd) {
    out.json_ld = {
      '@type': 'Person',
      name: typeof out.organizer === 'string' ? escapeAngles(out.organizer) : out.organizer,
      description: ldPostDescription(rawText(ctx, organizer, 'excerpt'), rawText(ctx, organizer, 'description')),
      // The website through esc_url: `&` as `&#038;`.
      url: escUrlAmpersands(String(out.website ?? '')),
      telephone: out.phone ?? '',
      email: out.email ? obfuscateEmail(String(out.email)) : '',
      sameAs: escUrlAmpersands(String(out.website ?? '')),
    };
  }
  return { ...out, ...globalIds(ctx, organizer) };
}

const JSON_OF: Record<LinkedResource, typeof venueJson> = { venues: venueJson, organizers: organizerJson };

export function linkedJson(ctx: RequestContext, resource: LinkedResource, post: PostRecord, jsonLd = false): Json {
  return JSON_OF[resource](ctx, post, { jsonLd });
}
