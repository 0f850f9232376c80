// Start-up benchmarks: one GET and --help against their floors, each pair interleaved run by
// run so that load from other processes on the machine hits both sides alike.
// Standalone: `node bench/startup.mjs [REPS]` (starts its own sandbox); bench/run.mjs uses it too.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, ROOT, fmt, median, post, run, startServe, work } from './harness.mjs';

/** An environment whose user config file holds one profile for the site, as `profile add` writes it. */
function profileEnv(serve) {
  const home = join(work, 'profile-home');
  const config = { profiles: { bench: { baseUrl: serve.restRoot, namespace: 'tribe/events/v1', timezone: 'America/New_York' } }, defaultProfile: 'bench' };
  mkdirSync(join(home, 'cfg', 'calendar'), { recursive: true });
  writeFileSync(join(home, 'cfg', 'calendar', 'config.json'), JSON.stringify(config, null, 2), { mode: 0o600 });
  return { HOME: home, XDG_CONFIG_HOME: join(home, 'cfg'), XDG_CACHE_HOME: join(home, 'cache'), XDG_DATA_HOME: join(home, 'data') };
}

/** Runs each command once per round, in turn, and returns every command's median wall time. */
export async function interleaved(commands, rounds) {
  const times = commands.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, { cmd, args, env }] of commands.entries()) times[i].push((await run(cmd, args, { env })).ms);
  }
  return times.map(median);
}

export async function startupRatios(serve, reps, report) {
  const event = await post(serve.api, 'events', { title: 'Bench one', start_date: '2031-01-01 10:00:00', end_date: '2031-01-01 11:00:00' });
  const url = `${serve.api}/events/${event.id}`;
  const node = process.execPath;
  const benchEnv = { BENCH_AUTH: serve.auth };
  // A first run writes the code cache, as a user's first command would.
  await run(node, [BIN, 'events', 'get', String(event.id), '--json'], { env: serve.env });
  const [bare, undici, cli, nodeOnly, help, withProfile] = await interleaved(
    [
      { cmd: node, args: [join(ROOT, 'bench/bare-get.mjs'), url], env: benchEnv },
      { cmd: node, args: [join(ROOT, 'bench/minimal-get.mjs'), url], env: benchEnv },
      { cmd: node, args: [BIN, 'events', 'get', String(event.id), '--json'], env: serve.env },
      { cmd: node, args: ['-e', '0'] },
      { cmd: node, args: [BIN, 'events', '--help'], env: serve.env },
      { cmd: node, args: [BIN, 'events', 'get', String(event.id), '--json'], env: profileEnv(serve) },
    ],
    reps,
  );
  report('get_vs_bare_http', cli / bare, 1.5, `calendar events get ${fmt(cli, 1)} ms, node:http GET ${fmt(bare, 1)} ms`);
  report('get_vs_undici', cli / undici, 1.3, `calendar events get ${fmt(cli, 1)} ms, minimal undici GET ${fmt(undici, 1)} ms`);
  report('help_vs_node', help / nodeOnly, null, `calendar events --help ${fmt(help, 1)} ms, node -e 0 ${fmt(nodeOnly, 1)} ms`);
  report(
    'get_with_profile_vs_bare_http',
    withProfile / bare,
    null,
    `calendar events get from a profile in config.json ${fmt(withProfile, 1)} ms, node:http GET ${fmt(bare, 1)} ms`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const reps = Number(process.argv[2] ?? 15);
  const serve = await startServe();
  try {
    await startupRatios(serve, reps, (name, value, aim, raw) =>
      console.log(`${name}: ${fmt(value)}   (${aim === null ? 'for comparison' : `aim <= ${aim}`}; ${raw})`),
    );
  } finally {
    await serve.stop();
  }
}
