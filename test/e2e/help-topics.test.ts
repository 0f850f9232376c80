/** Help as people ask for it: `calendar help GROUP VERB`, a typo in a topic, what a verb's help lists. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli, tempHome } from './helpers.js';

let home: ReturnType<typeof tempHome>;
beforeAll(() => {
  home = tempHome();
});
afterAll(() => home?.cleanup());

const run = (args: string[]) => runCli(args, { env: home.env });

describe('calendar help TOPIC', () => {
  test.each([[['events', 'list']], [['profile', 'add']], [['events']], [['import']]])('help %j prints what --help after the words prints', async (words) => {
    const [topic, flag] = await Promise.all([run(['help', ...words]), run([...words, '--help'])]);
    expect(topic).toEqual({ code: 0, stdout: flag.stdout, stderr: '' });
    expect(topic.stdout).toMatch(new RegExp(`^Usage: calendar ${words.join(' ')}\\b`));
  });

  test.each([
    [['evnts'], "calendar: no help topic 'evnts': calendar has no command 'evnts'\nDid you mean calendar help events?\n"],
    [['events', 'lsit'], "calendar: no help topic 'events lsit': calendar events has no command 'lsit'\nDid you mean calendar help events list?\n"],
    [['zzzzzz'], "calendar: no help topic 'zzzzzz': calendar has no command 'zzzzzz'\nSee calendar --help for its commands.\n"],
    [['events', 'list', 'more'], "calendar: no help topic 'events list more': calendar events list has no subcommands\nSee calendar events list --help.\n"],
  ])('an unknown topic %j is a usage error (exit 2) naming the nearest command', async (words, stderr) => {
    expect(await run(['help', ...words])).toEqual({ code: 2, stdout: '', stderr });
  });
});

describe("a command's help", () => {
  test.each([[['events', 'list']], [['venues', 'get']], [['export', 'events']]])('%j lists the global options it takes', async (words) => {
    const r = await run([...words, '--help']);
    const global = r.stdout.slice(r.stdout.indexOf('\nGlobal Options:\n'));
    for (const flag of ['--format <format>', '--fields <list>', '--json', '--profile <name>', '--base-url <url>']) expect(global).toContain(flag);
  });

  test('the filters naming linked records say they take IDs, slugs or names', async () => {
    const r = await run(['events', 'list', '--help']);
    for (const flag of ['venue', 'organizer', 'categories', 'tags']) expect(r.stdout).toMatch(new RegExp(`--${flag} <ids\\|slugs\\|names>`));
    expect(r.stdout).toMatch(/--include <ids>/);
  });
});
