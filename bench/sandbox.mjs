// Times filtered event list pages on a sandbox holding 10,000 events.
// Run after `npm run build`: node bench/sandbox.mjs
// Wall times swing with the machine's load; the `_cpu_` figures (this process's CPU time, client
// and server together, per request) are the steadier ones to compare two builds with.
import { startSandbox } from '../dist/sandbox.js';

const EVENTS = 10_000;
const ROUNDS = 200;
const sandbox = await startSandbox({ port: 0, password: 'bench', quiet: true, now: () => new Date('2026-11-22T03:34:11Z') });
const api = `${sandbox.restRoot}/tribe/events/v1`;
const auth = `Basic ${Buffer.from('admin:bench').toString('base64')}`;

const cpuMs = (usage) => (usage.user + usage.system) / 1000;

async function post(path, body) {
  const response = await fetch(`${api}${path}`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

const venues = [];
for (let i = 0; i < 20; i++) venues.push((await post('/venues', { venue: `Venue ${i}`, city: `City ${i % 5}` })).id);
const organizers = [];
for (let i = 0; i < 10; i++) organizers.push((await post('/organizers', { organizer: `Organizer ${i}` })).id);
const categories = [];
for (const name of ['Music', 'Theatre', 'Wellness', 'Family', 'Workshops']) categories.push((await post('/categories', { name })).id);

const started = performance.now();
const loadCpu = process.cpuUsage();
const queue = Array.from({ length: EVENTS }, (_, i) => i);
async function worker() {
  for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
    const day = new Date(Date.UTC(2026, 10, 1) + (i % 700) * 86_400_000).toISOString().slice(0, 10);
    await post('/events', {
      title: `Event ${i} ${i % 7 === 0 ? 'jazz' : 'talk'}`,
      start_date: `${day} ${String(8 + (i % 12)).padStart(2, '0')}:00:00`,
      end_date: `${day} ${String(9 + (i % 12)).padStart(2, '0')}:30:00`,
      venue: venues[i % venues.length],
      organizer: [organizers[i % organizers.length]],
      categories: [categories[i % categories.length]],
      featured: i % 50 === 0,
      cost: String(5 + (i % 30)),
    });
  }
}
await Promise.all(Array.from({ length: 16 }, worker));
console.log(`load_10000_events_s: ${((performance.now() - started) / 1000).toFixed(1)}`);
console.log(`load_10000_events_cpu_s: ${(cpuMs(process.cpuUsage(loadCpu)) / 1000).toFixed(1)}`);

const combos = {
  default_window: '',
  page_5_per_page_50: 'per_page=50&page=5',
  all_dates_search: 'start_date=1900-01-01&search=jazz',
  category_and_venue: `categories=music&venue=${venues[3]}`,
  featured_strict_range: 'featured=true&starts_after=2027-01-01&ends_before=2027-12-31&strict_dates=true',
  organizer_per_page_20: `organizer=${organizers[2]}&per_page=20&start_date=2026-01-01`,
};

for (const [name, query] of Object.entries(combos)) {
  const times = [];
  const cpu = process.cpuUsage();
  for (let round = 0; round < ROUNDS; round++) {
    const t0 = performance.now();
    const response = await fetch(`${api}/events?${query}`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${name}: ${response.status}`);
    times.push(performance.now() - t0);
  }
  const cpuPerRequest = cpuMs(process.cpuUsage(cpu)) / ROUNDS;
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2);
  console.log(`${name}_median_ms: ${at(0.5)}`);
  console.log(`${name}_p95_ms: ${at(0.95)}`);
  console.log(`${name}_cpu_ms: ${cpuPerRequest.toFixed(2)}`);
}
await sandbox.close();
