/**
 * Guided create: at a terminal the missing required fields are asked for, the links offered,
 * the record shown and confirmed; off a terminal the missing flags are named, exit 2.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { api, BIN, ROOT, useSite } from './helpers.js';

const site = useSite();

/** Answers each [prompt, answer] pair in turn, as a person at a terminal would. */
const SCRIPTED_PTY = `
import json, os, pty, select, sys
script = json.loads(os.environ['PTY_SCRIPT'])
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
out, seen, step = b'', 0, 0
while True:
    ready, _, _ = select.select([fd], [], [], 30)
    if not ready:
        break
    try:
        data = os.read(fd, 4096)
    except OSError:
        break
    if not data:
        break
    out += data
    while step < len(script) and script[step][0].encode() in out[seen:]:
        seen = out.index(script[step][0].encode(), seen) + len(script[step][0])
        os.write(fd, (script[step][1] + '\\r').encode())
        step += 1
_, status = os.waitpid(pid, 0)
sys.stdout.buffer.write(out)
sys.exit(os.waitstatus_to_exitcode(status))
`;

let helper: string;
beforeAll(async () => {
  helper = join(site.home.home, 'scripted_pty.py');
  writeFileSync(helper, SCRIPTED_PTY);
  await api(site.sandbox, 'POST', 'venues', { venue: 'Guided Hall' });
});

function onTerminal(args: string[], script: Array<[string, string]>): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, ...site.env, TERM: 'xterm', NO_COLOR: '1', PTY_SCRIPT: JSON.stringify(script) };
    const child = spawn('python3', [helper, process.execPath, BIN, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (output += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, output }));
  });
}

describe('guided create', () => {
  test('an event: title and dates asked, a venue by name offered, the record confirmed and created', async () => {
    const r = await onTerminal(['events', 'create', '--format', 'ids'], [
      ['title: ', 'Guided Evening'],
      ['start, ', '2027-10-10 19:00'],
      ['end, ', '2027-10-10 21:00'],
      ['categories', ''],
      ['tags', ''],
      ['venue, ', 'Guided Hall'],
      ['organizer', ''],
      ['Create this event? [y/N] ', 'y'],
    ]);
    expect(r.code, r.output).toBe(0);
    const found = await api<{ events: Array<{ title: string; venue: { venue: string }; start_date: string }> }>(site.sandbox, 'GET', 'events?search=Guided%20Evening&start_date=2027-01-01');
    expect(found.body.events).toHaveLength(1);
    expect(found.body.events[0].venue.venue).toBe('Guided Hall');
    expect(found.body.events[0].start_date).toBe('2027-10-10 19:00:00');
  });

  test('answering no creates nothing', async () => {
    const r = await onTerminal(['venues', 'create'], [['name of the venue: ', 'Never Made Hall'], ['Create this venue? [y/N] ', 'n']]);
    expect(r.code).toBe(1);
    expect((await api<{ venues: unknown[] }>(site.sandbox, 'GET', 'venues?search=Never%20Made')).body.venues ?? []).toHaveLength(0);
  });

  test('off a terminal the missing flags are named, exit 2, nothing sent', async () => {
    const before = site.sandbox.stats.requests;
    const r = await site.cli(['events', 'create', '--title', 'No Dates']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('event create needs --start-date, --end-date');
    expect(site.sandbox.stats.requests).toBe(before);
  });
});
