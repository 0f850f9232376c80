/**
 * The resource table (`src/spec/resources.ts`) as the sandbox stores it: posts carry their
 * resource's singular as their type (`event`, as in the data file), terms their resource's
 * name as their taxonomy. Every other fact (name field, WordPress names, links) is read from
 * the table through these.
 */
import { isResourceName, RESOURCE_NAMES, resources, type Resource } from '../../spec/resources.js';

export type PostType = 'event' | 'venue' | 'organizer';
export type Taxonomy = 'categories' | 'tags';
export type PostResource = 'events' | 'venues' | 'organizers';
/** The posts events link to. */
export type LinkedResource = 'venues' | 'organizers';

export const POST_RESOURCES = RESOURCE_NAMES.filter((name) => resources[name].isPost) as PostResource[];
export const TAXONOMIES = RESOURCE_NAMES.filter((name) => !resources[name].isPost) as Taxonomy[];

/** `venues` -> `venue`. */
export const POST_TYPE = Object.fromEntries(POST_RESOURCES.map((name) => [name, resources[name].singular])) as Record<PostResource, PostType>;
const RESOURCE_OF_TYPE = Object.fromEntries(POST_RESOURCES.map((name) => [resources[name].singular, name])) as Record<PostType, PostResource>;

/** The table entry of a stored post type. */
export function postResource(type: PostType): Resource {
  return resources[RESOURCE_OF_TYPE[type]];
}

/** A relation (a field's `relation`) that points at posts: venues, organizers, events. */
export function isPostResource(name: string): name is PostResource {
  return (POST_RESOURCES as string[]).includes(name);
}

export function isTaxonomy(name: string): name is Taxonomy {
  return (TAXONOMIES as string[]).includes(name);
}

/** Venues and organizers: the table's linked posts, with routes and a record shape of their own. */
export function isLinkedResource(name: string): name is LinkedResource {
  return isResourceName(name) && resources[name].linkedPost === true;
}

/** The field a post type is found by name in when a create may match it (venues, organizers); undefined for the others. */
export function dedupedNameField(type: PostType): string | undefined {
  const resource = postResource(type);
  return resource.mergesOnCreate ? resource.nameField : undefined;
}

/** On/off fields sent as words (a venue's maps) and stored as booleans; on until a write turns them off. */
export const SWITCHES: Record<LinkedResource, string[]> = {
  venues: switchFields('venues'),
  organizers: switchFields('organizers'),
};

function switchFields(resource: LinkedResource): string[] {
  return resources[resource].fields.filter((field) => field.type === 'boolstring').map((field) => field.name);
}

const storedKeys = new Map<string, string>();

/** `all_day` -> `allDay`: how a wire name is kept among a stored event's fields. */
export function storedKey(wireName: string): string {
  // Asked for every field of every record built: the few names are converted once.
  let key = storedKeys.get(wireName);
  if (key === undefined) storedKeys.set(wireName, (key = wireName.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())));
  return key;
}
