/** The manual page: generated at build from the command tree, as help and completions are. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { ROOT, runCli, tempHome } from './helpers.js';

let home: ReturnType<typeof tempHome>;
let page: string;
beforeAll(async () => {
  home = tempHome();
  const r = await runCli(['__man'], { env: home.env });
  expect(r.code, r.stderr).toBe(0);
  page = r.stdout;
});
afterAll(() => home?.cleanup());

describe('calendar(1)', () => {
  test('is the file package.json lists, as the build wrote it', () => {
    expect(pkg.man).toEqual(['man/calendar.1']);
    expect(readFileSync(join(ROOT, 'man/calendar.1'), 'utf8')).toBe(page);
  });

  test('has the sections of a manual page, and the version of the package', () => {
    expect(page.split('\n')[0]).toBe(`.TH CALENDAR 1 "" "${pkg.name.replace(/-/g, '\\-')} ${pkg.version}" "User Commands"`);
    const sections = [...page.matchAll(/^\.SH (.*)$/gm)].map((m) => m[1]);
    expect(sections).toEqual(['NAME', 'SYNOPSIS', 'DESCRIPTION', 'GLOBAL OPTIONS', 'COMMANDS', 'ENVIRONMENT', 'FILES', 'EXIT STATUS', 'SEE ALSO']);
  });

  test('describes each command with its options and the examples its help shows', async () => {
    const subsections = [...page.matchAll(/^\.SS "(.*)"$/gm)].map((m) => m[1].replace(/\\-/g, '-'));
    for (const words of ['events list', 'events get', 'venues create', 'profile add', 'import', 'api', 'completion'])
      expect(subsections).toContain(`calendar ${words}`);
    expect(subsections).not.toContain('calendar __man');
    const help = await runCli(['events', 'list', '--help'], { env: home.env });
    const list = page.slice(page.indexOf('.SS "calendar events list"'), page.indexOf('.SS', page.indexOf('.SS "calendar events list"') + 1));
    expect(list).toContain('.B \\-\\-venue <ids|slugs|names>');
    expect(help.stdout).toContain('$ calendar events list --starts-after today --ends-before +30d');
    expect(list).toContain('$ calendar events list \\-\\-starts\\-after today \\-\\-ends\\-before +30d');
  });

  test('no line of text starts as a roff request would', () => {
    const requests = new Set(['TH', 'SH', 'SS', 'TP', 'B', 'PP', 'RS', 'RE', 'nf', 'fi', 'br']);
    for (const line of page.split('\n')) if (/^[.']/.test(line)) expect(requests, line).toContain(/^[.'](\S+)/.exec(line)![1]);
  });
});
