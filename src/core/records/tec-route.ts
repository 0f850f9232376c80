/**
 * The plugin's newer routes, `tec/v1` (The Events Calendar 6.15 and later). A PATCH of an
 * event, venue or organizer there changes the fields it is sent and keeps the others as
 * stored (the cost as typed, the organizers, the zone), where the older tribe/events/v1
 * route rebuilds the record from the request. Every request needs the acknowledgement header.
 * src/wordpress/write-routes.ts has the field names and what each route keeps.
 */

import type { ApiClient, ApiResponse, WriteApi } from '../http/client.js';
import { DEFAULT_NAMESPACE, isLinkField, linkFields, resources, TEC_NAMESPACE, type LinkRelation, type Resource } from '../../spec/resources.js';
import { TEC_ACK_HEADER, TEC_ACK_TEXT, TEC_FIELD } from '../../wordpress/write-routes.js';

type Json = Record<string, unknown>;

const TEC_FIELDS: Partial<Record<Resource['name'], Readonly<Record<string, string>>>> = TEC_FIELD;

/** A field linking one record of another kind (an event's venue): tec/v1 takes it as a list of one. */
const isSingleLink = (resource: Resource, name: string): boolean => resource.fields.some((f) => f.name === name && isLinkField(f) && !f.many);

/** The changes as a tec/v1 body, or the fields that route cannot take (then the older route is used). */
export function tecBody(resource: Resource, changes: Json): { body: Json } | { untaken: string[] } {
  const names = TEC_FIELDS[resource.name];
  if (!names) return { untaken: Object.keys(changes) };
  const body: Json = {};
  const untaken: string[] = [];
  for (const [field, value] of Object.entries(changes)) {
    const name = names[field];
    let sent: unknown = value;
    if (isSingleLink(resource, field))
      sent = typeof value === 'number' && value > 0 ? [value] : undefined; // unlinking goes by the older route
    else if (value === '' && resource.fields.some((f) => f.name === field && f.type === 'url'))
      sent = undefined; // tec/v1 checks a URL as PHP does, and "" is none: clearing goes by the older route
    else if (field === 'date' && typeof value === 'string') sent = value.replace(' ', 'T'); // a date-time, in the site's zone
    if (name === undefined || sent === undefined) untaken.push(field);
    else body[name] = sent;
  }
  return untaken.length ? { untaken } : { body };
}

/** The record's tec/v1 route. */
export function tecPath(resource: Resource, id: number): string {
  return `/${TEC_NAMESPACE}/${resource.path}/${id}`;
}

export const tecHeaders = { [TEC_ACK_HEADER]: TEC_ACK_TEXT };

/** Whether this client's updates go through tec/v1: the profile says, else the REST index is asked once. */
const found = new WeakMap<ApiClient, Promise<WriteApi>>();
export function writeApi(client: ApiClient): Promise<WriteApi> {
  // The tec routes stand beside tribe/events/v1; a profile on another namespace is another plugin.
  if (client.options.namespace !== DEFAULT_NAMESPACE) return Promise.resolve('tribe');
  if (client.options.api) return Promise.resolve(client.options.api);
  let known = found.get(client);
  if (!known) {
    // The REST index names the namespaces (`profile add` reads the same list); `_fields` keeps its answer small.
    known = client.send('GET', '/', { fromRoot: true, query: { _fields: 'namespaces' } }).then(
      (res) => {
        const namespaces = (res.body as Json | undefined)?.namespaces;
        return res.status === 200 && Array.isArray(namespaces) && namespaces.includes(TEC_NAMESPACE) ? 'tec' : 'tribe';
      },
      () => 'tribe' as const,
    );
    found.set(client, known);
  }
  return known;
}

/** After a tec/v1 request says the route is gone or is another version, this run uses the older route. */
export function forgetTec(client: ApiClient): void {
  client.options.api = 'tribe';
  found.set(client, Promise.resolve('tribe'));
}

/**
 * A refusal that says the site's tec/v1 is not the one this client speaks: the route is gone
 * (a plugin downgraded or switched off), it asks for another acknowledgement, or it does not
 * know a field by its name. The update then goes once by the older route.
 */
export function isOtherTecVersion(res: ApiResponse): boolean {
  if (res.status !== 400 && res.status !== 404) return false;
  const code = (res.body as Json | undefined)?.code;
  return (
    code === 'rest_no_route' ||
    code === 'missing_experimental_endpoint_acknowledgement' ||
    code === 'rest_invalid_param' ||
    code === 'rest_additional_properties_forbidden'
  );
}

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const raw = (v: unknown): unknown => (isObject(v) ? (v.raw ?? v.rendered) : v);
/** `2026-11-26T15:49:38` as the tribe routes write it. */
const tribeDate = (v: unknown): unknown => (typeof v === 'string' ? v.replace('T', ' ') : v);

/** A linked venue or organizer of a tec/v1 event as the tribe routes show it. */
function linkedOf(nameField: string, linked: unknown): Json | undefined {
  if (!isObject(linked)) return undefined;
  const out: Json = { id: linked.id, [nameField]: raw(linked.title), slug: linked.slug, url: linked.link };
  for (const key of ['address', 'city', 'country', 'zip', 'phone', 'website', 'email']) if (linked[key] !== undefined) out[key] = linked[key];
  return out;
}

/**
 * A record as tec/v1 answers it, in the shape of the tribe routes (what the rest of the
 * client reads and prints), over the record as it was before when that was read. Texts are
 * the typed ones (the PATCH asks for `context=edit`), those not sent too.
 */
export function tribeShapeOf(resource: Resource, tec: Json, before?: Json, sent: Json = {}): Json {
  const out: Json = { ...(before ?? {}) };
  const names = TEC_FIELDS[resource.name] ?? {};
  const links = new Map(linkFields(resource).map((link) => [link.name, link]));
  for (const [field, name] of Object.entries(names)) {
    const value = tec[name];
    if (value === undefined) continue;
    // A text comes as typed (`raw`, the edit context), sent or not: the record handed back holds
    // no text as the site displays it. Without its typed form, one not sent stays as it was read.
    if (isObject(value) && typeof value.raw !== 'string' && before?.[field] !== undefined && !(name in sent)) continue;
    const link = links.get(field);
    const linked = link && resources[link.relation as LinkRelation];
    // Venues and organizers come as their tec/v1 records, shown as the tribe routes show them.
    if (linked?.linkedPost && !link?.many) out[field] = (Array.isArray(value) ? linkedOf(linked.nameField, value[0]) : undefined) ?? [];
    else if (linked?.linkedPost) out[field] = Array.isArray(value) ? value.map((o) => linkedOf(linked.nameField, o)).filter(Boolean) : [];
    else if (linked?.isPost === false) {
      // tec/v1 lists IDs; the linked objects already known are kept.
      const known = new Map(((before?.[field] as Json[] | undefined) ?? []).filter(isObject).map((term) => [term.id, term]));
      out[field] = Array.isArray(value) ? value.map((id) => known.get(id) ?? { id }) : [];
    } else if (field === 'date') out.date = tribeDate(value);
    else out[field] = raw(value);
  }
  out.id = tec.id;
  if (tec.link !== undefined) out.url = tec.link;
  if (tec.modified !== undefined) out.modified = tribeDate(tec.modified);
  if (tec.modified_gmt !== undefined) out.modified_utc = tribeDate(tec.modified_gmt);
  return out;
}
