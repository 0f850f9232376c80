/**
 * Two imports of one file into one site at the same time: the REST API has no lock, so both
 * can look a slug up, find nothing and create it; the site then names the second one slug-2.
 * Every request of this sandbox is slowed down so that both runs look before either creates.
 */
import { describe, expect, test } from 'vitest';
import { json, useSite, writeFileIn } from './helpers.js';

const site = useSite({ faults: 'slow=80' });

describe('two imports of the same site at once', () => {
  test('a record the other run created meanwhile is named in a warning, with the slug the site gave it', async () => {
    const rows = ['Race Night', 'Race Day'].map((title, i) =>
      JSON.stringify({ title, slug: `race-${i}`, start_date: '2027-06-01 19:00', end_date: '2027-06-01 21:00' }),
    );
    const file = writeFileIn(site.home.home, 'race.ndjson', `${rows.join('\n')}\n`);
    const args = ['import', 'events', file, '--upsert-by', 'slug', '--yes'];
    const [first, second] = await Promise.all([site.cli(args), site.cli(args)]);
    expect(first.code, first.stderr).toBe(0);
    expect(second.code, second.stderr).toBe(0);
    const events = json<Array<{ slug: string }>>(
      (await site.cli(['events', 'list', '--start-date', '2027-06-01', '--end-date', '2027-06-02', '--json'])).stdout,
    );
    const doubled = events.map((event) => event.slug).filter((slug) => /^race-\d-2$/.test(slug));
    expect(doubled.length).toBeGreaterThan(0);
    const warnings =
      `${first.stderr}${second.stderr}`.match(
        new RegExp(
          String.raw`the slug race-\d was taken when this event was created \(another import of` +
            String.raw` the same site at the same time\?\), so the site named it race-\d-2 \(ID \d+\)`,
          'g',
        ),
      ) ?? [];
    expect(warnings).toHaveLength(doubled.length);
  });
});
