/**
 * Drafts copied through iCalendar stay unpublished: our export carries the status in
 * X-CALENDAR-STATUS and our import reads it back; STATUS:TENTATIVE alone (as Google writes
 * it for published events) still imports as published.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { created, json, useSite } from './helpers.js';

type Json = Record<string, any>;

const source = useSite();
const target = useSite();
const dir = mkdtempSync(join(tmpdir(), 'calendar-ics-drafts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const statusesOn = async (site: typeof target) => {
  const r = await site.cli(['events', 'list', '--start-date', '2027-01-01', '--status', 'publish,draft,pending', '--format', 'json']);
  expect(r.code, r.stderr).toBe(0);
  return Object.fromEntries(json<Json[]>(r.stdout).map((e) => [e.title, e.status]));
};

test('a draft and a pending event exported as iCalendar import unpublished; a published one published', async () => {
  const event = (title: string, status: string, day: string) =>
    created(source.sandbox, 'events', { title, status, start_date: `2027-09-${day} 10:00:00`, end_date: `2027-09-${day} 11:00:00` });
  await event('Still a draft', 'draft', '01');
  await event('Waiting for review', 'pending', '02');
  await event('Out already', 'publish', '03');
  const exported = await source.cli(['export', 'events', '--format', 'ics', '--start-date', '2027-09-01', '--status', 'publish,draft,pending']);
  expect(exported.code, exported.stderr).toBe(0);
  expect(exported.stdout).toMatch(/SUMMARY:Still a draft[\s\S]*?STATUS:TENTATIVE\r\nX-CALENDAR-STATUS:draft/);
  const file = join(dir, 'source.ics');
  writeFileSync(file, exported.stdout);
  const imported = await target.cli(['import', 'events', file]);
  expect(imported.code, imported.stderr).toBe(0);
  expect(await statusesOn(target)).toEqual({ 'Still a draft': 'draft', 'Waiting for review': 'pending', 'Out already': 'publish' });
  const again = await target.cli(['import', 'events', file]);
  expect(again.stderr).toContain('0 created, 0 updated, 3 unchanged');
});

test('STATUS:TENTATIVE from another producer is a published, tentative event', async () => {
  const file = join(dir, 'google.ics');
  writeFileSync(
    file,
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
      'BEGIN:VEVENT',
      'UID:tentative-1@google.com',
      'DTSTAMP:20270101T000000Z',
      'DTSTART:20271005T150000Z',
      'DTEND:20271005T160000Z',
      'SUMMARY:Maybe lunch',
      'STATUS:TENTATIVE',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n'),
  );
  const r = await target.cli(['import', 'events', file]);
  expect(r.code, r.stderr).toBe(0);
  expect((await statusesOn(target))['Maybe lunch']).toBe('publish');
});
