import { afterAll, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropStaleFailedTo } from '../../src/core/bulk/failed-to.js';

const dir = mkdtempSync(join(tmpdir(), 'calendar-failed-to-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a --failed-to file left by an earlier run', () => {
  test('is removed when it is a regular file, and kept on a dry run', () => {
    const file = join(dir, 'failed.csv');
    writeFileSync(file, 'venue\nOld Hall\n');
    dropStaleFailedTo(file, true);
    expect(existsSync(file)).toBe(true);
    dropStaleFailedTo(file, false);
    expect(existsSync(file)).toBe(false);
    dropStaleFailedTo(file, false); // nothing there: nothing to do
  });

  test('a link or a pipe is never removed, as a device such as /dev/null is not', () => {
    const target = join(dir, 'target.csv');
    writeFileSync(target, 'kept\n');
    const link = join(dir, 'link.csv');
    symlinkSync(target, link);
    dropStaleFailedTo(link, false);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(existsSync(target)).toBe(true);
    const pipe = join(dir, 'pipe');
    if (spawnSync('mkfifo', [pipe]).status === 0) {
      dropStaleFailedTo(pipe, false);
      expect(lstatSync(pipe).isFIFO()).toBe(true);
    }
  });
});
