/**
 * The quick reader of site files either gives exactly the tree the yaml package gives
 * (values, key types and offsets) or steps aside; and it takes what export --site writes.
 */
import { describe, expect, test } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as yaml from 'yaml';
import { readPlainYaml } from '../../src/core/site/plain-yaml.js';
import { treeOfYaml } from '../../src/core/site/tree.js';
import { renderDocument, type SiteDocument } from '../../src/core/site/document.js';

type Records = Record<string, Record<string, unknown>>;
const siteDocument = (data: Record<string, Records>) =>
  new Map(
    Object.entries(data).map(([name, records]) => [name, new Map(Object.entries(records).map(([slug, fields]) => [slug, { slug, fields }]))]),
  ) as SiteDocument;
const bySlowPath = (text: string) => treeOfYaml(yaml, yaml.parseDocument(text, { uniqueKeys: true }));
const parsesCleanly = (text: string) => yaml.parseDocument(text, { uniqueKeys: true }).errors.length === 0;

/** Same tree as the yaml package, or undefined; never a different reading. */
function expectAgreement(text: string): boolean {
  const quick = readPlainYaml(text);
  if (quick === undefined) return false;
  expect(parsesCleanly(text), text).toBe(true);
  expect(quick, text).toEqual(bySlowPath(text));
  return true;
}

const ODD_TEXTS = [
  '',
  ' ',
  'plain',
  'Café – “quoted” ‘single’',
  "Rock 'n' Roll",
  'say "hi"',
  'a: b',
  'a:b',
  '#hash',
  'a #b',
  'a#b',
  ' lead',
  'trail ',
  '  both  ',
  '15',
  '0123',
  '1e3',
  '-5',
  '+1',
  '.5',
  '0x1F',
  '0o17',
  '.inf',
  '-.Inf',
  '.nan',
  'true',
  'False',
  'TRUE',
  'null',
  'Null',
  '~',
  'yes',
  'no',
  'on',
  'off',
  '2027-07-10 20:00:00',
  '2027-07-10',
  '12:30',
  '- dash',
  '-dash',
  '? q',
  ':colon',
  'end:',
  '[x]',
  '{y}',
  '&anchor',
  '*alias',
  '!tag',
  '%pct',
  '@at',
  '`tick',
  '|pipe',
  '>gt',
  'tab\there',
  'line\nbreak',
  'two\n\nbreaks\n',
  '\ntrailing and leading\n\n',
  'back\\slash',
  'nbsp\u00a0inside',
  'nbsp at end\u00a0',
  'emoji 🎷 jazz',
  'control \u0007 bell',
  'crlf\r\nline',
  '<p>Bring a hat</p>\n<p>and water</p>',
  '  indented\n  block',
  'x\n  deeper\nback',
  'ends with space \n',
  '\u2028sep',
  'zwj\u200d',
];

function oddDocument(seed: number): SiteDocument {
  const pick = (i: number) => ODD_TEXTS[(seed * 7 + i * 13) % ODD_TEXTS.length];
  const venues: Records = {};
  const events: Records = {};
  for (let i = 0; i < 6; i++) {
    venues[`venue-${i}`] = { venue: pick(i), address: pick(i + 1), description: pick(i + 2), show_map: i % 2 ? 'true' : 'false' };
    events[`event-${i}`] = {
      title: pick(i + 3),
      description: pick(i + 4),
      excerpt: pick(i + 5),
      cost: pick(i + 6),
      featured: i % 2 === 0,
      categories: i % 3 ? [`cat-${i}`, 'x'] : [],
      venue: `venue-${i}`,
      organizer: i % 2 ? null : [`o-${i}`],
    };
  }
  return siteDocument({ categories: {}, venues, events });
}

