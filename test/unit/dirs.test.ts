import { afterAll, describe, expect, test } from 'vitest';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeDirectory } from '../../src/base/dirs.js';

const root = mkdtempSync(join(tmpdir(), 'calendar-dirs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('makeDirectory', () => {
  test('makes every missing directory, with the mode asked, and takes one that exists', () => {
    const dir = join(root, 'a', 'b', 'c');
    makeDirectory(dir, 0o700);
    expect(statSync(dir).isDirectory()).toBe(true);
    expect(statSync(join(root, 'a')).mode & 0o777).toBe(0o700 & ~process.umask());
    makeDirectory(dir);
  });

  test('a file in the way is an error, and nothing is made under it', () => {
    writeFileSync(join(root, 'file'), '');
    expect(() => makeDirectory(join(root, 'file', 'x', 'y'))).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
    expect(existsSync(join(root, 'file', 'x'))).toBe(false);
  });

  test.runIf(process.platform === 'linux')('a directory that cannot be made under /proc is an error at once, where Node 20 spins', () => {
    expect(() => makeDirectory('/proc/self/no-such-dir/calendar')).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });
});
