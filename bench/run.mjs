// The at-scale benchmarks, side by side against a sandbox in another process; prints
// `name: value` ratios and the raw figures (medians of several runs).
// Run with `npm run bench` (builds first). BENCH_QUICK=1 runs fewer repetitions and
// measures memory at 2,000/20,000 records instead of 5,000/50,000.
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { BIN, PASSWORD, USER, canMeasureRss, cleanup, fmt, median, run, seedEvents, startServe, work } from './harness.mjs';
import { startupRatios } from './startup.mjs';
import { monthVsList } from './month.mjs';
import { listAllRatios } from './list-all.mjs';

const QUICK = process.env.BENCH_QUICK === '1';
const REPS = QUICK ? 3 : 7;
const SMALL = QUICK ? 2_000 : 5_000;
const LARGE = QUICK ? 20_000 : 50_000;

function venuesFile(count, prefix) {
  const path = join(work, `${prefix}-${count}.ndjson`);
  const lines = [];
  for (let i = 0; i < count; i++) lines.push(JSON.stringify({ venue: `${prefix} venue ${i}`, city: 'Nantes', address: `${i} Main Street` }));
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

const results = [];
const report = (name, value, aim, raw) => {
  results.push({ name, value, aim });
  console.log(`${name}: ${fmt(value)}   (${aim === null ? 'for comparison' : `aim <= ${aim}`}; ${raw})`);
};

// Other processes on the machine move every figure: the load average says how busy it was.
const load = () =>
  loadavg()
    .map((l) => fmt(l, 1))
    .join(' ');
console.log(
  `machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${REPS} repetitions, medians; load average ${load()}`,
);

// 1. start-up
{
  const cli = [];
  const bare = [];
  for (let i = 0; i < REPS + 3; i++) {
    bare.push((await run(process.execPath, ['-e', '0'])).ms);
    cli.push((await run(process.execPath, [BIN, '--version'])).ms);
  }
  report('version_vs_node', median(cli) / median(bare), 1.3, `calendar --version ${fmt(median(cli), 1)} ms, node -e 0 ${fmt(median(bare), 1)} ms`);
}

const dataFile = join(work, 'bench-site.json');
const serve = await startServe(['--data', dataFile]);
try {
  // 2. one GET and --help against their floors, interleaved, more rounds than the rest: each run is short
  await startupRatios(serve, REPS * 2 + 1, report);

  // 3. import 1,000 venues vs xargs -P8 curl
  {
    const cli = [];
    const curl = [];
    const reps = Math.max(3, Math.floor(REPS / 2));
    for (let i = 0; i < reps; i++) {
      const file = venuesFile(1000, `cli${i}`);
      cli.push((await run(process.execPath, [BIN, 'import', 'venues', file, '--concurrency', '8'], { env: serve.env })).ms);
      const bodies = venuesFile(1000, `curl${i}`);
      const script =
        `xargs -d '\\n' -P8 -I{} curl -s -o /dev/null -u '${USER}:${PASSWORD}' -H 'content-type: application/json' -X ` +
        `POST -d {} '${serve.api}/venues' < '${bodies}'`;
      curl.push((await run('sh', ['-c', script])).ms);
    }
    report('import_vs_curl', median(cli) / median(curl), 0.15, `import 1,000 venues ${fmt(median(cli), 0)} ms, xargs -P8 curl ${fmt(median(curl), 0)} ms`);
  }
} finally {
  await serve.stop();
}

// 4. --all over 5,000 events vs a sequential page walk, locally and with the site 20 ms away
await listAllRatios(join(work, 'list-all.json'), REPS, report);

// 5. peak memory at SMALL and LARGE records
if (canMeasureRss) {
  const listRss = {};
  const importRss = {};
  for (const count of [SMALL, LARGE]) {
    const site = await startServe();
    try {
      await seedEvents(site.api, count);
      listRss[count] = (
        await run(process.execPath, [BIN, 'events', 'list', '--all', '--start-date', '2029-01-01', '--end-date', '2099-12-31', '--format', 'ndjson'], {
          env: site.env,
          rss: true,
        })
      ).rssKb;
      importRss[count] = (
        await run(process.execPath, [BIN, 'import', 'venues', venuesFile(count, `rss${count}`), '--concurrency', '8'], { env: site.env, rss: true })
      ).rssKb;
    } finally {
      await site.stop();
    }
  }
  const mb = (kb) => `${fmt(kb / 1024, 1)} MB`;
  report(
    'rss_list_all_large_vs_small',
    listRss[LARGE] / listRss[SMALL],
    1.2,
    `--all peak RSS ${mb(listRss[SMALL])} at ${SMALL}, ${mb(listRss[LARGE])} at ${LARGE}`,
  );
  report(
    'rss_import_large_vs_small',
    importRss[LARGE] / importRss[SMALL],
    1.2,
    `import peak RSS ${mb(importRss[SMALL])} at ${SMALL}, ${mb(importRss[LARGE])} at ${LARGE}`,
  );
} else {
  console.log('rss: skipped (/usr/bin/time not found)');
}

// 6. the month grid against the list walk it is built on
await monthVsList(REPS, report);

cleanup();
console.log(`load average at the end: ${load()}`);
const missed = results.filter((r) => r.aim !== null && r.value > r.aim);
console.log(missed.length ? `missed aims: ${missed.map((r) => r.name).join(', ')}` : 'all aims met');
