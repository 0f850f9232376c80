/**
 * Identity of imported occurrences, so that importing a feed again updates instead of
 * duplicating. The site keeps no extra field for it, so it travels in the event slug:
 *
 *   <title words, at most 60 characters>-ics-<feed tag: 4>-<occurrence key: 10>
 *   harbor-jazz-evening-ics-k3f9-0h1x7b2m4q
 *
 * The occurrence key hashes the UID and the RECURRENCE-ID (the original start of the
 * occurrence, in UTC, or its date), so it stays the same when a title or time changes.
 * The feed tag hashes what the importer names the feed by (its URL, or the file name), so
 * `--prune` only ever trashes events that came from the same feed. Both are lower-case
 * base 36, which WordPress keeps unchanged in a slug.
 */
import { createHash } from 'node:crypto';
import { slugFromName } from '../../wordpress/slugs.js';

const KEY_LENGTH = 10;
const TAG_LENGTH = 4;
const TITLE_LENGTH = 60;
const SUFFIX = /(?:^|-)ics-([0-9a-z]{4})-([0-9a-z]{10})(?:-[0-9]+)?$/; // WordPress adds `-2` to a taken slug

function base36Hash(text: string, length: number): string {
  const digest = createHash('sha256').update(text).digest();
  return digest.readBigUInt64BE(0).toString(36).padStart(13, '0').slice(0, length);
}

/** The occurrence key of UID + RECURRENCE-ID (empty for a single event). */
export function occurrenceKey(uid: string, recurrenceId = ''): string {
  return base36Hash(`${uid}\u0000${recurrenceId}`, KEY_LENGTH);
}

/** The tag of a feed, from the name the importer knows it by. */
export function feedTag(feedName: string): string {
  return base36Hash(feedName, TAG_LENGTH);
}

/**
 * `Café, Crème!` -> `cafe-creme`: the words of WordPress's own slug of the title (slugFromName),
 * without what it percent-encodes, so scripts without Latin letters give an empty string.
 */
export function titleSlug(title: string): string {
  const words = slugFromName(title)
    .replace(/%[0-9a-f]{2}/g, '-')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words.slice(0, TITLE_LENGTH).replace(/-+$/, '');
}

export function occurrenceSlug(title: string, tag: string, key: string): string {
  const words = titleSlug(title);
  return `${words ? `${words}-` : ''}ics-${tag}-${key}`;
}

/** The feed tag and occurrence key of a slug made by `occurrenceSlug`, else undefined. */
export function parseOccurrenceSlug(slug: string): { tag: string; key: string } | undefined {
  const match = SUFFIX.exec(slug);
  return match ? { tag: match[1], key: match[2] } : undefined;
}
