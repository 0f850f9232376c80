// The sandbox's side of `events list --all`: walks every 50-event page of 5,000 events, as the
// CLI does (authenticated, the window of bench/list-all.mjs), in this process, and prints the
// milliseconds per page. Run after `npm run build`: node bench/sandbox-walk.mjs [WALKS] [--data FILE]
// `--data FILE` keeps the seeded events in FILE and reuses them on the next run, so that a
// profile (`node --cpu-prof bench/sandbox-walk.mjs 20 --data FILE`) shows the walk, not the seeding.
// `--cold` makes a write before every walk, so that each one renders every event again.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { startSandbox } from '../dist/sandbox.js';

const EVENTS = 5000;
const args = process.argv.slice(2);
const walks = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 10);
const cold = args.includes('--cold');
const kept = args.includes('--data') ? args[args.indexOf('--data') + 1] : undefined;
const dir = mkdtempSync(join(tmpdir(), 'sandbox-walk-'));
const dataFile = kept ?? join(dir, 'walk.json');
const seeded = kept !== undefined && existsSync(kept);
const sandbox = await startSandbox({ port: 0, password: 'bench', quiet: true, dataFile, now: () => new Date('2026-11-22T03:34:11Z') });
const api = `${sandbox.restRoot}/tribe/events/v1`;
const headers = { authorization: `Basic ${Buffer.from('admin:bench').toString('base64')}`, 'content-type': 'application/json' };

let next = 0;
const worker = async () => {
  for (let i = next++; i < EVENTS; i = next++) {
    const hour = new Date(Date.UTC(2030, 0, 1) + i * 3_600_000).toISOString().slice(0, 13).replace('T', ' ');
    const res = await request(`${api}/events`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: `Bench event ${i}`, start_date: `${hour}:00:00`, end_date: `${hour}:30:00` }),
    });
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${await res.body.text()}`);
    await res.body.dump();
  }
};
if (!seeded) await Promise.all(Array.from({ length: 16 }, worker));

async function walk() {
  let pages = 0;
  for (let page = 1; ; page++) {
    const res = await request(`${api}/events?per_page=50&page=${page}&start_date=2029-01-01&end_date=2099-12-31`, { headers });
    await res.body.dump();
    if (res.statusCode !== 200) throw new Error(`page ${page}: ${res.statusCode}`);
    pages++;
    if (page >= Number(res.headers['x-tec-totalpages'])) return pages;
  }
}

// The first walk after a write renders every event; later ones find their JSON kept.
const firstStarted = performance.now();
const firstPages = await walk();
const first = (performance.now() - firstStarted) / firstPages;
const times = [];
let pages = 0;
const cpu = process.cpuUsage();
for (let i = 0; i < walks; i++) {
  if (cold) {
    const res = await request(`${api}/tags`, { method: 'POST', headers, body: JSON.stringify({ name: `Walk ${i} ${Date.now()}` }) });
    await res.body.dump();
  }
  const started = performance.now();
  pages = await walk();
  times.push((performance.now() - started) / pages);
}
const used = process.cpuUsage(cpu);
times.sort((a, b) => a - b);
console.log(
  `load average: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
console.log(`first_walk_page_ms: ${first.toFixed(2)}`);
console.log(
  `walk_page_median_ms: ${times[Math.floor(times.length / 2)].toFixed(2)} (${pages} pages a walk, ${walks} ${cold ? 'walks, each after a write' : 'walks'})`,
);
console.log(`walk_page_cpu_ms: ${((used.user + used.system) / 1000 / (walks * pages)).toFixed(2)}`);
await sandbox.close();
rmSync(dir, { recursive: true, force: true });
