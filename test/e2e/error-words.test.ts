/**
 * One core error, three faces: the core names the option once (src/core/words.ts), and the built
 * CLI says its flag (with the documented exit code), the library its option, an MCP tool its argument.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Calendar, type CalendarMessage } from '../../src/core/index.js';
import type { CalendarServer } from '../../src/mcp/server.js';
import { api, calendarFailure, cliOn, created, PASSWORD, startTestSandbox, tempHome, USER, type Sandbox } from './helpers.js';
import { call, connect } from './mcp-client.js';

let sandbox: Sandbox;
let home: ReturnType<typeof tempHome>;
let client: Client;
let served: CalendarServer;
let cal: Calendar;
const messages: CalendarMessage[] = [];
let eventId: number;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  home = tempHome();
  ({ client, served } = await connect(sandbox));
  cal = new Calendar({ baseUrl: sandbox.restRoot, username: USER, appPassword: PASSWORD, onMessage: (m) => messages.push(m) });
  eventId = await created(sandbox, '/events', { title: 'Words Night', start_date: '2027-05-04 19:00:00', end_date: '2027-05-04 21:00:00' });
});

afterAll(async () => {
  await cal?.close();
  await client?.close();
  await served?.close();
  await sandbox?.close();
  home?.cleanup();
});

describe('a bad number of records per page', () => {
  test('the CLI names --per-page and exits 2 before any request', async () => {
    const before = sandbox.stats.requests;
    const r = await cliOn(sandbox, home, ['events', 'list', '--per-page', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^calendar: --per-page: /);
    expect(r.stderr).not.toMatch(/\bper_page\b/);
    expect(sandbox.stats.requests).toBe(before);
  });

  test('the library names per_page, as its list filter is spelled, and keeps the option by that name', async () => {
    const err = await calendarFailure(cal.events.list({ per_page: 0 }));
    expect(err.exitCode).toBe(2);
    expect(err.message).toMatch(/^per_page: /);
    expect(err.message).not.toContain('--');
    expect(err.options).toEqual(['per_page']);
    expect(err).toMatchObject({ code: 'usage', field: 'per_page', values: { given: 0 } });
  });
});

describe('a venue that matches none, which create_missing would create', () => {
  const fields = { title: 'Words Gig', start_date: '2027-05-05 19:00:00', end_date: '2027-05-05 21:00:00', venue: 'Nowhere Words Hall' };

  test('the CLI hints --create-missing (exit 2, nothing created)', async () => {
    const r = await cliOn(sandbox, home, [
      'events',
      'create',
      '--title',
      fields.title,
      '--start-date',
      fields.start_date,
      '--end-date',
      fields.end_date,
      '--venue',
      fields.venue,
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('or add --create-missing to create them first.');
    const listed = await api<{ events?: unknown[] }>(sandbox, 'GET', '/events?search=Words%20Gig');
    expect(listed.body.events ?? []).toHaveLength(0);
  });

  test('the library hints createMissing: true', async () => {
    const err = await calendarFailure(cal.events.create(fields));
    expect(err.exitCode).toBe(2);
    expect(err.hint).toBe('Use IDs, slugs or exact names of existing records, or add createMissing: true to create them first.');
    expect(err.options).toEqual(['create_missing']);
  });

  test('an MCP tool hints its argument create_missing: true', async () => {
    const answer = await call(client, 'events_create', fields);
    expect(answer.isError).toBe(true);
    expect(answer.texts[0]).toContain('or add create_missing: true to create them first.');
    expect(answer.texts.join('\n')).not.toContain('--');
  });
});

describe('a new start alone moves the end, and each face says how to keep it', () => {
  test('the CLI says --no-keep-duration', async () => {
    const r = await cliOn(sandbox, home, ['events', 'update', String(eventId), '--start-date', '2027-05-04 19:30']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("to keep the event's length (--no-keep-duration keeps the end where it is)");
  });

  test('the library says keepDuration: false', async () => {
    messages.length = 0;
    await cal.events.update(eventId, { start_date: '2027-05-04 20:00' });
    expect(messages.map((m) => m.text)).toContainEqual(expect.stringContaining('(keepDuration: false keeps the end where it is)'));
  });

  test('an MCP tool says keep_duration: false', async () => {
    const answer = await call(client, 'events_update', { ref: eventId, start_date: '2027-05-04 20:30' });
    expect(answer.isError).toBe(false);
    expect(answer.about.notices).toContainEqual(expect.stringContaining('(keep_duration: false keeps the end where it is)'));
  });
});
