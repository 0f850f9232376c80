/** `--fields` checked against what a record of the resource can hold, so that a typo is an error and not an empty column. */
import { UsageError } from '../../core/index.js';
import type { Resource } from '../../spec/resources.js';
import { closest } from '../../base/closest.js';

/**
 * Refuses a field whose first key no record of this resource can have: not a field or
 * column of the resource table, nor a key of the first record the server returned.
 * A known field that some records simply lack is fine.
 */
export function checkFields(resource: Resource | undefined, fields: string[] | undefined, firstRecord: unknown): void {
  if (!resource || !fields?.length || firstRecord === null || typeof firstRecord !== 'object' || Array.isArray(firstRecord)) return;
  const recordKeys = Object.keys(firstRecord);
  const known = new Set([...recordKeys, ...resource.fields.map((f) => f.name), ...resource.columns.map((c) => c.path.split('.')[0])]);
  const unknown = fields.filter((path) => !known.has(path.split('.')[0]));
  if (unknown.length === 0) return;
  const names = unknown.map((f) => `"${f}"`).join(', ');
  const meant = unknown.map((path) => closest(path.split('.')[0], known)).filter((key): key is string => key !== undefined);
  throw new UsageError(
    `--fields: ${names} ${unknown.length > 1 ? 'are not fields' : 'is not a field'} of ${resource.name}` +
      (meant.length ? ` (did you mean ${meant.join(', ')}?)` : ''),
    `Fields of this ${resource.singular}: ${recordKeys.join(', ')}.`,
  );
}
