/**
 * The sandbox renders stored text as the real site does: each case is a text typed on the real
 * 6.17.1 site and what its core route (`rendered`) and tribe/events/v1 (`tribe`) showed
 * (test/fixtures/lossless/render-real.json).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { generatedExcerpt, renderContent, renderTitle } from '../../src/sandbox/common/render.js';
import { formatCost } from '../../src/wordpress/cost.js';

interface Case {
  raw: string;
  rendered: string;
  tribe: string;
  excerpt?: string;
}
const real = JSON.parse(readFileSync(resolve(import.meta.dirname, '../fixtures/lossless/render-real.json'), 'utf8')) as { titles: Case[]; contents: Case[] };

/** Cases the sandbox renders otherwise, and why. */
describe('titles are stored as typed and rendered by the_title', () => {
  test.each(real.titles.map((c) => [c.raw, c] as const))('%s', (_raw, c) => {
    expect(renderTitle(c.raw)).toBe(c.rendered);
    expect(renderTitle(c.raw)).toBe(c.tribe);
  });
});

describe('content is stored as typed and rendered by the_content', () => {
  const cases = real.contents;
  test.each(cases.map((c) => [c.raw, c] as const))('%s', (_raw, c) => {
    expect(renderContent(c.raw)).toBe(c.rendered);
    expect(renderContent(c.raw).trim()).toBe(c.tribe);
  });

  test.each(cases.map((c) => [c.raw, c] as const))('generated excerpt of %s', (_raw, c) => {
    expect(generatedExcerpt(c.raw)).toBe(c.excerpt);
  });
});

describe('a cost is kept as typed and shown as the real site shows it', () => {
  // Measured on the real 6.17.1 site (docs/write-routes.md): stored text, then tribe/events/v1 `cost` and `cost_details`.
  test.each([
    ['€10 – €30', '$10 – $30', ['10', '30'], ''],
    ['Free entry', 'Free entry', ['free-entry'], ''],
    ['$10 (students $5)', '$5 – $10', ['5', '10'], ''],
    ['CHF 60-140', '$60 – $140', ['60', '140'], ''],
    ['10', '$10', ['10'], ''],
    ['Free', 'Free', ['free'], ''],
    ['€5', '€5', ['5'], '€'],
    ['20$', '20$', ['20'], '$'],
  ])('%s', (typed, shown, values, symbol) => {
    const { cost, details } = formatCost(typed);
    expect([cost, details.values, details.currency_symbol]).toEqual([shown, values, symbol]);
  });
});
