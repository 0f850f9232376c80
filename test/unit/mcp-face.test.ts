/**
 * The MCP face's own rules, alone: relative dates on the site's clock, cursors, and the files a
 * call may read. How the core's messages name a tool's arguments: test/unit/words.test.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { resolveRelativeDate } from '../../src/mcp/dates.js';
import { decodeCursor, encodeCursor } from '../../src/mcp/lists.js';
import { allowedFile, rootDirectories } from '../../src/mcp/files.js';

describe('relative dates, on the site clock', () => {
  // 28 November 2026, 23:30 in New York: already 29 November in UTC and in Paris.
  const now = new Date('2026-11-29T04:30:00Z');
  test.each([
    ['next month', 'America/New_York', '2026-12-01'],
    ['today', 'America/New_York', '2026-11-28'],
    ['today', 'Europe/Paris', '2026-11-29'],
    ['tomorrow', 'America/New_York', '2026-11-29'],
    ['yesterday', 'America/New_York', '2026-11-27'],
    ['next week', 'America/New_York', '2026-11-30'],
    ['last week', 'America/New_York', '2026-11-16'],
    ['this month', 'America/New_York', '2026-11-01'],
    ['last month', 'America/New_York', '2026-10-01'],
    ['+3d', 'America/New_York', '2026-12-01'],
    ['-2w', 'America/New_York', '2026-11-14'],
    ['+3m', 'America/New_York', '2027-02-28'],
    ['now', 'America/New_York', '2026-11-28 23:30:00'],
    ['+2h', 'America/New_York', '2026-11-29 01:30:00'],
    ['now', 'UTC', '2026-11-29 04:30:00'],
  ])('%s in %s is %s', (word, zone, expected) => {
    expect(resolveRelativeDate(word, zone, now)).toBe(expected);
  });

  test('next month from 31 January is 1 February; other text is left to the core', () => {
    expect(resolveRelativeDate('Next  Month', 'UTC', new Date('2027-01-31T12:00:00Z'))).toBe('2027-02-01');
    expect(resolveRelativeDate('2026-12-01', 'UTC', now)).toBeUndefined();
    expect(resolveRelativeDate('someday', 'UTC', now)).toBeUndefined();
  });
});

describe('cursors', () => {
  test('hold the query and the page; anything else is refused with what to do', () => {
    const cursor = encodeCursor({ search: 'jazz' }, 2, 50);
    expect(decodeCursor(cursor)).toEqual({ q: { search: 'jazz' }, p: 2, n: 50 });
    for (const bad of ['', 'abc', Buffer.from('{"q":{},"p":0,"n":5}').toString('base64url'), 42]) {
      expect(() => decodeCursor(bad)).toThrow(/^cursor: not a cursor this server gave$/);
    }
  });
});

describe('files under the roots only', () => {
  const base = mkdtempSync(join(tmpdir(), 'mcp-roots-'));
  const root = join(base, 'project');
  const outside = join(base, 'secret');
  mkdirSync(root);
  mkdirSync(outside);
  writeFileSync(join(root, 'site.yaml'), 'tags: {}\n');
  writeFileSync(join(outside, 'config.json'), '{"profiles":{}}');
  symlinkSync(outside, join(root, 'link'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  test('a file under a root, relative or absolute, is allowed; roots are file: URIs', () => {
    const roots = rootDirectories([pathToFileURL(root).href, 'https://example.org/']);
    expect(roots).toEqual([root]);
    expect(allowedFile('site.yaml', roots)).toBe(join(root, 'site.yaml'));
    expect(allowedFile(join(root, 'site.yaml'), roots)).toBe(join(root, 'site.yaml'));
  });

  test.each([['../secret/config.json'], [join(outside, 'config.json')], ['link/config.json'], ['/etc/passwd'], ['~/.config/calendar/config.json']])(
    '%s is refused, naming the roots and nothing of the file',
    (file) => {
      let message = '';
      try {
        allowedFile(file, [root]);
      } catch (err) {
        message = (err as Error).message;
      }
      if (file.startsWith('~')) {
        // Not expanded: a name under the root that does not exist, which the core then says is missing.
        expect(message).toBe('');
        return;
      }
      expect(message).toBe(`file: "${file}" is outside the directories this server may read (${root}); nothing was read`);
      expect(message).not.toContain('profiles');
    },
  );
});
