/**
 * A site that goes away in the middle of a bulk run: every engine (import, the iCalendar
 * import, site apply) stops sending after a few refused connections, says so in one line,
 * exits 5, and keeps what it did not send. The site "goes away" behind a loopback relay that
 * the test cuts once the sandbox has received a few writes: the relay stops listening (later
 * connections are refused) and drops the connections it holds.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { runCli, writeFileIn, type Sandbox } from './helpers.js';
import { useRelayedSites, type Relay } from './relayed-site.js';

const ROWS = 60;
// Retries of the reads in flight when the site went away wait on a clock 50 times faster.
const fastClock = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms / 50));
const WRITES_BEFORE_CUT = 5;

/** A loopback relay to `sandbox` that goes away for good once the sandbox has received `writes` writes. */
async function relayUntil(sandbox: Sandbox, writes: number): Promise<Relay> {
  const sockets = new Set<Socket>();
  let cut = false;
  const server: Server = createServer((client) => {
    const upstream = connect(sandbox.port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined).on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk) => {
      if (!cut && sandbox.stats.writes >= writes) goAway();
      if (cut) return void client.destroy();
      upstream.write(chunk);
    });
    upstream.pipe(client);
  });
  const goAway = () => {
    cut = true;
    server.close();
    for (const socket of sockets) socket.destroy();
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { restRoot: `http://127.0.0.1:${port}/wp-json`, close: () => (cut ? undefined : goAway()) };
}

const goneSite = useRelayedSites((sandbox) => relayUntil(sandbox, WRITES_BEFORE_CUT));

/** stderr without the summary line: what was said about failures. */
function assertOneLineAboutTheSite(stderr: string): void {
  const lines = stderr.trim().split('\n');
  const unreachable = lines.filter((line) => line.includes('the site is unreachable'));
  expect(unreachable, stderr).toHaveLength(1);
  expect(unreachable[0]).toMatch(
    /^calendar: cannot connect to http:\/\/127\.0\.0\.1:\d+: connection refused \(3 times in a row\): the site is unreachable, nothing more was sent; \d+ /,
  );
  // At most a line for each request in flight when the site went away, and for the refusals before the third.
  expect(lines.length, stderr).toBeLessThan(12);
}

describe('a site that goes away mid-run', () => {
  test('import: one line, exit 5, every record not created in --failed-to', async () => {
    const { sandbox, home, env } = await goneSite();
    const rows = Array.from({ length: ROWS }, (_, i) => JSON.stringify({ venue: `Gone Hall ${i}`, city: 'Nowhere' }));
    const input = writeFileIn(home.home, 'venues.ndjson', `${rows.join('\n')}\n`);
    const failedTo = `${home.home}/failed.ndjson`;
    const r = await runCli(['import', 'venues', input, '--failed-to', failedTo, '--concurrency', '2'], { env, sleep: fastClock });
    expect(r.code, r.stderr).toBe(5);
    assertOneLineAboutTheSite(r.stderr);
    const stored = new Set(sandbox.store.data.posts.filter((p) => p.type === 'venue').map((p) => String(p.fields.venue)));
    const kept = readFileSync(failedTo, 'utf8')
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { venue: string }).venue);
    // Nothing lost: each row is either on the site or in the file (a create cut in flight may be both).
    const all = Array.from({ length: ROWS }, (_, i) => `Gone Hall ${i}`);
    expect(all.filter((name) => !stored.has(name) && !kept.includes(name))).toEqual([]);
    expect(kept.length).toBeGreaterThan(ROWS - WRITES_BEFORE_CUT - 4);
    expect(r.stderr).toMatch(new RegExp(`; ${kept.length} of ${ROWS} records not confirmed\\n`));
  });

  test('iCalendar import: one line, exit 5', async () => {
    const { home, env } = await goneSite();
    const events = Array.from({ length: ROWS }, (_, i) => [
      'BEGIN:VEVENT',
      `UID:gone-${i}@feed.test`,
      'DTSTAMP:20261101T000000Z',
      `SUMMARY:Gone talk ${i}`,
      `DTSTART:202702${String((i % 27) + 1).padStart(2, '0')}T180000Z`,
      'DURATION:PT1H',
      'END:VEVENT',
    ]);
    const feed = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//gone//EN', ...events.flat(), 'END:VCALENDAR', ''].join('\r\n');
    const input = writeFileIn(home.home, 'gone.ics', feed);
    const r = await runCli(['import', 'events', input, '--concurrency', '2'], { env, sleep: fastClock });
    expect(r.code, r.stderr).toBe(5);
    assertOneLineAboutTheSite(r.stderr);
    expect(r.stderr).toMatch(/events of \S*gone\.ics not confirmed/);
  });

  test('site apply: one line, exit 5', async () => {
    const { home, env } = await goneSite();
    const tags = Array.from({ length: ROWS }, (_, i) => `  gone-${i}:\n    name: Gone ${i}\n`).join('');
    const file = writeFileIn(home.home, 'site.yaml', `tags:\n${tags}`);
    const r = await runCli(['apply', file, '--concurrency', '2', '--yes'], { env, sleep: fastClock });
    expect(r.code, r.stderr).toBe(5);
    assertOneLineAboutTheSite(r.stderr);
    expect(r.stderr).toMatch(new RegExp(`of ${ROWS} changes not confirmed`));
  });
});
