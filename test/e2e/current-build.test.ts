/**
 * One build under test: the CLI tests run dist/, which vitest's global setup (test/build.global.ts)
 * rebuilds whenever a file it is made from is newer, so a test never runs code older than the source.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { buildIsStale, declarationsWritten, INPUTS, OUTPUTS } from '../build.global.js';

describe('the build under test', () => {
  const tree = mkdtempSync(join(tmpdir(), 'calendar-build-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));

  /** Writes `file` in the scratch tree, dated `seconds` after the epoch. */
  const put = (file: string, seconds: number) => {
    mkdirSync(dirname(join(tree, file)), { recursive: true });
    writeFileSync(join(tree, file), '');
    utimesSync(join(tree, file), seconds, seconds);
  };

  test('is the current source: nothing dist/ is made from is newer than it', async () => {
    await declarationsWritten();
    expect(buildIsStale()).toBe(false);
  });

  test('counts as stale when an output is missing, or a source file anywhere below src/ is newer', () => {
    for (const input of INPUTS) put(input === 'src' || input === 'bin' ? `${input}/a.ts` : input, 1000);
    for (const directory of ['src', 'bin']) utimesSync(join(tree, directory), 1000, 1000);
    expect(buildIsStale(tree)).toBe(true); // nothing built yet
    for (const output of OUTPUTS) put(output, 2000);
    expect(buildIsStale(tree)).toBe(false);
    put('src/core/deep/b.ts', 3000);
    // The folders made for it are dated before the build: only the file itself is newer.
    for (const directory of ['src', 'src/core', 'src/core/deep']) utimesSync(join(tree, directory), 1000, 1000);
    expect(buildIsStale(tree)).toBe(true);
    utimesSync(join(tree, 'src/core/deep/b.ts'), 1500, 1500);
    expect(buildIsStale(tree)).toBe(false);
  });
});
