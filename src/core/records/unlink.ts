/**
 * Taking a one-valued link off a record (a category's parent; an event's venue cannot be):
 * null is "no link" in a body, in a site file and in a plan; src/wordpress/write-routes.ts
 * says which route removes it and what that route is sent.
 */
import { aSingular, type Resource } from '../../spec/resources.js';
import { unlinkOf } from '../../wordpress/write-routes.js';

/** What WordPress core's route is sent to remove `field` (undefined: no route can). */
export function coreUnlinkValue(resource: Resource, field: string): unknown {
  const unlink = unlinkOf(resource.name, field);
  return unlink && 'core' in unlink ? unlink.core : undefined;
}

/** Whether an update can take `field` off a record of `resource`. */
export function isRemovableLink(resource: Resource, field: string): boolean {
  return coreUnlinkValue(resource, field) !== undefined;
}

/** Why `field` cannot be taken off: `an event's venue cannot be removed; no route of the site removes it (...)`. */
export function cannotRemove(resource: Resource, field: string): string {
  const unlink = unlinkOf(resource.name, field);
  return `${aSingular(resource)}'s ${field} cannot be removed; ${unlink && 'impossible' in unlink ? unlink.impossible : 'no route of the site removes it'}`;
}
