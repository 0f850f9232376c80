/**
 * `mkdir -p` that fails rather than spins: Node 20's mkdirSync(dir, { recursive: true }) loops
 * for ever where mkdir answers ENOENT under a parent that exists (a path in /proc, say
 * XDG_CONFIG_HOME=/proc/self/x). Each missing directory is made in turn, top down.
 */
import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

export function makeDirectory(dir: string, mode?: number): void {
  const missing: string[] = [];
  for (let at = dir; ; at = dirname(at)) {
    try {
      if (statSync(at).isDirectory()) break;
      throw Object.assign(new Error(`not a directory: ${at}`), { code: 'ENOTDIR' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    missing.push(at);
    if (dirname(at) === at) break;
  }
  for (const path of missing.reverse()) {
    try {
      mkdirSync(path, { mode });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}
