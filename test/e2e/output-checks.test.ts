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
      title: 'Fields Event',
      start_date: '2027-06-01 10:00:00',
      end_date: '2027-06-01 11:00:00',
      organizer: [first, second],
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
    expect(get.stderr).toMatch(/"titel" is not a field of events \(did you mean title\?\)/);
    expect(r.stderr).not.toContain('did you mean');
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

describe('checked before sending', () => {
  test('an organizer email that is no address is refused on create, update and import', async () => {
    const create = await site.cli(['organizers', 'create', '--name', 'Mail Org', '--email', 'not-an-email']);
    expect(create.code).toBe(2);
    expect(create.stderr).toMatch(/--email: "not-an-email" is not an email address/);
    const org = await site.cli(['organizers', 'create', '--name', 'Mail Org', '--email', 'mail@example.org', '--format', 'ids']);
    expect(org.code, org.stderr).toBe(0);
    const update = await site.cli(['organizers', 'update', org.stdout.trim(), '--email', 'still wrong@example.org']);
    expect(update.code).toBe(2);
    const imported = await site.cli(['import', 'organizers', '-', '--input-format', 'ndjson'], { stdin: '{"organizer":"Bad Mail Org","email":"nobody"}\n' });
    expect(imported.code).toBe(2);
    expect(imported.stderr).toMatch(/email.*"nobody" is not an email address/);
    const names = await site.cli(['organizers', 'list', '--all', '--format', 'ndjson', '--fields', 'organizer']);
    expect(names.stdout).not.toMatch(/Bad Mail Org/);
  });

  test('an email entity-encoded as real sites hand it out (and export passes on) is accepted', async () => {
    const record = { organizer: 'Encoded Mail Org', email: '&#104;ello&#64;ja&#122;z.example.com' };
    const dry = await site.cli(['import', 'organizers', '-', '--input-format', 'ndjson', '--dry-run'], { stdin: `${JSON.stringify(record)}\n` });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toMatch(/1 to create/);
    const real = await site.cli(['import', 'organizers', '-', '--input-format', 'ndjson', '--format', 'ids'], { stdin: `${JSON.stringify(record)}\n` });
    expect(real.code, real.stderr).toBe(0);
    const stored = await site.cli(['organizers', 'get', 'encoded-mail-org', '--fields', 'email', '--json']);
    expect(json<{ email: string }>(stored.stdout).email.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)))).toBe('hello@jazz.example.com');
  });

  test('a query longer than servers accept is refused, naming the flag, and nothing is sent', async () => {
    const r = await site.cli(['events', 'list', '--search', 'x'.repeat(100_000), '--debug']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--search makes the request URL \d+ characters long; servers refuse URLs over 8000/);
    expect(r.stderr).not.toMatch(/^> GET/m);
    expect(r.stderr).not.toMatch(/431/);
  });
});
