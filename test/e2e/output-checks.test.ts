/** What the CLI refuses or corrects about output and input before a wrong result reaches the user. */
import { beforeAll, describe, expect, test } from 'vitest';
import { api, json, useSite } from './helpers.js';

const site = useSite();
let eventId: number;

beforeAll(async () => {
  const first = (await api<{ id: number }>(site.sandbox, 'POST', 'organizers', { organizer: 'First Org' })).body.id;
  const second = (await api<{ id: number }>(site.sandbox, 'POST', 'organizers', { organizer: 'Second Org' })).body.id;
  eventId = (
    await api<{ id: number }>(site.sandbox, 'POST', 'events', {
      title: 'Fields Event', start_date: '2027-06-01 10:00:00', end_date: '2027-06-01 11:00:00', organizer: [first, second],
    })
  ).body.id;
});

describe('--fields', () => {
  test('a field no event can have is refused, naming it, with the record keys as a hint', async () => {
    const r = await site.cli(['events', 'list', '--fields', 'id,nosuch', '--format', 'json']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/"nosuch" is not a field of events/);
    expect(r.stderr).toMatch(/Fields of this event: .*\btitle\b/);
    const get = await site.cli(['events', 'get', String(eventId), '--fields', 'titel']);
    expect(get.code).toBe(2);
    expect(get.stderr).toMatch(/"titel" is not a field/);
  });

  test('a field of the resource that the records lack is no error', async () => {
    const r = await site.cli(['events', 'list', '--fields', 'id,venue.venue', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(json<Array<{ id: number }>>(r.stdout).map((e) => e.id)).toContain(eventId);
  });

  test('a number in a path indexes a list', async () => {
    const r = await site.cli(['events', 'get', String(eventId), '--fields', 'organizer.0.organizer,organizer.1.organizer', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(json(r.stdout)).toEqual({ organizer: [{ organizer: 'First Org' }, { organizer: 'Second Org' }] });
    const table = await site.cli(['events', 'get', String(eventId), '--fields', 'organizer.1.organizer']);
    expect(table.stdout).toBe('organizer.1.organizer\tSecond Org\n');
  });

  test('--format ids and count refuse --fields rather than ignore it', async () => {
    for (const format of ['ids', 'count']) {
      const r = await site.cli(['events', 'list', '--format', format, '--fields', 'title']);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`--fields does not apply to --format ${format}`));
    }
  });
});
