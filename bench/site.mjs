// The site file against the commands it replaces, each against a sandbox in its own process:
//   site_apply_unchanged_vs_export: apply of an unchanged 1,000-record site ÷ export --site of it (aim ≤ 1.5)
//   site_first_apply_vs_import:     first apply of those records to an empty site ÷ importing
//                                   them resource by resource (aim ≤ 1.1)
// Medians of REPS runs, the compared commands taking turns. Run with `npm run bench:site`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, cleanup, fmt, median, run, startServe, work } from './harness.mjs';

const REPS = process.env.BENCH_QUICK === '1' ? 2 : 3;
const COUNTS = { tags: 100, venues: 200, organizers: 200, events: 500 };

function files() {
  const write = (name, rows) => {
    const path = join(work, `site-${name}.ndjson`);
    writeFileSync(path, `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`);
    return path;
  };
  const n = (i) => String(i).padStart(4, '0');
  const tags = Array.from({ length: COUNTS.tags }, (_, i) => ({ name: `Bench Tag ${n(i)}`, slug: `bench-tag-${n(i)}` }));
  const venues = Array.from({ length: COUNTS.venues }, (_, i) => ({ venue: `Bench Venue ${n(i)}`, slug: `bench-venue-${n(i)}`, city: 'Lyon' }));
  const organizers = Array.from({ length: COUNTS.organizers }, (_, i) => ({
    organizer: `Bench Organizer ${n(i)}`,
    slug: `bench-organizer-${n(i)}`,
    email: `o${i}@example.com`,
  }));
  const events = Array.from({ length: COUNTS.events }, (_, i) => {
    const day = new Date(Date.UTC(2027, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    return {
      title: `Bench Event ${n(i)}`,
      slug: `bench-event-${n(i)}`,
      start_date: `${day} 19:00`,
      end_date: `${day} 21:00`,
      venue: venues[i % COUNTS.venues].slug,
      organizer: [organizers[i % COUNTS.organizers].slug],
      tags: [tags[i % COUNTS.tags].slug],
      cost: '10',
    };
  });
  return { tags: write('tags', tags), venues: write('venues', venues), organizers: write('organizers', organizers), events: write('events', events) };
}

const cli = (site, args) => run(process.execPath, [BIN, ...args], { env: site.env, stdout: 'pipe' });
const importAll = async (site, paths) => {
  const started = performance.now();
  for (const resource of ['tags', 'venues', 'organizers', 'events'])
    await cli(site, ['import', resource, paths[resource], '--upsert-by', 'slug', '--yes', '--concurrency', '8']);
  return performance.now() - started;
};

try {
  const paths = files();
  const source = await startServe();
  await importAll(source, paths);
  const siteFile = join(work, 'site.yaml');
  writeFileSync(siteFile, (await cli(source, ['export', '--site'])).out);

  const exports = [];
  const applies = [];
  for (let i = 0; i < REPS; i++) {
    exports.push((await cli(source, ['export', '--site'])).ms);
    applies.push((await cli(source, ['apply', siteFile, '--yes'])).ms);
  }
  await source.stop();

  const firstApplies = [];
  const imports = [];
  for (let i = 0; i < REPS; i++) {
    const forApply = await startServe();
    firstApplies.push((await cli(forApply, ['apply', siteFile, '--yes'])).ms);
    await forApply.stop();
    const forImport = await startServe();
    imports.push(await importAll(forImport, paths));
    await forImport.stop();
  }
  const records = Object.values(COUNTS).reduce((a, b) => a + b, 0);
  console.log(`site records: ${records}`);
  console.log(`export --site: ${fmt(median(exports), 0)} ms; apply unchanged: ${fmt(median(applies), 0)} ms`);
  console.log(`first apply: ${fmt(median(firstApplies), 0)} ms; import by resource: ${fmt(median(imports), 0)} ms`);
  console.log(`site_apply_unchanged_vs_export: ${fmt(median(applies) / median(exports))}`);
  console.log(`site_first_apply_vs_import: ${fmt(median(firstApplies) / median(imports))}`);
} finally {
  cleanup();
}
