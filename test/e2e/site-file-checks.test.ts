import { describe, expect, test } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, useSite, writeFileIn } from './helpers.js';

const site = useSite();
const BAD = join(ROOT, 'test/fixtures/site-files/bad');
/** The line each broken file's first problem is on. */
const lines = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/site-files/bad-lines.json'), 'utf8')) as Record<string, number>;
const files = readdirSync(BAD).sort();

describe('a broken site file is refused whole, with file:line:column, before anything is sent', () => {
  test('the corpus is complete', () => {
    expect(files.length).toBeGreaterThanOrEqual(30);
    expect(Object.keys(lines).sort()).toEqual(files);
  });

  // Links are checked against the site too, so those files read it; every other file is refused unread.
  test.each(files)('%s', async (name) => {
    const path = join(BAD, name);
    const { requests, writes } = site.sandbox.stats;
    const r = await site.cli(['apply', path, '--yes', '--prune']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^calendar: ${path.replace(/[.]/g, '\\.')}:${lines[name]}:\\d+: `, 'm'));
    expect(r.stderr).toContain('Nothing was sent.');
    expect(r.stdout).toBe('');
    if (name.startsWith('link-')) expect(site.sandbox.stats.writes).toBe(writes);
    else expect(site.sandbox.stats.requests).toBe(requests);
  });

  test('diff refuses the same files', async () => {
    const r = await site.cli(['diff', join(BAD, 'category-parent-cycle.yaml')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('category jazz: parent: a cycle (jazz -> bebop -> jazz)');
  });

  test('every problem of a file in one run: its fields and its links to nothing on the site', async () => {
    const path = writeFileIn(
      site.home.home,
      'many-problems.yaml',
      [
        'categories:',
        '  bebop:',
        '    name: Bebop',
        '    parent: no-such-parent',
        'events:',
        '  late-show:',
        '    title: Late show',
        '    start_date: 2027-02-30 20:00',
        '    end_date: 2027-03-01 22:00',
        '    venue: no-such-hall',
        '',
      ].join('\n'),
    );
    const { writes } = site.sandbox.stats;
    const r = await site.cli(['apply', path, '--yes']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${path}:8:17: event late-show: start_date:`);
    expect(r.stderr).toContain(`${path}:4:13: category bebop: parent: no category "no-such-parent" in the file or on the site`);
    expect(r.stderr).toContain(`${path}:10:12: event late-show: venue: no venue "no-such-hall" in the file or on the site`);
    expect(site.sandbox.stats.writes).toBe(writes);
  });
});
