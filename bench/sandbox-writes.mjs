// Times venue creates through HTTP (8 concurrent clients) on a fresh sandbox.
// Run after `npm run build`: node bench/sandbox-writes.mjs [COUNT] [--data FILE] [--shared]
import { startSandbox } from '../dist/sandbox.js';

const args = process.argv.slice(2);
const count = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 1000);
const dataIndex = args.indexOf('--data');
const dataFile = dataIndex >= 0 ? args[dataIndex + 1] : undefined;
const shared = args.includes('--shared');
const sandbox = await startSandbox({ port: 0, password: 'bench', quiet: true, dataFile, shared });
const url = `${sandbox.restRoot}/tribe/events/v1/venues`;
const auth = `Basic ${Buffer.from('admin:bench').toString('base64')}`;

const started = performance.now();
let next = 0;
async function worker() {
  for (let i = next++; i < count; i = next++) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ venue: `Venue ${i}`, city: `City ${i % 50}`, address: `${i} Main Street` }),
    });
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`venue ${i}: ${response.status}`);
  }
}
await Promise.all(Array.from({ length: 8 }, worker));
const seconds = (performance.now() - started) / 1000;
console.log(`venue_creates: ${count}`);
console.log(`venue_creates_s: ${seconds.toFixed(2)}`);
console.log(`venue_creates_per_s: ${Math.round(count / seconds)}`);
await sandbox.close();
