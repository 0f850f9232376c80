/**
 * A delete shows its effect first: the record, the events it unlinks (with, for an organizer,
 * the other organizers the site drops and the delete links back), the occurrences a series delete takes; and
 * a digest of that preview. Only `confirm: true`, or the digest of the preview the person saw
 * while the site still matches it, lets the delete go.
 */
import { createHash } from 'node:crypto';
import { type Calendar, type LinkedEvent, UsageError } from '../core/index.js';
import type { Resource, ResourceName } from '../spec/resources.js';

type Json = Record<string, unknown>;

export interface DeletePreview {
  action: string;
  digest: string;
  data: { record: Json; unlinks?: unknown[]; occurrences?: unknown[] };
}

/**
 * What of the record the digest holds: what says it is still the record the person saw. Not all
 * of it: the site writes an email address in new random entities on every read (json_ld).
 */
function stable(r: Resource, record: Json): Json {
  return { id: record.id, name: record[r.nameField], slug: record.slug, status: record.status ?? null, modified: record.modified ?? null };
}

function digestOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** What a delete would do, nothing sent but reads. */
export async function previewDelete(
  cal: Calendar,
  r: Resource,
  ref: string | number,
  options: { permanently: boolean; scope?: string },
): Promise<DeletePreview> {
  const name = r.name as ResourceName;
  const assistant = await cal.assistant();
  const [record] = await assistant.typed(name, [(await cal[name].get(ref)) as Json]);
  const forGood = !r.isPost || options.permanently;
  const label = `${r.singular} ${String(record.id)} "${String(record[r.nameField] ?? '')}"`;
  const data: DeletePreview['data'] = { record };
  let action = forGood ? `delete ${label} for good (cannot be undone)` : `move ${label} to the trash (${name}_restore takes it back)`;
  if (r.linkedPost && typeof record.id === 'number') {
    data.unlinks = await assistant.linkedEvents(name, record.id);
    if (data.unlinks.length) action += `; it is linked to ${data.unlinks.length} event(s): the server unlinks it from the upcoming published ones`;
    const relinked = (data.unlinks as LinkedEvent[]).filter((event) => event.relinks?.length).length;
    if (relinked) {
      action += `; the site drops the other organizers of ${relinked} of them too, and the delete links those back afterwards (each event's relinks)`;
    }
  }
  if (r.isEvent && options.scope && options.scope !== 'occurrence') {
    data.occurrences = (await cal.events.delete(ref, { scope: options.scope as 'series', dryRun: true })) as unknown[];
    action = `move ${data.occurrences.length} occurrence(s) of the series of ${label} to the trash (scope ${options.scope})`;
  }
  return {
    action,
    data,
    digest: digestOf({ name, forGood, scope: options.scope ?? null, record: stable(r, record), unlinks: data.unlinks, occurrences: data.occurrences }),
  };
}

/** Whether the call may act: confirm, or the digest of the preview as the site stands now. */
export function settled(preview: DeletePreview, args: Json): boolean {
  if (args.confirm === true) return true;
  if (args.digest === undefined) return false;
  if (args.digest !== preview.digest) {
    throw new UsageError(
      `digest: the record or its links changed since that preview (its digest is now ${preview.digest.slice(0, 12)}…); nothing was deleted`,
      'Show the person the new preview (call again without digest), then pass its digest.',
    );
  }
  return true;
}
