// iCalendar figures, printed, never asserted: parse time of a 5,000-VEVENT feed (against
// JSON.parse of the same events as NDJSON), and peak RSS of streaming 50,000 events as
// .ics against 5,000. src/ical is bundled with esbuild first (it is not in dist/ until
// the CLI uses it). Run: node bench/ical.mjs   (BENCH_QUICK=1 for fewer repetitions)
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const QUICK = process.env.BENCH_QUICK === '1';
const REPS = QUICK ? 3 : 7;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const META = { calendarName: 'Bench', siteUrl: 'http://127.0.0.1:8080', siteTimezone: 'America/New_York', version: 'bench' };
const ZONES = ['America/New_York', 'Europe/Paris', 'Asia/Tokyo'];

/** The n-th of a varied set of REST-shaped events. */
function syntheticEvent(n) {
  const day = new Date(Date.UTC(2026, 0, 1) + (n % 1500) * 86_400_000).toISOString().slice(0, 10);
  const allDay = n % 7 === 0;
  return {
    id: n + 1,
    status: 'publish',
    title: `Event ${n}: concerts, talks; and more — ünïcödé`,
    description: `<p>Description of event ${n}, with <strong>markup</strong> and a <a href="https://example.org/${n}">link</a>.</p>`,
    date_utc: '2025-12-01 10:00:00',
    modified_utc: '2025-12-02 10:00:00',
    url: `http://127.0.0.1:8080/event/event-${n}/`,
    all_day: allDay,
    start_date: `${day} ${allDay ? '00:00:00' : '19:00:00'}`,
    end_date: `${day} ${allDay ? '23:59:59' : '21:30:00'}`,
    timezone: ZONES[n % ZONES.length],
    venue: { id: 4, venue: 'Harbor Arts Center', address: '250 Water St', city: 'New York', zip: '10038', country: 'United States' },
    organizer: [{ id: 6, organizer: 'Riverside Arts Collective', email: 'hello@riverside-arts.example.org' }],
    categories: [{ name: 'Music' }],
  };
}

async function loadLibrary(dir) {
  const outfile = join(dir, 'ical.mjs');
  await build({ entryPoints: [join(ROOT, 'src/ical/index.ts')], outfile, bundle: true, format: 'esm', platform: 'node', target: 'node20', logLevel: 'warning' });
  return outfile;
}

/** In a child process: stream `count` events as .ics to /dev/null, print peak RSS in kB. */
async function writeChild(libraryFile, count) {
  const { createIcsStream } = await import(pathToFileURL(libraryFile).href);
  const out = createWriteStream('/dev/null');
  const put = (text) => (out.write(text) ? undefined : new Promise((resolve) => out.once('drain', resolve)));
  const stream = await createIcsStream(META);
  await put(stream.header());
  for (let n = 0; n < count; n++) await put(stream.event(syntheticEvent(n)));
  await put(stream.footer());
  await new Promise((resolve) => out.end(resolve));
  process.stdout.write(String(process.resourceUsage().maxRSS));
}

if (process.argv[2] === '--write-child') {
  await writeChild(process.argv[3], Number(process.argv[4]));
} else {
  const work = mkdtempSync(join(tmpdir(), 'calendar-ical-bench-'));
  try {
    const libraryFile = await loadLibrary(work);
    const { createIcsStream, readIcs } = await import(pathToFileURL(libraryFile).href);
    const count = 5_000;
    const events = Array.from({ length: count }, (_, n) => syntheticEvent(n));
    const stream = await createIcsStream(META);
    const ics = stream.header() + events.map((e) => stream.event(e)).join('') + stream.footer();
    const ndjson = events.map((e) => JSON.stringify(e)).join('\n');
    const options = { timezone: 'America/New_York', from: Date.UTC(2026, 0, 1), until: Date.UTC(2031, 0, 1) };
    await readIcs(ics, options); // warm-up
    const parseMs = [];
    const ndjsonMs = [];
    for (let rep = 0; rep < REPS; rep++) {
      let started = performance.now();
      const feed = await readIcs(ics, options);
      parseMs.push(performance.now() - started);
      if (feed.occurrences.length !== count) throw new Error(`read ${feed.occurrences.length} of ${count}`);
      started = performance.now();
      ndjson.split('\n').map((line) => JSON.parse(line));
      ndjsonMs.push(performance.now() - started);
    }
    console.log(`ics_parse_5000_ms: ${median(parseMs).toFixed(0)} (${(Buffer.byteLength(ics) / 1e6).toFixed(1)} MB)`);
    console.log(`ndjson_parse_5000_ms: ${median(ndjsonMs).toFixed(1)} (JSON.parse only, no checks)`);
    // The heap itself stays flat; what grows is V8's young generation, which it enlarges
    // on a long run of short-lived objects. The second line caps it to show the difference.
    for (const flags of [[], ['--max-semi-space-size=2']]) {
      const rss = (n) => Number(spawnSync(process.execPath, [...flags, fileURLToPath(import.meta.url), '--write-child', libraryFile, String(n)], { encoding: 'utf8' }).stdout);
      const small = median(Array.from({ length: QUICK ? 1 : 3 }, () => rss(5_000)));
      const large = median(Array.from({ length: QUICK ? 1 : 3 }, () => rss(50_000)));
      const label = flags.length ? ` (node ${flags.join(' ')})` : '';
      console.log(`ics_write_peak_rss_kb${label}: 5000=${small} 50000=${large} ratio=${(large / small).toFixed(2)}`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
