// iCalendar figures, printed, never asserted. The library alone: parse time of a
// 5,000-VEVENT feed (against JSON.parse of the same events as NDJSON) and peak RSS of
// streaming 50,000 events against 5,000. Then the built CLI against a sandbox served in
// another process: `import events` of the 5,000 VEVENTs ÷ `import events` of the same
// events as NDJSON (aim <= 1.2), and `export events --format ics` peak RSS at 50,000 ÷ at
// 5,000 (aim <= 1.2). Run: npm run build && node bench/ical.mjs (BENCH_QUICK=1: fewer
// repetitions, 2,000/20,000 events for memory).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BIN, ROOT, TIME, fmt, median, post, run, seedEvents, startServe } from './harness.mjs';

const QUICK = process.env.BENCH_QUICK === '1';
const REPS = QUICK ? 3 : 7;
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
  await build({
    entryPoints: [join(ROOT, 'src/core/ical/index.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
  });
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
      const rss = (n) =>
        Number(spawnSync(process.execPath, [...flags, fileURLToPath(import.meta.url), '--write-child', libraryFile, String(n)], { encoding: 'utf8' }).stdout);
      const small = median(Array.from({ length: QUICK ? 1 : 3 }, () => rss(5_000)));
      const large = median(Array.from({ length: QUICK ? 1 : 3 }, () => rss(50_000)));
      const label = flags.length ? ` (node ${flags.join(' ')})` : '';
      console.log(`ics_write_peak_rss_kb${label}: 5000=${small} 50000=${large} ratio=${(large / small).toFixed(2)}`);
    }
    await cliFigures(work, ics, events);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The same event as a row of `calendar import events` (links by name), as the .ics gives it. */
function importRow(event) {
  return {
    title: event.title,
    description: event.description,
    start_date: event.start_date,
    end_date: event.end_date,
    all_day: event.all_day,
    timezone: event.timezone,
    venue: event.venue.venue,
    organizer: event.organizer.map((o) => o.organizer),
    categories: event.categories.map((c) => c.name),
  };
}

/** A fresh sandbox holding the venue, organizer and category the events name. */
async function siteWithLinks() {
  const site = await startServe();
  await post(site.api, 'venues', { venue: 'Harbor Arts Center', address: '250 Water St', city: 'New York' });
  await post(site.api, 'organizers', { organizer: 'Riverside Arts Collective', email: 'hello@riverside-arts.example.org' });
  await post(site.api, 'categories', { name: 'Music' });
  return site;
}

async function cliFigures(work, ics, events) {
  const icsFile = join(work, 'bench.ics');
  const ndjsonFile = join(work, 'bench.ndjson');
  writeFileSync(icsFile, ics);
  writeFileSync(ndjsonFile, `${events.map((e) => JSON.stringify(importRow(e))).join('\n')}\n`);
  const timed = { ics: [], ndjson: [] };
  for (let rep = 0; rep < (QUICK ? 1 : 3); rep++) {
    for (const [kind, file] of [
      ['ndjson', ndjsonFile],
      ['ics', icsFile],
    ]) {
      const site = await siteWithLinks();
      try {
        const result = await run(process.execPath, [BIN, 'import', 'events', file, '--concurrency', '8'], { env: site.env });
        if (!result.err.includes(`${events.length} created`)) throw new Error(`${kind} import: ${result.err.slice(-400)}`);
        timed[kind].push(result.ms);
      } finally {
        await site.stop();
      }
    }
  }
  const [icsMs, ndjsonMs] = [median(timed.ics), median(timed.ndjson)];
  console.log(
    `import_ics_vs_ndjson: ${fmt(icsMs / ndjsonMs)}   (aim <= 1.2; import events of ${events.length}: .ics ${fmt(icsMs, 0)} ms, NDJSON ${fmt(ndjsonMs, 0)} ms)`,
  );

  if (!TIME) return console.log('export_ics rss: skipped (/usr/bin/time not found)');
  const [small, large] = QUICK ? [2_000, 20_000] : [5_000, 50_000];
  const rss = {};
  for (const count of [small, large]) {
    const site = await startServe();
    try {
      await seedEvents(site.api, count);
      rss[count] = (await run(process.execPath, [BIN, 'export', 'events', '--format', 'ics'], { env: site.env, rss: true })).rssKb;
    } finally {
      await site.stop();
    }
  }
  const mb = (kb) => `${fmt(kb / 1024, 1)} MB`;
  console.log(
    `rss_export_ics_large_vs_small: ${fmt(rss[large] / rss[small])}   (aim <= 1.2; export events --format ics peak ` +
      `RSS ${mb(rss[small])} at ${small}, ${mb(rss[large])} at ${large})`,
  );
}
