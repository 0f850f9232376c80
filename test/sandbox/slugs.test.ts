/** Slugs as WordPress's sanitize_title makes them from a title or name. */
import { describe, expect, test } from 'vitest';
import { slugify } from '../../src/sandbox/common/text-filters.js';

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
  ])('%s -> %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });
});
