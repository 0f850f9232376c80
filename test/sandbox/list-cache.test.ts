/** What the events list keeps between requests (its matches, each event's JSON) is forgotten at every write. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeJson, EncodedJson } from '../../src/sandbox/common/json-text.js';
import { Store } from '../../src/sandbox/store/store.js';
import { client, type Client } from './helpers.js';

let c: Client;
beforeAll(async () => {
  c = await client();
});
afterAll(() => c.close());

const WINDOW = 'start_date=2031-01-01&end_date=2031-12-31';
const day = (n: number) => ({ start_date: `2031-03-${String(n).padStart(2, '0')} 10:00:00`, end_date: `2031-03-${String(n).padStart(2, '0')} 11:00:00` });
const list = async (query = '') => (await c.call('GET', `/events?${WINDOW}&per_page=2${query}`, undefined, { auth: true })).body;

describe('events list kept between requests', () => {
  it('shows a change to a linked venue, a new event and a trashed one at the next read', async () => {
    // A sandbox of its own: the totals below count every event in the window.
    const own = await client();
    const list = async (query = '') => (await own.call('GET', `/events?${WINDOW}&per_page=2${query}`, undefined, { auth: true })).body;
    try {
      const venue = await own.call('POST', '/venues', { venue: 'Cache Hall' });
      const first = await own.call('POST', '/events', { title: 'Cached One', ...day(1), venue: venue.body.id });
      await own.call('POST', '/events', { title: 'Cached Two', ...day(2) });
      const before = await list();
      expect([before.total, before.events[0].venue.venue]).toEqual([2, 'Cache Hall']);

      await own.call('POST', `/venues/${venue.body.id}`, { venue: 'Renamed Hall' });
      expect((await list()).events[0].venue.venue).toBe('Renamed Hall');

      await own.call('POST', '/events', { title: 'Cached Zero', ...day(1), start_date: '2031-03-01 09:00:00' });
      const grown = await list();
      expect([grown.total, grown.total_pages, grown.events.map((event: { title: string }) => event.title)]).toEqual([3, 2, ['Cached Zero', 'Cached One']]);

      await own.call('DELETE', `/events/${first.body.id}`);
      const shrunk = await list();
      expect([shrunk.total, shrunk.events.map((event: { title: string }) => event.title)]).toEqual([2, ['Cached Zero', 'Cached Two']]);
      expect((await list('&status=trash')).events.map((event: { title: string }) => event.title)).toEqual(['Cached One']);
    } finally {
      await own.close();
    }
  });

  it('keeps a protected event blank without its password and whole with it', async () => {
    const seeded = await client({ seed: 'demo' });
    try {
      const description = async (query: string) => (await seeded.call('GET', `/events?search=Members${query}`)).body.events[0].description;
      expect(await description('')).toBe('');
      expect(await description('&password=members')).toContain('ask the front desk');
      expect(await description('&password=wrong')).toBe('');
    } finally {
      await seeded.close();
    }
  });

  it('answers each language its own text', async () => {
    const event = await c.call('POST', '/events', { title: 'Harvest Fair', ...day(25) });
    await c.call('POST', `/events/${event.body.id}?i18n_language=fr`, { title: 'Fête des vendanges', ...day(25) });
    const titles = async (query: string) =>
      (await c.call('GET', `/events?start_date=2031-03-25&end_date=2031-03-25${query}`)).body.events.map((e: { title: string }) => e.title);
    expect(await titles('')).toEqual(['Harvest Fair']);
    expect(await titles('&i18n_language=fr')).toEqual(['Fête des vendanges']);
    expect(await titles('')).toEqual(['Harvest Fair']);
  });

  it('counts a term again in every listed event once another event uses it', async () => {
    const tag = await c.call('POST', '/tags', { name: 'Counted' });
    await c.call('POST', '/events', { title: 'Tagged A', ...day(27), tags: [tag.body.id] });
    const count = async () => (await c.call('GET', '/events?start_date=2031-03-27&end_date=2031-03-27')).body.events[0].tags[0].count;
    expect(await count()).toBe(1);
    await c.call('POST', '/events', { title: 'Tagged B', ...day(28), tags: [tag.body.id] });
    expect(await count()).toBe(2);
  });

  it('gives a list inside an envelope the same records', async () => {
    const plain = await list();
    const wrapped = (await c.call('GET', `/events?${WINDOW}&per_page=2&_envelope`, undefined, { auth: true })).body;
    expect(wrapped.body).toEqual(plain);
    expect(wrapped.headers['X-TEC-Total']).toBe(plain.total);
  });
});

describe('encodeJson', () => {
  it('escapes slashes and non-ASCII characters as PHP does, and places encoded pieces as they are', () => {
    expect(encodeJson({ url: 'http://x/y', name: 'Café\u007f' })).toBe('{"url":"http:\\/\\/x\\/y","name":"Caf\\u00e9\\u007f"}');
    const piece = new EncodedJson(encodeJson({ a: '/é' }));
    expect(encodeJson({ list: [piece, piece], n: 1 })).toBe('{"list":[{"a":"\\/\\u00e9"},{"a":"\\/\\u00e9"}],"n":1}');
    expect(JSON.parse(encodeJson({ nested: { list: [piece] } }))).toEqual({ nested: { list: [{ a: '/é' }] } });
  });

  it('leaves text that looks like a piece mark alone', () => {
    const lookalike = `\u0000${'0'.repeat(12)}:0`;
    expect(JSON.parse(encodeJson({ text: lookalike, list: [new EncodedJson('1')] }))).toEqual({ text: lookalike, list: [1] });
  });
});

describe('Store.memo', () => {
  it('keeps a value until the next change, and at most the limit of a space', () => {
    const store = new Store();
    let computed = 0;
    const read = (key: string) => store.memo('space', key, () => ++computed, 2);
    expect([read('a'), read('a'), read('b')]).toEqual([1, 1, 2]);
    store.changed();
    expect(read('a')).toBe(3);
    read('b');
    read('c'); // a third key empties the space first
    expect(read('a')).toBe(6);
  });
});
