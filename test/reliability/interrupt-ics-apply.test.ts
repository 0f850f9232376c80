/**
 * Ctrl-C during an iCalendar import and during an apply: the first SIGINT stops sending, lets the
 * requests in flight finish, prints the summary and exits 130; running the same command again
 * completes it. (Apart from interrupt.test.ts so that the two files run on two workers.)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, tempHome, USER, PASSWORD } from '../e2e/helpers.js';
import { startServe } from './helpers.js';
import { runAndInterrupt, stopAndRerun } from './interrupted.js';

const dir = mkdtempSync(join(tmpdir(), 'calendar-interrupt-'));
const home = tempHome();
afterAll(() => {
  home.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe('interrupted iCalendar import', () => {
  it('stops cleanly on Ctrl-C, writes the VEVENTs not sent to --failed-to, and a re-run completes', async () => {
    const count = 120;
    const vevents = Array.from({ length: count }, (_, i) =>
      [
        'BEGIN:VEVENT',
        `UID:stopped-${i}@example.org`,
        'DTSTAMP:20270101T000000Z',
        `DTSTART:202706${String((i % 28) + 1).padStart(2, '0')}T180000Z`,
        'DURATION:PT1H',
        `SUMMARY:Stopped Feed ${i}`,
        'END:VEVENT',
      ].join('\r\n'),
    );
    const file = join(dir, 'stopped.ics');
    writeFileSync(file, `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//test//EN\r\n${vevents.join('\r\n')}\r\nEND:VCALENDAR\r\n`);
    const failedTo = join(dir, 'stopped-failed.ics');
    const { first, second } = await stopAndRerun(dir, home, {
      name: 'stopped',
      args: ['import', 'events', file],
      flags: ['--yes', '--concurrency', '2', '--from', '2027-01-01', '--timezone', 'UTC'],
      failedTo,
      marker: 'stopped-feed-',
      enough: 10,
    });
    expect(first.code, first.stderr).toBe(130);
    expect(first.stderr).toContain('interrupted: no new request is sent');
    expect(first.stderr).toMatch(/\d+ created, 0 updated, 0 unchanged, 0 failed, \d+ not sent/);
    const created = Number(/(\d+) created/.exec(first.stderr)?.[1]);
    const leftover = readFileSync(failedTo, 'utf8').split('BEGIN:VEVENT').length - 1;
    expect(created).toBeGreaterThan(0);
    expect(created + leftover).toBe(count);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(`${leftover} created, 0 updated, ${created} unchanged, 0 failed`);
  }, 180_000);
});

describe('interrupted apply', () => {
  it('stops cleanly on Ctrl-C with a summary, and a second apply completes the file', async () => {
    const count = 100;
    const file = join(dir, 'stopped-site.yaml');
    writeFileSync(file, `tags:\n${Array.from({ length: count }, (_, i) => `  halted-tag-${i}:\n    name: Halted Tag ${i}\n`).join('')}`);
    const dataFile = join(dir, 'stopped-site.json');
    const serve = await startServe(['--data', dataFile, '--user', USER, '--password', PASSWORD, '--faults', 'slow=40']);
    const env = { ...home.env, CALENDAR_BASE_URL: serve.restRoot, CALENDAR_USERNAME: USER, CALENDAR_APP_PASSWORD: PASSWORD };
    let first;
    let second;
    try {
      const stored = () => (existsSync(dataFile) ? readFileSync(dataFile, 'utf8').split('halted-tag-').length - 1 : 0);
      first = await runAndInterrupt(['apply', file, '--yes', '--concurrency', '2'], env, () => stored() >= 10);
      second = await runCli(['apply', file, '--yes'], { env, timeoutMs: 120_000 });
    } finally {
      expect(await serve.stop()).toBe(0);
    }
    expect(first.code, first.stderr).toBe(130);
    expect(first.stderr).toContain('interrupted: no new request is sent');
    const summary = /\n(\d+) created, 0 updated, 0 unchanged, 0 failed, (\d+) not sent\n/.exec(first.stderr);
    expect(summary, first.stderr).not.toBeNull();
    const [created, notSent] = [Number(summary![1]), Number(summary![2])];
    expect(created + notSent).toBe(count);
    expect(first.stderr).toContain(`interrupted: ${notSent} of ${count} changes not confirmed`);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(`${notSent} created, 0 updated, ${created} unchanged, 0 failed\n`);
  }, 180_000);
});
