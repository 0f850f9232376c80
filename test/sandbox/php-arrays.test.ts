/** Request parameters take PHP's array shape: form `[]` appends, arrays keyed 0..n-1 are lists. */
import { describe, expect, it } from 'vitest';
import { parseBody, parseForm } from '../../src/sandbox/http/request.js';
import { withClient } from './helpers.js';

describe('PHP arrays in request parameters', () => {
  it('reads indexed form fields as a list, with [] appending after the largest index', () => {
    expect(parseForm('organizer[0][id]=3&organizer[1][organizer]=Inline+Guild&organizer[]=4')).toEqual({
      organizer: [{ id: '3' }, { organizer: 'Inline Guild' }, '4'],
    });
    expect(parseForm('tags[]=a&tags[]=b&venue[city]=Boston')).toEqual({ tags: ['a', 'b'], venue: { city: 'Boston' } });
  });

  it('keeps arrays whose keys are not 0..n-1 as maps', () => {
    expect(parseForm('organizer[1][organizer]=X')).toEqual({ organizer: { 1: { organizer: 'X' } } });
    expect(parseForm('a[0]=x&a[2]=y')).toEqual({ a: { 0: 'x', 2: 'y' } });
  });

  it('reads a JSON object keyed 0..n-1 as the list PHP decodes it to', () => {
    expect(parseBody('application/json', '{"organizer": {"0": {"organizer": "X"}}, "0": 1}')).toEqual({ organizer: [{ organizer: 'X' }], 0: 1 });
  });

  it('creates an inline organizer sent in a form body', () =>
    withClient(async (c) => {
      const response = await fetch(`${c.api}/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from('admin:test-pass').toString('base64')}` },
        body:
          'title=Form+Inline&start_date=2027-02-01+10:00&end_date=2027-02-01+11:00' +
          '&organizer[0][organizer]=Amber+Society&organizer[0][email]=new%40example.org',
      });
      const body = (await response.json()) as { organizer: { organizer: string; email: string }[] };
      expect(response.status).toBe(201);
      expect(body.organizer.map((o) => [o.organizer, o.email])).toEqual([['Amber Society', 'new@example.org']]);
    }));
});
