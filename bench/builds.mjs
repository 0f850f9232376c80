// Start-up of two builds side by side: `node bench/builds.mjs OTHER_ROOT [ROUNDS]` runs `node -e 0`,
// `--version`, `--help`, `events --help` and `events get ID --json` (against `calendar serve` of this
// build) with this checkout's launcher and with OTHER_ROOT's (a copy of another build: bin/, dist/,
// package.json), interleaved, and prints medians of wall and CPU time with their ratio to `node -e 0`.
// CPU time (process.cpuUsage, through a preload) moves far less than wall time on a busy machine.
// Every command runs with the preload, `node -e 0` included; the code caches are keyed by it.
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fmt, median, post, ROOT, startServe } from './harness.mjs';

const [other, roundsArg] = process.argv.slice(2);
if (!other) throw new Error('usage: node bench/builds.mjs OTHER_ROOT [ROUNDS]');
const rounds = Number(roundsArg ?? 15);
const preload = join(ROOT, 'bench/cpu-preload.cjs');
const serve = await startServe();
try {
  const event = await post(serve.api, 'events', { title: 'Bench one', start_date: '2031-01-01 10:00:00', end_date: '2031-01-01 11:00:00' });
  const commands = [['--version'], ['--help'], ['events', '--help'], ['events', 'get', String(event.id), '--json']];
  const runs = [{ name: 'node -e 0', argv: ['-e', '0'] }];
  for (const args of commands) {
    for (const [side, root] of [
      ['other', resolve(other)],
      ['this', ROOT],
    ])
      runs.push({ name: `${args.slice(0, 2).join(' ')} (${side})`, argv: [join(root, 'bin/calendar.js'), ...args] });
  }
  const once = ({ name, argv }) => {
    const started = performance.now();
    const child = spawnSync(process.execPath, ['--require', preload, ...argv], { env: { ...process.env, ...serve.env }, encoding: 'utf8' });
    const wall = performance.now() - started;
    if (child.status !== 0) throw new Error(`${name} exited ${child.status}: ${child.stderr.slice(-400)}`);
    return { wall, cpu: Number(/cpu-us (\d+)/.exec(child.stderr)[1]) / 1000 };
  };
  // The first runs write each build's code caches, the request's last (a wide cache).
  for (const run of [...runs, ...runs]) once(run);
  const times = new Map(runs.map((run) => [run.name, { wall: [], cpu: [] }]));
  for (let round = 0; round < rounds; round++) {
    for (const run of round % 2 ? [...runs].reverse() : runs) {
      const { wall, cpu } = once(run);
      times.get(run.name).wall.push(wall);
      times.get(run.name).cpu.push(cpu);
    }
  }
  const node = times.get('node -e 0');
  console.log(`${rounds} rounds, load average ${fmt(loadavg()[0], 1)}; medians in ms (ratio to node -e 0)`);
  for (const [name, { wall, cpu }] of times) {
    const ratio = (xs, base) => fmt(median(xs) / median(base));
    const ms = (xs) => fmt(median(xs), 1).padStart(6);
    console.log(`${name.padEnd(24)} wall ${ms(wall)} (${ratio(wall, node.wall)})   cpu ${ms(cpu)} (${ratio(cpu, node.cpu)})`);
  }
} finally {
  await serve.stop();
}