describe('readPlainYaml', () => {
  test('agrees with the yaml package on exports holding every kind of odd text', async () => {
    let quick = 0;
    for (let seed = 0; seed < ODD_TEXTS.length; seed++) if (expectAgreement(await renderDocument(oddDocument(seed), 'yaml'))) quick++;
    // Most exports stay on the quick path: only a few of these texts force the slow one.
    expect(quick).toBeGreaterThan(ODD_TEXTS.length / 3);
  });

  test('agrees with the yaml package on exports of random texts', async () => {
    const alphabet = [
      ' ',
      ' ',
      'a',
      'é',
      ':',
      '#',
      '-',
      "'",
      '"',
      '\n',
      '\n',
      '\\',
      '0',
      '1',
      '.',
      '|',
      '>',
      '[',
      ']',
      '{',
      ',',
      '\t',
      '!',
      '&',
      '*',
      '%',
      '~',
      'e',
      'n',
      'u',
      'l',
      't',
      'r',
    ];
    let state = 42;
    const random = (n: number) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state % n;
    };
    const text = () => Array.from({ length: random(14) }, () => alphabet[random(alphabet.length)]).join('');
    let quick = 0;
    for (let round = 0; round < 300; round++) {
      const tags = Object.fromEntries(Array.from({ length: 3 }, (_, i) => [`t-${i}`, { name: text(), description: text() }]));
      if (expectAgreement(await renderDocument(siteDocument({ tags }), 'yaml'))) quick++;
    }
    expect(quick).toBeGreaterThan(30);
  });

  test('agrees with the yaml package on random block documents (indents, lists, literal blocks, comments)', () => {
    let state = 11;
    const random = (n: number) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state % n;
    };
    const pick = <T>(xs: T[]) => xs[random(xs.length)];
    const scalars = [
      'x',
      'a b',
      '"q"',
      '"q" ',
      "'s'",
      "'it''s'",
      '[]',
      '[a, b]',
      '{}',
      'null',
      '~',
      'true',
      'False',
      'a:b',
      'é',
      '"a\\"b"',
      'x  ',
      "''",
      '""',
      'Café ✓',
      '2027-01-01 10:00:00',
      'a# b',
    ];
    const blockHeaders = ['|', '|-', '|+', '|2', '|1-', '|-1', '|+3', '|9'];
    const contentLines = ['text', ' lead', '# not a comment', '', '', '  deeper', 'k: v', '- item', '\ttab'];
    const gen = (indent: number, depth: number, lines: string[]) => {
      const pad = ' '.repeat(indent);
      const n = 1 + random(4);
      for (let i = 0; i < n; i++) {
        const key = pick(['a', 'b', 'c', 'd', 'e', 'f']) + (random(5) === 0 ? '' : String(i));
        const kind = random(10);
        if (random(15) === 0) lines.push(pick(['', '  ', '# c', `${pad}# c`, ' '.repeat(indent + 6)]));
        if (kind < 4 || depth > 2) lines.push(`${pad}${key}:${pick([' ', '  ', ' '])}${pick(scalars)}`);
        else if (kind < 5) lines.push(`${pad}${key}:${pick(['', ' '])}`);
        else if (kind < 7) {
          lines.push(`${pad}${key}:`);
          const seqIndent = random(3) === 0 ? indent : indent + pick([2, 2, 4, 1]);
          for (let j = 0; j < 1 + random(3); j++) lines.push(`${' '.repeat(seqIndent)}-${pick([' ', '  '])}${pick(scalars)}`);
        } else if (kind < 9) {
          lines.push(`${pad}${key}: ${pick(blockHeaders)}`);
          const ci = indent + pick([2, 2, 1, 3, 4]);
          for (let j = 0; j < 1 + random(4); j++) {
            const c = pick(contentLines);
            lines.push(c === '' ? ' '.repeat(pick([0, 0, ci, ci + 1, 1])) : ' '.repeat(ci) + c);
          }
        } else {
          lines.push(`${pad}${key}:`);
          gen(indent + pick([2, 2, 4, 1]), depth + 1, lines);
        }
      }
    };
    let quick = 0;
    for (let round = 0; round < 4000; round++) {
      const lines: string[] = [];
      gen(0, 0, lines);
      const text = lines.join('\n') + pick(['\n', '\n', '\n\n', '\n  \n', '']);
      const q = readPlainYaml(text);
      if (q === undefined) continue;
      quick++;
      const doc = yaml.parseDocument(text, { uniqueKeys: true });
      expect(
        doc.errors.map((e) => e.message),
        JSON.stringify(text),
      ).toEqual([]);
      expect(q, JSON.stringify(text)).toEqual(treeOfYaml(yaml, doc));
    }
    expect(quick).toBeGreaterThan(1000);
  });

  test('takes an ordinary export, accents, quotes, descriptions and all', async () => {
    const doc = siteDocument({
      tags: { jazz: { name: 'Jazz & Blues — ça swingue', description: '' } },
      events: {
        fete: {
          title: 'Fête de la musique',
          description: '<p>Première ligne</p>\n<p>Deuxième « ligne »</p>',
          cost: '15',
          featured: true,
          start_date: '2027-06-21 18:00:00',
          tags: ['jazz'],
        },
      },
    });
    const text = await renderDocument(doc, 'yaml');
    expect(readPlainYaml(text)).toBeDefined();
    expectAgreement(text);
  });

  test.each([
    'events:\n  a:\n    title: x\n',
    '# a comment\nevents:\n\n  # another\n  a:\n    title: x   \n    tags: [one, two]\n    organizer: []\n    venue:\n',
    'tags:\n- a\n- b\nvenues: {}\n',
    'events:\n  a:\n    tags:\n    - x\n    - "y"\n    - \'z\'\n',
    'events:\n  a:\n    description: |\n      one\n\n      two\n\n\n    title: t\n',
    'events:\n  a:\n    description: |+\n      kept\n\n  b:\n    title: t\n',
    'events:\n  a:\n    description: |2-\n        indented start\n      then\n',
    'events:\n  a:\n    description: |-\n      x\n    # after\n    title: t\n',
    'events:\n  a:\n    description: |\n\n      after a blank\n',
    'events:\n  a:\n    title: "esc \\" \\\\ \\n \\u00e9 \\/"\n',
    "events:\n  a:\n    title: 'it''s'\n",
    'events:\n  a:\n    title: null\n    cost: ~\n    featured: False\n    all_day: TRUE\n',
    // Each of these the quick reader leaves to the yaml package.
    'events:\n  a:\n    cost: 15\n',
    'events:\n  a:\n    title: multi\n      line\n',
    'events:\n  a:\n    title: x\n    title: y\n',
    'events:\n  a: &x\n    title: x\n  b: *x\n',
    'events:\n  a:\n    description: >\n      folded\n',
    'events:\n\ta:\n',
    'events:\n  a:\n    title: "unclosed\n',
    'events:\n  a:\n   title: x\n',
    '{"events": {"a": {"title": "x"}}}\n',
    'events:\n  a:\n    title: x',
    '---\nevents: {}\n',
    'events:\n  - a\n',
    'events:\n  a:\n    tags: [a, "b"]\n',
    'events:\n  "a":\n    title: x\n',
    'events:\n  a:\n    description: |\n    title: x\n',
    'events:\n  a:\n    description: |\n       \n      x\n',
  ])('%j', (text) => {
    const quick = readPlainYaml(text);
    if (quick !== undefined) expectAgreement(text);
    else if (parsesCleanly(text)) expect(bySlowPath(text)).toBeDefined();
  });

  test('the plain forms are read quickly; the others are left to the yaml package', () => {
    expect(readPlainYaml('events:\n  a:\n    description: |+\n      kept\n\n')).toBeDefined();
    expect(readPlainYaml('tags:\n- a\n')).toBeDefined();
    for (const text of ['events:\n  a:\n    cost: 15\n', 'a: &x 1\n', 'a: >\n  f\n', '{"a": 1}\n', 'a: x', 'a:\n  b: 1\n  b: 2\n'])
      expect(readPlainYaml(text), text).toBeUndefined();
  });

  test('never reads a broken file of the corpus differently from the yaml package', () => {
    const dir = join(__dirname, '../fixtures/site-files/bad');
    for (const name of readdirSync(dir)) {
      const text = readFileSync(join(dir, name), 'utf8');
      if (readPlainYaml(text) !== undefined) expectAgreement(text);
    }
  });
});
