/**
 * WordPress's revisions, as far as they show: `_links.version-history.count` and
 * `predecessor-version` of a core answer, and the post IDs they use up (revisions are posts:
 * each takes the next ID, so the records created after them get the IDs a real site gives).
 *
 * Measured on the real site (fidelity tec-core recordings): a create makes none; every later
 * save (an update by any route, a trash, a restore, the plugin's second save of a sticky event)
 * stores one when the post has none yet, or when its title, content or excerpt differ from the
 * latest one's (compared as `normalize_whitespace` does). Only the latest one's texts are kept.
 */
import type { EventFields, LinkedFields, PostRecord, Store } from '../store/store.js';

/** Title, content and excerpt as stored: the post's own text columns. */
export function postTexts(post: PostRecord): { title: string; content: string; excerpt: string } {
  if (post.type === 'event') {
    const f = post.fields as EventFields;
    return { title: f.title, content: f.description, excerpt: f.excerpt };
  }
  const f = post.fields as LinkedFields;
  return { title: String(f[post.type] ?? ''), content: String(f.description ?? ''), excerpt: String(f.excerpt ?? '') };
}

/** PHP's `normalize_whitespace`: trimmed, runs of line breaks and of spaces or tabs made one. */
const normalizeWhitespace = (text: string) =>
  text
    .trim()
    .replace(/[\n\r]+/g, '\n')
    .replace(/[ \t]+/g, ' ');

/**
 * What every save of an existing post (not its creation) does besides writing its fields: a
 * revision when one is due, and the guid stored escaped as a save writes it back (`&` as
 * `&#038;` in the query form a draft was given).
 */
export function afterUpdate(store: Store, post: PostRecord): void {
  if (post.guid) post.guid = post.guid.replace(/&(?!#?[a-z0-9]+;)/gi, '&#038;');
  saveRevision(store, post);
}

function saveRevision(store: Store, post: PostRecord): void {
  const { title, content, excerpt } = postTexts(post);
  const texts = [title, content, excerpt].map(normalizeWhitespace);
  const last = store.extrasOf(post.id).revisions;
  if (last?.texts.every((text, index) => text === texts[index])) return;
  store.setExtra(post.id, 'revisions', { count: (last?.count ?? 0) + 1, latest: store.takePostId(), texts });
}
