/**
 * Ctrl-C during an import: the first SIGINT stops sending, lets the requests in flight
 * finish, prints the summary, writes every row not confirmed to --failed-to and exits 130.
 * Running the same import again completes it: every record exactly once, each one listed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, runCli, startTestSandbox, tempHome, USER, PASSWORD } from '../e2e/helpers.js';
import { reportFigure, startServe } from './helpers.js';

const RECORDS = 200;
const dir = mkdtempSync(join(tmpdir(), 'calendar-interrupt-'));
const home = tempHome();
afterAll(() => {
  home.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const slugOf = (i: number) => `interrupted-show-${String(i).padStart(3, '0')}`;

/** Runs the CLI and sends SIGINT (or `signal`) once `when` says so (asked every 50 ms). */
function runAndInterrupt(
  args: string[],
  env: Record<string, string>,
  when: () => boolean,
  signal: NodeJS.Signals = 'SIGINT',
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, ...env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setInterval(() => {
      if (!when()) return;
      clearInterval(timer);
      child.kill(signal);
    }, 50);
    const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(timer);
      clearTimeout(killer);
      resolve({ code, stderr, stdout });
    });
  });
}

/**
 * An import into a sandbox whose every request takes 40 ms, stopped by `signal` once the data
 * file holds `enough` records marked `marker` (the import is under way, whatever the machine's
 * load), then the same import run again to its end.
 */
async function stopAndRerun(options: {
  name: string;
  args: string[];
  flags: string[];
  failedTo: string;
  marker: string;
  enough: number;
  signal?: NodeJS.Signals;
}) {
  const dataFile = join(dir, `${options.name}.json`);
  const serve = await startServe(['--data', dataFile, '--user', USER, '--password', PASSWORD, '--faults', 'slow=40']);
  const env = { ...home.env, CALENDAR_BASE_URL: serve.restRoot, CALENDAR_USERNAME: USER, CALENDAR_APP_PASSWORD: PASSWORD };
  const stored = () => (existsSync(dataFile) ? readFileSync(dataFile, 'utf8').split(options.marker).length - 1 : 0);
  try {
    const first = await runAndInterrupt(
      [...options.args, ...options.flags, '--failed-to', options.failedTo],
      env,
      () => stored() >= options.enough,
      options.signal,
    );
    const second = await runCli([...options.args, ...options.flags], { env, timeoutMs: 120_000 });
    return { first, second, dataFile };
  } finally {
    expect(await serve.stop()).toBe(0);
  }
}

describe('interrupted import', () => {
  it('stops cleanly on Ctrl-C, and a re-run leaves every record exactly once and listed', async () => {
    const file = join(dir, 'events.ndjson');
    const failedTo = join(dir, 'failed.ndjson');
    const lines = Array.from({ length: RECORDS }, (_, i) =>
      JSON.stringify({
        title: `Interrupted Show ${i}`,
        slug: slugOf(i),
        start_date: `2027-05-${String((i % 28) + 1).padStart(2, '0')} 19:00`,
        end_date: `2027-05-${String((i % 28) + 1).padStart(2, '0')} 21:00`,
      }),
    );
    writeFileSync(file, `${lines.join('\n')}\n`);
    const { first, second, dataFile } = await stopAndRerun({
      name: 'calendar',
      args: ['import', 'events', file],
      flags: ['--upsert-by', 'slug', '--yes', '--concurrency', '4'],
      failedTo,
      marker: 'interrupted-show-',
      enough: 20,
    });
    expect(first.code, first.stderr).toBe(130);
    expect(first.stderr).toContain('interrupted: no new request is sent');
    expect(first.stderr).toMatch(/\d+ created, 0 updated, 0 unchanged, 0 failed, \d+ not sent/);
    expect(existsSync(failedTo)).toBe(true);
    const leftover = readFileSync(failedTo, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).slug as string);
    const created = Number(/(\d+) created/.exec(first.stderr)?.[1]);
    expect(created).toBeGreaterThan(0);
    expect(created + leftover.length).toBe(RECORDS);
    expect(leftover).toEqual([...leftover].sort()); // in input order
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(`${leftover.length} created, 0 updated, ${created} unchanged, 0 failed`);

    const checker = await startTestSandbox({ dataFile });
    try {
      const counts = new Map<string, number>();
      for (let page = 1; ; page++) {
        const res = await fetch(`${checker.restRoot}/tribe/events/v1/events?per_page=50&page=${page}&start_date=2027-01-01&end_date=2027-12-31`);
        if (res.status !== 200) break;
        const body = (await res.json()) as { events: Array<{ slug: string }>; total_pages: number };
        for (const event of body.events) counts.set(event.slug, (counts.get(event.slug) ?? 0) + 1);
        if (page >= body.total_pages) break;
      }
      const once = Array.from({ length: RECORDS }, (_, i) => slugOf(i)).filter((slug) => counts.get(slug) === 1).length;
      reportFigure(`interrupted import: ${once}/${RECORDS} listed exactly once after a re-run`);
      expect(once).toBe(RECORDS);
      expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(RECORDS);
    } finally {
      await checker.close();
    }
  }, 180_000);
});

describe('import stopped by SIGTERM', () => {
  it('winds down as on Ctrl-C: summary, rows not confirmed in --failed-to, exit 130', async () => {
    const count = 120;
    const file = join(dir, 'term.ndjson');
    const failedTo = join(dir, 'term-failed.ndjson');
    const slug = (i: number) => `terminated-show-${String(i).padStart(3, '0')}`;
    writeFileSync(
      file,
      Array.from(
        { length: count },
        (_, i) => `${JSON.stringify({ title: `Terminated Show ${i}`, slug: slug(i), start_date: '2027-06-01 19:00', end_date: '2027-06-01 21:00' })}\n`,
      ).join(''),
    );
    const { first, second } = await stopAndRerun({
      name: 'term',
      args: ['import', 'events', file],
      flags: ['--upsert-by', 'slug', '--yes', '--concurrency', '2'],
      failedTo,
      marker: 'terminated-show-',
      enough: 10,
      signal: 'SIGTERM',
    });
    expect(first.code, first.stderr).toBe(130);
    expect(first.stderr).toContain('terminated (SIGTERM): no new request is sent; the ones in flight finish (a second signal aborts at once)');
    expect(first.stderr).toMatch(/\d+ created, 0 updated, 0 unchanged, 0 failed, \d+ not sent/);
    const leftover = readFileSync(failedTo, 'utf8').trim().split('\n');
    const created = Number(/(\d+) created/.exec(first.stderr)?.[1]);
    expect(created + leftover.length).toBe(count);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(`${leftover.length} created, 0 updated, ${created} unchanged, 0 failed`);
  }, 180_000);
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
    const { first, second } = await stopAndRerun({
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
