/** Fault injection: the spec, the seeded picker, and what each fault does on the wire. */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { faultPicker, FaultSpecError, parseFaultSeed, parseFaultSpec } from '../../src/sandbox/http/faults.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { client, type Client } from './helpers.js';

const dirs: string[] = [];
afterAll(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
/** A data file in a folder of its own, removed after the file's tests. */
function tempDataFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-faults-'));
  dirs.push(dir);
  return join(dir, 'data.json');
}

describe('fault spec', () => {
  it('reads fractions, percentages and slow=MS:RATE', () => {
    expect(parseFaultSpec('reset=0.1, 429=5%,slow=200:0.25')).toEqual([
      { kind: 'reset', rate: 0.1 },
      { kind: '429', rate: 0.05 },
      { kind: 'slow', rate: 0.25, delayMs: 200 },
    ]);
    expect(parseFaultSpec('slow=50')).toEqual([{ kind: 'slow', rate: 1, delayMs: 50 }]);
  });

  it.each([
    ['', 'needs a comma list'],
    ['reset', 'is not kind=rate'],
    ['boom=0.1', 'unknown fault "boom"'],
    ['reset=abc', 'must be a fraction'],
    ['reset=1.5', 'at most 1'],
    ['reset=-0.1', 'must be a fraction'],
    ['reset=0.6,html=0.6', 'add up to 1.2'],
    ['reset=0.1,reset=0.1', 'given twice'],
    ['slow=fast', 'slow takes MS or MS:RATE'],
    ['slow=100:2', 'at most 1'],
  ])('refuses %j with a clear message', (spec, message) => {
    expect(() => parseFaultSpec(spec)).toThrow(FaultSpecError);
    expect(() => parseFaultSpec(spec)).toThrow(message);
  });

  it('refuses a seed that is not a 32-bit unsigned integer', () => {
    expect(parseFaultSeed('42')).toBe(42);
    for (const bad of ['-1', '1.5', 'x', '4294967296']) expect(() => parseFaultSeed(bad)).toThrow(FaultSpecError);
  });
});

describe('fault picker', () => {
  const rules = parseFaultSpec('reset=0.1,reset-after=0.1,429=0.1,503=0.1,html=0.1');
  const fates = (seed: number) => {
    const picker = faultPicker(rules, seed);
    return Array.from({ length: 2000 }, () => picker.next()?.kind ?? 'ok');
  };

  it('gives the same faults for the same seed and others for another seed', () => {
    expect(fates(7)).toEqual(fates(7));
    expect(fates(7)).not.toEqual(fates(8));
  });

  it('picks each fault at about its rate', () => {
    const all = fates(3);
    for (const kind of ['reset', 'reset-after', '429', '503', 'html']) {
      const share = all.filter((fate) => fate === kind).length / all.length;
      expect(share).toBeGreaterThan(0.07);
      expect(share).toBeLessThan(0.13);
    }
    expect(all.filter((fate) => fate === 'ok').length / all.length).toBeGreaterThan(0.45);
  });
});

describe('faults on the wire', () => {
  let c: Client | undefined;
  afterEach(async () => {
    await c?.close();
    c = undefined;
  });

  it('answers 429 with Retry-After: 1', async () => {
    c = await client({ faults: '429=1' });
    const response = await fetch(`${c.api}/venues`);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(c.sandbox.stats.faults).toEqual({ 429: 1 });
  });

  it('answers 503 and html with HTML pages, 500 with a JSON error', async () => {
    c = await client({ faults: '503=1' });
    let response = await fetch(`${c.api}/venues`);
    expect([response.status, response.headers.get('content-type')]).toEqual([503, 'text/html']);
    await c.close();
    c = await client({ faults: 'html=1' });
    response = await fetch(`${c.api}/venues`);
    expect(response.status).toBe(500);
    expect(await response.text()).toMatch(/<html[\s\S]*critical error/);
    await c.close();
    c = await client({ faults: '500=1' });
    response = await fetch(`${c.api}/venues`);
    expect([response.status, ((await response.json()) as { code: string }).code]).toEqual([500, 'internal_server_error']);
  });

  it('reset drops the connection before handling: nothing is stored', async () => {
    const dataFile = tempDataFile();
    c = await client({ faults: 'reset=1', dataFile });
    await expect(c.call('POST', '/venues', { venue: 'Never Stored' })).rejects.toThrow();
    expect(c.sandbox.stats.faults).toEqual({ reset: 1 });
    await c.close();
    c = await client({ dataFile });
    expect((await c.call('GET', '/venues')).body.venues).toEqual([]);
  });

  it('reset-after stores the write, then drops the connection', async () => {
    const dataFile = tempDataFile();
    c = await client({ faults: 'reset-after=1', dataFile });
    await expect(c.call('POST', '/venues', { venue: 'Stored Anyway' })).rejects.toThrow();
    await c.close();
    c = await client({ dataFile });
    const list = await c.call('GET', '/venues');
    expect(list.body.venues.map((venue: { venue: string }) => venue.venue)).toEqual(['Stored Anyway']);
  });

  it('slow delays the answer', async () => {
    c = await client({ faults: 'slow=150' });
    const started = performance.now();
    expect((await c.call('GET', '/venues')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('draws once per request in arrival order, whatever the path', async () => {
    c = await client({ faults: '429=0.5', faultsSeed: 11 });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await fetch(i % 2 ? `${c.api}/venues` : `${c.sandbox.url}/`)).status);
    const expected = (() => {
      const picker = faultPicker(parseFaultSpec('429=0.5'), 11);
      return Array.from({ length: 40 }, () => (picker.next() ? 429 : 200));
    })();
    expect(statuses).toEqual(expected);
    expect(c.sandbox.stats.requests).toBe(40);
  });
});
