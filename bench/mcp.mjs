// `calendar mcp`, measured against a sandbox in another process; prints figures (medians):
// 1. initialize + tools/list over stdio, from the spawn of `calendar mcp` to the list, against
//    `node -e 0`, run by run in turn (goal: within 2x);
// 2. the overhead of a tool call (events_get over stdio, the server kept open) over the same
//    core call in this process through the library (cal.events.get; goal: under 5 ms).
// Run with `npm run build && node bench/mcp.mjs [REPS]`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { BIN, PASSWORD, ROOT, USER, cleanup, fmt, median, post, run, startServe } from './harness.mjs';

const REPS = Number(process.argv[2] ?? 15);
const CALLS = 200;

/** A client of `calendar mcp` started over stdio against the sandbox; `ready` once the tools are listed. */
async function startMcp(serve) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], env: serve.env, stderr: 'ignore' });
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(transport);
  await client.listTools();
  return client;
}

/** The library as a program would import it: the package's own entry. */
async function library() {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const entry = pkg.exports?.['.']?.import ?? pkg.exports?.['.']?.default ?? pkg.exports?.['.'];
  return import(pathToFileURL(join(ROOT, entry)).href);
}

async function timedCalls(call) {
  for (let i = 0; i < 20; i++) await call(); // warm-up: connections open, code compiled
  const times = [];
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return median(times);
}

const serve = await startServe();
try {
  // A first run writes the code cache, as a client's first start would.
  await (await startMcp(serve)).close();
  const mcp = [];
  const bare = [];
  for (let i = 0; i < REPS; i++) {
    const started = performance.now();
    const client = await startMcp(serve);
    mcp.push(performance.now() - started);
    await client.close();
    bare.push((await run(process.execPath, ['-e', '0'])).ms);
  }
  const raw = `initialize + tools/list ${fmt(median(mcp), 1)} ms, node -e 0 ${fmt(median(bare), 1)} ms`;
  console.log(`mcp_start_vs_node: ${fmt(median(mcp) / median(bare))}   (aim <= 2; ${raw})`);

  const event = await post(serve.api, 'events', { title: 'Bench one', start_date: '2031-01-01 10:00:00', end_date: '2031-01-01 11:00:00' });
  const client = await startMcp(serve);
  const { Calendar } = await library();
  const cal = new Calendar({ baseUrl: serve.restRoot, username: USER, appPassword: PASSWORD });
  try {
    const overMcp = await timedCalls(async () => {
      const result = await client.callTool({ name: 'events_get', arguments: { ref: event.id } });
      if (result.isError) throw new Error(result.content[0].text);
    });
    const inProcess = await timedCalls(() => cal.events.get(event.id));
    const raw = `events_get over stdio ${fmt(overMcp)} ms, cal.events.get in process ${fmt(inProcess)} ms, medians of ${CALLS}`;
    console.log(`mcp_call_overhead_ms: ${fmt(overMcp - inProcess)}   (aim < 5; ${raw})`);
  } finally {
    await client.close();
    await cal.close();
  }
} finally {
  await serve.stop();
  cleanup();
}
