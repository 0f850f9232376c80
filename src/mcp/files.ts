/**
 * The files site_diff and site_apply may read: only under the client's roots (MCP roots/list),
 * or under the directory the server runs in when the client gives none. A path elsewhere is
 * refused before anything reads it, whatever the mode: no content, and no word of whether it
 * exists. A link inside a root that leads out of every root is refused the same way.
 */
import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../core/index.js';

/** The roots as directories: `file:` URIs only (a client may name others, which hold no files here). */
export function rootDirectories(uris: string[]): string[] {
  return uris.flatMap((uri) => {
    try {
      return uri.startsWith('file:') ? [resolve(fileURLToPath(uri))] : [];
    } catch {
      return [];
    }
  });
}

const within = (dir: string, path: string) => {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/** Follows links where the path exists; a path that does not exist is kept as written (the core then says it is missing). */
function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * The path to read, absolute, once it is under one of `roots` (relative paths are taken from
 * the first root); else a refusal that names the roots and not the file's content.
 */
export function allowedFile(file: string, roots: string[]): string {
  const base = roots[0];
  const path = resolve(base, file);
  const realRoots = roots.map(real);
  if (roots.some((root) => within(root, path)) && realRoots.some((root) => within(root, real(path)))) return path;
  throw new UsageError(
    `file: "${file}" is outside the directories this server may read (${roots.join(', ')}); nothing was read`,
    'Give the site file as document (its text), or place it under one of those directories.',
  );
}
