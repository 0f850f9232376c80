// `events list --all --format ndjson` over 5,000 events against a sequential page walk
// (bench/sequential-walk.mjs), interleaved, the sandbox in another process; once with no added
// latency and once with every answer 20 ms late (`serve --faults slow=20`).
// Alone, after `npm run build`: node bench/list-all.mjs [ROUNDS] [--local | --slow]
// prints the ratios, the medians and the load average; `npm run bench` runs it among the rest.
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIN, ROOT, cleanup, fmt, median, run, seedEvents, startServe, work } from './harness.mjs';

const WINDOW = ['--start-date', '2029-01-01', '--end-date', '2099-12-31'];

/** Times `rounds` of each side against `site` and reports the ratio. */
export async function listAllVsSequential(site, rounds, name, note, aim, report) {
  const args = ['events', 'list', '--all', ...WINDOW, '--format', 'ndjson'];
  const cli = [];
  const sequential = [];
  for (let i = 0; i < rounds; i++) {
    sequential.push(
      await run(process.execPath, [join(ROOT, 'bench/sequential-walk.mjs'), `${site.api}/events`, 'start_date=2029-01-01&end_date=2099-12-31'], {
        env: { BENCH_AUTH: site.auth },
        cpu: true,
      }),
    );
    cli.push(await run(process.execPath, [BIN, ...args], { env: site.env, cpu: true }));
  }
  const wall = (runs) => median(runs.map((r) => r.ms));
  const cpu = (runs) => (runs[0].cpuMs === undefined ? '' : `, CPU ${fmt(median(runs.map((r) => r.cpuMs)), 0)} ms`);
  report(
    name,
    wall(cli) / wall(sequential),
    aim,
    `${note}; events list --all (5,000) ${fmt(wall(cli), 0)} ms${cpu(cli)}, sequential walk ${fmt(wall(sequential), 0)} ms${cpu(sequential)}`,
  );
}

/** Seeds 5,000 events into `dataFile`, then runs the local and the 20 ms comparisons against it. */
export async function listAllRatios(dataFile, rounds, report, { local = true, slow = true } = {}) {
  const seeding = await startServe(['--data', dataFile]);
  try {
    await seedEvents(seeding.api, 5000);
    if (local)
      await listAllVsSequential(seeding, rounds, 'list_all_vs_sequential_local', 'no added latency: both sides share the 2 cores with the server', 0.6, report);
  } finally {
    await seeding.stop();
  }
  if (!slow) return;
  const late = await startServe(['--data', dataFile, '--faults', 'slow=20']);
  try {
    await listAllVsSequential(late, rounds, 'list_all_vs_sequential', '20 ms per request', 0.3, report);
  } finally {
    await late.stop();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const flags = process.argv.slice(2);
  const rounds = Number(flags.find((flag) => /^\d+$/.test(flag)) ?? 7);
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
  console.log(`load average before: ${load()}`);
  await listAllRatios(join(work, 'list-all.json'), rounds, (name, value, aim, raw) => console.log(`${name}: ${fmt(value)}   (aim <= ${aim}; ${raw})`), {
    local: !flags.includes('--slow'),
    slow: !flags.includes('--local'),
  });
  console.log(`load average after: ${load()}`);
  cleanup();
}
