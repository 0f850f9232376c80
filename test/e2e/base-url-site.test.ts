/** --base-url takes the site's address too (what profile add takes), not only its REST root. */
import { describe, expect, test } from 'vitest';
import { restRootOfBaseUrl } from '../../src/core/http/url.js';
import { json, useSite } from './helpers.js';

const site = useSite();

describe('--base-url', () => {
  test.each([
    ['https://example.org', 'https://example.org/wp-json'],
    ['https://example.org/', 'https://example.org/wp-json'],
    ['https://example.org/wp-json', 'https://example.org/wp-json'],
    ['https://example.org/fr/wp-json/', 'https://example.org/fr/wp-json/'],
    ['https://example.org/?rest_route=/', 'https://example.org/?rest_route=/'],
  ])('%s names the REST root %s', (input, root) => {
    expect(restRootOfBaseUrl(input)).toBe(root);
  });

  test("the site's address alone reaches the REST API at /wp-json", async () => {
    const origin = new URL(site.sandbox.restRoot).origin;
    await site.cli(['venues', 'create', '--name', 'Origin Hall']);
    const r = await site.cli(['venues', 'list', '--json']);
    expect(json<unknown[]>(r.stdout)).toHaveLength(1);
    const bySite = await site.cli(['--base-url', origin, 'venues', 'list', '--json'], { env: { CALENDAR_BASE_URL: undefined } });
    expect(bySite.code, bySite.stderr).toBe(0);
    expect(json(bySite.stdout)).toEqual(json(r.stdout));
  });
});
