/**
 * Venues and organizers: create (with the real server's de-duplication by name), update
 * (venue: image removed, maps switched on, stateprovince recomputed), trash, read.
 */
import { afterUpdate } from '../common/revisions.js';
import { POST_META, resources } from '../../spec/resources.js';
import { nowLocalWall, nowUtcWall, type RequestContext } from '../common/context.js';
import { SiteError } from '../common/errors.js';
import { insertedModifiedUtc, isVisibleTo, postMeta, trash, stampGuid } from '../common/post-fields.js';
import { setVariant, translatableFields } from '../common/i18n.js';
import type { Params } from '../common/params.js';
import { sanitizeTextField } from '../../wordpress/text.js';
import { slugFromName } from '../../wordpress/slugs.js';
import type { LinkedFields, PostRecord } from '../store/store.js';
import { POST_TYPE, storedKey, SWITCHES, type LinkedResource } from '../store/kinds.js';
import { stateProvince } from './state-province.js';
import { sameName } from '../../wordpress/collation.js';

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const META = new Set<string>(POST_META.map((field) => field.name));

/** Stores the fields sent; with a language, text goes to that language's variant. */
function applyFields(ctx: RequestContext, resource: LinkedResource, post: PostRecord, params: Params, creating: boolean): void {
  const fields = post.fields as LinkedFields;
  const translated = translatableFields(resource);
  for (const field of resources[resource].fields) {
    const value = params[field.name];
    if (value === undefined || META.has(field.name)) continue;
    // The details are stored through sanitize_text_field (the name, description and excerpt are the post's own).
    const stored = field.sanitized ? sanitizeTextField(String(value)) : String(value);
    if (field.type === 'boolstring') fields[storedKey(field.name)] = TRUE_WORDS.has(String(value).toLowerCase());
    else if (ctx.language && translated.has(field.name)) {
      setVariant(post, ctx.language, field.name, stored);
      if (creating) fields[field.name] = stored;
    } else fields[field.name] = stored;
  }
  // A venue's excerpt is not stored by the real server; an organizer's is.
  if (resources[resource].keepsExcerpt && typeof params.excerpt === 'string') fields.excerpt = params.excerpt;
}

/** Whether the resource keeps a combined state-or-province (venues), recomputed by every save from what it sent. */
const combinesStateProvince = (resource: LinkedResource) => resources[resource].fields.some((field) => field.name === 'stateprovince');

/**
 * What every save of a venue or organizer does besides storing the fields sent: the on/off
 * switches (a venue's maps) on unless the save switches them off, and a venue's combined
 * state/province recomputed from what it sent.
 */
function saveLinkedFields(ctx: RequestContext, resource: LinkedResource, post: PostRecord, params: Params): void {
  const fields = post.fields as LinkedFields;
  for (const name of SWITCHES[resource]) fields[storedKey(name)] = true;
  applyFields(ctx, resource, post, params, false);
  if (!combinesStateProvince(resource)) return;
  const combined = stateProvince(params);
  if (combined) fields.stateprovince = sanitizeTextField(combined);
  else delete fields.stateprovince;
}

/** The description and excerpt a create sent, against a stored one: the database compares them by its collation too. */
function sameText(a: unknown, b: unknown): boolean {
  return sameName(String(a ?? '').trim(), String(b ?? '').trim());
}

