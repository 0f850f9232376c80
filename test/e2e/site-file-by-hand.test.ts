/**
 * A site file written by hand, as a team keeps one in git and CI applies it on every push:
 * accents and punctuation in names, a cost of 0, a slug the server would not have chosen,
 * Windows line ends; typos named with what was meant; the second run sends nothing.
 */
import { describe, expect, test } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, siteEnv, startTestSandbox, useSite } from './helpers.js';

const site = useSite();

const BY_HAND = `# Our calendar, kept by hand
categories:
  musique:
    name: Musique
  jazz-manouche:
    name: Jazz manouche
    parent: musique
tags:
  plein-air:
    name: Plein air
venues:
  cafe-de-la-gare:
    venue: Café de la Gare
    city: Paris
organizers:
  les-amis:
    organizer: Les Amis d'Django & Cie
    email: amis@example.org
events:
  fete-de-la-musique:
    title: Fête de la Musique — « Jazz & Co »
    start_date: 2027-06-21 18:00
    end_date: 2027-06-21 23:30
    venue: cafe-de-la-gare
    organizer: [les-amis]
    categories: [jazz-manouche]
    tags: [plein-air]
    cost: 0
    description: |
      <p>Entrée libre.</p>
      <p>Apportez votre guitare !</p>
  apero:
    title: "Apéro: 5 € la pinte"
    start_date: 2027-06-22 18:00
    end_date: 2027-06-22 20:00
    cost: "0"
`;

const write = (name: string, text: string) => {
  const path = join(site.home.home, name);
  writeFileSync(path, text);
  return path;
};

describe('a site file written by hand', () => {
  test('applied twice, as CI does: the second run sends no write and says no changes', async () => {
    const file = write('calendar.yaml', BY_HAND);
    const first = await site.cli(['apply', file]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('7 created, 0 updated, 0 unchanged, 0 failed\n');
    const writes = site.sandbox.stats.writes;
    const second = await site.cli(['apply', file]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toBe('no changes, 7 unchanged\n');
    expect(site.sandbox.stats.writes).toBe(writes);
    expect((await site.cli(['diff', file, '--exit-code'])).code).toBe(0);
  });

  test('the same file with Windows line ends and a byte-order mark plans the same', async () => {
    const own = await startTestSandbox();
    try {
      const env = siteEnv(own, site.home.env);
      expect((await runCli(['apply', write('calendar.yaml', BY_HAND)], { env })).code).toBe(0);
      const crlf = write('windows.yaml', `\ufeff${BY_HAND.replace(/\n/g, '\r\n')}`);
      const r = await runCli(['diff', crlf, '--exit-code'], { env });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe('no changes, 7 unchanged\n');
    } finally {
      await own.close();
    }
  });

  test('typos are named with the word meant, every one at once, nothing sent', async () => {
    const typos = BY_HAND.replace('    title: Fête', '    tittle: Fête')
      .replace('organizers:', 'organisers:')
      .replace('end_date: 2027-06-21 23:30', 'end_date: 2027-06-31 23:30');
    const file = write('typos.yaml', typos);
    const { requests } = site.sandbox.stats;
    const r = await site.cli(['apply', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`calendar: ${file}:15:1: "organisers" is not a resource (did you mean organizers?)`);
    expect(r.stderr).toContain(`${file}:21:5: event fete-de-la-musique: tittle: not a field of a site file's event (did you mean title?)`);
    expect(r.stderr).toContain(`${file}:23:15: event fete-de-la-musique: end_date: "2027-06-31 23:30" is not a date`);
    expect(site.sandbox.stats.requests).toBe(requests);
  });

  test('a link to a mistyped slug is refused with the slug meant', async () => {
    const file = write('link.yaml', BY_HAND.replace('venue: cafe-de-la-gare\n    organizer', 'venue: cafe-de-la-gar\n    organizer'));
    const { writes } = site.sandbox.stats;
    const r = await site.cli(['apply', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `${file}:24:12: event fete-de-la-musique: venue: no venue "cafe-de-la-gar" in the file or on the site (did you mean cafe-de-la-gare?)`,
    );
    expect(site.sandbox.stats.writes).toBe(writes);
  });

  test('a file named relative to the working directory is read there; a missing one is named in words', async () => {
    write('relative.yaml', BY_HAND);
    const found = await runCli(['diff', 'relative.yaml'], { env: site.env, cwd: site.home.home });
    expect(found.code, found.stderr).toBe(0);
    expect(found.stdout).toMatch(/to create|unchanged/);
    const missing = await runCli(['apply', 'nope.yaml'], { env: site.env, cwd: site.home.home });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('calendar: cannot read nope.yaml: no such file\n');
  });
});
