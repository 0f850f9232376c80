/**
 * The sandbox renders stored text as the real site does: each case is a text typed on the real
 * 6.17.1 site and what its core route (`rendered`) and tribe/events/v1 (`tribe`) showed
 * (test/fixtures/lossless/render-real.json).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { generatedExcerpt, renderContent, renderTitle } from '../../src/sandbox/common/render.js';

interface Case {
  raw: string;
  rendered: string;
  tribe: string;
  excerpt?: string;
}
const real = JSON.parse(readFileSync(resolve(import.meta.dirname, '../fixtures/lossless/render-real.json'), 'utf8')) as { titles: Case[]; contents: Case[] };

/** Cases the sandbox renders otherwise, and why. */
const KNOWN: Record<string, string> = {
  'Before [unknown_sc a="1"] after': 'wptexturize makes the quote after a digit a double prime (&#8243;); the sandbox a closing quote',
};

describe('titles are stored as typed and rendered by the_title', () => {
  test.each(real.titles.map((c) => [c.raw, c] as const))('%s', (_raw, c) => {
    expect(renderTitle(c.raw)).toBe(c.rendered);
    expect(renderTitle(c.raw)).toBe(c.tribe);
  });
});

describe('content is stored as typed and rendered by the_content', () => {
  const cases = real.contents.filter((c) => !(c.raw in KNOWN));
  test.each(cases.map((c) => [c.raw, c] as const))('%s', (_raw, c) => {
    expect(renderContent(c.raw)).toBe(c.rendered);
    expect(renderContent(c.raw).trim()).toBe(c.tribe);
  });

  test.each(cases.map((c) => [c.raw, c] as const))('generated excerpt of %s', (_raw, c) => {
    expect(generatedExcerpt(c.raw)).toBe(c.excerpt);
  });

  test('the known difference still differs (remove it from KNOWN once it matches)', () => {
    for (const c of real.contents.filter((c) => c.raw in KNOWN)) expect(renderContent(c.raw)).not.toBe(c.rendered);
  });
});
