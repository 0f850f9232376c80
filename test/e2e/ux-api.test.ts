import { describe, expect, test } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { api, json, PASSWORD, useSite } from './helpers.js';

const site = useSite();
const cli = site.cli;

describe('calendar api', () => {
  test('GET a namespace path prints the JSON body', async () => {
    await api(site.sandbox, 'POST', 'venues', { venue: 'Raw Hall' });
    const r = await cli(['api', 'GET', '/venues']);
    expect(r.code, r.stderr).toBe(0);
    const body = json<{ venues: Array<{ venue: string }>; total: number }>(r.stdout);
    expect(body.venues.map((v) => v.venue)).toContain('Raw Hall');
    // Piped, the body is passed on exactly as the site sent it (WordPress escapes slashes).
    expect(r.stdout).toContain('http:\\/\\/127.0.0.1');
    const relative = await cli(['api', 'get', 'venues', '-F', 'per_page=1']);
    expect(json<{ venues: unknown[] }>(relative.stdout).venues).toHaveLength(1);
  });

  test('POST with -f sends a JSON body; -F types numbers and reads @files', async () => {
    const r = await cli(['api', 'POST', '/tags', '-f', 'name=Raw']);
    expect(r.code, r.stderr).toBe(0);
    const tag = json<{ id: number; name: string }>(r.stdout);
    expect(tag.name).toBe('Raw');
    const file = join(site.home.home, 'description.txt');
    writeFileSync(file, 'From a file\n');
    const child = await cli(['api', 'POST', '/categories', '-f', 'name=Parent Raw', '-F', `description=@${file}`]);
    const parent = json<{ id: number; description: string }>(child.stdout);
    expect(parent.description).toBe('From a file');
    const kid = await cli(['api', 'POST', '/categories', '-f', 'name=Kid Raw', '-F', `parent=${parent.id}`]);
    expect(json<{ parent: number }>(kid.stdout).parent).toBe(parent.id);
  });

  test('--input sends a raw JSON body from stdin', async () => {
    const r = await cli(['api', 'POST', '/organizers', '--input', '-'], { stdin: JSON.stringify({ organizer: 'Raw Org', email: 'raw@example.com' }) });
    expect(r.code, r.stderr).toBe(0);
    expect(json<{ organizer: string }>(r.stdout).organizer).toBe('Raw Org');
  });

  test('-i prints the status line and headers before the body', async () => {
    const r = await cli(['api', '-i', 'GET', '/events']);
    expect(r.code, r.stderr).toBe(0);
    const [head, body] = r.stdout.split('\n\n');
    expect(head.split('\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(head.toLowerCase()).toMatch(/^x-tec-total: \d+$/m);
    expect(json<{ events: unknown[] }>(body).events).toBeInstanceOf(Array);
  });

  test('a /wp-json path is from the REST root', async () => {
    const r = await cli(['api', 'GET', '/wp-json/']);
    expect(r.code, r.stderr).toBe(0);
    expect(json<{ namespaces: string[] }>(r.stdout).namespaces).toContain('tribe/events/v1');
  });

  test('an error status prints the body and exits like other commands', async () => {
    const missing = await cli(['api', 'GET', '/nothing/here']);
    expect(missing.code).toBe(3);
    expect(json<{ code: string }>(missing.stdout).code).toBe('rest_no_route');
    expect(missing.stderr).toMatch(/^calendar: .*rest_no_route, HTTP 404/);
    const anonymous = await cli(['api', 'POST', '/tags', '-f', 'name=Nope'], { env: { CALENDAR_APP_PASSWORD: undefined, CALENDAR_USERNAME: undefined } });
    expect(anonymous.code).toBe(4);
    const refused = await cli(['api', 'POST', '/tags']);
    expect(refused.code).toBe(1);
  });

  test('bad input is refused before any request', async () => {
    const before = site.sandbox.stats.requests;
    for (const args of [
      ['api', 'FETCH', '/events'],
      ['api', 'GET', 'https://example.org/wp-json/'],
      ['api', 'POST', '/tags', '-f', 'novalue'],
      ['api', 'POST', '/tags', '--input', join(site.home.home, 'missing.json')],
      ['api', 'GET', '/events', '--format', 'csv'],
    ]) {
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^calendar: /);
    }
    expect(site.sandbox.stats.requests).toBe(before);
  });

  test('--debug shows the request but never the credentials', async () => {
    const r = await cli(['--debug', 'api', 'POST', '/tags', '-f', 'name=Debugged']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/debug: > POST http/);
    expect(r.stdout + r.stderr).not.toContain(PASSWORD);
    expect(r.stdout + r.stderr).not.toContain(Buffer.from(`admin:${PASSWORD}`).toString('base64'));
  });
});
