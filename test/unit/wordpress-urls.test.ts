/**
 * What the site takes as a URL (PHP's FILTER_VALIDATE_URL, which both write routes use for a
 * website) and how it stores a venue's or organizer's details (sanitize_text_field). Expected
 * values are PHP's own answers on the real site's PHP (filter_var; sanitize_text_field with
 * WordPress 7.0.2 loaded), copied here.
 */
import { describe, expect, test } from 'vitest';
import { takesUrl } from '../../src/wordpress/urls.js';
import { sanitizeTextField } from '../../src/wordpress/text.js';
import { coerceValue } from '../../src/core/values.js';
import { resources } from '../../src/spec/resources.js';

const URLS: Array<[url: string, taken: boolean]> = [
  ['https://example.org/café', false],
  ['https://example.org/caf%C3%A9', true],
  ['https://exämple.org/x', false],
  ['https://example.org/a b', false],
  ['https://example.org', true],
  ['http://ex_ample.org/', false],
  ['http://-a.org/', false],
  ['http://a-.org', false],
  ['http://a..org', false],
  ['http://a.org.', true],
  ['https://[::1]:8080/x', true],
  ['https://[zz]/', false],
  ['ftp://x.org/a', true],
  ['mailto:a@b.c', true],
  ['news:comp', true],
  ['file:///etc/x', true],
  ['javascript:alert(1)', false],
  ['http:/x.org', false],
  ['http://', false],
  ['https://user:pa ss@x.org/', false],
  ['https://us%20er:p@x.org/', true],
  ['https://u@x.org/', true],
  ['https://x.org:80/p?q=1#f', true],
  ['https://x.org:abc/', false],
  ['https://x.org/<b>', true],
  ['https://x.org/{a}|^~[]`"', true],
  ['//x.org/a', false],
  ['https://x.org/%zz', true],
  ['https://1.2.3.4/', true],
  ['https://x.org/a\\b', true],
  ['HTTPS://X.ORG/', true],
  ['https://x.o_rg', false],
  ['https://xn--caf-dma.org/', true],
  ['x:', false],
  ['a1+.-:foo', false],
  ['http://x.org:/', true],
];

const DETAILS: Array<[sent: string, stored: string]> = [
  ['  1 <b>rue</b>  de   l%41Eglise\nline2 ', '1 rue de lEglise line2'],
  ['Caf%C3%A9 & <i>x</i>', 'Caf & x'],
  ['+33 %20 1', '+33 1'],
  ['https://example.org/caf%C3%A9', 'https://example.org/caf'],
  ['50%25 off', '50 off'],
  ['a < b', 'a &lt; b'],
  ['a <b c', 'a &lt;b c'],
  ['%%4141x', 'x'],
  ['tab\there', 'tab here'],
  ['<script>x</script>y', 'y'],
  ['a&amp;b', 'a&amp;b'],
  ['x%zz', 'x%zz'],
  ['1 < 2 > 0', '1 < 2 > 0'],
  ['  ', ''],
];

describe('takesUrl (FILTER_VALIDATE_URL)', () => {
  test.each(URLS)('%s: %s', (url, taken) => {
    expect(takesUrl(url)).toBe(taken);
  });
});

describe('sanitizeTextField', () => {
  test.each(DETAILS)('%j is stored %j', (sent, stored) => {
    expect(sanitizeTextField(sent)).toBe(stored);
  });
});

describe('a website checked before sending', () => {
  const field = (resource: 'events' | 'venues', name: string) => resources[resource].fields.find((f) => f.name === name)!;
  test('a URL with letters outside ASCII is refused, with its escaped form where the site keeps it', () => {
    expect(() => coerceValue(field('events', 'website'), 'https://example.org/café')).toThrow(
      'website: "https://example.org/café" is not a URL the site takes (ASCII letters, digits and URL punctuation only): ' +
        'write it as "https://example.org/caf%C3%A9"',
    );
    expect(coerceValue(field('events', 'website'), 'https://example.org/caf%C3%A9')).toBe('https://example.org/caf%C3%A9');
    // A venue's website loses its escapes: no escaped form to offer.
    expect(() => coerceValue(field('venues', 'website'), 'https://example.org/café')).toThrow(
      /not a URL the site takes \(ASCII letters, digits and URL punctuation only\)$/,
    );
    // A host name in other letters: its ASCII form (punycode) is kept anywhere.
    expect(() => coerceValue(field('venues', 'website'), 'https://exämple.org/')).toThrow('write it as "https://xn--exmple-cua.org/"');
  });

  test('a venue or organizer detail holding a %-escape is refused, saying what the site would keep', () => {
    expect(() => coerceValue(field('venues', 'website'), 'https://example.org/caf%C3%A9')).toThrow(
      'website: "https://example.org/caf%C3%A9": the site drops %-escapes from this field and would keep "https://example.org/caf"',
    );
    expect(() => coerceValue(field('venues', 'address'), '50%25 rue')).toThrow('would keep "50 rue"');
    expect(coerceValue(field('venues', 'address'), '50 % rue')).toBe('50 % rue');
  });
});
