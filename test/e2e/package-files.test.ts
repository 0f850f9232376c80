/**
 * What npm would publish (`npm pack --dry-run`, on the build just made): what runs, with nothing
 * for a global install to fetch. scripts/check-pack.mjs (run by .ci/run) installs the tarball
 * into a temporary prefix and runs it.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { ROOT } from './helpers.js';

describe('the published package', () => {
  test('holds the launcher, the bundles (core, CLI, library entry), declarations, completions, manual page, no source map, no dependency', async () => {
    const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: ROOT,
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
    const [packed] = JSON.parse(stdout) as Array<{ name: string; size: number; files: Array<{ path: string }> }>;
    const all = packed.files.map((f) => f.path).sort();
    // The library's declarations: those its entry reaches (scripts/build-types.mjs), and no other file under dist/types.
    const declarations = all.filter((path) => path.startsWith('dist/types/'));
    expect(declarations).toContain('dist/types/core/index.d.ts');
    expect(declarations.filter((path) => !path.endsWith('.d.ts'))).toEqual([]);
    const files = all.filter((path) => !path.startsWith('dist/types/'));
    expect(packed.name).toBe('events-calendar-cli');
    expect(files).toEqual([
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
    expect(packed.size).toBeLessThan(1_230_000);
    expect((pkg as { dependencies?: object }).dependencies).toBeUndefined();
    expect(pkg.scripts.prepack).toBe('npm run build');
  });
});
