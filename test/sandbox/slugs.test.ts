/** Slugs as WordPress's sanitize_title makes them from a title or name. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { slugFromName as slugify } from '../../src/wordpress/slugs.js';
import { client, type Client } from './helpers.js';

describe('sandbox slugs', () => {
  test.each([
    ['Concert d’été', 'concert-dete'],
    ['“Quoted” «Guillemets» ‹single›', 'quoted-guillemets-single'],
    ['Rock & Roll', 'rock-roll'],
    ['Salle Pleyel – Paris', 'salle-pleyel-paris'],
    ['Jazz\u00a0Night', 'jazz-night'],
    ['AC/DC tribute', 'ac-dc-tribute'],
    ['2×2 jam', '2x2-jam'],
    ['Café… ©2027™', 'cafe-2027'],
    ['Zero\u200bwidth', 'zerowidth'],
    ['Kraków Jazz', 'krakow-jazz'],
    ['東京 Night', '%e6%9d%b1%e4%ba%ac-night'],
    ['v1.2 release', 'v1-2-release'],
    ['東京ジャズ', '%e6%9d%b1%e4%ba%ac%e3%82%b8%e3%83%a3%e3%82%ba'],
    ['한국 밤', '%ed%95%9c%ea%b5%ad-%eb%b0%a4'],
  ])('%s -> %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });
});

describe('by-slug lookups of a slug outside ASCII', () => {
  let c: Client;
  beforeAll(async () => {
    c = await client();
  });
  afterAll(() => c.close());

  test('find the post by its slug as listed (percent-encoded) and by the text it encodes', async () => {
    const made = await c.call('POST', '/events', { title: '東京ジャズ', start_date: '2027-03-01 19:00:00', end_date: '2027-03-01 21:00:00' });
    const slug: string = made.body.slug;
    expect(slug).toBe('%e6%9d%b1%e4%ba%ac%e3%82%b8%e3%83%a3%e3%82%ba');
    for (const path of [encodeURIComponent(slug), encodeURIComponent('東京ジャズ'), slug.toUpperCase()]) {
      const found = await c.call('GET', `/events/by-slug/${path}`);
      expect(found.status, path).toBe(200);
      expect(found.body.id).toBe(made.body.id);
    }
    expect((await c.call('GET', `/events/by-slug/${encodeURIComponent('東京')}`)).status).toBe(400);
  });
});