/** POST /venues and /organizers, and inline objects in an event write. Returns the old record on a name match. */
export function createLinked(ctx: RequestContext, resource: LinkedResource, params: Params): PostRecord {
  const type = POST_TYPE[resource];
  const nameField = resources[resource].nameField;
  const name = String(params[nameField] ?? '');
  const existing = ctx.store.postsNamed(type as 'venue' | 'organizer', name).find((post) => {
    const fields = post.fields as LinkedFields;
    if (post.status === 'trash') return false;
    if (params.description !== undefined && !sameText(fields.description, params.description)) return false;
    if (params.excerpt !== undefined && !sameText(fields.excerpt, params.excerpt)) return false;
    return true;
  });
  if (existing) {
    // The match gets the fields sent as meta only, keeping its stored spelling of the name and
    // its modification time (a draft's stays the zero date).
    const { [nameField]: _sentName, ...rest } = params;
    saveLinkedFields(ctx, resource, existing, rest);
    ctx.store.changed(existing);
    return existing;
  }
  const meta = postMeta(ctx, params);
  const fields: LinkedFields = Object.fromEntries(SWITCHES[resource].map((name) => [storedKey(name), true]));
  const post = ctx.store.addPost({ type, ...meta, modifiedUtc: insertedModifiedUtc(meta), slug: '', fields });
  applyFields(ctx, resource, post, params, true);
  if (combinesStateProvince(resource)) {
    const combined = stateProvince(params);
    if (combined) fields.stateprovince = sanitizeTextField(combined);
  }
  post.slug = ctx.store.uniqueSlug(slugFromName(name), (slug) => ctx.store.postBySlug(type, slug) !== undefined);
  stampGuid(post);
  ctx.store.changed(post);
  return post;
}

export function updateLinked(ctx: RequestContext, resource: LinkedResource, post: PostRecord, params: Params): void {
  const fields = post.fields as LinkedFields;
  // Without `status` an update publishes, as it does for events (the user may publish).
  // A draft or pending post never published (no UTC date) is dated now by its next save, as
  // WordPress dates drafts (checked on the real site for POST and PATCH, by ID and by slug); one
  // already published by an event's save keeps its date and gets the matching UTC date.
  const redated = post.dateUtc === null && (post.status === 'draft' || post.status === 'pending');
  const dates = redated ? {} : { date: post.date, dateUtc: post.dateUtc };
  const meta = postMeta(ctx, params, { status: 'publish', author: post.author, ...dates });
  Object.assign(post, { status: meta.status, author: meta.author, date: meta.date, dateUtc: meta.dateUtc });
  if (post.status !== 'trash' && post.slug.endsWith('__trashed')) post.slug = post.slug.slice(0, -'__trashed'.length);
  fields.image = null;
  saveLinkedFields(ctx, resource, post, params);
  post.modifiedUtc = nowUtcWall(ctx);
  afterUpdate(ctx.store, post);
  ctx.store.changed(post);
}

export function deleteLinked(ctx: RequestContext, resource: LinkedResource, post: PostRecord): void {
  if (post.status === 'trash') {
    const kind = POST_TYPE[resource];
    throw new SiteError(410, `${kind}-is-in-trash`, `The ${kind} is already trashed`);
  }
  trash(ctx, post);
  unlinkTrashed(ctx, post);
}

/**
 * What trashing a venue or an organizer does to events, by the plugin's route or WordPress's
 * (the plugin hooks the trash itself): published (or private) upcoming events lose the trashed
 * venue, and lose every organizer (not only the trashed one) when an organizer they list is
 * trashed. Past events and drafts keep their links.
 */
export function unlinkTrashed(ctx: RequestContext, post: PostRecord): void {
  const nowLocal = nowLocalWall(ctx);
  for (const event of ctx.store.events()) {
    if ((event.status !== 'publish' && event.status !== 'private') || event.fields.end < nowLocal) continue;
    if (post.type === 'venue' && event.fields.venue === post.id) {
      event.fields.venue = null;
      ctx.store.changed(event);
    }
    if (post.type === 'organizer' && event.fields.organizers.includes(post.id)) {
      event.fields.organizers = [];
      ctx.store.changed(event);
    }
  }
}

export function readableLinked(ctx: RequestContext, resource: LinkedResource, post: PostRecord): PostRecord {
  if (!isVisibleTo(ctx, post)) {
    const kind = POST_TYPE[resource];
    throw new SiteError(403, `${kind}-not-accessible`, `The requested ${kind} is not accessible`);
  }
  return post;
}
