/** Term descriptions are stored filtered by kses, as WordPress always filters them (terms/description.ts). */
import { describe, expect, it } from 'vitest';
import { termDescription } from '../../src/sandbox/terms/description.js';
import { withClient } from './helpers.js';

describe('term descriptions', () => {
  it('escapes bare ampersands and angle brackets and keeps entities', () => {
    expect(termDescription('Kids & Family events and more')).toBe('Kids &amp; Family events and more');
    expect(termDescription('Tom &amp; Jerry &#8211; 1 < 2')).toBe('Tom &amp; Jerry &#8211; 1 &lt; 2');
  });

  it('keeps the comment tags with their allowed attributes and drops the others', () => {
    expect(termDescription('<p>Live <strong class="x">music</strong> <a href="/x" onclick="y">here</a></p>')).toBe(
      'Live <strong>music</strong> <a href="/x">here</a>',
    );
  });

  it('answers a created and an updated category with the filtered description', () =>
    withClient(async (c) => {
      const created = await c.call('POST', '/categories', { name: 'Family', description: 'Kids & Family' });
      expect(created.body.description).toBe('Kids &amp; Family');
      const updated = await c.call('POST', `/categories/${created.body.id}`, { description: 'Rock & Roll' });
      expect(updated.body.description).toBe('Rock &amp; Roll');
    }));
});
