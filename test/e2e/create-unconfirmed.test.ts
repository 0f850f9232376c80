/**
 * A create whose answer never arrives (a timeout, a connection cut after the site stored the
 * record) is looked up before it is reported: an import without --upsert-by that made the
 * record reports it created, once, and never sends it twice. The answer is lost by a loopback
 * relay in front of the sandbox that cuts the connection once the first POST is answered.
 */
import { createServer, type Server } from 'node:net';
import { describe, expect, test } from 'vitest';
import { runCli, writeFileIn, type Sandbox } from './helpers.js';
import { listening, upstreamOf, useRelayedSites, type Relay } from './relayed-site.js';

/** A relay to `sandbox` that loses the answer to the first POST it carries. */
async function losingFirstAnswer(sandbox: Sandbox): Promise<Relay> {
  let lost = false;
  const server: Server = createServer((client) => {
    const upstream = upstreamOf(client, sandbox);
    let losing = false;
    client.on('data', (chunk) => {
      if (!lost && chunk.toString('latin1').startsWith('POST ')) lost = losing = true;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      // The site has stored the record and answered; the answer goes nowhere.
      if (losing) return void client.destroy();
      client.write(chunk);
    });
  });
  return listening(server);
}

const site = useRelayedSites(losingFirstAnswer);

describe('a create whose answer was lost', () => {
  test('is found on the site and reported created, once', async () => {
    for (const [resource, rows, names] of [
      [
        'venues',
        [
          { venue: 'Lost Answer Hall', city: 'Brest' },
          { venue: 'Second Hall', city: 'Brest' },
        ],
        ['Lost Answer Hall', 'Second Hall'],
      ],
      // Two events of one title: the lookup takes only the one that holds what was sent.
      [
        'events',
        [
          { title: 'Lost answer talk', start_date: '2027-05-01 18:00:00', end_date: '2027-05-01 19:00:00' },
          { title: 'Lost answer talk', start_date: '2027-05-08 18:00:00', end_date: '2027-05-08 19:00:00' },
        ],
        ['Lost answer talk 2027-05-01 18:00:00', 'Lost answer talk 2027-05-08 18:00:00'],
      ],
    ] as const) {
      const { sandbox, home, env } = await site();
      const input = writeFileIn(home.home, `${resource}.ndjson`, rows.map((row) => JSON.stringify(row)).join('\n'));
      const r = await runCli(['import', resource, input, '--concurrency', '1', '--format', 'ids'], { env, sleep: () => Promise.resolve() });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('2 created, 0 updated, 0 unchanged, 0 failed\n');
      const stored = sandbox.store.data.posts.filter((post) => post.type === (resource === 'venues' ? 'venue' : 'event'));
      expect(stored.map((post) => (resource === 'venues' ? post.fields.venue : `${String(post.fields.title)} ${String(post.fields.start)}`))).toEqual(names);
      expect(r.stdout.trim().split('\n').map(Number)).toEqual(stored.map((post) => post.id));
    }
  });
});
