/**
 * A venue import with --upsert-by slug stopped between a venue's create and the write that sets
 * the file's slug (issue 38, item 3): the re-run finds the row's own half-written record (its
 * name, the slug the site made of it, the row's other fields) and completes it, exit 0, where it
 * used to refuse the name as taken on every run. The stop is a loopback relay that carries the
 * first create and then goes away, as a site killed mid-import.
 */
import { createServer, type Server } from 'node:net';
import { describe, expect, test } from 'vitest';
import { PASSWORD, runCli, USER, writeFileIn, type Sandbox } from './helpers.js';
import { listening, upstreamOf, useRelayedSites, type Relay } from './relayed-site.js';

/** A relay to `sandbox` that carries everything up to the first POST's answer, then cuts every connection. */
async function goneAfterFirstCreate(sandbox: Sandbox): Promise<Relay> {
  let gone = false;
  const server: Server = createServer((client) => {
    if (gone) return void client.destroy();
    const upstream = upstreamOf(client, sandbox);
    let creating = false;
    client.on('data', (chunk) => {
      if (gone) return void client.destroy();
      if (chunk.toString('latin1').startsWith('POST ')) creating = true;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      client.write(chunk);
      if (creating) gone = true;
    });
  });
  return listening(server);
}

const site = useRelayedSites(goneAfterFirstCreate);

describe('an import stopped between a venue create and its slug', () => {
  test('is completed by the re-run, which exits 0', async () => {
    const { sandbox, home, env } = await site();
    const rows = [
      { venue: 'Crash Hall 008', slug: 'crash-hall-008-lyon', city: 'Lyon' },
      { venue: 'Crash Hall 009', slug: 'crash-hall-009-lyon', city: 'Lyon' },
    ];
    const input = writeFileIn(home.home, 'v.ndjson', rows.map((row) => JSON.stringify(row)).join('\n'));
    const args = ['import', 'venues', input, '--upsert-by', 'slug', '--yes', '--concurrency', '1', '--retries', '0'];
    const first = await runCli(args, { env, sleep: () => Promise.resolve() });
    expect([5, 6], first.stderr).toContain(first.code);
    const venues = () => sandbox.store.data.posts.filter((post) => post.type === 'venue').map((post) => [post.fields.venue, post.slug]);
    expect(venues()).toEqual([['Crash Hall 008', 'crash-hall-008']]);
    const direct = { ...env, CALENDAR_BASE_URL: sandbox.restRoot, CALENDAR_USERNAME: USER, CALENDAR_APP_PASSWORD: PASSWORD };
    const dry = await runCli([...args, '--dry-run'], { env: direct });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('update venue "Crash Hall 008" (ID');
    for (const run of [1, 2]) {
      const again = await runCli(args, { env: direct });
      expect(again.code, `run ${run}: ${again.stderr}`).toBe(0);
      expect(again.stderr).toContain(run === 1 ? '1 created, 1 updated, 0 unchanged, 0 failed' : '0 created, 0 updated, 2 unchanged, 0 failed');
    }
    expect(venues()).toEqual([
      ['Crash Hall 008', 'crash-hall-008-lyon'],
      ['Crash Hall 009', 'crash-hall-009-lyon'],
    ]);
  });

  test('a venue of that name that holds other fields is another venue: still refused', async () => {
    const { sandbox, home } = await site();
    const direct = { ...home.env, CALENDAR_BASE_URL: sandbox.restRoot, CALENDAR_USERNAME: USER, CALENDAR_APP_PASSWORD: PASSWORD };
    const made = await runCli(['venues', 'create', '--name', 'Crash Hall 010', '--city', 'Paris', '--format', 'ids'], { env: direct });
    expect(made.code, made.stderr).toBe(0);
    const input = writeFileIn(home.home, 'w.ndjson', JSON.stringify({ venue: 'Crash Hall 010', slug: 'crash-hall-010-lyon', city: 'Lyon' }));
    const r = await runCli(['import', 'venues', input, '--upsert-by', 'slug', '--yes'], { env: direct });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain(`a venue named "Crash Hall 010" exists already (ID ${made.stdout.trim()})`);
  });
});
