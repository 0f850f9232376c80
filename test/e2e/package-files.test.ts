/**
 * What npm would publish (`npm pack --dry-run`, on the build just made): what runs, with nothing
 * for a global install to fetch. scripts/check-pack.mjs (run by .ci/run) installs the tarball
 * into a temporary prefix and runs it.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, test } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { declarationsWritten } from '../build.global.js';
import { ROOT } from './helpers.js';

/** What `npm pack` would put in the tarball, asked once for the file. */
async function packList(): Promise<{ name: string; size: number; files: Array<{ path: string }> }> {
  await declarationsWritten();
  const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  return JSON.parse(stdout)[0];
}

describe('the published package', () => {
  let pack: ReturnType<typeof packList>;
  beforeAll(() => {
    pack = packList();
  });

  test('holds the launcher, the bundles (core, CLI, library entry), declarations, completions, manual page, no source map, no dependency', async () => {
    const packed = await pack;
    const all = packed.files.map((f) => f.path).sort();
    // The library's declarations: those its entry reaches (scripts/build-types.mjs), and no other file under dist/types.
    const declarations = all.filter((path) => path.startsWith('dist/types/'));
    expect(declarations).toContain('dist/types/core/index.d.ts');
    expect(declarations.filter((path) => !path.endsWith('.d.ts'))).toEqual([]);
    const files = all.filter((path) => !path.startsWith('dist/types/') && !path.startsWith('docs/'));
    expect(packed.name).toBe('events-calendar-cli');
    expect(files).toEqual([
      'CONTRIBUTING.md',
      'README.md',
      'bin/calendar.js',
      'bin/code-cache.js',
      'bin/package.json',
      'bin/v8-tiers.js',
      'completions/_calendar',
      'completions/calendar.bash',
      'completions/calendar.fish',
      'dist/cli.cjs',
      'dist/cli.js',
      'dist/core-light.cjs',
      'dist/core.cjs',
      'dist/index.d.ts',
      'dist/index.js',
      'dist/jq.cjs',
      'dist/mcp-sdk.cjs',
      'dist/test-sandbox.d.ts',
      'dist/test-sandbox.js',
      'man/calendar.1',
      'package.json',
    ]);
    // The library carries the batch calls (import with its iCalendar reader, site files with YAML): 1.53 MB packed at their arrival.
    // With the MCP SDK (dist/mcp-sdk.cjs, 41 KB packed) and the library's later changes: 1.70 MB.
    // The core shipped once (dist/core.cjs and dist/core-light.cjs, shared by the CLI and the library): 1.19 MB.
    // The docs the README links to ship beside it (docs/*.md, about 75 KB packed): 1.25 MB.
    // The write planner and executor, typed reads, the SDK's own retries and hooks, the MCP face's pages: 1.30 MB.
    expect(packed.size).toBeLessThan(1_340_000);
    expect((pkg as { dependencies?: object }).dependencies).toBeUndefined();
    expect(pkg.scripts.prepack).toBe('npm run build');
  });

  test('every relative link of the packed README and docs leads to a packed file, so they work from the tarball', async () => {
    const packed = await pack;
    const shipped = new Set(packed.files.map((f) => f.path));
    const pages = [...shipped].filter((path) => path.endsWith('.md'));
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'docs/usage.md']));
    const broken: string[] = [];
    for (const page of pages) {
      const text = readFileSync(join(ROOT, page), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
        const file = normalize(join(dirname(page), target.replace(/#.*$/, '')));
        if (!shipped.has(file)) broken.push(`${page}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
