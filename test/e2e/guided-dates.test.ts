/** Guided create checks a date when it is typed, not after every other question and the confirmation. */
import { beforeAll, describe, expect, test } from 'vitest';
import { api, useSite } from './helpers.js';
import { runOnTerminal, writePtyHelper } from './terminal.js';

const site = useSite();
let helper: string;
beforeAll(() => {
  helper = writePtyHelper(site.home.home);
});

describe('guided create, a date it cannot read', () => {
  test('is refused at its prompt and asked again; the answers before it are kept', async () => {
    const r = await runOnTerminal(helper, ['events', 'create', '--format', 'ids'], site.env, {
      NO_COLOR: '1',
      PTY_SCRIPT: JSON.stringify([
        ['title: ', 'Guided Friday'],
        ['start, ', 'next friday 19:00'],
        ['start, ', '2027-11-12 19:00'],
        ['end, ', '2027-11-12 21:00'],
        ['categories', ''],
        ['tags', ''],
        ['venue, ', ''],
        ['organizer', ''],
        ['Create this event? [y/N] ', 'y'],
      ]),
    });
    expect(r.code, r.output).toBe(0);
    expect(r.output).toMatch(/--start-date: "next friday 19:00" is not a date\. Accepted forms: /);
    const found = await api<{ events: Array<{ title: string; start_date: string }> }>(
      site.sandbox,
      'GET',
      'events?search=Guided%20Friday&start_date=2027-01-01',
    );
    expect(found.body.events.map((e) => [e.title, e.start_date])).toEqual([['Guided Friday', '2027-11-12 19:00:00']]);
  });
});
