/** The data file: read back after a restart, refused and left untouched when corrupt. */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { DataFileError, startSandbox } from '../../src/sandbox/index.js';
import { serve } from '../../src/sandbox/serve.js';
import { client } from './helpers.js';
import { replay } from './differential-replay.js';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-persist-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('data file', () => {
  it('survives a restart, IDs included', async () => {
    const file = join(dir, 'restart.json');
    const first = await client({ dataFile: file });
    const venue = await first.call('POST', '/venues', { venue: 'Persistent Hall', city: 'Utica' });
    await first.close();
    const second = await client({ dataFile: file });
    try {
      const read = await second.call('GET', `/venues/${venue.body.id}`);
      expect(read.status).toBe(200);
      expect(read.body.venue).toBe('Persistent Hall');
      const next = await second.call('POST', '/organizers', { organizer: 'Next One' });
      expect(next.body.id).toBe(venue.body.id + 1);
    } finally {
      await second.close();
    }
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('writes a change within a moment, before close', async () => {
    const file = join(dir, 'coalesced.json');
    const c = await client({ dataFile: file });
    try {
      await c.call('POST', '/tags', { name: 'Soon Written' });
      // Written about 100 ms later, in the background; a loaded machine may take longer, never until close.
      const names = () => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).terms.map((term: { name: string }) => term.name) : []);
      for (let waited = 0; waited < 5_000 && names().length === 0; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(names()).toEqual(['Soon Written']);
    } finally {
      await c.close();
    }
  });

  it('refuses a corrupt file and leaves it untouched', async () => {
    const file = join(dir, 'corrupt.json');
    const text = '{"events": [ {"id": 1, ';
    writeFileSync(file, text);
    await expect(startSandbox({ port: 0, dataFile: file, quiet: true })).rejects.toBeInstanceOf(DataFileError);
    const stderr = new PassThrough();
    let said = '';
    stderr.on('data', (chunk) => (said += chunk));
    const code = await serve({ port: 0, data: file }, { stderr, env: {} });
    expect(code).not.toBe(0);
    expect(said.trim().split('\n')).toHaveLength(1);
    expect(said).toContain('corrupt');
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('refuses a JSON file of another shape', async () => {
    const file = join(dir, 'other.json');
    writeFileSync(file, '[1,2,3]');
    await expect(startSandbox({ port: 0, dataFile: file, quiet: true })).rejects.toThrow(/not a sandbox data file/);
    expect(readFileSync(file, 'utf8')).toBe('[1,2,3]');
  });

  it('seeds the demo calendar only into an empty store', async () => {
    const file = join(dir, 'seeded.json');
    const first = await client({ dataFile: file, seed: 'demo' });
    const seeded = await first.call('GET', '/events?per_page=50', undefined, { auth: true });
    expect(seeded.body.total).toBeGreaterThan(20);
    const titles = seeded.body.events.map((event: { title: string }) => event.title);
    expect(titles).toContain('Season Planning (draft)');
    expect(seeded.body.events.some((event: { all_day: boolean }) => event.all_day)).toBe(true);
    expect(seeded.body.events.some((event: { featured: boolean }) => event.featured)).toBe(true);
    await first.call('DELETE', `/events/${seeded.body.events[0].id}`);
    await first.close();
    const second = await client({ dataFile: file, seed: 'demo' });
    try {
      const again = await second.call('GET', '/events?per_page=50', undefined, { auth: true });
      expect(again.body.total).toBe(seeded.body.total - 1);
      const categories = await second.call('GET', '/categories?hide_empty=false&per_page=50');
      expect(categories.body.categories.some((category: { parent: number }) => category.parent > 0)).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('encodes only the changed posts again, and the text always matches the state', async () => {
    // The 597 requests of the differential run (creates, updates, trashed venues their events
    // lose, deleted terms, restores), the file's text checked against the state after each one.
    let checks = 0;
    const result = await replay(join(import.meta.dirname, '../fixtures/differential/seed-1.json'), {
      afterEach: ({ store }) => {
        const written: unknown = JSON.parse(store.serialize());
        const state: unknown = JSON.parse(JSON.stringify(store.data));
        // Node's comparison first; vitest's, slower, runs only to explain a difference it finds.
        if (!isDeepStrictEqual(written, state)) expect(written).toEqual(state);
        checks++;
      },
    });
    expect(result.total).toBe(597);
    expect(checks).toBe(597);
  });
});
