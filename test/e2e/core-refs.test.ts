/**
 * The core's references against a sandbox: every kind of reference resolves to the record's ID
 * and its path by ID (a slug is looked up, never taken for a number), names only where the
 * resource has them, and "not found" is one error whatever the server said. The site is opened
 * by the core (src/core/config/site.ts), as the CLI and the library open it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openSite, type Site } from '../../src/core/config/site.js';
import { CalendarError, EXIT, UsageError } from '../../src/core/errors.js';
import { parseRef, recordTarget } from '../../src/core/records/refs.js';
import { resources } from '../../src/spec/resources.js';
import { created, PASSWORD, startTestSandbox, USER, type Sandbox } from './helpers.js';

let sandbox: Sandbox;
let site: Site;
const said: string[] = [];
const messages = { notice: (m: string) => said.push(m), warn: (m: string) => said.push(m), error: (m: string) => said.push(m) };

beforeAll(async () => {
  sandbox = await startTestSandbox();
  site = await openSite({ flags: { baseUrl: sandbox.restRoot }, given: { username: USER, appPassword: PASSWORD }, env: {}, cwd: '/', messages });
});

afterAll(async () => {
  await site?.close();
  await sandbox?.close();
});

const target = (name: keyof typeof resources, raw: string | number) => recordTarget(resources[name], parseRef(resources[name], raw), site.client);

describe('recordTarget', () => {
  test('an ID, a slug and a name each give the ID and the path by ID', async () => {
    const event = await created(sandbox, 'events', { title: '2027 Gala', start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 11:00:00' });
    const venue = await created(sandbox, 'venues', { venue: 'Refs Hall' });
    const tag = await created(sandbox, 'tags', { name: 'Refs Tag' });
    expect(await target('events', event)).toEqual({ id: event, path: `events/${event}` });
    // A slug that starts with digits is still a slug: looked up, never Number('2027-gala').
    expect(await target('events', '2027-gala')).toEqual({ id: event, path: `events/${event}` });
    expect(await target('venues', 'refs-hall')).toEqual({ id: venue, path: `venues/${venue}` });
    expect(await target('venues', 'Refs Hall')).toEqual({ id: venue, path: `venues/${venue}` });
    // Terms have no by-slug route: the slug is found through the list.
    expect(await target('tags', 'refs-tag')).toEqual({ id: tag, path: `tags/${tag}` });
    expect(await target('tags', 'Refs Tag')).toEqual({ id: tag, path: `tags/${tag}` });
  });

  test('what names nothing is one "not found" (exit 3); what is no reference at all is refused before any request (exit 2)', async () => {
    const missing = await target('tags', 'no-such-tag').catch((err: unknown) => err);
    expect(missing).toBeInstanceOf(CalendarError);
    expect(missing).toMatchObject({ exitCode: EXIT.notFound, message: 'tag no-such-tag not found' });
    const named = await target('venues', 'No Such Hall').catch((err: unknown) => err);
    expect(named).toMatchObject({ exitCode: EXIT.notFound, message: 'venue "No Such Hall" not found' });
    expect(() => parseRef(resources.events, 'two words')).toThrow(UsageError);
    expect(() => parseRef(resources.events, '1.5')).toThrow('"1.5" is not a valid event ID');
    expect(parseRef(resources.events, ' 42 ')).toEqual({ kind: 'id', id: 42, text: '42' });
  });
});
