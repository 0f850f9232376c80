/** A series out as one VEVENT (RRULE, EXDATE, RECURRENCE-ID overrides) and back in as the same occurrences. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApiClient } from '../../../src/core/http/client.js';
import type { Sandbox } from '../../../src/sandbox/index.js';
import { clientOf, startSeriesSandbox } from './sandbox-client.js';
import { createSeries, planSeries } from '../../../src/core/series/create.js';
import { SeriesIcs } from '../../../src/core/series/ics.js';
import { safeUpdate } from '../../../src/core/write/execute.js';
import { resources } from '../../../src/spec/resources.js';
import { createIcsStream, readIcs } from '../../../src/core/ical/index.js';

type Json = Record<string, any>;
let sandbox: Sandbox;
let client: ApiClient;
const meta = { calendarName: 'Test', siteUrl: 'http://example.org/', siteTimezone: 'America/New_York', version: '0' };

beforeAll(async () => {
  sandbox = await startSeriesSandbox();
  client = clientOf(sandbox);
});
afterAll(async () => {
  await client.close();
  await sandbox.close();
});

async function exported(records: Json[]): Promise<string> {
  const stream = await createIcsStream(meta);
  const series = new SeriesIcs(client, stream, meta.siteUrl);
  let text = stream.header();
  for (const record of records) text += series.event(record);
  return text + (await series.rest()) + stream.footer();
}

describe('a series as iCalendar', () => {
  test('one VEVENT with the rule, EXDATE for a removed occurrence, RECURRENCE-ID for a moved and a renamed one; read back, the same occurrences', async () => {
    const first = { title: 'Choir', start_date: '2027-03-23 19:00:00', end_date: '2027-03-23 21:00:00', timezone: 'Europe/Paris', status: 'publish' };
    const plan = await planSeries(first, { rule: 'FREQ=WEEKLY;COUNT=5', except: ['2027-03-30'] }, 'America/New_York', 'ics001');
    const { created } = await createSeries(client, plan);
    await safeUpdate(client, resources.events, `events/${created[1].id}`, { start_date: '2027-04-07 18:00:00', end_date: '2027-04-07 20:00:00' });
    await safeUpdate(client, resources.events, `events/${created[2].id}`, { title: 'Choir (guest conductor)' });
    const single = (
      await client.call<Json>('POST', 'events', { body: { title: 'Single', start_date: '2027-03-24 10:00:00', end_date: '2027-03-24 11:00:00' } })
    ).body;
    const listed = (await client.call<Json>('GET', 'events', { query: { per_page: 50, starts_after: '2027-01-01' } })).body.events as Json[];
    const text = await exported(listed);
    const vevents = text.split('BEGIN:VEVENT').length - 1;
    expect(vevents).toBe(4); // the single event, the series, two overrides
    expect(text).toContain('UID:series-ics001@example.org');
    expect(text).toContain('RRULE:FREQ=WEEKLY;COUNT=5');
    expect(text).toContain('DTSTART;TZID=Europe/Paris:20270323T190000');
    expect(text).toContain('EXDATE;TZID=Europe/Paris:20270330T190000');
    expect(text.match(/RECURRENCE-ID;TZID=Europe\/Paris:2027040[6]T190000|RECURRENCE-ID;TZID=Europe\/Paris:20270413T190000/g)).toHaveLength(2);
    expect(text).toContain(`UID:event-${single.id}@example.org`);
    const feed = await readIcs(text, { timezone: 'America/New_York', from: 0, until: Date.UTC(2030, 0, 1) });
    expect(feed.occurrences.map((o) => [o.title, o.start])).toEqual([
      ['Single', '2027-03-24 10:00:00'],
      ['Choir', '2027-03-23 19:00:00'],
      ['Choir', '2027-04-07 18:00:00'],
      ['Choir (guest conductor)', '2027-04-13 19:00:00'],
      ['Choir', '2027-04-20 19:00:00'],
    ]);
  });

  test('occurrences whose series has no rule left are written as single events', async () => {
    const record = {
      id: 9,
      title: 'Orphan',
      slug: 'orphan-series-zzzzzz-20270101',
      start_date: '2027-01-01 10:00:00',
      end_date: '2027-01-01 11:00:00',
      timezone: 'UTC',
    };
    const text = await exported([record]);
    expect(text).toContain('UID:event-9@example.org');
    expect(text).not.toContain('RRULE');
  });
});
