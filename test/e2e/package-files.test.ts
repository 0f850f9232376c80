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
  test('holds the launcher, the bundle, completions and the manual page, no source map, and needs no dependency', async () => {
    const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: ROOT,
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
    const [packed] = JSON.parse(stdout) as Array<{ name: string; size: number; files: Array<{ path: string }> }>;
    const files = packed.files.map((f) => f.path).sort();
    expect(packed.name).toBe('events-calendar-cli');
    expect(files).toEqual([
      'README.md',
      'bin/calendar.js',
      'bin/code-cache.js',
      'bin/package.json',
      'completions/_calendar',
      'completions/calendar.bash',
      'completions/calendar.fish',
      'dist/cli.cjs',
      'dist/cli.js',
      'dist/jq.cjs',
      'dist/mcp-sdk.cjs',
      'man/calendar.1',
      'package.json',
    ]);
    expect(packed.size).toBeLessThan(1_500_000);
    expect((pkg as { dependencies?: object }).dependencies).toBeUndefined();
    expect(pkg.scripts.prepack).toBe('npm run build');
  });
});
