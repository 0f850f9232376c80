// The library against a plain fetch: a program that imports dist/index.js and lists one page of
// events, against one that asks for the same page with fetch, each a fresh process, interleaved
// run by run (load from other processes hits both alike). Then the same request made again and
// again inside one process: the library's call against fetch's, once both are warm.
// Prints `name: value` ratios and the raw figures (medians). Run after a build:
// `node bench/library.mjs [REPS]` (starts its own sandbox with `calendar serve`).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AUTH, PASSWORD, ROOT, USER, cleanup, fmt, median, seedEvents, startServe, work } from './harness.mjs';
import { interleaved } from './startup.mjs';

const REPS = Number(process.argv[2] ?? 15);
const PAGE = 10;
const library = pathToFileURL(join(ROOT, 'dist/index.js')).href;

const report = (name, value, aim, raw) => console.log(`${name}: ${fmt(value)}   (${aim === null ? 'for comparison' : `aim <= ${aim}`}; ${raw})`);

const serve = await startServe();
try {
  await seedEvents(serve.api, 30);
  // Both ask for the first page of the seeded events (the server's default window runs from today for two years).
  const query = `start_date=2030-01-01&end_date=2030-12-31&per_page=${PAGE}&page=1`;
  const withLibrary = join(work, 'library-list.mjs');
  writeFileSync(
    withLibrary,
    `import { Calendar } from ${JSON.stringify(library)};
const cal = new Calendar({ baseUrl: process.argv[2], username: ${JSON.stringify(USER)}, appPassword: ${JSON.stringify(PASSWORD)} });
const events = await cal.events.list({ start_date: '2030-01-01', end_date: '2030-12-31', per_page: ${PAGE}, page: 1 });
if (events.length !== ${PAGE}) throw new Error('expected a page of events');
await cal.close();
`,
  );
  const withFetch = join(work, 'fetch-list.mjs');
  writeFileSync(
    withFetch,
    `const res = await fetch(process.argv[2] + '/tribe/events/v1/events?${query}', { headers: { authorization: ${JSON.stringify(AUTH)} } });
const { events } = await res.json();
if (events.length !== ${PAGE}) throw new Error('expected a page of events');
`,
  );
  const node = process.execPath;
  const [lib, plain, bare] = await interleaved(
    [
      { cmd: node, args: [withLibrary, serve.restRoot] },
      { cmd: node, args: [withFetch, serve.restRoot] },
      { cmd: node, args: ['-e', '0'] },
    ],
    REPS,
  );
  report(
    'library_list_vs_fetch',
    lib / plain,
    1.5,
    `import + list one page ${fmt(lib, 1)} ms, the same page with fetch ${fmt(plain, 1)} ms, node -e 0 ${fmt(bare, 1)} ms`,
  );

  // In one process, both warm: the per-call cost of the library (checks, one walk, the client) over fetch's.
  const { Calendar } = await import(library);
  const cal = new Calendar({ baseUrl: serve.restRoot, username: USER, appPassword: PASSWORD });
  const url = `${serve.api}/events?${query}`;
  const calls = {
    library: () => cal.events.list({ start_date: '2030-01-01', end_date: '2030-12-31', per_page: PAGE, page: 1 }),
    fetch: async () => (await fetch(url, { headers: { authorization: AUTH } })).json(),
  };
  const times = { library: [], fetch: [] };
  for (let i = 0; i < 20; i++) for (const call of Object.values(calls)) await call();
  for (let i = 0; i < REPS * 10; i++) {
    for (const [name, call] of Object.entries(calls)) {
      const started = performance.now();
      await call();
      times[name].push(performance.now() - started);
    }
  }
  await cal.close();
  const [warmLibrary, warmFetch] = [median(times.library), median(times.fetch)];
  report('library_call_vs_fetch_warm', warmLibrary / warmFetch, null, `list one page ${fmt(warmLibrary, 2)} ms, fetch ${fmt(warmFetch, 2)} ms, in one process`);
} finally {
  await serve.stop();
  cleanup();
}
