import { describe, expect, test } from 'vitest';
import { buildUrl, namespaceRoute, parseRestRoot } from '../../src/core/http/url.js';
import { windowOf } from '../../src/core/records/pages.js';

const NS = 'tribe/events/v1';

describe('parseRestRoot and buildUrl', () => {
  test('pretty root, with or without trailing slashes', () => {
    for (const input of ['https://example.org/wp-json', 'https://example.org/wp-json/', 'https://example.org/wp-json//']) {
      const root = parseRestRoot(input);
      expect(buildUrl(root, namespaceRoute(NS, 'events/12'))).toBe('https://example.org/wp-json/tribe/events/v1/events/12');
    }
  });

  test('a language segment in the base URL is kept', () => {
    const root = parseRestRoot('https://example.org/fr/wp-json/');
    expect(buildUrl(root, namespaceRoute(NS, 'venues'))).toBe('https://example.org/fr/wp-json/tribe/events/v1/venues');
  });

  test('?rest_route= roots put the route in the query and the parameters after it', () => {
    const root = parseRestRoot('http://127.0.0.1:8080/?rest_route=/');
    expect(root.plain).toBe(true);
    expect(buildUrl(root, namespaceRoute(NS, 'events'), { per_page: 5, search: 'a b' })).toBe(
      'http://127.0.0.1:8080/?rest_route=/tribe/events/v1/events&per_page=5&search=a%20b',
    );
  });

  test('index.php?rest_route= roots keep other query parameters', () => {
    const root = parseRestRoot('https://example.org/index.php?lang=fr&rest_route=');
    expect(buildUrl(root, namespaceRoute(NS, ''))).toBe('https://example.org/index.php?lang=fr&rest_route=/tribe/events/v1');
  });

  test('parameters are encoded, commas in lists stay readable, undefined ones are left out', () => {
    const root = parseRestRoot('https://example.org/wp-json');
    expect(buildUrl(root, '/x/y', { categories: '3,4', start_date: '2025-01-01 10:00:00', skip: undefined, q: 'a&b=c' })).toBe(
      'https://example.org/wp-json/x/y?categories=3,4&start_date=2025-01-01%2010%3A00%3A00&q=a%26b%3Dc',
    );
  });

  test('routes from the REST root are not under the namespace', () => {
    expect(namespaceRoute('/tribe/events/v1/', '/events/')).toBe('/tribe/events/v1/events/');
    expect(buildUrl(parseRestRoot('https://e.org/wp-json'), '/tribe/events/v1/events/')).toBe('https://e.org/wp-json/tribe/events/v1/events');
  });

  test('rejects what is not an http(s) URL', () => {
    expect(() => parseRestRoot('ftp://example.org/wp-json')).toThrow();
    expect(() => parseRestRoot('example.org')).toThrow();
  });
});

describe('windowOf reads the window a server applied from its rest_url', () => {
  test('raw values with spaces, as on a plain list', () => {
    expect(
      windowOf('http://x/wp-json/tribe/events/v1/events/?page=1&per_page=10&start_date=2026-11-21 00:00:00&end_date=2028-11-22 23:59:59&status=publish'),
    ).toEqual({
      start: '2026-11-21 00:00:00',
      end: '2028-11-22 23:59:59',
    });
  });
  test('form-encoded values, as with a venue filter', () => {
    expect(windowOf('http://x/events/?start_date=2026-11-21+00%3A00%3A00&end_date=2028-11-22+23%3A59%3A59&venue=40')).toEqual({
      start: '2026-11-21 00:00:00',
      end: '2028-11-22 23:59:59',
    });
  });
  test('no rest_url, no window', () => {
    expect(windowOf(undefined)).toEqual({});
  });
});

describe('URLs longer than servers accept', () => {
  test('are refused before sending, naming the parameter that made them long', () => {
    const root = parseRestRoot('https://example.org/wp-json');
    expect(() => buildUrl(root, namespaceRoute(NS, 'events'), { search: 'x'.repeat(9000), per_page: 10 })).toThrow(
      /^search makes the request URL \d+ characters long/,
    );
    expect(() => buildUrl(root, namespaceRoute(NS, 'events'), { starts_after: '2027-01-01', include: '1,'.repeat(4000) })).toThrow(/^include makes/);
    expect(buildUrl(root, namespaceRoute(NS, 'events'), { search: 'x'.repeat(7000) })).toHaveLength(
      7000 + 'https://example.org/wp-json/tribe/events/v1/events?search='.length,
    );
  });
});
