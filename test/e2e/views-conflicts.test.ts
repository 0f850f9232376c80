/** `calendar events conflicts` and the clash warning of `events create` and `events update`, against the sandbox. */
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { created, useSite, useSiteEach, type Site } from './helpers.js';

const ids: Record<string, number> = {};

/** Two venues and an organizer; at Clash Hall a concert overlapping a rehearsal, and an event just after. */
async function seedClashes(site: Site): Promise<void> {
  ids.hall = await created(site.sandbox, 'venues', { venue: 'Clash Hall' });
  ids.barn = await created(site.sandbox, 'venues', { venue: 'Quiet Barn' });
  ids.jane = await created(site.sandbox, 'organizers', { organizer: 'Jane Roe' });
  ids.concert = await created(site.sandbox, 'events', {
    title: 'Concert',
    start_date: '2027-06-01 20:00:00',
    end_date: '2027-06-01 22:00:00',
    venue: ids.hall,
    organizer: [ids.jane],
  });
  ids.rehearsal = await created(site.sandbox, 'events', {
    title: 'Rehearsal',
    start_date: '2027-06-01 21:00:00',
    end_date: '2027-06-01 23:00:00',
    venue: ids.hall,
  });
  ids.after = await created(site.sandbox, 'events', { title: 'After', start_date: '2027-06-01 23:00:00', end_date: '2027-06-01 23:30:00', venue: ids.hall });
  ids.elsewhere = await created(site.sandbox, 'events', {
    title: 'Elsewhere',
    start_date: '2027-06-01 20:30:00',
    end_date: '2027-06-01 21:30:00',
    venue: ids.barn,
    organizer: [ids.jane],
  });
}

describe('events conflicts', () => {
  const site = useSite({ timezone: 'UTC' });
  beforeAll(() => seedClashes(site));

  test('lists overlapping pairs at one venue with the overlap; touching and other venues are no conflict', async () => {
    const res = await site.cli(['events', 'conflicts', '2027-06-01', '2027-06-02']);
    expect(res.code).toBe(0);
    expect(res.stdout).toBe(`"Concert" (#${ids.concert}) and "Rehearsal" (#${ids.rehearsal}) at Clash Hall: 2027-06-01 21:00–22:00\n`);
  });

  test('--exit-code exits 7 when there are conflicts, 0 with "no conflicts" when there are none', async () => {
    const found = await site.cli(['events', 'conflicts', '2027-06-01', '2027-06-02', '--exit-code']);
    expect(found.code).toBe(7);
    expect(found.stderr).toContain('1 conflict found');
    const none = await site.cli(['events', 'conflicts', '2027-06-01', '2027-06-02', '--venue', 'Quiet Barn', '--exit-code']);
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('no conflicts from 2027-06-01 to 2027-06-02\n');
  });

  test('--organizer finds the organizer in two places at once; --format json gives the pairs as data', async () => {
    const res = await site.cli(['events', 'conflicts', '2027-06-01', '2027-06-02', '--organizer', 'Jane Roe', '--format', 'json']);
    expect(res.code).toBe(0);
    const pairs = JSON.parse(res.stdout) as Array<{ events: Array<{ id: number }>; where: string; from: string; to: string }>;
    expect(pairs).toEqual([
      {
        events: [expect.objectContaining({ id: ids.concert }), expect.objectContaining({ id: ids.elsewhere })],
        where: 'with Jane Roe',
        from: '2027-06-01 20:30:00',
        to: '2027-06-01 21:30:00',
      },
    ]);
  });
});

describe('clash warning on writes', () => {
  // Each test writes: a site of its own.
  const site = useSiteEach({ timezone: 'UTC' });
  beforeEach(() => seedClashes(site));

  test('create warns on stderr naming the event it clashes with, and still creates', async () => {
    const res = await site.cli([
      'events',
      'create',
      '--title',
      'Late Booking',
      '--start-date',
      '2027-06-01 21:30',
      '--end-date',
      '2027-06-01 22:30',
      '--venue',
      'Clash Hall',
      '--format',
      'ids',
    ]);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^\d+\n$/);
    expect(res.stderr).toContain(`warning: clashes with "Concert" (#${ids.concert}) at Clash Hall: 2027-06-01 21:30–22:00`);
    expect(res.stderr).toContain(`"Rehearsal" (#${ids.rehearsal})`);
    expect(res.stderr).not.toContain('"After"');
  });

  test('update warns when moved onto another event; --no-conflict-check is silent; no clash, no warning', async () => {
    const moved = await site.cli([
      'events',
      'update',
      String(ids.after),
      '--start-date',
      '2027-06-01 22:30',
      '--end-date',
      '2027-06-01 23:30',
      '--format',
      'ids',
    ]);
    expect(moved.code).toBe(0);
    expect(moved.stderr).toContain(`clashes with "Rehearsal" (#${ids.rehearsal})`);
    const quiet = await site.cli(['events', 'update', String(ids.after), '--title', 'After Party', '--no-conflict-check', '--format', 'ids']);
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
    const free = await site.cli(['events', 'update', String(ids.elsewhere), '--title', 'Elsewhere Too', '--format', 'ids']);
    expect(free.stderr).toBe('');
  });
});
