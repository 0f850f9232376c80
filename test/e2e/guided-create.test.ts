/**
 * Guided create: at a terminal the missing required fields are asked for, the links offered,
 * the record shown and confirmed; off a terminal the missing flags are named, exit 2.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { api, useSite } from './helpers.js';
import { runOnTerminal, writePtyHelper } from './terminal.js';

const site = useSite();

let helper: string;
beforeAll(async () => {
  helper = writePtyHelper(site.home.home);
  await api(site.sandbox, 'POST', 'venues', { venue: 'Guided Hall' });
});

const onTerminal = (args: string[], script: Array<[string, string]>) =>
  runOnTerminal(helper, args, site.env, { NO_COLOR: '1', PTY_SCRIPT: JSON.stringify(script) });

describe('guided create', () => {
  test('an event: title and dates asked, a venue by name offered, the record confirmed and created', async () => {
    const r = await onTerminal(
      ['events', 'create', '--format', 'ids'],
      [
        ['title: ', 'Guided Evening'],
        ['start, ', '2027-10-10 19:00'],
        ['end, ', '2027-10-10 21:00'],
        ['categories', ''],
        ['tags', ''],
        ['venue, ', 'Guided Hall'],
        ['organizer', ''],
        ['Create this event? [y/N] ', 'y'],
      ],
    );
    expect(r.code, r.output).toBe(0);
    const found = await api<{ events: Array<{ title: string; venue: { venue: string }; start_date: string }> }>(
      site.sandbox,
      'GET',
      'events?search=Guided%20Evening&start_date=2027-01-01',
    );
    expect(found.body.events).toHaveLength(1);
    expect(found.body.events[0].venue.venue).toBe('Guided Hall');
    expect(found.body.events[0].start_date).toBe('2027-10-10 19:00:00');
  });

  test('a list answer takes names with & and, escaped, a comma, as the flags do', async () => {
    await api(site.sandbox, 'POST', 'categories', { name: 'Classical & Opera' });
    await api(site.sandbox, 'POST', 'categories', { name: 'Rock, Pop' });
    const r = await onTerminal(
      ['events', 'create', '--format', 'ids'],
      [
        ['title: ', 'Completed Evening'],
        ['start, ', '2027-10-11 19:00'],
        ['end, ', '2027-10-11 21:00'],
        ['categories', 'Classical & Opera,Rock\\, Pop'],
        ['tags', ''],
        ['venue, ', ''],
        ['organizer', ''],
        ['Create this event? [y/N] ', 'y'],
      ],
    );
    expect(r.code, r.output).toBe(0);
    const found = await api<{ events: Array<{ categories: Array<{ slug: string }> }> }>(
      site.sandbox,
      'GET',
      'events?search=Completed%20Evening&start_date=2027-01-01',
    );
    expect(found.body.events[0].categories.map((c) => c.slug).sort()).toEqual(['classical-opera', 'rock-pop']);
  });

  test('answering no creates nothing', async () => {
    const r = await onTerminal(
      ['venues', 'create'],
      [
        ['name of the venue: ', 'Never Made Hall'],
        ['Create this venue? [y/N] ', 'n'],
      ],
    );
    expect(r.code).toBe(1);
    expect((await api<{ venues: unknown[] }>(site.sandbox, 'GET', 'venues?search=Never%20Made')).body.venues ?? []).toHaveLength(0);
  });

  test('off a terminal the missing flags are named, exit 2, nothing sent', async () => {
    const before = site.sandbox.stats.requests;
    const r = await site.cli(['events', 'create', '--title', 'No Dates']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('event create needs --start-date, --end-date');
    expect(site.sandbox.stats.requests).toBe(before);
  });
});
